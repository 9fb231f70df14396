import { randomUUID } from 'node:crypto'
import type { ServiceContext } from '../platform/actor'
import { database, type Transaction } from '../platform/db/index.server'
import { claimIdempotencyKey, fingerprintOf, type IdempotencyOption } from '../platform/idempotency/idempotency.server'
import { type LiveChange, recordEvent, relayEvents } from '../platform/outbox/outbox.server'
import { requireCompany } from '../modules/companies/index'
import type { Notice } from '../modules/companies/index.server'
import { createAwardedPurchaseOrder, type AwardedOrderSummary, awardedOrderSummaries } from '../modules/orders/index.server'
import type { AwardRfqInput } from '../modules/sourcing/index'
import { type AwardedOrderRef, beginRfqAward, ordersOfAward, recordRfqAward } from '../modules/sourcing/index.server'

export type AwardResult = { purchaseOrders: AwardedOrderSummary[] }

/**
 * Awards an RFQ, whole or split per line across suppliers, in one transaction that sourcing and orders share: sourcing
 * locks and checks the award (`beginRfqAward`), orders makes one placed purchase order per supplier at its quoted
 * prices and terms, and sourcing records it (`recordRfqAward`: awards, quotations, requirements, RFQ and project).
 * The award's business event, in the same transaction, tells the pages and the suppliers after commit. With an Idempotency-Key, a retry answers with the orders the first award made.
 */
export async function awardQuotations(ctx: ServiceContext, rfqId: string, input: AwardRfqInput, options: IdempotencyOption = {}): Promise<AwardResult> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const outcome = await database().transaction(async (tx) => {
    const award = await claimedAward(tx, ctx, rfqId, input, options)
    if ('earlier' in award) return { replayed: true as const, orders: await awardedOrderSummaries(ctx, await ordersOfAward(tx, ctx, award.earlier), tx) }
    const orders: Array<AwardedOrderRef & AwardedOrderSummary & { supplierCompanyId: string }> = []
    for (const group of award.groups) {
      const order = await createAwardedPurchaseOrder(
        tx,
        ctx,
        {
          supplierCompanyId: group.supplierCompanyId,
          ...group.terms,
          requestedDeliveryDate: award.rfq.deliveryDate,
          notes: input.notes ?? '',
          lines: group.lines.map((line) => ({ description: line.title, unit: line.unit, quantity: line.quantity, unitPrice: line.unitPrice })),
          source: { rfq: award.rfq.number, rfqId: award.rfq.id, quotationId: group.quotationId },
        },
        notices,
      )
      orders.push({ ...order, quotationId: group.quotationId, purchaseOrderId: order.id, supplierCompanyId: group.supplierCompanyId })
    }
    const recorded = await recordRfqAward(tx, ctx, award, orders)
    notices.push(...recorded.notices)
    const changes: LiveChange[] = [
      { companyIds: [companyId, ...recorded.quotingSuppliers], entity: 'rfq', id: rfqId, action: 'award' },
      ...orders.map((order): LiveChange => ({
        companyIds: [companyId, order.supplierCompanyId],
        entity: 'purchase_order',
        id: order.id,
        action: 'create',
        rfqId,
      })),
      ...(recorded.projectId ? [{ companyIds: [companyId], entity: 'project', id: recorded.projectId, action: 'award' } satisfies LiveChange] : []),
    ]
    const event = await recordEvent(tx, { name: 'rfq.award', changes, notices })
    return { replayed: false as const, orders, event }
  })
  if (outcome.replayed) return { purchaseOrders: outcome.orders }
  await relayEvents([outcome.event])
  return { purchaseOrders: outcome.orders.map(({ id, number, supplierName, total, currency }) => ({ id, number, supplierName, total, currency })) }
}

/**
 * The award begun, after claiming the request's Idempotency-Key: a retry of an award that committed finds the key and
 * answers with that award's orders (`earlier`); a concurrent retry waits on the key until the first one ends.
 */
async function claimedAward(tx: Transaction, ctx: ServiceContext, rfqId: string, input: AwardRfqInput, options: IdempotencyOption) {
  requireCompany(ctx.actor)
  const awardId = randomUUID()
  if (options.idempotencyKey) {
    const earlier = await claimIdempotencyKey(tx, {
      scope: `rfq-award:${ctx.actor.companyId}`,
      key: options.idempotencyKey,
      fingerprint: fingerprintOf({ rfqId, ...input }),
      resourceId: awardId,
    })
    if (earlier) return { earlier }
  }
  return beginRfqAward(tx, ctx, rfqId, input, awardId)
}
