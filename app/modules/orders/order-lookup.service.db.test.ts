import { beforeAll, describe, expect, it } from 'vitest'
import { contextOf } from '../../../db/factories/context'
import { createOrderParties, createShippingAddress, orderRequest } from '../../../tests/factories/orders'
import { CreatePurchaseOrderInput } from './purchase-order.inputs'
import { findOrdersByNumber } from './order-lookup.service.server'
import type { PurchaseOrderDetail } from './purchase-order.types'
import { createPurchaseOrder } from './purchase-order-placement.service.server'

let parties: Awaited<ReturnType<typeof createOrderParties>>
let placed: PurchaseOrderDetail
let draft: PurchaseOrderDetail
let strangers: PurchaseOrderDetail

beforeAll(async () => {
  parties = await createOrderParties()
  placed = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
  draft = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties)))
  // The stranger buys from the same supplier; numbers run per company, so its first order has the buyer's first number.
  const strangersAddress = await createShippingAddress(parties.stranger.company.id)
  strangers = await createPurchaseOrder(
    parties.stranger.ctx,
    CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, shipToAddressId: strangersAddress.id })),
  )
})

const lookup = (ctx: typeof parties.buyer.ctx, q: string, limit = 5) => findOrdersByNumber(ctx, { q, limit })

describe('finding orders by number', () => {
  it('finds the buyer’s orders by any part of the number, in any case, newest first, with the way to open them', async () => {
    const found = await lookup(parties.buyer.ctx, placed.number.toLowerCase())
    expect(found).toEqual([
      { id: placed.id, number: placed.number, status: 'placed', side: 'buyer', counterpartName: placed.supplier.name, href: `/app/orders/${placed.id}/view` },
    ])
    expect((await lookup(parties.buyer.ctx, 'PO-')).map((order) => order.id)).toEqual([draft.id, placed.id])
  })

  it('finds a placed order for its supplier, on the supplier’s page, but never the buyer’s draft', async () => {
    const found = await lookup(parties.supplier.ctx, 'po-')
    expect(found.map((order) => order.id).sort()).toEqual([placed.id, strangers.id].sort())
    expect(found.find((order) => order.id === placed.id)).toMatchObject({
      side: 'supplier',
      counterpartName: placed.buyer.name,
      href: `/app/supplier/purchase/order/${placed.id}`,
    })
    expect(await lookup(parties.supplier.ctx, draft.number)).not.toContainEqual(expect.objectContaining({ id: draft.id }))
  })

  it('never finds another company’s order, even under the same number', async () => {
    expect(strangers.number).toBe(placed.number)
    const ids = (await lookup(parties.buyer.ctx, strangers.number)).map((order) => order.id)
    expect(ids).toEqual([placed.id])
    expect((await lookup(parties.stranger.ctx, 'PO-')).map((order) => order.id)).toEqual([strangers.id])
  })

  it('finds nothing without a company, for blank text, or for text no number holds (LIKE wildcards match themselves)', async () => {
    const lonely = contextOf(parties.buyer.user.id, parties.buyer.company.id)
    expect(await lookup({ ...lonely, actor: { ...lonely.actor, companyId: null, memberRole: null } }, 'PO-')).toEqual([])
    expect(await lookup(parties.buyer.ctx, '   ')).toEqual([])
    expect(await lookup(parties.buyer.ctx, '%')).toEqual([])
    expect(await lookup(parties.buyer.ctx, 'PO_2')).toEqual([])
  })

  it('returns at most `limit` orders', async () => {
    expect(await lookup(parties.buyer.ctx, 'PO-', 1)).toHaveLength(1)
  })
})
