// Booking a shipment: the supplier (or the freight provider carrying the orders for the buyer) puts quantities of one
// buyer's confirmed order lines on it; the orders move in the same transaction (shipped quantities, status, timeline,
// the buyer's notice), through the orders module's service. The shipper is always the supplier; a provider that books
// is the shipment's carrier.
import { randomUUID } from 'node:crypto'
import type { ServiceContext } from '../../platform/actor'
import type { Transaction } from '../../platform/db/index.server'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import { checkAttachments, nextNumber } from '../kernel/index.server'
import { freightProviderOf, shipOrderLines, shippingSupplierOf } from '../orders/index.server'
import type { ShipmentPackage } from './logistics.constants'
import { shipmentEtaChanges, shipmentLines, shipments, trackingEvents } from './logistics.tables.server'
import { locatePlace } from './places'
import type { BookShipmentInput } from './shipment.inputs'
import { packageTotals } from './shipment-figures'
import { dedupeKey } from './tracking-dedupe'
import { recordShipmentEvent } from './shipment-writes.server'

/** Books the shipment and ships its lines on their orders; the same idempotency key books it once. Returns its id. */
export async function bookShipment(ctx: ServiceContext, input: BookShipmentInput, options: IdempotencyOption = {}): Promise<string> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const events: OutboxEventId[] = []
  const { id } = await createIdempotently(`shipment:${companyId}`, options, input, async (tx, shipmentId) => {
    await checkAttachments(companyId, input.attachmentFileIds, tx)
    events.push(...(await insertShipment(tx, ctx, companyId, shipmentId, input)))
  })
  await relayEvents(events)
  return id
}

async function insertShipment(tx: Transaction, ctx: ServiceContext, companyId: string, shipmentId: string, input: BookShipmentInput): Promise<OutboxEventId[]> {
  const now = new Date()
  const orderIds = [...new Set(input.lines.map((line) => line.orderId))]
  const { supplierCompanyId, carrierName } = await shippingSupplierOf(tx, ctx, orderIds)
  // Shipment numbers are the shipper's series, whoever books.
  const number = await nextNumber(tx, supplierCompanyId, 'SH', now)
  const orders = await shipOrderLines(tx, ctx, { id: shipmentId, number }, input.lines)
  // The provider of the buyer's accepted freight order for these goods carries them: it sees the shipment and reports.
  const carrier = carrierName !== null ? { companyId, name: carrierName } : await freightProviderOf(tx, orderIds)
  const packages: ShipmentPackage[] = input.packages.map((item) => ({ ...item }))
  const origin = locatePlace(input.origin.name, input.origin.country)
  const destination = locatePlace(input.destination.name, input.destination.country)
  const [shipment] = await tx
    .insert(shipments)
    .values({
      id: shipmentId,
      number,
      shipperCompanyId: supplierCompanyId,
      buyerCompanyId: orders.buyerCompanyId,
      carrierCompanyId: carrier && carrier.companyId !== supplierCompanyId ? carrier.companyId : null,
      carrierCompanyName: carrier && carrier.companyId !== supplierCompanyId ? carrier.name : '',
      shipperName: orders.supplierName,
      buyerName: orders.buyerName,
      status: 'booked',
      mode: input.mode,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      billOfLading: input.billOfLading,
      airWaybill: input.airWaybill,
      containerNumbers: input.containerNumbers.map((container) => container.toUpperCase()),
      originName: input.origin.name,
      originCountry: input.origin.country,
      originLat: origin?.lat ?? null,
      originLon: origin?.lon ?? null,
      destinationName: input.destination.name,
      destinationCountry: input.destination.country,
      destinationLat: destination?.lat ?? null,
      destinationLon: destination?.lon ?? null,
      etd: input.etd,
      eta: input.eta,
      firstEta: input.eta,
      incoterm: orders.incoterm,
      incotermPlace: orders.incotermPlace,
      packages,
      ...packageTotals(packages),
      notes: input.notes,
      attachmentFileIds: input.attachmentFileIds,
      lastLocation: input.origin.name,
      lastLat: origin?.lat ?? null,
      lastLon: origin?.lon ?? null,
      lastEventAt: now,
      createdBy: ctx.actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  await tx.insert(shipmentLines).values(
    orders.lines.map((line, position) => ({
      id: randomUUID(),
      shipmentId,
      position,
      orderId: line.orderId,
      orderNumber: line.orderNumber,
      orderLineId: line.orderLineId,
      productId: line.productId,
      sku: line.sku,
      description: line.description,
      unit: line.unit,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      currency: line.currency,
    })),
  )
  const booked = { occurredAt: now, status: 'booked' as const, location: input.origin.name, description: '' }
  await tx.insert(trackingEvents).values({
    id: randomUUID(),
    shipmentId,
    ...booked,
    country: input.origin.country,
    lat: origin?.lat ?? null,
    lon: origin?.lon ?? null,
    source: 'system',
    dedupeKey: dedupeKey(booked),
    createdBy: ctx.actor.userId,
  })
  await tx.insert(shipmentEtaChanges).values({ id: randomUUID(), shipmentId, previousEta: null, eta: input.eta, source: 'system', createdBy: ctx.actor.userId })
  // The orders told the buyer (purchase_order.ship names the shipment); the shipment's own event refreshes open pages.
  return [...orders.events, await recordShipmentEvent(tx, shipment!, 'booked', [])]
}
