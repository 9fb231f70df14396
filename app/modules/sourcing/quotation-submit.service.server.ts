import { randomUUID } from 'node:crypto'
import { requireVersion } from '../../platform/versioning'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { claimIdempotencyKey, createIdempotently, fingerprintOf, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import { companyName, type Notice } from '../companies/index.server'
import { contentOf, recordRevision, replaceLines, today, totalOf } from './quotation-content.server'
import { noticeToBuyer, projectEvent, recordQuotationEvent } from './quotation-events.server'
import { fieldError, quotingClosed, refuse } from './quotation-refusals.server'
import type { QuotationStepInput, ReviseQuotationInput, SaveQuotationInput } from './quotation.inputs'
import { canEditQuotation, canReviseQuotation, canSubmitQuotation } from './quotation.policy'
import { getQuotation, rfqForSupplier } from './quotation.read.service.server'
import type { QuotationDetail, QuotationRow } from './quotation.types'
import { isQuotingOpen, isSealed } from './rfq.policy'
import type { RfqRow } from './rfq.types'
import { quotationLines, quotations, requirements, rfqInvitations, rfqLines, rfqs } from './sourcing.tables.server'

/** The supplier's own quotation, locked for update, with its RFQ; not found for anyone else. */
async function lockOwnQuotation(tx: Transaction, companyId: string, id: string): Promise<{ quotation: QuotationRow; rfq: RfqRow }> {
  const [quotation] = await tx
    .select()
    .from(quotations)
    .where(and(eq(quotations.id, id), eq(quotations.supplierCompanyId, companyId)))
    .for('update')
  if (!quotation) throw new AppError('not_found', 'Quotation not found')
  const [rfq] = await tx.select().from(rfqs).where(eq(rfqs.id, quotation.rfqId))
  if (!rfq) throw new AppError('not_found', 'Quotation not found')
  return { quotation, rfq }
}

/**
 * Creates or updates the supplier's draft for an RFQ (one quotation per supplier and RFQ): every RFQ line priced or
 * marked no offer, the terms, a validity date from today on, the company's own attachments. Only while quoting is open.
 */
export async function saveQuotation(ctx: ServiceContext, rfqId: string, input: SaveQuotationInput, options: IdempotencyOption = {}): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const now = new Date()
  const id = await database().transaction(async (tx) => {
    const rfq = await rfqForSupplier(tx, companyId, rfqId)
    const [existing] = await tx
      .select()
      .from(quotations)
      .where(and(eq(quotations.rfqId, rfqId), eq(quotations.supplierCompanyId, companyId)))
      .for('update')
    const newId = randomUUID()
    // A retried save answers with the quotation its first attempt stored, before the version it carries goes stale.
    if (options.idempotencyKey) {
      const replayed = await claimIdempotencyKey(tx, {
        scope: `quotation:${companyId}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf({ rfqId, input }),
        resourceId: existing?.id ?? newId,
      })
      if (replayed) return replayed
    }
    if (!isQuotingOpen(rfq, now)) throw quotingClosed(rfq)
    if (existing) {
      if (!canEditQuotation(existing, rfq, 'supplier', now))
        throw new AppError(
          'invalid_transition',
          `Only a draft is saved; this quotation is ${existing.status}${existing.status === 'submitted' ? ' (revise it instead)' : ''}`,
          { action: 'save', status: existing.status },
        )
      requireVersion('quotation', existing.version, input.version)
    }
    const { columns, priced } = await contentOf(tx, companyId, rfq, input, now)
    if (existing) {
      await tx
        .update(quotations)
        .set({ ...columns, version: existing.version + 1, updatedAt: now })
        .where(eq(quotations.id, existing.id))
      await replaceLines(tx, existing.id, priced)
      return existing.id
    }
    const inserted = await tx
      .insert(quotations)
      .values({ id: newId, rfqId, supplierCompanyId: companyId, status: 'draft', revision: 0, ...columns, createdBy: ctx.actor.userId })
      .onConflictDoNothing()
      .returning({ id: quotations.id })
    if (inserted.length === 0) throw new AppError('stale_version', 'A quotation for this RFQ was saved meanwhile; reload it', { currentVersion: 1 })
    await replaceLines(tx, newId, priced)
    return newId
  })
  return getQuotation(ctx, id)
}

/**
 * Sends the draft to the buyer (revision 1): the round is kept, the invitation becomes quoted, the RFQ's requirements
 * still at rfq_sent become quoted and the buyer hears of it (without supplier or price while sealed).
 */
export async function submitQuotation(ctx: ServiceContext, id: string, input: Pick<QuotationStepInput, 'version'>): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const now = new Date()
  const event = await database().transaction(async (tx) => {
    const { quotation, rfq } = await lockOwnQuotation(tx, companyId, id)
    refuse('submit', quotation, 'supplier')
    if (!canSubmitQuotation(quotation, rfq, 'supplier', now)) throw quotingClosed(rfq)
    requireVersion('quotation', quotation.version, input.version)
    if (quotation.validUntil < today(now)) throw fieldError({ validUntil: ['validation.validUntilPast'] })
    const [priced] = await tx.select({ n: count() }).from(quotationLines).where(eq(quotationLines.quotationId, id))
    if (!priced || priced.n === 0) throw fieldError({ lines: ['validation.noPricedLine'] })
    await tx
      .update(quotations)
      .set({ status: 'submitted', revision: 1, submittedAt: now, version: quotation.version + 1, updatedAt: now })
      .where(eq(quotations.id, id))
    const snapshot = await recordRevision(tx, ctx, id, 1, now)
    await tx
      .insert(rfqInvitations)
      .values({ rfqId: rfq.id, supplierCompanyId: companyId, status: 'quoted', viewedAt: now, respondedAt: now })
      .onConflictDoUpdate({ target: [rfqInvitations.rfqId, rfqInvitations.supplierCompanyId], set: { status: 'quoted', respondedAt: now } })
    const requirementIds = await tx
      .select({ id: rfqLines.requirementId })
      .from(rfqLines)
      .innerJoin(quotationLines, and(eq(quotationLines.rfqLineId, rfqLines.id), eq(quotationLines.quotationId, id)))
      .where(eq(rfqLines.rfqId, rfq.id))
    const ids = requirementIds.flatMap((row) => (row.id ? [row.id] : []))
    if (ids.length > 0) {
      await tx
        .update(requirements)
        .set({ status: 'quoted', version: sql`${requirements.version} + 1`, updatedAt: now })
        .where(and(inArray(requirements.id, ids), eq(requirements.status, 'rfq_sent')))
    }
    const supplierName = await companyName(companyId, tx)
    const total = await totalOf(tx, rfq.id, snapshot)
    const sealed = isSealed(rfq, now)
    await projectEvent(tx, ctx, rfq, 'quotation_submitted', sealed ? {} : { quotationId: id, supplier: supplierName, total, currency: snapshot.currency })
    await noticeToBuyer(tx, ctx, rfq, 'submitted', { company: supplierName, total: `${total} ${snapshot.currency}`, revision: '1', reason: '' }, now, notices)
    return recordQuotationEvent(tx, rfq, companyId, id, 'submit', notices)
  })
  await relayEvents([event])
  return getQuotation(ctx, id)
}

/**
 * A new round of a submitted quotation (revision + 1, kept for the history): the whole content again. Refused for a
 * quotation decided, withdrawn or expired, and after the deadline.
 */
export async function reviseQuotation(ctx: ServiceContext, id: string, input: ReviseQuotationInput, options: IdempotencyOption = {}): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const now = new Date()
  const events: OutboxEventId[] = []
  // A retried revision answers with the quotation its first attempt revised, before the version it carries goes stale.
  await createIdempotently(
    `quotation_revision:${companyId}`,
    options,
    { id, input },
    async (tx) => {
      const { quotation, rfq } = await lockOwnQuotation(tx, companyId, id)
      refuse('revise', quotation, 'supplier')
      if (!canReviseQuotation(quotation, rfq, 'supplier', now)) throw quotingClosed(rfq)
      requireVersion('quotation', quotation.version, input.version)
      const { columns, priced } = await contentOf(tx, companyId, rfq, input, now)
      const revision = quotation.revision + 1
      await tx
        .update(quotations)
        .set({ ...columns, revision, submittedAt: now, version: quotation.version + 1, updatedAt: now })
        .where(eq(quotations.id, id))
      await replaceLines(tx, id, priced)
      const snapshot = await recordRevision(tx, ctx, id, revision, now)
      const supplierName = await companyName(companyId, tx)
      const total = await totalOf(tx, rfq.id, snapshot)
      const sealed = isSealed(rfq, now)
      await projectEvent(
        tx,
        ctx,
        rfq,
        'quotation_revised',
        sealed ? { revision } : { quotationId: id, supplier: supplierName, total, currency: snapshot.currency, revision },
      )
      await noticeToBuyer(
        tx,
        ctx,
        rfq,
        'revised',
        { company: supplierName, total: `${total} ${snapshot.currency}`, revision: String(revision), reason: '' },
        now,
        notices,
      )
      events.push(await recordQuotationEvent(tx, rfq, companyId, id, 'revise', notices))
    },
    id,
  )
  // A replayed revision recorded no event: its first request's went out.
  await relayEvents(events)
  return getQuotation(ctx, id)
}

/** Withdraws a draft or a pending quotation before the buyer decides (the reason is kept and sent to the buyer). */
export async function withdrawQuotation(ctx: ServiceContext, id: string, input: QuotationStepInput): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const now = new Date()
  const event = await database().transaction(async (tx) => {
    const { quotation, rfq } = await lockOwnQuotation(tx, companyId, id)
    refuse('withdraw', quotation, 'supplier')
    requireVersion('quotation', quotation.version, input.version)
    await tx
      .update(quotations)
      .set({ status: 'withdrawn', decisionReason: input.reason, decidedAt: now, version: quotation.version + 1, updatedAt: now })
      .where(eq(quotations.id, id))
    if (quotation.status === 'submitted') {
      const supplierName = await companyName(companyId, tx)
      const sealed = isSealed(rfq, now)
      await projectEvent(tx, ctx, rfq, 'quotation_withdrawn', sealed ? {} : { quotationId: id, supplier: supplierName }, sealed ? '' : input.reason)
      await noticeToBuyer(
        tx,
        ctx,
        rfq,
        'withdrawn',
        { company: supplierName, total: '', revision: String(quotation.revision), reason: input.reason },
        now,
        notices,
      )
    }
    return recordQuotationEvent(tx, rfq, companyId, id, 'withdraw', notices)
  })
  await relayEvents([event])
  return getQuotation(ctx, id)
}
