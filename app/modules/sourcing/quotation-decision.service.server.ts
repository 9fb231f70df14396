import { requireVersion } from '../../platform/versioning'
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import { companyName, type Notice, recordNotice } from '../companies/index.server'
import { today } from './quotation-content.server'
import { projectEvent, recordQuotationEvent } from './quotation-events.server'
import { fieldError, refuse, sealedError } from './quotation-refusals.server'
import type { QuotationDecisionInput } from './quotation.inputs'
import { quotationSideOf } from './quotation.policy'
import { getQuotation } from './quotation.read.service.server'
import type { QuotationDetail } from './quotation.types'
import { supplierRfqPath } from './rfq.links'
import { canSeeQuotations } from './rfq.policy'
import { quotations, rfqs } from './sourcing.tables.server'

/**
 * The buyer accepts or rejects a pending quotation (a rejection needs a reason); the supplier hears of it with the
 * reason. Inside the caller's transaction, with its business event; answers the event to relay after commit.
 */
export async function decideQuotationIn(tx: Transaction, ctx: ServiceContext, id: string, input: QuotationDecisionInput): Promise<OutboxEventId> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const now = new Date()
  const [quotation] = await tx.select().from(quotations).where(eq(quotations.id, id)).for('update')
  const rfq = quotation ? (await tx.select().from(rfqs).where(eq(rfqs.id, quotation.rfqId)))[0] : undefined
  const side = quotation && rfq ? quotationSideOf(companyId, quotation, rfq) : null
  if (quotation && side === 'supplier')
    throw new AppError('not_your_turn', 'Only the buyer accepts or rejects a quotation', { action: input.decision, status: quotation.status })
  if (!quotation || !rfq || side !== 'buyer') throw new AppError('not_found', 'Quotation not found')
  if (!canSeeQuotations(rfq, now)) throw sealedError(rfq)
  refuse(input.decision, quotation, 'buyer')
  if (input.version !== undefined) requireVersion('quotation', quotation.version, input.version)
  if (input.decision === 'reject' && !input.reason) throw fieldError({ reason: ['validation.reason'] })
  const status = input.decision === 'accept' ? 'accepted' : 'rejected'
  await tx
    .update(quotations)
    .set({ status, decisionReason: input.reason, decidedAt: now, version: quotation.version + 1, updatedAt: now })
    .where(eq(quotations.id, id))
  const supplierName = await companyName(quotation.supplierCompanyId, tx)
  await projectEvent(tx, ctx, rfq, `quotation_${status}`, { quotationId: id, supplier: supplierName }, input.reason)
  const notice: Notice = {
    companyId: quotation.supplierCompanyId,
    exceptUserId: ctx.actor.userId,
    kind: `quotation.${status}`,
    params: { number: rfq.number, title: rfq.title, company: await companyName(companyId, tx), reason: input.reason },
    link: supplierRfqPath(rfq.id),
  }
  await recordNotice(tx, notice)
  return recordQuotationEvent(tx, rfq, quotation.supplierCompanyId, id, input.decision, [notice])
}

/** The buyer's decision on one quotation, in its own transaction (see `decideQuotationIn`). */
export async function decideQuotation(ctx: ServiceContext, id: string, input: QuotationDecisionInput): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const event = await database().transaction((tx) => decideQuotationIn(tx, ctx, id, input))
  await relayEvents([event])
  return getQuotation(ctx, id)
}

/** Pending quotations whose validity date has passed become expired (the hourly job); answers how many. */
export async function expireQuotations(now = new Date()): Promise<number> {
  const events: OutboxEventId[] = []
  const expired = await database().transaction(async (tx) => {
    const rows = await tx
      .update(quotations)
      .set({ status: 'expired', version: sql`${quotations.version} + 1`, updatedAt: now })
      .where(and(eq(quotations.status, 'submitted'), lt(quotations.validUntil, today(now))))
      .returning({ id: quotations.id, rfqId: quotations.rfqId, supplierCompanyId: quotations.supplierCompanyId })
    if (rows.length === 0) return rows
    const buyers = await tx
      .select({ id: rfqs.id, organizationId: rfqs.organizationId })
      .from(rfqs)
      .where(inArray(rfqs.id, [...new Set(rows.map((row) => row.rfqId))]))
    const buyerOf = new Map(buyers.map((rfq) => [rfq.id, rfq]))
    for (const row of rows) {
      const rfq = buyerOf.get(row.rfqId)
      if (rfq) events.push(await recordQuotationEvent(tx, rfq, row.supplierCompanyId, row.id, 'expire', []))
    }
    return rows
  })
  await relayEvents(events)
  return expired.length
}
