import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { database } from '../../platform/db/index.server'
import { CreatePurchaseOrderInput } from './index'
import { createPurchaseOrder, listPurchaseOrders, orderCounterparts } from './index.server'
import { purchaseOrders } from './orders.tables.server'

describe('the order list of a company that both buys and supplies', () => {
  it('merges both sides newest first, pages through every order once, leaves out drafts it supplies and counts exactly', async () => {
    const parties = await createOrderParties()
    const { stranger, buyer } = parties
    const template = await createPurchaseOrder(buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties)))
    const [row] = await database().select().from(purchaseOrders).where(eq(purchaseOrders.id, template.id))
    const start = Date.UTC(2026, 0, 1)
    // The stranger buys at even minutes and supplies at odd ones; one draft made out to it stays the buyer's alone.
    const orders = Array.from({ length: 9 }, (_, index) => {
      const buys = index % 2 === 0
      return {
        ...row!,
        id: randomUUID(),
        number: `PO-LIST-${index}`,
        buyerCompanyId: buys ? stranger.company.id : buyer.company.id,
        supplierCompanyId: buys ? parties.supplier.company.id : stranger.company.id,
        status: index === 7 ? ('draft' as const) : ('placed' as const),
        createdAt: new Date(start + index * 60_000),
      }
    })
    await database().insert(purchaseOrders).values(orders)
    const expected = orders
      .filter((order) => order.status !== 'draft')
      .map((order) => order.number)
      .reverse()

    const seen: string[] = []
    for (let offset = 0; offset < 10; offset += 3) {
      const page = await listPurchaseOrders(stranger.ctx, { side: 'all', limit: 3, offset })
      expect(page.total).toBe(expected.length)
      seen.push(...page.items.map((item) => item.number))
    }
    expect(seen).toEqual(expected)
    const supplied = await listPurchaseOrders(stranger.ctx, { side: 'supplier', limit: 10, offset: 0 })
    expect(supplied.items.map((item) => item.number)).toEqual(['PO-LIST-5', 'PO-LIST-3', 'PO-LIST-1'])
    expect(supplied.total).toBe(3)
    const placed = await listPurchaseOrders(stranger.ctx, { side: 'all', status: 'placed', limit: 2, offset: 2 })
    expect(placed.items.map((item) => item.number)).toEqual(expected.slice(2, 4))

    // The companies it trades with, once each: the supplier it buys from and the buyer it supplies.
    const counterparts = await orderCounterparts(stranger.ctx)
    expect(counterparts.map((company) => company.id).sort()).toEqual([parties.supplier.company.id, buyer.company.id].sort())
  })

  it('does not count a company whose only order to it is still a draft among its counterparts', async () => {
    const parties = await createOrderParties()
    await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties)))
    expect(await orderCounterparts(parties.supplier.ctx)).toEqual([])
    expect((await orderCounterparts(parties.buyer.ctx)).map((company) => company.id)).toEqual([parties.supplier.company.id])
  })
})
