// Receiving a shipment spans three modules in one transaction: logistics records what arrived per line and closes
// the journey, orders moves the received quantities (and delivers an order whose shipments are all in), and
// inventory posts the good units into the buyer's chosen warehouse. Nothing is half-written: any refusal rolls back all.
import type { ServiceContext } from '../platform/actor'
import { database } from '../platform/db/index.server'
import { AppError } from '../platform/errors'
import { claimIdempotencyKey, fingerprintOf, type IdempotencyOption } from '../platform/idempotency/idempotency.server'
import { type OutboxEventId, relayEvents } from '../platform/outbox/outbox.server'
import { requireCompany } from '../modules/companies/index'
import { postReceipt, warehouseOptions } from '../modules/inventory/index.server'
import type { ReceiveShipmentInput } from '../modules/logistics/index'
import { getShipment, recordShipmentReceipt, setShipmentWarehouse, type ShipmentReceipt } from '../modules/logistics/index.server'
import { receiveOrderLines } from '../modules/orders/index.server'

/**
 * The buyer's receipt: per line, good and damaged units (short is the rest) into one of their warehouses. A retry with
 * the same Idempotency-Key answers as the first receipt did (`replayed`), without receiving twice.
 */
export async function receiveShipment(
  ctx: ServiceContext,
  shipmentId: string,
  input: ReceiveShipmentInput,
  options: IdempotencyOption = {},
): Promise<{ receipt: ShipmentReceipt | null; replayed: boolean }> {
  requireCompany(ctx.actor)
  const events: OutboxEventId[] = []
  const receipt = await database().transaction(async (tx) => {
    if (options.idempotencyKey) {
      const earlier = await claimIdempotencyKey(tx, {
        scope: `shipment-receipt:${ctx.actor.companyId}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf({ shipmentId, input }),
        resourceId: shipmentId,
      })
      if (earlier) return null
    }
    const received = await recordShipmentReceipt(tx, ctx, shipmentId, input)
    const goodLines = received.lines.filter((line) => line.received > 0)
    events.push(
      ...received.events,
      ...(await receiveOrderLines(
        tx,
        ctx,
        received.shipment,
        goodLines.map((line) => ({ orderId: line.orderId, orderLineId: line.orderLineId, quantity: line.received })),
        received.settledOrderIds,
      )),
    )
    if (goodLines.length > 0)
      await postReceipt(tx, ctx, {
        warehouseId: input.warehouseId,
        reference: { type: 'shipment', id: received.shipment.id, label: received.shipment.number },
        lines: goodLines.map((line) => ({
          productId: line.productId,
          sku: line.sku,
          description: line.description,
          unit: line.unit,
          quantity: line.received,
          unitCost: line.unitPrice,
          currency: line.currency,
          note: line.note,
        })),
      })
    return received
  })
  await relayEvents(events)
  return { receipt, replayed: receipt === null }
}

/** The buyer names the warehouse a shipment's goods are expected in: one of their own, not archived (null clears it). */
export async function chooseShipmentWarehouse(ctx: ServiceContext, shipmentId: string, warehouseId: string | null): Promise<void> {
  requireCompany(ctx.actor)
  // Another company's shipment is not found before anything is said about the warehouse.
  await getShipment(ctx, shipmentId)
  if (warehouseId !== null && !(await warehouseOptions(ctx)).some((warehouse) => warehouse.id === warehouseId))
    throw new AppError('validation_failed', 'Validation failed', { fields: { warehouseId: ['validation.warehouse'] } })
  await setShipmentWarehouse(ctx, shipmentId, warehouseId)
}
