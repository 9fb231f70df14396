import { beforeAll, describe, expect, it } from 'vitest'
import { createOrderParties, orderRequest } from '../../tests/factories/orders'
import { shipOrder } from '../../db/factories/shipments'
import { BookShipmentInput, ReceiveShipmentInput, TrackingEventInput } from '../modules/logistics/index'
import {
  addTrackingEvent,
  bookShipment,
  getShipment,
  incomingToWarehouse,
  listShipments,
  openShipmentAttachment,
  shipmentCounterparts,
} from '../modules/logistics/index.server'
import { uploadFile } from '../modules/kernel/index.server'
import { CreatePurchaseOrderInput } from '../modules/orders/index'
import { createPurchaseOrder, getPurchaseOrder, shippableOrderLines, transitionPurchaseOrder } from '../modules/orders/index.server'
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

/** A 1 × 1 PNG: a photo as the upload checks see one. */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'))

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
    // A photo must be one of the buyer's own files.
    const supplierFile = await uploadFile(parties.supplier.ctx, { purpose: 'attachment', name: 'theirs.png', bytes: PNG })
    await expect(
      receiveShipment(
        parties.buyer.ctx,
        id,
        ReceiveShipmentInput.parse({ warehouseId: warehouse.id, version: shipment.version, lines, photoFileIds: [supplierFile.id] }),
      ),
    ).rejects.toMatchObject({ code: 'validation_failed', details: { fields: { 'photoFileIds.0': ['validation.attachment'] } } })
    const photo = await uploadFile(parties.buyer.ctx, { purpose: 'attachment', name: 'crushed-carton.png', bytes: PNG })
    await receiveShipment(
      parties.buyer.ctx,
      id,
      ReceiveShipmentInput.parse({ warehouseId: warehouse.id, version: shipment.version, lines, photoFileIds: [photo.id] }),
      { idempotencyKey: `receipt-${id}` },
    )
    // The supplier sees the buyer's photo of the goods as they arrived.
    expect((await getShipment(parties.supplier.ctx, id)).receiptPhotos.map((file) => file.name)).toEqual(['crushed-carton.png'])
    expect((await openShipmentAttachment(parties.supplier.ctx, id, photo.id)).contentType).toBe('image/png')
    // A retry with the same key changes nothing.
    expect(
      (
        await receiveShipment(
          parties.buyer.ctx,
          id,
          ReceiveShipmentInput.parse({ warehouseId: warehouse.id, version: shipment.version, lines, photoFileIds: [photo.id] }),
          { idempotencyKey: `receipt-${id}` },
        )
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

/** A verified logistics provider, its owner acting. */
async function logisticsProvider() {
  const provider = await createMember({ role: 'owner', companyInput: { kind: 'service_provider', verificationStatus: 'accept' } })
  await database()
    .update(companyProfiles)
    .set({ services: ['logistics'] })
    .where(eq(companyProfiles.organizationId, provider.company.id))
  return { provider, providerCtx: contextOf(provider.user.id, provider.company.id) }
}

/** The buyer's freight order for the goods of `orderId`, accepted by the provider. */
async function acceptedFreight(providerCtx: ReturnType<typeof contextOf>, providerId: string, orderId: string, scope: string) {
  const freight = await createServiceOrder(
    parties.buyer.ctx,
    CreateServiceOrderInput.parse({ serviceType: 'logistics', providerCompanyId: providerId, scope, linkedPurchaseOrderId: orderId }),
  )
  await transitionServiceOrder(providerCtx, freight.id, ServiceOrderTransitionInput.parse({ action: 'accept', version: freight.version }))
}

describe('the carrier of a shipment', () => {
  it('is the provider of the accepted logistics order linked to the goods: it sees the shipment and reports, the buyer still cannot', async () => {
    const { provider, providerCtx } = await logisticsProvider()
    const order = await confirmedOrder()
    await acceptedFreight(providerCtx, provider.company.id, order.id, 'Sea freight Ningbo to Rotterdam')
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

  it('may book the shipment itself for the supplier: the supplier ships, the provider carries, and outsiders cannot', async () => {
    const { provider, providerCtx } = await logisticsProvider()
    const order = await confirmedOrder()
    const line = order.lines[0]!
    // Before the freight order is accepted the provider has no business with the order: it sees nothing to ship.
    expect((await shippableOrderLines(providerCtx)).map((open) => open.orderId)).not.toContain(order.id)
    await expect(bookShipment(providerCtx, booking([{ orderId: order.id, orderLineId: line.id, quantity: 1 }]))).rejects.toMatchObject({ code: 'not_found' })
    await acceptedFreight(providerCtx, provider.company.id, order.id, 'Air freight Shenzhen to Hamburg')
    const open = (await shippableOrderLines(providerCtx)).filter((row) => row.orderId === order.id)
    expect(open.map((row) => row.orderLineId)).toEqual(order.lines.map((orderLine) => orderLine.id))
    expect(open[0]).toMatchObject({ supplierCompanyId: parties.supplier.company.id, remaining: line.quantity })

    // The provider attaches its own papers; every party opens them under the shipment.
    const packingList = await uploadFile(providerCtx, { purpose: 'attachment', name: 'packing-list.pdf', bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n') })
    const id = await bookShipment(providerCtx, { ...booking([{ orderId: order.id, orderLineId: line.id, quantity: 3 }]), attachmentFileIds: [packingList.id] })
    const seen = await getShipment(providerCtx, id)
    expect((await getShipment(parties.buyer.ctx, id)).attachments.map((file) => file.name)).toEqual(['packing-list.pdf'])
    for (const reader of [parties.buyer.ctx, parties.supplier.ctx, providerCtx])
      expect((await openShipmentAttachment(reader, id, packingList.id)).name).toBe('packing-list.pdf')
    const stranger = await createMember({ role: 'owner' })
    await expect(openShipmentAttachment(contextOf(stranger.user.id, stranger.company.id), id, packingList.id)).rejects.toMatchObject({ code: 'not_found' })
    // The provider filters its shipments by the companies it ships with.
    expect((await shipmentCounterparts(providerCtx)).map((company) => company.companyId).sort()).toEqual(
      [parties.buyer.company.id, parties.supplier.company.id].sort(),
    )
    expect(seen).toMatchObject({ role: 'carrier', shipperCompanyId: parties.supplier.company.id, buyerCompanyId: parties.buyer.company.id })
    expect(seen.carrierCompanyName).not.toBe('')
    expect(seen.number).toMatch(/^SH-/)
    // The supplier sees its own shipment, the order moved, and the supplier was told who shipped its goods.
    expect((await getShipment(parties.supplier.ctx, id)).role).toBe('shipper')
    const after = await getPurchaseOrder(parties.supplier.ctx, order.id)
    expect(after.status).toBe('shipped')
    expect(after.lines[0]!.shippedQuantity).toBe(3)
    const told = await database()
      .select({ params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.organizationId, parties.supplier.company.id), eq(notifications.kind, 'purchase_order.ship')))
    expect(told.map((notice) => (notice.params as Record<string, string>).company)).toContain(seen.carrierCompanyName)

    // A provider never ships more than is open, nor orders it does not carry.
    await expect(bookShipment(providerCtx, booking([{ orderId: order.id, orderLineId: line.id, quantity: line.quantity }]))).rejects.toMatchObject({
      code: 'validation_failed',
    })
    const other = await confirmedOrder()
    await expect(bookShipment(providerCtx, booking([{ orderId: other.id, orderLineId: other.lines[0]!.id, quantity: 1 }]))).rejects.toMatchObject({
      code: 'not_found',
    })
  })
})
