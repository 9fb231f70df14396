// Shipping an order in tests and seeds: a shipment booked with ordinary transport details (goods leave only on a shipment).
import type { ServiceContext } from '../../app/platform/actor'
import { BookShipmentInput } from '../../app/modules/logistics/index'
import { addTrackingEvent, bookShipment } from '../../app/modules/logistics/index.server'

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** Books a sea shipment Ningbo → Rotterdam carrying `quantities` (order line id → units) of the order; returns its id. */
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
  await addTrackingEvent(ctx, shipmentId, { occurredAt: new Date().toISOString(), status: 'delivered', location: place, description: 'Delivered to the consignee', reason: '' })
}
