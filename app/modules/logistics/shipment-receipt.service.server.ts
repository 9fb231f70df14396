// The buyer's receipt of a shipment, the logistics half (the receive-shipment workflow adds the orders' and the
// stock's halves in the same transaction): what arrived per line, good and damaged (short is the rest), the shipment
// marked received (and delivered, if the carrier never said so), the shipper told.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import type { OutboxEventId } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import { checkAttachments } from '../kernel/index.server'
import type { Notice } from '../companies/index.server'
import { requireVersion } from '../../platform/versioning'
import { shipmentLines, shipments, trackingEvents } from './logistics.tables.server'
import type { ReceiveShipmentInput } from './shipment.inputs'
import { dedupeKey } from './tracking-dedupe'
import { fieldError, lockShipment, notifyParties, recordShipmentEvent, type ShipmentRow } from './shipment-writes.server'

/** A received line, as the orders and the stock need it. */
export type ReceivedLine = {
  lineId: string
  orderId: string
  orderLineId: string
  productId: string | null
  sku: string
  description: string
  unit: string
  shipped: number
  received: number
  damaged: number
  short: number
  unitPrice: string
  currency: string
  note: string
}

export type ShipmentReceipt = {
  shipment: { id: string; number: string }
  lines: ReceivedLine[]
  /** Orders of this shipment all of whose shipments are now received. */
  settledOrderIds: Set<string>
  events: OutboxEventId[]
}

/** Checks the receipt against what was shipped: every line once, never more than shipped without a reason. */
export function receiptLines(
  lines: ReadonlyArray<typeof shipmentLines.$inferSelect>,
  input: Pick<ReceiveShipmentInput, 'lines' | 'overDeliveryReason'>,
): ReceivedLine[] {
  const fields: Record<string, string[]> = {}
  const given = new Map<string, ReceiveShipmentInput['lines'][number]>()
  input.lines.forEach((line, index) => {
    if (given.has(line.lineId) || !lines.some((known) => known.id === line.lineId)) fields[`lines.${index}.lineId`] = ['validation.line']
    given.set(line.lineId, line)
  })
  const received = lines.map((line, index) => {
    const entry = given.get(line.id)
    if (!entry) fields[`lines.${index}.received`] = ['validation.receiptMissing']
    const good = entry?.received ?? 0
    const damaged = entry?.damaged ?? 0
    if (good + damaged > line.quantity && !input.overDeliveryReason) fields[`lines.${index}.received`] = ['validation.overReceived']
    return {
      lineId: line.id,
      orderId: line.orderId,
      orderLineId: line.orderLineId,
      productId: line.productId,
      sku: line.sku,
      description: line.description,
      unit: line.unit,
      shipped: line.quantity,
      received: good,
      damaged,
      short: Math.max(0, line.quantity - good - damaged),
      unitPrice: line.unitPrice,
      currency: line.currency,
      note: entry?.note ?? '',
    }
  })
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  return received
}

/** Records the buyer's receipt on the locked shipment, in the caller's transaction. */
export async function recordShipmentReceipt(tx: Transaction, ctx: ServiceContext, shipmentId: string, input: ReceiveShipmentInput): Promise<ShipmentReceipt> {
  requireCompany(ctx.actor)
  const { shipment, role } = await lockShipment(tx, ctx.actor.companyId, shipmentId)
  if (role !== 'buyer') throw new AppError('forbidden', 'Only the buyer receives a shipment')
  requireVersion('shipment', shipment.version, input.version)
  if (shipment.receivedAt) throw new AppError('invalid_transition', 'The shipment has been received already', { status: shipment.status })
  const stored = await tx.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, shipment.id)).orderBy(shipmentLines.position)
  const lines = receiptLines(stored, input)
  await checkAttachments(ctx.actor.companyId, input.photoFileIds, tx, 'photoFileIds')
  for (const line of lines)
    await tx
      .update(shipmentLines)
      .set({ receivedQuantity: line.received, damagedQuantity: line.damaged, receiptNote: line.note })
      .where(eq(shipmentLines.id, line.lineId))
  const now = new Date()
  const patch: Partial<typeof shipments.$inferInsert> = {
    receivedAt: now,
    destinationWarehouseId: input.warehouseId,
    receiptPhotoFileIds: input.photoFileIds,
    version: shipment.version + 1,
    updatedAt: now,
  }
  const notices: Notice[] = []
  if (shipment.status !== 'delivered') {
    // The goods are here whatever the carrier last said: the receipt closes the journey.
    Object.assign(patch, {
      status: 'delivered',
      statusReason: '',
      deliveredAt: now,
      lastEventAt: now,
      lastLocation: shipment.destinationName,
      lastLat: shipment.destinationLat,
      lastLon: shipment.destinationLon,
    })
    const event = { occurredAt: now, status: 'delivered' as const, location: shipment.destinationName, description: '' }
    await tx.insert(trackingEvents).values({
      id: randomUUID(),
      shipmentId: shipment.id,
      ...event,
      country: shipment.destinationCountry,
      lat: shipment.destinationLat,
      lon: shipment.destinationLon,
      source: 'system',
      dedupeKey: dedupeKey(event),
      createdBy: ctx.actor.userId,
    })
  }
  await tx.update(shipments).set(patch).where(eq(shipments.id, shipment.id))
  const after = { ...shipment, ...patch } as ShipmentRow
  await notifyParties(tx, after, { companyId: ctx.actor.companyId, userId: ctx.actor.userId }, 'received', { company: shipment.buyerName }, notices)
  const orderIds = [...new Set(lines.map((line) => line.orderId))]
  const settledOrderIds = await settledOrders(tx, orderIds, shipment.id)
  return { shipment: { id: shipment.id, number: shipment.number }, lines, settledOrderIds, events: [await recordShipmentEvent(tx, after, 'received', notices)] }
}

/** Of `orderIds`, those with no shipment still to receive other than `receiving`. */
async function settledOrders(tx: Transaction, orderIds: string[], receiving: string): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set()
  const open = await tx
    .selectDistinct({ orderId: shipmentLines.orderId })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(and(inArray(shipmentLines.orderId, orderIds), ne(shipments.id, receiving), isNull(shipments.receivedAt)))
  const unsettled = new Set(open.map((row) => row.orderId))
  return new Set(orderIds.filter((id) => !unsettled.has(id)))
}

/** The buyer names the warehouse the goods are expected in (checked to be theirs by the caller); null clears it. */
export async function setShipmentWarehouse(ctx: ServiceContext, shipmentId: string, warehouseId: string | null): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const { shipment, role } = await lockShipment(tx, companyId, shipmentId)
    if (role !== 'buyer') throw new AppError('forbidden', 'Only the buyer chooses the receiving warehouse')
    if (shipment.receivedAt) throw new AppError('invalid_transition', 'The shipment has been received already', { status: shipment.status })
    await tx.update(shipments).set({ destinationWarehouseId: warehouseId, updatedAt: new Date() }).where(eq(shipments.id, shipment.id))
  })
}
