import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createOrderParties, orderRequest } from '../factories/orders'
import { createSourcingCast, insertProject, insertQuotation, insertRfq } from '../factories/sourcing'
import { CreatePurchaseOrderInput } from '../../app/modules/orders/index'
import { createPurchaseOrder, transitionPurchaseOrder } from '../../app/modules/orders/index.server'
import { SaveQuotationInput } from '../../app/modules/sourcing/index'
import { saveQuotation, submitQuotation, withdrawQuotation } from '../../app/modules/sourcing/index.server'
import { roomOf } from '../../app/platform/realtime/events'
import { publishChange, setRealtimeEmitter } from '../../app/platform/realtime/publisher.server'
import { runInRequestScope } from '../../app/platform/request-scope.server'
import { awardQuotations } from '../../app/workflows/award-quotations.server'

/**
 * Writes push `entity:changed` to exactly the companies concerned, after commit, with ids and the action only
 * (a recording emitter stands in for the Socket.IO server).
 */
type Emitted = { rooms: string[]; event: string; payload: Record<string, unknown>; except: string[] }
let emitted: Emitted[] = []

beforeEach(() => {
  emitted = []
  setRealtimeEmitter({
    emit: (rooms, event, payload, except = []) => emitted.push({ rooms: [...rooms].sort(), event, payload: payload as Record<string, unknown>, except }),
  })
})
afterEach(() => setRealtimeEmitter(null))

const changes = () => emitted.filter((entry) => entry.event === 'entity:changed')

describe('publishChange', () => {
  it('leaves out the person whose request made the change (their page shows its own outcome), and no one outside a request', () => {
    runInRequestScope({ requestId: 'r1', locale: 'en', clientIp: '127.0.0.1', userId: 'user-1' }, () =>
      publishChange(['company-a', 'company-b'], { entity: 'rfq', id: 'rfq-1', action: 'publish' }),
    )
    publishChange(['company-a'], { entity: 'rfq', id: 'rfq-1', action: 'close' })
    expect(changes().map((entry) => entry.except)).toEqual([[roomOf.user('user-1')], []])
  })
})
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)

describe('entity:changed for quotations', () => {
  let cast: Awaited<ReturnType<typeof createSourcingCast>>
  beforeAll(async () => {
    cast = await createSourcingCast()
  })

  it('tells the buyer and the submitting supplier — not the other invitees — with ids and the action only, even when sealed', async () => {
    const [supplier, other] = cast.suppliers
    const rfq = await insertRfq(cast.buyer.company.id, {
      sealed: true,
      requirements: [{ id: null as unknown as string, title: 'LED panel light', quantity: 400, unit: 'pcs', targetUnitPrice: '18' }],
      supplierIds: [supplier!.company.id, other!.company.id],
    })
    const input = SaveQuotationInput.parse({
      currency: 'USD',
      incoterm: 'FOB',
      incotermPlace: 'Shenzhen',
      paymentTerms: 'tt_30_70',
      validUntil: inAMonth(),
      notes: '',
      lines: rfq.lines.map((line) => ({ rfqLineId: line.id, unitPrice: '17.5', moq: 100, leadTimeDays: 30, note: '' })),
    })
    const draft = await saveQuotation(supplier!.ctx, rfq.id, input)
    emitted = []
    const submitted = await submitQuotation(supplier!.ctx, draft.id, { version: draft.version })

    const pushed = changes()
    expect(pushed).toHaveLength(1)
    expect(pushed[0]!.rooms).toEqual([roomOf.company(cast.buyer.company.id), roomOf.company(supplier!.company.id)].sort())
    expect(pushed[0]!.rooms).not.toContain(roomOf.company(other!.company.id))
    const { at, ...change } = pushed[0]!.payload
    expect(change).toEqual({ entity: 'quotation', id: draft.id, action: 'submit', rfqId: rfq.id })
    expect(typeof at).toBe('string')

    emitted = []
    await withdrawQuotation(supplier!.ctx, submitted.id, { version: submitted.version, reason: 'Capacity is gone' })
    expect(changes().map((entry) => entry.payload.action)).toEqual(['withdraw'])
  })

  it('tells every quoting supplier of an award, each order’s two parties of their order, and the buyer of the project', async () => {
    const [a, b, c] = cast.suppliers
    const project = await insertProject(cast.buyer.company.id)
    const rfq = await insertRfq(cast.buyer.company.id, {
      projectId: project.id,
      requirements: project.requirements.map((requirement) => ({ ...requirement, targetUnitPrice: requirement.targetUnitPrice ?? null })),
      supplierIds: [a!.company.id, b!.company.id, c!.company.id],
      deadline: new Date(Date.now() - 60_000),
    })
    const [l1] = rfq.lines
    const won = await insertQuotation(rfq.id, a!.company.id, [{ rfqLineId: l1!.id, unitPrice: '17.5000' }])
    await insertQuotation(rfq.id, b!.company.id, [{ rfqLineId: l1!.id, unitPrice: '18.2000' }])
    emitted = []
    const result = await awardQuotations(cast.buyer.ctx, rfq.id, { lines: [{ rfqLineId: l1!.id, quotationId: won.id }] })

    const company = (id: string) => roomOf.company(id)
    const byEntity = Object.fromEntries(changes().map((entry) => [entry.payload.entity, entry]))
    // c was invited but never quoted: it hears nothing.
    expect(byEntity.rfq!.rooms).toEqual([company(cast.buyer.company.id), company(a!.company.id), company(b!.company.id)].sort())
    expect(byEntity.rfq!.payload).toMatchObject({ id: rfq.id, action: 'award' })
    expect(byEntity.purchase_order!.rooms).toEqual([company(cast.buyer.company.id), company(a!.company.id)].sort())
    expect(byEntity.purchase_order!.payload).toMatchObject({ id: result.purchaseOrders[0]!.id, action: 'create', rfqId: rfq.id })
    expect(byEntity.project!.rooms).toEqual([company(cast.buyer.company.id)])
  })

  it('publishes nothing when the write fails', async () => {
    const rfq = await insertRfq(cast.buyer.company.id, { supplierIds: [cast.suppliers[0]!.company.id] })
    await expect(submitQuotation(cast.suppliers[0]!.ctx, rfq.id, { version: 1 })).rejects.toMatchObject({ code: 'not_found' })
    expect(changes()).toEqual([])
  })
})

describe('entity:changed for purchase orders', () => {
  it('tells both parties of every step, and no one else', async () => {
    const parties = await createOrderParties()
    const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
    const both = [roomOf.company(parties.buyer.company.id), roomOf.company(parties.supplier.company.id)].sort()
    expect(changes().map((entry) => [entry.rooms, entry.payload.action])).toEqual([[both, 'place']])

    emitted = []
    await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
    const pushed = changes()
    expect(pushed).toHaveLength(1)
    expect(pushed[0]!.rooms).toEqual(both)
    expect(pushed[0]!.rooms).not.toContain(roomOf.company(parties.stranger.company.id))
    expect(pushed[0]!.payload).toMatchObject({ entity: 'purchase_order', id: order.id, action: 'confirm' })
    expect(Object.keys(pushed[0]!.payload).sort()).toEqual(['action', 'at', 'entity', 'id'])
  })
})
