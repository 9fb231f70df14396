import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { shipOrder } from '../../../db/factories/shipments'
import { database } from '../../platform/db/index.server'
import { notifications } from '../kernel/kernel.tables.server'
import { CreatePurchaseOrderInput } from './purchase-order.inputs'
import { transitionPurchaseOrder } from './purchase-order-lifecycle.service.server'
import { createPurchaseOrder } from './purchase-order-placement.service.server'
import { getPurchaseOrder } from './purchase-order-reads.service.server'

let parties: Awaited<ReturnType<typeof createOrderParties>>

beforeAll(async () => {
  parties = await createOrderParties()
})

const create = (overrides: Record<string, unknown> = {}, key?: string) =>
  createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, overrides)), key ? { idempotencyKey: key } : {})

describe('purchase order lifecycle', () => {
  it('prices lines at the quantity break, numbers the order, and runs from draft to completed with a timeline and notices', async () => {
    const order = await create()
    expect(order.number).toMatch(/^PO-\d{4}-\d{5}$/)
    expect(order.status).toBe('draft')
    expect(order.lines.map((line) => [line.unitPrice, line.lineTotal])).toEqual([
      ['11.2500', '1350.0000'],
      ['3.3300', '133.2000'],
      ['0.8000', '128.0000'],
    ])
    expect(order.total).toBe('1611.2000')
    // The supplier does not see a draft.
    await expect(getPurchaseOrder(parties.supplier.ctx, order.id)).rejects.toMatchObject({ code: 'not_found' })
    const step = async (ctx: typeof parties.buyer.ctx, action: string, extra: Record<string, unknown> = {}) => {
      const current = await getPurchaseOrder(ctx, order.id)
      return transitionPurchaseOrder(ctx, order.id, { action: action as never, version: current.version, reason: '', ...extra })
    }
    await step(parties.buyer.ctx, 'place')
    await step(parties.supplier.ctx, 'confirm')
    const [lamp, shade, box] = order.lines
    await shipOrder(parties.supplier.ctx, order.id, { [lamp!.id]: 60 })
    const partial = await getPurchaseOrder(parties.buyer.ctx, order.id)
    expect(partial.status).toBe('shipped')
    expect(partial.actions.steps).not.toContain('deliver')
    await shipOrder(parties.supplier.ctx, order.id, { [lamp!.id]: 60, [shade!.id]: 40, [box!.id]: 160 })
    expect((await getPurchaseOrder(parties.supplier.ctx, order.id)).actions.steps).not.toContain('ship')
    await step(parties.buyer.ctx, 'deliver')
    const completed = await step(parties.buyer.ctx, 'complete')
    expect(completed.status).toBe('completed')
    expect(completed.lines.map((line) => [line.shippedQuantity, line.receivedQuantity])).toEqual([
      [120, 120],
      [40, 40],
      [160, 160],
    ])
    expect(completed.events.map((event) => event.type)).toEqual(['created', 'place', 'confirm', 'ship', 'ship', 'deliver', 'complete'])
    const [supplierNotices] = await database().select({ n: count() }).from(notifications).where(eq(notifications.userId, parties.supplier.user.id))
    expect(supplierNotices?.n).toBeGreaterThanOrEqual(3)
  })

  it('refuses an out-of-order step with a 409 and a stale version with a 409, and hides the order from a third company', async () => {
    const order = await create({ place: true })
    await expect(transitionPurchaseOrder(parties.buyer.ctx, order.id, { action: 'complete', version: order.version, reason: '' })).rejects.toMatchObject({
      code: 'invalid_transition',
    })
    await expect(transitionPurchaseOrder(parties.buyer.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })).rejects.toMatchObject({
      code: 'not_your_turn',
    })
    await expect(transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version - 1, reason: '' })).rejects.toMatchObject({
      code: 'stale_version',
    })
    await expect(getPurchaseOrder(parties.stranger.ctx, order.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(
      transitionPurchaseOrder(parties.stranger.ctx, order.id, { action: 'cancel', version: order.version, reason: 'mine now' }),
    ).rejects.toMatchObject({ code: 'not_found' })
  })

  it('answers a retried create with the same order', async () => {
    const first = await create({}, 'retry-key-1')
    const second = await create({}, 'retry-key-1')
    expect(second.id).toBe(first.id)
    await expect(create({ notes: 'different' }, 'retry-key-1')).rejects.toMatchObject({ code: 'idempotency_key_reused' })
  })

  it('enforces the MOQ and the price list currency', async () => {
    await expect(create({ lines: [{ productId: parties.products.lamp.id, quantity: 9 }] })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { 'lines.0.quantity': ['validation.belowMoq'] } },
    })
    await expect(create({ currency: 'EUR' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { currency: ['validation.currencyMismatch'] } },
    })
    await expect(create({ lines: [{ productId: parties.products.draft.id, quantity: 9 }] })).rejects.toMatchObject({
      details: { fields: { 'lines.0.productId': ['validation.product'] } },
    })
  })
})
