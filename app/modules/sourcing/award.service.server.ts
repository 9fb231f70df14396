import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import type { Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany } from '../companies/index'
import { companyName, type Notice, recordNotice } from '../companies/index.server'
import { type AwardGroup, type AwardSelection, planAward, type PlanQuotation } from './award-plan'
import type { AwardRfqInput } from './award.inputs'
import { canAwardRfq } from './rfq.policy'
import { projectEvents, purchaseProjects, quotationLines, quotations, requirements, rfqAwards, rfqLines, rfqs } from './sourcing.tables.server'

/** The winning quotation's terms, which its purchase order takes. */
export type AwardTerms = Pick<typeof quotations.$inferSelect, 'currency' | 'incoterm' | 'incotermPlace' | 'paymentTerms'>

/**
 * An award checked and under way, inside the caller's transaction: the RFQ is locked, the selection planned per
 * supplier (one purchase order each). The caller creates the orders, then hands them to `recordRfqAward`.
 */
export type RfqAward = {
  id: string
  rfq: { id: string; number: string; deliveryDate: string | null; projectId: string | null }
  groups: Array<AwardGroup & { terms: AwardTerms }>
  /** The RFQ's lines, awarded before and now, and its quotations: what `recordRfqAward` needs to close the RFQ. */
  state: {
    closedAt: Date | null
    version: number
    lines: Array<{ id: string; requirementId: string | null }>
    awardedBefore: number
    quotations: Array<{ id: string; supplierCompanyId: string; status: string }>
  }
}

/** The order made for one group of the award. */
export type AwardedOrderRef = { quotationId: string; purchaseOrderId: string; number: string }

/** What changed, for the caller to announce after commit. */
export type RecordedAward = { notices: Notice[]; quotingSuppliers: string[]; projectId: string | null }

/**
 * Locks the buyer's RFQ and checks the award (`canAwardRfq`, then `planAward`): quoting must be over, each selected
 * line open and priced by an awardable quotation. `allTo` selects every line not yet awarded that the quotation priced.
 * A problem is a 422 with field errors under `lines.<i>`, a 409 `invalid_transition` with the reason, or a 404.
 * `awardId` names the award (the caller may have claimed an idempotency key with it).
 */
export async function beginRfqAward(tx: Transaction, ctx: ServiceContext, rfqId: string, input: AwardRfqInput, awardId: string): Promise<RfqAward> {
  requireCompany(ctx.actor)
  const [rfq] = await tx
    .select()
    .from(rfqs)
    .where(and(eq(rfqs.id, rfqId), eq(rfqs.organizationId, ctx.actor.companyId)))
    .for('update')
  if (!rfq) throw new AppError('not_found', 'RFQ not found')
  const check = canAwardRfq(rfq, new Date())
  if (!check.ok && check.reason === 'quoting_open')
    throw new AppError('invalid_transition', 'Close the RFQ or wait for its deadline before awarding', {
      action: 'award',
      status: rfq.status,
      reason: 'quoting_open',
    })
  if (!check.ok) throw new AppError('invalid_transition', `Cannot award an RFQ that is ${rfq.status}`, { action: 'award', status: rfq.status })

  const [lines, awarded, offered] = await Promise.all([
    tx.select().from(rfqLines).where(eq(rfqLines.rfqId, rfqId)).orderBy(asc(rfqLines.position)),
    tx.select({ rfqLineId: rfqAwards.rfqLineId }).from(rfqAwards).where(eq(rfqAwards.rfqId, rfqId)),
    tx
      .select({ quotation: quotations, rfqLineId: quotationLines.rfqLineId, unitPrice: quotationLines.unitPrice })
      .from(quotations)
      .leftJoin(quotationLines, eq(quotationLines.quotationId, quotations.id))
      .where(eq(quotations.rfqId, rfqId))
      .for('update', { of: quotations }),
  ])
  const rows = new Map<string, typeof quotations.$inferSelect>()
  const offers = new Map<string, PlanQuotation & { prices: Map<string, string> }>()
  for (const row of offered) {
    rows.set(row.quotation.id, row.quotation)
    const offer = offers.get(row.quotation.id) ?? {
      id: row.quotation.id,
      supplierCompanyId: row.quotation.supplierCompanyId,
      status: row.quotation.status,
      prices: new Map<string, string>(),
    }
    if (row.rfqLineId && row.unitPrice !== null) offer.prices.set(row.rfqLineId, row.unitPrice)
    offers.set(row.quotation.id, offer)
  }
  const awardedLines = new Set(awarded.map((row) => row.rfqLineId))
  const plan = planAward(selectionOf(input, lines, awardedLines, offers), lines, awardedLines, offers)
  if (!plan.ok && plan.kind === 'validation') throw new AppError('validation_failed', 'Validation failed', { fields: plan.fields })
  if (!plan.ok)
    throw new AppError(
      'invalid_transition',
      plan.reason === 'already_awarded' ? 'This line has already been awarded' : 'This quotation can no longer be awarded',
      { action: 'award', status: rfq.status, reason: plan.reason, fields: { [`lines.${plan.index}`]: [`validation.${plan.reason}`] } },
    )
  return {
    id: awardId,
    rfq: { id: rfq.id, number: rfq.number, deliveryDate: rfq.deliveryDate, projectId: rfq.projectId },
    groups: plan.groups.map((group) => {
      const quotation = rows.get(group.quotationId)!
      return {
        ...group,
        terms: { currency: quotation.currency, incoterm: quotation.incoterm, incotermPlace: quotation.incotermPlace, paymentTerms: quotation.paymentTerms },
      }
    }),
    state: {
      closedAt: rfq.closedAt,
      version: rfq.version,
      lines: lines.map((line) => ({ id: line.id, requirementId: line.requirementId })),
      awardedBefore: awarded.length,
      quotations: [...rows.values()].map((row) => ({ id: row.id, supplierCompanyId: row.supplierCompanyId, status: row.status })),
    },
  }
}

/** The lines to award: those chosen one by one, or every open line that the `allTo` quotation priced. */
function selectionOf(
  input: AwardRfqInput,
  lines: ReadonlyArray<{ id: string }>,
  awarded: ReadonlySet<string>,
  offers: ReadonlyMap<string, { prices: ReadonlyMap<string, string> }>,
): AwardSelection[] {
  if (!input.allTo) return input.lines
  const offer = offers.get(input.allTo)
  if (!offer) throw new AppError('validation_failed', 'Validation failed', { fields: { allTo: ['validation.quotation'] } })
  const quotationId = input.allTo
  return lines.filter((line) => !awarded.has(line.id) && offer.prices.has(line.id)).map((line) => ({ rfqLineId: line.id, quotationId }))
}

/**
 * Records an award whose purchase orders the caller made in the same transaction: the award rows (a line is never
 * awarded twice, the unique index holds against a concurrent award), winning quotations accepted, their requirements
 * awarded, the RFQ awarded and its project too (with a timeline event). When every line is awarded, the quotations that
 * won nothing are rejected and their suppliers get a notice (returned to be mailed after commit).
 */
export async function recordRfqAward(tx: Transaction, ctx: ServiceContext, award: RfqAward, orders: readonly AwardedOrderRef[]): Promise<RecordedAward> {
  requireCompany(ctx.actor)
  const now = new Date()
  const orderOf = new Map(orders.map((order) => [order.quotationId, order]))
  const awardRows = award.groups.flatMap((group) =>
    group.lines.map((line) => ({
      id: randomUUID(),
      awardId: award.id,
      rfqId: award.rfq.id,
      rfqLineId: line.id,
      quotationId: group.quotationId,
      supplierCompanyId: group.supplierCompanyId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      currency: group.terms.currency,
      purchaseOrderId: orderOf.get(group.quotationId)?.purchaseOrderId ?? null,
      awardedBy: ctx.actor.userId,
    })),
  )
  await tx.insert(rfqAwards).values(awardRows)
  await tx
    .update(quotations)
    .set({ status: 'accepted', decidedAt: now, updatedAt: now, version: sql`${quotations.version} + 1` })
    .where(
      and(
        inArray(
          quotations.id,
          award.groups.map((group) => group.quotationId),
        ),
        eq(quotations.status, 'submitted'),
      ),
    )
  const awardedNow = new Set(awardRows.map((row) => row.rfqLineId))
  const requirementIds = award.state.lines.filter((line) => awardedNow.has(line.id) && line.requirementId).map((line) => line.requirementId!)
  if (requirementIds.length > 0)
    await tx
      .update(requirements)
      .set({ status: 'awarded', updatedAt: now, version: sql`${requirements.version} + 1` })
      .where(inArray(requirements.id, requirementIds))
  await tx
    .update(rfqs)
    .set({ status: 'awarded', closedAt: award.state.closedAt ?? now, updatedAt: now, version: award.state.version + 1 })
    .where(eq(rfqs.id, award.rfq.id))

  const notices: Notice[] = []
  if (award.state.awardedBefore + awardRows.length === award.state.lines.length) {
    // Whoever won nothing hears of it, and their quotations are closed.
    const everWon = new Set(
      (await tx.select({ quotationId: rfqAwards.quotationId }).from(rfqAwards).where(eq(rfqAwards.rfqId, award.rfq.id))).map((row) => row.quotationId),
    )
    const buyer = await companyName(ctx.actor.companyId, tx)
    for (const quotation of award.state.quotations.filter((row) => row.status === 'submitted' && !everWon.has(row.id))) {
      await tx
        .update(quotations)
        .set({ status: 'rejected', decisionReason: 'awarded_elsewhere', decidedAt: now, updatedAt: now, version: sql`${quotations.version} + 1` })
        .where(eq(quotations.id, quotation.id))
      const notice: Notice = {
        companyId: quotation.supplierCompanyId,
        kind: 'award.not_awarded',
        params: { rfq: award.rfq.number, company: buyer },
        link: '/app/supplier/portal',
      }
      await recordNotice(tx, notice)
      notices.push(notice)
    }
  }
  if (award.rfq.projectId) {
    const [project] = await tx
      .select({ status: purchaseProjects.status })
      .from(purchaseProjects)
      .where(eq(purchaseProjects.id, award.rfq.projectId))
      .for('update')
    if (project && ['active', 'sourcing'].includes(project.status))
      await tx
        .update(purchaseProjects)
        .set({ status: 'awarded', updatedAt: now, version: sql`${purchaseProjects.version} + 1` })
        .where(eq(purchaseProjects.id, award.rfq.projectId))
    await tx.insert(projectEvents).values({
      id: randomUUID(),
      projectId: award.rfq.projectId,
      type: 'award',
      actorUserId: ctx.actor.userId,
      data: { rfq: award.rfq.number, orders: orders.map((order) => order.number) },
    })
  }
  return {
    notices,
    quotingSuppliers: [...new Set(award.state.quotations.map((row) => row.supplierCompanyId))],
    projectId: award.rfq.projectId,
  }
}

/** The purchase orders an earlier award made (answering a retried request with the same Idempotency-Key). */
export async function ordersOfAward(tx: Transaction, ctx: ServiceContext, awardId: string): Promise<string[]> {
  requireCompany(ctx.actor)
  const rows = await tx
    .selectDistinct({ purchaseOrderId: rfqAwards.purchaseOrderId })
    .from(rfqAwards)
    .innerJoin(rfqs, eq(rfqs.id, rfqAwards.rfqId))
    .where(and(eq(rfqAwards.awardId, awardId), eq(rfqs.organizationId, ctx.actor.companyId), isNotNull(rfqAwards.purchaseOrderId)))
  return rows.map((row) => row.purchaseOrderId!)
}
