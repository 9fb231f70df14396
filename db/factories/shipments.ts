// Shipping an order in tests and seeds: a shipment booked with ordinary transport details (goods leave only on a shipment).
import { eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../app/platform/actor'
import { database } from '../../app/platform/db/index.server'
import { shipmentEtaChanges, shipmentLines, shipments, trackingEvents } from '../../app/modules/logistics/logistics.tables.server'
import { BookShipmentInput } from '../../app/modules/logistics/index'
import { addTrackingEvent, bookShipment } from '../../app/modules/logistics/index.server'

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** Books a sea shipment (Ningbo → Rotterdam unless told otherwise) carrying `quantities` (order line id → units) of the order; returns its id. */
export function shipOrder(
  ctx: ServiceContext,
  orderId: string,
  quantities: Record<string, number>,
  overrides: Partial<Record<keyof BookShipmentInput, unknown>> = {},
): Promise<string> {
  const input = BookShipmentInput.parse({
    lines: Object.entries(quantities).map(([orderLineId, quantity]) => ({ orderId, orderLineId, quantity })),
    mode: 'sea_lcl',
    carrier: 'COSCO Shipping',
    trackingNumber: '',
    origin: { name: 'Ningbo', country: 'CN' },
    destination: { name: 'Rotterdam', country: 'NL' },
    etd: daysFromNow(-2),
    eta: daysFromNow(33),
    ...overrides,
  })
  return bookShipment(ctx, input)
}

/** The shipper reports the shipment delivered at its destination (now). */
export async function deliverShipment(ctx: ServiceContext, shipmentId: string, place = 'Rotterdam'): Promise<void> {
  await addTrackingEvent(ctx, shipmentId, {
    occurredAt: new Date().toISOString(),
    status: 'delivered',
    location: place,
    description: 'Delivered to the consignee',
    reason: '',
  })
}

const DAY_MS = 86_400_000
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * A shipment of the past (seeded history): booked and delivered through the services, then moved back in time so that
 * it left `departedDaysAgo` days ago and arrived `transitDays` later, and marked received in full (the orders of that
 * time were confirmed delivered on their own page).
 */
export async function pastShipment(
  ctx: ServiceContext,
  order: { id: string; incotermPlace: string; shipTo: { city: string; country: string } | null },
  quantities: Record<string, number>,
  timing: { departedDaysAgo: number; transitDays: number; carrier?: string },
): Promise<string> {
  const id = await shipOrder(ctx, order.id, quantities, {
    carrier: timing.carrier ?? 'COSCO Shipping',
    origin: { name: order.incotermPlace || 'Ningbo', country: 'CN' },
    destination: { name: order.shipTo?.city || 'Hong Kong', country: order.shipTo?.country || 'HK' },
  })
  await deliverShipment(ctx, id, order.shipTo?.city || 'Hong Kong')
  // A delivered shipment of the past arrived before today, however recent its order.
  const departed = new Date(Date.now() - Math.max(timing.departedDaysAgo, timing.transitDays + 1) * DAY_MS)
  const arrived = new Date(departed.getTime() + timing.transitDays * DAY_MS)
  const db = database()
  await db
    .update(shipments)
    .set({
      etd: isoDay(departed),
      eta: isoDay(arrived),
      firstEta: isoDay(arrived),
      createdAt: departed,
      deliveredAt: arrived,
      receivedAt: arrived,
      lastEventAt: arrived,
    })
    .where(eq(shipments.id, id))
  await db
    .update(shipmentEtaChanges)
    .set({ eta: isoDay(arrived), createdAt: departed })
    .where(eq(shipmentEtaChanges.shipmentId, id))
  await db
    .update(trackingEvents)
    .set({
      occurredAt: sql`case when ${trackingEvents.status} = 'booked' then ${departed.toISOString()}::timestamptz else ${arrived.toISOString()}::timestamptz end`,
    })
    .where(eq(trackingEvents.shipmentId, id))
  await db
    .update(shipmentLines)
    .set({ receivedQuantity: sql`${shipmentLines.quantity}`, damagedQuantity: 0 })
    .where(eq(shipmentLines.shipmentId, id))
  return id
}
