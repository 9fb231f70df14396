// Shipping and receiving purchase orders through shipments (issue 19): the logistics module books a shipment and, in
// the same transaction, asks this module to move the orders' shipped quantities and status; receiving a shipment
// moves their received quantities. There is no other way to ship an order. The supplier books, or the logistics
// provider of the buyer's accepted freight order linked to the order, shipping on the supplier's behalf.
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import type { OutboxEventId } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import type { Notice } from '../companies/index.server'
import type { AddressSnapshot, Incoterm, PurchaseOrderStatus } from './orders.constants'
import { purchaseOrderLines, purchaseOrders, serviceOrders } from './orders.tables.server'
import type { PurchaseOrderEventType } from './purchase-order.machine'
import { applyTransition } from './purchase-order-lifecycle.service.server'
import { fieldError, lockOrder, notifyCounterpart, type OrderRow, recordEvent, recordOrderEvent } from './purchase-order-writes.server'
import { partyOf } from './purchase-order.policy'

/** The orders a shipment may carry lines of: the supplier's, confirmed and not yet shipped in full. */
const SHIPPABLE: readonly PurchaseOrderStatus[] = ['confirmed', 'in_production', 'shipped']

/** A shipment as the orders' timelines name it. */
export type ShipmentReference = { id: string; number: string }

/** A quantity of one order line put on (or received from) a shipment. */
export type LineQuantity = { orderId: string; orderLineId: string; quantity: number }

/** An order line as a shipment carries it: what it is, as the order says. */
export type ShippedOrderLine = {
  orderId: string
  orderNumber: string
  orderLineId: string
  productId: string | null
  sku: string
  description: string
  unit: string
  quantity: number
  unitPrice: string
  currency: string
}

/** What the booked orders tell the shipment: both parties, the delivery terms and where the goods go. */
export type ShippedOrders = {
  buyerCompanyId: string | null
  buyerName: string
  supplierCompanyId: string | null
  supplierName: string
  incoterm: Incoterm
  incotermPlace: string
  shipTo: AddressSnapshot | null
  lines: ShippedOrderLine[]
  events: OutboxEventId[]
}

/** An open line the supplier (or the provider carrying the order) can put on a shipment. */
export type ShippableLine = {
  orderId: string
  orderNumber: string
  orderVersion: number
  buyerCompanyId: string | null
  buyerName: string
  supplierCompanyId: string | null
  supplierName: string
  incoterm: Incoterm
  incotermPlace: string
  requestedDeliveryDate: string | null
  shipTo: AddressSnapshot | null
  orderLineId: string
  sku: string
  description: string
  unit: string
  quantity: number
  shipped: number
  remaining: number
}

const groupBy = <T, K>(items: T[], key: (item: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}

/** Freight orders that let a provider ship a purchase order: logistics, accepted or under way. */
const CARRYING = and(eq(serviceOrders.serviceType, 'logistics'), inArray(serviceOrders.status, ['accepted', 'in_progress']))

/** The purchase orders the company carries as the provider of a freight order linked to them. */
const carriedBy = (companyId: string) =>
  sql`select ${serviceOrders.linkedPurchaseOrderId} from ${serviceOrders} where ${CARRYING} and ${serviceOrders.providerCompanyId} = ${companyId} and ${serviceOrders.linkedPurchaseOrderId} is not null`

/**
 * The lines still to ship, the most urgent delivery first, for the booking form: the company's own as supplier and
 * those of orders it carries as freight provider; of the given orders, or of every open order (capped at `limit`).
 */
export async function shippableOrderLines(ctx: ServiceContext, options: { orderIds?: string[]; limit?: number } = {}): Promise<ShippableLine[]> {
  requireCompany(ctx.actor)
  const rows = await database()
    .select({
      orderId: purchaseOrders.id,
      orderNumber: purchaseOrders.number,
      orderVersion: purchaseOrders.version,
      buyerCompanyId: purchaseOrders.buyerCompanyId,
      buyerName: purchaseOrders.buyerName,
      supplierCompanyId: purchaseOrders.supplierCompanyId,
      supplierName: purchaseOrders.supplierName,
      incoterm: purchaseOrders.incoterm,
      incotermPlace: purchaseOrders.incotermPlace,
      requestedDeliveryDate: purchaseOrders.requestedDeliveryDate,
      shipTo: purchaseOrders.shipTo,
      orderLineId: purchaseOrderLines.id,
      sku: purchaseOrderLines.sku,
      description: purchaseOrderLines.description,
      unit: purchaseOrderLines.unit,
      quantity: purchaseOrderLines.quantity,
      shipped: purchaseOrderLines.shippedQuantity,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId))
    .where(
      and(
        or(eq(purchaseOrders.supplierCompanyId, ctx.actor.companyId), sql`${purchaseOrders.id} in (${carriedBy(ctx.actor.companyId)})`),
        inArray(purchaseOrders.status, [...SHIPPABLE]),
        lt(purchaseOrderLines.shippedQuantity, purchaseOrderLines.quantity),
        options.orderIds ? inArray(purchaseOrders.id, options.orderIds) : undefined,
      ),
    )
    .orderBy(sql`${purchaseOrders.requestedDeliveryDate} asc nulls last`, asc(purchaseOrders.number), asc(purchaseOrderLines.position))
    .limit(options.limit ?? 500)
  return rows.map((row) => ({ ...row, remaining: row.quantity - row.shipped }))
}

/** The company's name as the provider of a freight order linked to the order; null when it does not carry it. */
async function carrierName(tx: Transaction, companyId: string, orderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: serviceOrders.providerName })
    .from(serviceOrders)
    .where(and(CARRYING, eq(serviceOrders.providerCompanyId, companyId), eq(serviceOrders.linkedPurchaseOrderId, orderId)))
    .limit(1)
  return row?.name ?? null
}

/**
 * The order, locked, when the company may ship it: its supplier, or the provider carrying it (`onBehalf`). The buyer
 * is refused (409); anyone else does not learn the order exists (404).
 */
async function lockForShipping(tx: Transaction, companyId: string, orderId: string): Promise<{ order: OrderRow; carrier: string | null }> {
  const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, orderId)).for('update')
  if (!order) throw new AppError('not_found', 'Order not found')
  const party = partyOf(order, companyId)
  if (party === 'supplier') return { order, carrier: null }
  if (party === 'buyer') throw new AppError('not_your_turn', 'Only the supplier ships an order', { action: 'ship', status: order.status })
  const carrier = await carrierName(tx, companyId, order.id)
  if (carrier !== null) return { order, carrier }
  throw new AppError('not_found', 'Order not found')
}

/**
 * Who ships these orders, before a shipment is numbered (numbers are the shipper's series): the supplier of the first,
 * and, when the company books as the buyer's freight provider, its name on the freight order. Checked again, under
 * lock, by `shipOrderLines`.
 */
export async function shippingSupplierOf(
  tx: Transaction,
  ctx: ServiceContext,
  orderIds: string[],
): Promise<{ supplierCompanyId: string; carrierName: string | null }> {
  requireCompany(ctx.actor)
  const first = [...orderIds].sort()[0]
  if (!first) throw fieldError({ lines: ['validation.nothingShipped'] })
  const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, first))
  const party = order ? partyOf(order, ctx.actor.companyId) : null
  if (order?.supplierCompanyId && party === 'supplier') return { supplierCompanyId: order.supplierCompanyId, carrierName: null }
  if (party === 'buyer') throw new AppError('not_your_turn', 'Only the supplier ships an order', { action: 'ship', status: order!.status })
  const carrier = order?.supplierCompanyId && party === null ? await carrierName(tx, ctx.actor.companyId, order.id) : null
  if (order?.supplierCompanyId && carrier !== null) return { supplierCompanyId: order.supplierCompanyId, carrierName: carrier }
  throw new AppError('not_found', 'Order not found')
}

/**
 * Puts quantities of order lines on a shipment, in the caller's transaction: each order is locked and shipped as its
 * machine allows (never more than is left on a line), its timeline names the shipment and the buyer is told (and the
 * supplier, when its freight provider booked). Every order must be of one buyer and one supplier. Returns what the
 * shipment needs to know; the caller relays `events` after commit.
 */
export async function shipOrderLines(tx: Transaction, ctx: ServiceContext, shipment: ShipmentReference, lines: LineQuantity[]): Promise<ShippedOrders> {
  requireCompany(ctx.actor)
  if (lines.length === 0) throw fieldError({ lines: ['validation.nothingShipped'] })
  const byOrder = groupBy(lines, (line) => line.orderId)
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  const shipped: ShippedOrderLine[] = []
  let first: ShippedOrders | null = null
  // Locked in id order, so that two bookings of the same orders queue instead of deadlocking.
  for (const orderId of [...byOrder.keys()].sort()) {
    const { order, carrier } = await lockForShipping(tx, ctx.actor.companyId, orderId)
    if (first && first.buyerCompanyId !== order.buyerCompanyId) throw fieldError({ lines: ['validation.mixedBuyers'] })
    if (first && first.supplierCompanyId !== order.supplierCompanyId) throw fieldError({ lines: ['validation.mixedSuppliers'] })
    if (first && first.incoterm !== order.incoterm) throw fieldError({ lines: ['validation.mixedIncoterms'] })
    const orderLines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id)).orderBy(asc(purchaseOrderLines.position))
    const quantities: Record<string, number> = {}
    for (const line of byOrder.get(orderId)!) quantities[line.orderLineId] = (quantities[line.orderLineId] ?? 0) + line.quantity
    await applyTransition(
      tx,
      ctx,
      order,
      'supplier',
      { action: 'ship', version: order.version, quantities },
      notices,
      carrier ? { shipment, carrier } : { shipment },
    )
    // The supplier hears that the freight provider shipped its goods (the buyer heard it from the order's step).
    if (carrier !== null) await notifyCounterpart(tx, ctx, order, 'buyer', 'ship', { company: carrier }, notices)
    events.push(await recordOrderEvent(tx, order, 'ship', notices))
    for (const line of orderLines) {
      const quantity = quantities[line.id]
      if (!quantity) continue
      shipped.push({
        orderId: order.id,
        orderNumber: order.number,
        orderLineId: line.id,
        productId: line.productId,
        sku: line.sku,
        description: line.description,
        unit: line.unit,
        quantity,
        unitPrice: line.unitPrice,
        currency: order.currency,
      })
    }
    first ??= {
      buyerCompanyId: order.buyerCompanyId,
      buyerName: order.buyerName,
      supplierCompanyId: order.supplierCompanyId,
      supplierName: order.supplierName,
      incoterm: order.incoterm,
      incotermPlace: order.incotermPlace,
      shipTo: order.shipTo,
      lines: [],
      events: [],
    }
  }
  return { ...first!, lines: shipped, events }
}

/** Shipment news worth a line on an order's timeline. */
export type ShipmentNews = Extract<PurchaseOrderEventType, 'shipment_delayed' | 'shipment_exception' | 'shipment_delivered'>

/**
 * A line on the timelines of the orders a shipment carries (a delay, an exception, the delivery), in the caller's
 * transaction; `ctx` null when a carrier's system brought the news.
 */
export async function noteShipmentOnOrders(
  tx: Transaction,
  ctx: ServiceContext | null,
  orderIds: string[],
  type: ShipmentNews,
  shipment: ShipmentReference,
  details: { note?: string; data?: Record<string, unknown> } = {},
): Promise<void> {
  for (const orderId of [...new Set(orderIds)]) await recordEvent(tx, ctx, orderId, { type, note: details.note ?? '', data: { shipment, ...details.data } })
}

/** Document news worth a line on an order's timeline. */
export type DocumentNews = Extract<PurchaseOrderEventType, 'document_issued' | 'document_accepted' | 'document_rejected'>

/**
 * A line on the timelines of the orders a document was made from (or whose shipment it covers), in the caller's
 * transaction; `ctx` null when the counterparty answered through a share link (`note` names who).
 */
export async function noteDocumentOnOrders(
  tx: Transaction,
  ctx: ServiceContext | null,
  orderIds: readonly string[],
  type: DocumentNews,
  document: { id: string; number: string; type: string },
  note = '',
): Promise<void> {
  for (const orderId of [...new Set(orderIds)])
    await recordEvent(tx, ctx, orderId, { type, note: note ? `${document.number} · ${note}` : document.number, data: { document } })
}

/**
 * Received goods of a shipment, per order line, in the caller's transaction (the buyer's side): each line's received
 * quantity grows by what arrived in good condition, never past what was shipped. An order whose every line is
 * shipped in full and whose shipments have all been received (`settled`) becomes delivered. The supplier is told.
 */
export async function receiveOrderLines(
  tx: Transaction,
  ctx: ServiceContext,
  shipment: ShipmentReference,
  lines: LineQuantity[],
  settledOrderIds: ReadonlySet<string>,
): Promise<OutboxEventId[]> {
  requireCompany(ctx.actor)
  const events: OutboxEventId[] = []
  const byOrder = groupBy(lines, (line) => line.orderId)
  for (const orderId of [...byOrder.keys()].sort()) {
    const notices: Notice[] = []
    const { order, party } = await lockOrder(tx, ctx.actor.companyId, orderId)
    if (party !== 'buyer') throw new AppError('not_your_turn', 'Only the buyer receives an order', { action: 'receive', status: order.status })
    const orderLines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id)).orderBy(asc(purchaseOrderLines.position))
    const received: Record<string, number> = {}
    for (const line of byOrder.get(orderId)!) received[line.orderLineId] = (received[line.orderLineId] ?? 0) + line.quantity
    const after = orderLines.map((line) => ({ ...line, receivedQuantity: Math.min(line.shippedQuantity, line.receivedQuantity + (received[line.id] ?? 0)) }))
    for (const line of after)
      if (received[line.id]) await tx.update(purchaseOrderLines).set({ receivedQuantity: line.receivedQuantity }).where(eq(purchaseOrderLines.id, line.id))
    const lineData = after
      .filter((line) => received[line.id])
      .map((line) => ({ lineId: line.id, sku: line.sku, description: line.description, quantity: received[line.id] }))
    const fullyShipped = after.every((line) => line.shippedQuantity === line.quantity)
    if (order.status === 'shipped' && fullyShipped && settledOrderIds.has(order.id)) {
      const quantities = Object.fromEntries(after.map((line) => [line.id, line.receivedQuantity]))
      await applyTransition(tx, ctx, order, party, { action: 'deliver', version: order.version, quantities }, notices, { shipment })
      events.push(await recordOrderEvent(tx, order, 'deliver', notices))
    } else {
      await recordEvent(tx, ctx, order.id, { type: 'received', data: { shipment, lines: lineData } })
      await tx
        .update(purchaseOrders)
        .set({ version: order.version + 1, updatedAt: new Date() })
        .where(eq(purchaseOrders.id, order.id))
      await notifyCounterpart(tx, ctx, order, party, 'received', { shipment: shipment.number }, notices)
      events.push(await recordOrderEvent(tx, order, 'received', notices))
    }
  }
  return events
}

/**
 * The logistics provider carrying goods of these orders: the provider of an accepted (or running) logistics service
 * order linked to one of them, the most recent first. The shipment names it as its carrier, so that the provider sees
 * the shipment and reports its tracking.
 */
export async function freightProviderOf(tx: Transaction, orderIds: string[]): Promise<{ companyId: string; name: string } | null> {
  if (orderIds.length === 0) return null
  const [row] = await tx
    .select({ companyId: serviceOrders.providerCompanyId, name: serviceOrders.providerName })
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.serviceType, 'logistics'),
        inArray(serviceOrders.status, ['accepted', 'in_progress']),
        inArray(serviceOrders.linkedPurchaseOrderId, orderIds),
        sql`${serviceOrders.providerCompanyId} is not null`,
      ),
    )
    .orderBy(sql`${serviceOrders.updatedAt} desc`)
    .limit(1)
  return row?.companyId ? { companyId: row.companyId, name: row.name } : null
}
