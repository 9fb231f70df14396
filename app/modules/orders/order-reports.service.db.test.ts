import { beforeAll, describe, expect, it } from 'vitest'
import { contextOf } from '../../../db/factories/context'
import { createOrderParties, createShippingAddress, orderRequest } from '../../../tests/factories/orders'
import { shipOrder } from '../../../db/factories/shipments'
import { createMember } from '../../../db/factories/companies'
import { CreatePurchaseOrderInput } from './purchase-order.inputs'
import { transitionPurchaseOrder } from './purchase-order-lifecycle.service.server'
import { createPurchaseOrder } from './purchase-order-placement.service.server'
import { getPurchaseOrder, orderCounterparts } from './purchase-order-reads.service.server'
import { exportOrdersCsv, listCustomers, listOpenOrderLines, setCustomerNote } from './order-reports.service.server'

let parties: Awaited<ReturnType<typeof createOrderParties>>

beforeAll(async () => {
  parties = await createOrderParties()
})

type Ctx = typeof parties.buyer.ctx
const order = (ctx: Ctx, overrides: Record<string, unknown> = {}, shipTo?: string) =>
  createPurchaseOrder(ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, ...(shipTo ? { shipToAddressId: shipTo } : {}), ...overrides })))

async function step(ctx: Ctx, id: string, action: string, extra: Record<string, unknown> = {}) {
  const { version } = await getPurchaseOrder(ctx, id)
  return transitionPurchaseOrder(ctx, id, { action: action as never, version, reason: '', ...extra })
}

/** A second buyer company ordering from the same supplier. */
async function secondBuyer(name: string) {
  const member = await createMember({ role: 'owner', companyInput: { kind: 'buyer', name } })
  const ctx = contextOf(member.user.id, member.company.id)
  return { ...member, ctx, shipTo: await createShippingAddress(member.company.id) }
}

describe('order reports', () => {
  it('lists the supplier’s open lines of confirmed orders, earliest delivery first, without shipped-in-full lines', async () => {
    const later = await order(parties.buyer.ctx, { requestedDeliveryDate: '2027-06-01' })
    const sooner = await order(parties.buyer.ctx, { requestedDeliveryDate: '2027-02-01' })
    const undated = await order(parties.buyer.ctx, { requestedDeliveryDate: '' })
    const placedOnly = await order(parties.buyer.ctx)
    for (const id of [later.id, sooner.id, undated.id]) await step(parties.supplier.ctx, id, 'confirm')
    await shipOrder(parties.supplier.ctx, sooner.id, { [sooner.lines[0]!.id]: 120, [sooner.lines[1]!.id]: 10 })

    const page = await listOpenOrderLines(parties.supplier.ctx, { limit: 100, offset: 0 })
    expect(page.total).toBe(8)
    expect(page.items.map((line) => line.orderId)).not.toContain(placedOnly.id)
    expect(page.items.map((line) => [line.orderNumber, line.requestedDeliveryDate])).toEqual([
      [sooner.number, '2027-02-01'],
      [sooner.number, '2027-02-01'],
      ...[0, 1, 2].map(() => [later.number, '2027-06-01']),
      ...[0, 1, 2].map(() => [undated.number, null]),
    ])
    expect(page.items[0]).toMatchObject({
      sku: sooner.lines[1]!.sku,
      quantity: 40,
      shipped: 10,
      remaining: 30,
      orderStatus: 'shipped',
      buyerId: parties.buyer.company.id,
    })

    expect((await listOpenOrderLines(parties.supplier.ctx, { q: 'gift box', limit: 100, offset: 0 })).total).toBe(3)
    expect((await listOpenOrderLines(parties.supplier.ctx, { q: later.number, limit: 2, offset: 0 })).items).toHaveLength(2)
    expect((await listOpenOrderLines(parties.buyer.ctx, { limit: 100, offset: 0 })).total).toBe(0)
    expect((await listOpenOrderLines(parties.stranger.ctx, { limit: 100, offset: 0 })).total).toBe(0)
  })

  it('lists customers with order counts, volume per currency summed exactly, and the private note', async () => {
    const other = await secondBuyer('另一家买家有限公司')
    await order(other.ctx, {}, other.shipTo.id)
    const cancelled = await order(other.ctx, {}, other.shipTo.id)
    await step(other.ctx, cancelled.id, 'cancel', { reason: 'Duplicate' })
    await createPurchaseOrder(other.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { shipToAddressId: other.shipTo.id })))

    const page = await listCustomers(parties.supplier.ctx, { limit: 25, offset: 0 })
    expect(page.total).toBe(2)
    const [first, second] = page.items
    expect(first).toMatchObject({
      id: other.company.id,
      name: '另一家买家有限公司',
      orderCount: 2,
      volume: [{ currency: 'USD', total: '1611.2000' }],
      note: '',
    })
    expect(second).toMatchObject({ id: parties.buyer.company.id, orderCount: 4 })
    expect(second!.volume).toEqual([{ currency: 'USD', total: '6444.8000' }])
    expect((await listCustomers(parties.supplier.ctx, { q: '另一家', limit: 25, offset: 0 })).items.map((item) => item.id)).toEqual([other.company.id])
    expect((await listCustomers(parties.stranger.ctx, { limit: 25, offset: 0 })).total).toBe(0)

    await setCustomerNote(parties.supplier.ctx, other.company.id, 'Asks for samples first')
    await setCustomerNote(parties.supplier.ctx, other.company.id, 'Pays by L/C')
    expect((await listCustomers(parties.supplier.ctx, { limit: 1, offset: 0 })).items[0]?.note).toBe('Pays by L/C')
    await expect(setCustomerNote(parties.supplier.ctx, parties.stranger.company.id, 'x')).rejects.toMatchObject({ code: 'not_found' })
    await expect(setCustomerNote(parties.stranger.ctx, other.company.id, 'x')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('exports CSV safe for spreadsheets and lists counterparts once each', async () => {
    const named = await secondBuyer('=HYPERLINK("http://evil.test"), "Co"')
    await order(named.ctx, {}, named.shipTo.id)
    const csv = await exportOrdersCsv(parties.supplier.ctx, { side: 'supplier', counterpart: named.company.id })
    expect(csv.startsWith('\uFEFFnumber,side,status,counterpart,')).toBe(true)
    expect(csv.split('\r\n')[1]).toMatch(/^PO-\d{4}-\d{5},supplier,placed,"'=HYPERLINK\(""http:\/\/evil\.test""\), ""Co""",USD,1611\.2000,3,2027-03-01,/)
    const counterparts = await orderCounterparts(parties.supplier.ctx)
    const ids = counterparts.map((company) => company.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(expect.arrayContaining([parties.buyer.company.id, named.company.id]))
    expect(await orderCounterparts(parties.buyer.ctx)).toEqual([{ id: parties.supplier.company.id, name: expect.any(String) }])
  })
})
