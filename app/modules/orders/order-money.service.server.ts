// What finance needs of a purchase order (issue 21): its parties, price, terms and state, as the actor may see it (or
// as the platform does, for its jobs and rulings), and the timeline lines of the money that moves for it.
import { eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import type { Database, Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import type { OutboxEventId } from '../../platform/outbox/outbox.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import type { Notice } from '../companies/index.server'
import { purchaseOrders } from './orders.tables.server'
import type { PurchaseOrderEventType } from './purchase-order.machine'
import { recordEvent, recordOrderEvent } from './purchase-order-writes.server'

export type OrderMoneyFacts = Pick<
  typeof purchaseOrders.$inferSelect,
  'id' | 'number' | 'status' | 'buyerCompanyId' | 'supplierCompanyId' | 'buyerName' | 'supplierName' | 'currency' | 'total' | 'paymentTerms' | 'deliveredAt'
>

const FACTS = {
  id: purchaseOrders.id,
  number: purchaseOrders.number,
  status: purchaseOrders.status,
  buyerCompanyId: purchaseOrders.buyerCompanyId,
  supplierCompanyId: purchaseOrders.supplierCompanyId,
  buyerName: purchaseOrders.buyerName,
  supplierName: purchaseOrders.supplierName,
  currency: purchaseOrders.currency,
  total: purchaseOrders.total,
  paymentTerms: purchaseOrders.paymentTerms,
  deliveredAt: purchaseOrders.deliveredAt,
}

/**
 * The order's money facts for a party to it (`ctx`'s company is its buyer or supplier; another company's order is not
 * found), or for the platform (`ctx` null: jobs and outbox handlers, which act on what already happened).
 */
export async function orderMoneyFacts(db: Database | Transaction, ctx: ServiceContext | null, orderId: string): Promise<OrderMoneyFacts> {
  const [order] = await db.select(FACTS).from(purchaseOrders).where(eq(purchaseOrders.id, orderId))
  const companyId = ctx?.actor.companyId
  if (!order || (ctx && (!companyId || (order.buyerCompanyId !== companyId && order.supplierCompanyId !== companyId))))
    throw new AppError('not_found', 'Order not found')
  return order
}

/** A line of the order's timeline about its money (held, released, refunded), in the caller's transaction. */
export async function noteMoneyOnOrder(
  tx: Transaction,
  ctx: ServiceContext | null,
  orderId: string,
  type: Extract<PurchaseOrderEventType, `payment_${string}`>,
  note: string,
  data: Record<string, unknown>,
): Promise<void> {
  await recordEvent(tx, ctx, orderId, { type, note, data })
}

/**
 * A platform admin's ruling closes a dispute: the order leaves `disputed` for `completed` (finance moves the money in
 * the same transaction). Answers the order's business event, to relay after commit.
 */
export async function closeDisputeByRuling(tx: Transaction, ctx: ServiceContext, orderId: string, note: string, notices: Notice[]): Promise<OutboxEventId> {
  requirePlatformAdmin(ctx.actor)
  const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, orderId)).for('update')
  if (!order) throw new AppError('not_found', 'Order not found')
  if (order.status !== 'disputed') throw new AppError('invalid_transition', 'Only a disputed order is ruled on', { action: 'rule', status: order.status })
  const now = new Date()
  await tx
    .update(purchaseOrders)
    .set({ status: 'completed', closedAt: now, updatedAt: now, version: order.version + 1 })
    .where(eq(purchaseOrders.id, orderId))
  await recordEvent(tx, ctx, orderId, { type: 'ruling', fromStatus: 'disputed', toStatus: 'completed', note, data: {} })
  return recordOrderEvent(tx, order, 'ruling', notices)
}
