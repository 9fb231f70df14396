import { beforeAll, describe, expect, it } from 'vitest'
import { createOrderParties, orderRequest } from '../../tests/factories/orders'
import { shipOrder } from '../../db/factories/shipments'
import { BookShipmentInput, ReceiveShipmentInput, TrackingEventInput } from '../modules/logistics/index'
import { addTrackingEvent, bookShipment, getShipment, incomingToWarehouse, listShipments } from '../modules/logistics/index.server'
import { CreatePurchaseOrderInput } from '../modules/orders/index'
import { createPurchaseOrder, getPurchaseOrder, transitionPurchaseOrder } from '../modules/orders/index.server'
import { createWarehouse, listStockLevels } from '../modules/inventory/index.server'
import { WarehouseInput, StockLevelQuery } from '../modules/inventory/index'
import { chooseShipmentWarehouse, receiveShipment } from './receive-shipment.server'
import { and, eq, sql } from 'drizzle-orm'
import { notifications } from '../modules/kernel/kernel.tables.server'
import { createMember } from '../../db/factories/companies'
import { contextOf } from '../../db/factories/context'
import { companyProfiles } from '../modules/companies/companies.tables.server'
import { CreateServiceOrderInput, ServiceOrderTransitionInput } from '../modules/orders/index'
import { createServiceOrder, transitionServiceOrder } from '../modules/orders/index.server'
import { database } from '../platform/db/index.server'

let parties: Awaited<ReturnType<typeof createOrderParties>>

beforeAll(async () => {
  parties = await createOrderParties()
})

/** A placed and confirmed order of the buyer. */
async function confirmedOrder() {
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
  await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
  return getPurchaseOrder(parties.supplier.ctx, order.id)
}

const booking = (lines: Array<{ orderId: string; orderLineId: string; quantity: number }>) =>
  BookShipmentInput.parse({
    lines,
    mode: 'sea_fcl',
    carrier: 'COSCO Shipping',
    trackingNumber: `COSU${Date.now()}`,
    origin: { name: 'Ningbo', country: 'CN' },
    destination: { name: 'Rotterdam', country: 'NL' },
    etd: '2026-12-01',
    eta: '2027-01-10',
  })

describe('shipments from orders to the warehouse', () => {
  it('books one shipment from two orders with partial lines; the orders follow; both parties see one timeline', async () => {
    const first = await confirmedOrder()
    const second = await confirmedOrder()
    const id = await bookShipment(
      parties.supplier.ctx,
      booking([
        { orderId: first.id, orderLineId: first.lines[0]!.id, quantity: 50 },
        { orderId: second.id, orderLineId: second.lines[1]!.id, quantity: 40 },
      ]),
    )
    const [afterFirst, afterSecond] = await Promise.all([getPurchaseOrder(parties.buyer.ctx, first.id), getPurchaseOrder(parties.buyer.ctx, second.id)])
    expect(afterFirst.status).toBe('shipped')
    expect(afterFirst.lines.map((line) => line.shippedQuantity)).toEqual([50, 0, 0])
    expect(afterSecond.lines.map((line) => line.shippedQuantity)).toEqual([0, 40, 0])
    const shipment = await getShipment(parties.buyer.ctx, id)
    expect(shipment).toMatchObject({ status: 'booked', role: 'buyer', incoterm: 'FOB', orderNumbers: [first.number, second.number].sort() })
    expect(shipment.origin.lat).not.toBeNull()
    // More than is left on a line is refused, and nothing is booked.
    await expect(bookShipment(parties.supplier.ctx, booking([{ orderId: first.id, orderLineId: first.lines[0]!.id, quantity: 71 }]))).rejects.toMatchObject({
      code: 'validation_failed',
    })
    expect((await getPurchaseOrder(parties.buyer.ctx, first.id)).lines[0]!.shippedQuantity).toBe(50)
    // A third company sees nothing.
    await expect(getShipment(parties.stranger.ctx, id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await listShipments(parties.stranger.ctx, { delayed: false, limit: 25, offset: 0 })).total).toBe(0)
  })

  it('stores a tracking event once, moves the status forward only, and keeps the buyer out of reporting', async () => {
    const order = await confirmedOrder()
    const id = await shipOrder(parties.supplier.ctx, order.id, { [order.lines[0]!.id]: 10 })
    const event = TrackingEventInput.parse({
      occurredAt: '2026-12-02T08:00',
      utcOffsetMinutes: 480,
      status: 'in_transit',
      location: 'Ningbo',
      description: 'Departed',
    })
    expect(await addTrackingEvent(parties.supplier.ctx, id, event)).toEqual({ stored: true })
    expect(await addTrackingEvent(parties.supplier.ctx, id, event)).toEqual({ stored: false })
    const older = TrackingEventInput.parse({ occurredAt: '2026-12-01T08:00', status: 'picked_up', location: 'Yiwu', description: 'Picked up' })
    await addTrackingEvent(parties.supplier.ctx, id, older)
    const shipment = await getShipment(parties.buyer.ctx, id)
    expect(shipment.status).toBe('in_transit')
    expect(shipment.events.filter((entry) => entry.source === 'manual')).toHaveLength(2)
    // 08:00 at UTC+8 is midnight UTC.
    expect(shipment.events.find((entry) => entry.status === 'in_transit')!.occurredAt.toISOString()).toBe('2026-12-02T00:00:00.000Z')
    await expect(addTrackingEvent(parties.buyer.ctx, id, event)).rejects.toMatchObject({ code: 'forbidden' })
    await expect(addTrackingEvent(parties.stranger.ctx, id, event)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('receives a shipment with one damaged unit into a warehouse: stock, order and shipment agree', async () => {
    const order = await confirmedOrder()
    const [lamp, shade, box] = order.lines
    const all = { [lamp!.id]: 120, [shade!.id]: 40, [box!.id]: 160 }
    const id = await shipOrder(parties.supplier.ctx, order.id, all)
    const warehouse = await createWarehouse(parties.buyer.ctx, WarehouseInput.parse({ code: `RTM-${Date.now()}`, name: 'Rotterdam DC' }))
    await chooseShipmentWarehouse(parties.buyer.ctx, id, warehouse.id)
    expect((await incomingToWarehouse(parties.buyer.ctx, warehouse.id)).map((item) => item.quantity).sort((a, b) => a - b)).toEqual([40, 120, 160])
    const shipment = await getShipment(parties.buyer.ctx, id)
    const lines = shipment.lines.map((line) => ({
      lineId: line.id,
      received: line.quantity - (line.orderLineId === lamp!.id ? 1 : 0),
      damaged: line.orderLineId === lamp!.id ? 1 : 0,
    }))
    // Receiving more than was shipped needs a reason.
    await expect(
      receiveShipment(
        parties.buyer.ctx,
        id,
        ReceiveShipmentInput.parse({
          warehouseId: warehouse.id,
          version: shipment.version,
          lines: lines.map((line) => ({ ...line, received: line.received + 5 })),
        }),
      ),
    ).rejects.toMatchObject({ code: 'validation_failed' })
    await receiveShipment(parties.buyer.ctx, id, ReceiveShipmentInput.parse({ warehouseId: warehouse.id, version: shipment.version, lines }), {
      idempotencyKey: `receipt-${id}`,
    })
    // A retry with the same key changes nothing.
    expect(
      (
        await receiveShipment(parties.buyer.ctx, id, ReceiveShipmentInput.parse({ warehouseId: warehouse.id, version: shipment.version, lines }), {
          idempotencyKey: `receipt-${id}`,
        })
      ).replayed,
    ).toBe(true)
    const received = await getShipment(parties.buyer.ctx, id)
    expect(received.status).toBe('delivered')
    expect(received.receivedAt).not.toBeNull()
    const after = await getPurchaseOrder(parties.buyer.ctx, order.id)
    expect(after.status).toBe('delivered')
    expect(after.lines.map((line) => line.receivedQuantity)).toEqual([119, 40, 160])
    const stock = await listStockLevels(parties.buyer.ctx, warehouse.id, StockLevelQuery.parse({}))
    expect(stock.items.map((level) => level.onHand).sort((a, b) => a - b)).toEqual([40, 119, 160])
    expect(await incomingToWarehouse(parties.buyer.ctx, warehouse.id)).toEqual([])
    await expect(
      receiveShipment(parties.buyer.ctx, id, ReceiveShipmentInput.parse({ warehouseId: warehouse.id, version: received.version, lines })),
    ).rejects.toMatchObject({ code: 'invalid_transition' })
  })
})

describe('alerts', () => {
  it('tells both sides once when the ETA slips past the threshold, and lines the order timeline', async () => {
    const order = await confirmedOrder()
    const id = await shipOrder(parties.supplier.ctx, order.id, { [order.lines[0]!.id]: 5 }, { etd: '2026-12-01', eta: '2026-12-20' })
    const slip = (eta: string, description: string) =>
      addTrackingEvent(parties.supplier.ctx, id, TrackingEventInput.parse({ occurredAt: '2026-12-03T10:00', description, location: 'Busan', eta }))
    await slip('2026-12-21', 'Roll-over to the next vessel')
    await slip('2026-12-27', 'Port congestion at Busan')
    await slip('2026-12-27', 'Still congested')
    const buyerNotices = await database()
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, parties.buyer.user.id),
          eq(notifications.kind, 'shipment.eta_slipped'),
          sql`${notifications.params}->>'number' = ${(await getShipment(parties.buyer.ctx, id)).number}`,
        ),
      )
    expect(buyerNotices).toHaveLength(1)
    const shipment = await getShipment(parties.buyer.ctx, id)
    expect(shipment.etaChanges.map((change) => change.eta)).toEqual(['2026-12-20', '2026-12-21', '2026-12-27'])
    expect((await getPurchaseOrder(parties.buyer.ctx, order.id)).events.map((event) => event.type)).toContain('shipment_delayed')
  })
})

describe('the carrier of a shipment', () => {
  it('is the provider of the accepted logistics order linked to the goods: it sees the shipment and reports, the buyer still cannot', async () => {
    const provider = await createMember({ role: 'owner', companyInput: { kind: 'service_provider', verificationStatus: 'accept' } })
    await database()
      .update(companyProfiles)
      .set({ services: ['logistics'] })
      .where(eq(companyProfiles.organizationId, provider.company.id))
    const providerCtx = contextOf(provider.user.id, provider.company.id)
    const order = await confirmedOrder()
    const freight = await createServiceOrder(
      parties.buyer.ctx,
      CreateServiceOrderInput.parse({
        serviceType: 'logistics',
        providerCompanyId: provider.company.id,
        scope: 'Sea freight Ningbo to Rotterdam',
        linkedPurchaseOrderId: order.id,
      }),
    )
    await transitionServiceOrder(providerCtx, freight.id, ServiceOrderTransitionInput.parse({ action: 'accept', version: freight.version }))
    const id = await shipOrder(parties.supplier.ctx, order.id, { [order.lines[0]!.id]: 5 })
    const seen = await getShipment(providerCtx, id)
    expect(seen).toMatchObject({ role: 'carrier', actions: { track: true, receive: false } })
    expect((await listShipments(providerCtx, { role: 'carrier', delayed: false, limit: 25, offset: 0 })).items.map((item) => item.id)).toContain(id)
    const event = TrackingEventInput.parse({
      occurredAt: '2026-12-02T08:00',
      status: 'picked_up',
      location: 'Ningbo',
      description: 'Container picked up at the factory',
    })
    expect(await addTrackingEvent(providerCtx, id, event)).toEqual({ stored: true })
    expect((await getShipment(parties.buyer.ctx, id)).status).toBe('picked_up')
  })
})
