import { requireVersion } from '../../platform/versioning'
import { and, count, eq, inArray, lte, ne, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { checkTransition } from '../../platform/state-machine'
import { enforcePlanLimit } from '../billing/index.server'
import { requireCompany } from '../companies/index'
import { type Notice } from '../companies/index.server'
import { nextNumber } from '../kernel/index.server'
import './rfq-usage.server'
import { advanceProject } from './project.service.server'
import { setRequirementStatus } from './requirement.service.server'
import { shortlistInvitees } from './shortlist.service.server'
import { checkDeadline, draftValues, fieldError, writeDraftParts } from './rfq-draft.server'
import { notify, notifyInvitees, projectEvent, recordRfqEvent } from './rfq-events.server'
import type { CreateRfqInput, RfqTransitionInput, UpdateRfqInput } from './rfq.inputs'
import { buyerRfqPath } from './rfq.links'
import { canEditRfq, canReopenRfq } from './rfq.policy'
import { getRfq } from './rfq.read.service.server'
import type { RfqDetail, RfqRow } from './rfq.types'
import { rfqMachine } from './sourcing.machines'
import { quotations, requirements, rfqInvitations, rfqLines, rfqs } from './sourcing.tables.server'

/** The buyer's own RFQ, locked for update; not found for anyone else. */
export async function lockOwnRfq(tx: Transaction, companyId: string, id: string): Promise<RfqRow> {
  const [rfq] = await tx
    .select()
    .from(rfqs)
    .where(and(eq(rfqs.id, id), eq(rfqs.organizationId, companyId)))
    .for('update')
  if (!rfq) throw new AppError('not_found', 'RFQ not found')
  return rfq
}

/** A new RFQ of the actor's company, as a draft: lines written or copied from requirements, invitees, terms (once per idempotency key). */
export async function createRfq(ctx: ServiceContext, input: CreateRfqInput, options: IdempotencyOption = {}, now: Date = new Date()): Promise<RfqDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const events: OutboxEventId[] = []
  const { id } = await createIdempotently(`rfq:${companyId}`, options, input, async (tx, rfqId) => {
    const { values, lines, supplierIds } = await draftValues(tx, companyId, input, now)
    const number = await nextNumber(tx, companyId, 'RFQ', now)
    await tx.insert(rfqs).values({ id: rfqId, organizationId: companyId, number, status: 'draft', createdBy: ctx.actor.userId, ...values })
    await writeDraftParts(tx, rfqId, lines, supplierIds)
    if (values.projectId) await shortlistInvitees(tx, ctx, values.projectId, supplierIds)
    await projectEvent(tx, ctx, { id: rfqId, number, projectId: values.projectId }, 'rfq_created', values.title)
    events.push(await recordRfqEvent(tx, { id: rfqId, organizationId: companyId }, 'create', [], []))
  })
  await relayEvents(events)
  return getRfq(ctx, id, now)
}

/** A draft's terms, lines and invitees replaced as a whole (a new version); a sent RFQ is no longer edited. */
export async function updateRfq(ctx: ServiceContext, id: string, input: UpdateRfqInput, now: Date = new Date()): Promise<RfqDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const rfq = await lockOwnRfq(tx, companyId, id)
    requireVersion('RFQ', rfq.version, input.version)
    if (!canEditRfq(rfq)) throw new AppError('invalid_transition', `Cannot edit an RFQ that is ${rfq.status}`, { action: 'edit', status: rfq.status })
    const { values, lines, supplierIds } = await draftValues(tx, companyId, input, now)
    await tx
      .update(rfqs)
      .set({ ...values, version: rfq.version + 1, updatedAt: now })
      .where(eq(rfqs.id, id))
    await writeDraftParts(tx, id, lines, supplierIds)
    if (values.projectId) await shortlistInvitees(tx, ctx, values.projectId, supplierIds)
    events.push(await recordRfqEvent(tx, rfq, 'update', [], []))
  })
  await relayEvents(events)
  return getRfq(ctx, id, now)
}

/**
 * Publishes, closes early, extends (a later deadline; reopens a closed RFQ) or cancels (with a reason). Publishing
 * sends the invitations, marks the linked requirements `rfq_sent` and moves the project to sourcing.
 */
export async function transitionRfq(ctx: ServiceContext, id: string, input: RfqTransitionInput, now: Date = new Date()): Promise<RfqDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const rfq = await lockOwnRfq(tx, companyId, id)
    requireVersion('RFQ', rfq.version, input.version)
    const { action } = input
    const check = checkTransition(rfqMachine, rfq.status, action, 'buyer')
    if (!check.ok) throw new AppError(check.problem, `Cannot ${action} an RFQ that is ${rfq.status}`, { action, status: rfq.status })
    const patch: Partial<typeof rfqs.$inferInsert> = { status: check.to, version: rfq.version + 1, updatedAt: now }
    if (action === 'publish') {
      checkDeadline(rfq.quoteDeadline, now)
      const invited = await tx.select({ n: count() }).from(rfqInvitations).where(eq(rfqInvitations.rfqId, id))
      if (rfq.visibility === 'invited' && (invited[0]?.n ?? 0) === 0) throw fieldError({ supplierIds: ['validation.noSuppliers'] })
      await enforcePlanLimit(tx, companyId, 'rfqs_per_month', 1, now)
      patch.publishedAt = now
      await tx.update(rfqInvitations).set({ status: 'invited', invitedAt: now }).where(eq(rfqInvitations.rfqId, id))
      await markRequirementsSent(tx, id)
      if (rfq.projectId) await advanceProject(tx, ctx, rfq.projectId, 'start_sourcing')
      await notifyInvitees(tx, ctx, rfq, 'invited', { deadline: rfq.quoteDeadline.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' }, notices)
    } else if (action === 'close') {
      patch.closedAt = now
    } else if (action === 'extend') {
      const deadline = input.deadline!
      checkDeadline(deadline, now, 'deadline')
      if (deadline.getTime() <= rfq.quoteDeadline.getTime()) throw fieldError({ deadline: ['validation.deadlineNotLater'] })
      if (!canReopenRfq(rfq, now))
        throw new AppError('invalid_transition', 'A sealed RFQ cannot be reopened after its deadline', { action, status: rfq.status, reason: 'sealed_opened' })
      Object.assign(patch, { quoteDeadline: deadline, closedAt: null })
      await notifyInvitees(tx, ctx, rfq, 'extended', { deadline: deadline.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' }, notices)
    } else {
      Object.assign(patch, { statusReason: input.reason, closedAt: now })
      if (rfq.status !== 'draft') await notifyInvitees(tx, ctx, rfq, 'cancelled', { reason: input.reason }, notices)
    }
    await tx.update(rfqs).set(patch).where(eq(rfqs.id, id))
    await projectEvent(tx, ctx, rfq, `rfq_${action}`, input.reason, {
      fromStatus: rfq.status,
      toStatus: check.to,
      ...(input.deadline ? { deadline: input.deadline.toISOString() } : {}),
    })
    events.push(await recordRfqEvent(tx, rfq, action, notices))
  })
  await relayEvents(events)
  return getRfq(ctx, id, now)
}

/** Requirements still open move to `rfq_sent` (those already quoted or awarded stay where they are). */
async function markRequirementsSent(tx: Transaction, rfqId: string): Promise<void> {
  const linked = await tx
    .select({ id: requirements.id })
    .from(rfqLines)
    .innerJoin(requirements, eq(requirements.id, rfqLines.requirementId))
    .where(and(eq(rfqLines.rfqId, rfqId), eq(requirements.status, 'open')))
  await setRequirementStatus(
    tx,
    linked.map((row) => row.id),
    'rfq_sent',
  )
}

/**
 * Closes every open RFQ whose deadline has passed (the hourly upkeep); returns how many. The buyer's members get an
 * `rfq.closed` notice with the number of quotations received, recorded with the change and delivered after it.
 */
export async function closeExpiredRfqs(now: Date = new Date()): Promise<number> {
  const events: OutboxEventId[] = []
  const closed = await database().transaction(async (tx) => {
    const rows = await tx
      .update(rfqs)
      .set({ status: 'closed', closedAt: now, version: sql`${rfqs.version} + 1`, updatedAt: now })
      .where(and(eq(rfqs.status, 'open'), lte(rfqs.quoteDeadline, now)))
      .returning({ id: rfqs.id, organizationId: rfqs.organizationId, number: rfqs.number, title: rfqs.title })
    if (rows.length === 0) return rows
    const received = await tx
      .select({ rfqId: quotations.rfqId, n: count() })
      .from(quotations)
      .where(
        and(
          inArray(
            quotations.rfqId,
            rows.map((rfq) => rfq.id),
          ),
          ne(quotations.status, 'draft'),
        ),
      )
      .groupBy(quotations.rfqId)
    for (const rfq of rows) {
      const quotationsReceived = received.find((row) => row.rfqId === rfq.id)?.n ?? 0
      const notices: Notice[] = []
      await notify(tx, notices, {
        companyId: rfq.organizationId,
        kind: 'rfq.closed',
        params: { number: rfq.number, title: rfq.title, count: String(quotationsReceived) },
        link: buyerRfqPath(rfq.id),
      })
      events.push(await recordEvent(tx, { name: 'rfq.close_expired', notices }))
    }
    return rows
  })
  await relayEvents(events)
  return closed.length
}
