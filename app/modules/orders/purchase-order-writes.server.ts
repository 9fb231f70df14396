// What every write of a purchase order shares: the order locked for the actor's side, its timeline entry, the other
// party's notice, the business event after commit, and lines priced against the supplier's list.
import { eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import type { Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { type OutboxEventId, recordEvent as recordBusinessEvent } from '../../platform/outbox/outbox.server'
import type { Party } from '../../platform/state-machine'
import { orderableProducts } from '../catalog/index.server'
import { type Notice, recordNotice } from '../companies/index.server'
import type { NotificationKindIn } from '../kernel/index.server'
import { eventRow, type EventInput } from './order-events.server'
import { PARTY_LINK } from './order-links'
import { priceLine, type LineRequest, type PricedLine } from './order-totals'
import { purchaseOrderEvents, purchaseOrders } from './orders.tables.server'
import type { PurchaseOrderEventType } from './purchase-order.machine'
import { partyOf } from './purchase-order.policy'

export type OrderRow = typeof purchaseOrders.$inferSelect

export const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** The order, locked for update, when the actor's company is a party; not found otherwise (no hint it exists). */
export async function lockOrder(tx: Transaction, companyId: string, id: string): Promise<{ order: OrderRow; party: Party }> {
  const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update')
  const party = order ? partyOf(order, companyId) : null
  if (!order || !party) throw new AppError('not_found', 'Order not found')
  return { order, party }
}

/** Prices every line against the supplier's list as of now; every problem is reported under `lines.<i>.<field>`. */
export async function priceLines(tx: Transaction, ctx: ServiceContext, supplierId: string, currency: string, lines: LineRequest[]): Promise<PricedLine[]> {
  const productIds = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))]
  const { priceList, products } = await orderableProducts(tx, supplierId, productIds, ctx.locale)
  const fields: Record<string, string[]> = {}
  if (productIds.length > 0 && priceList && priceList.currency !== currency) {
    throw new AppError('validation_failed', 'The currency differs from the supplier’s price list', {
      fields: { currency: ['validation.currencyMismatch'] },
      expectedCurrency: priceList.currency,
    })
  }
  const priced: PricedLine[] = []
  lines.forEach((line, index) => {
    const result = priceLine(line, currency, line.productId ? products.get(line.productId) : undefined, priceList !== null)
    if ('problem' in result) fields[`lines.${index}.${result.field}`] = [result.problem]
    else priced.push(result)
  })
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  return priced
}

export async function recordEvent(tx: Transaction, ctx: ServiceContext | null, orderId: string, event: EventInput<PurchaseOrderEventType>): Promise<void> {
  await tx.insert(purchaseOrderEvents).values(eventRow(ctx, orderId, event))
}

/** Tells the other party (in-app now, mail after commit): `notices` collects what to mail. */
export async function notifyCounterpart(
  tx: Transaction,
  ctx: ServiceContext,
  order: OrderRow,
  party: Party,
  kind: NotificationKindIn<'purchase_order'>,
  params: Record<string, string>,
  notices: Notice[],
): Promise<void> {
  const counterpart = party === 'buyer' ? 'supplier' : 'buyer'
  const companyId = counterpart === 'buyer' ? order.buyerCompanyId : order.supplierCompanyId
  if (!companyId) return
  const notice: Notice = {
    companyId,
    exceptUserId: ctx.actor.userId,
    kind: `purchase_order.${kind}`,
    params: { number: order.number, company: party === 'buyer' ? order.buyerName : order.supplierName, total: `${order.total} ${order.currency}`, ...params },
    link: PARTY_LINK[counterpart](order.id),
  }
  await recordNotice(tx, notice)
  notices.push(notice)
}

/**
 * The order's business event, in its transaction: both parties' open pages hear that it changed (ids and the action
 * only) and the notices go out, after commit (`relayEvents`).
 */
export async function recordOrderEvent(tx: Transaction, order: OrderRow, action: string, notices: Notice[]): Promise<OutboxEventId> {
  const companyIds = [order.buyerCompanyId, order.supplierCompanyId].filter((id): id is string => id !== null)
  return recordBusinessEvent(tx, { name: `purchase_order.${action}`, changes: [{ companyIds, entity: 'purchase_order', id: order.id, action }], notices })
}
