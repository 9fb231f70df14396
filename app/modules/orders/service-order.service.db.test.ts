import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { database } from '../../platform/db/index.server'
import { companyProfiles } from '../companies/companies.tables.server'
import { notifications } from '../kernel/kernel.tables.server'
import { CreatePurchaseOrderInput } from './purchase-order.inputs'
import { createPurchaseOrder } from './purchase-order-placement.service.server'
import { CreateLogisticOrderInput, CreateServiceOrderInput, FreightQuoteInput, ServiceOrderTransitionInput } from './service-order.inputs'
import { acceptFreightQuote, submitFreightQuote, withdrawFreightQuote } from './freight-quote.service.server'
import { transitionServiceOrder } from './service-order-lifecycle.service.server'
import { createLogisticOrder, createServiceOrder } from './service-order-placement.service.server'
import { getServiceOrder, listOpenFreightRequests, listServiceOrders } from './service-order-reads.service.server'
import { listServiceProviders, verifiedProviderCounts } from './service-providers.service.server'

async function provider(services: string[], verified = true) {
  const member = await createMember({ role: 'owner', companyInput: { kind: 'service_provider', verificationStatus: verified ? 'accept' : 'unverified' } })
  await database().update(companyProfiles).set({ services }).where(eq(companyProfiles.organizationId, member.company.id))
  return { ...member, company: member.company as { id: string; name: string }, ctx: contextOf(member.user.id, member.company.id) }
}

let parties: Awaited<ReturnType<typeof createOrderParties>>
let inspector: Awaited<ReturnType<typeof provider>>
let shipperA: Awaited<ReturnType<typeof provider>>
let shipperB: Awaited<ReturnType<typeof provider>>

beforeAll(async () => {
  parties = await createOrderParties()
  inspector = await provider(['inspection', 'certification'])
  shipperA = await provider(['logistics'])
  shipperB = await provider(['logistics', 'customs'], false)
})

const serviceRequest = (overrides: Record<string, unknown> = {}) => ({
  serviceType: 'inspection',
  providerCompanyId: inspector.company.id,
  scope: 'Pre-shipment inspection of 120 lamps (AQL 2.5)',
  location: 'Ningbo',
  serviceDate: '2027-02-10',
  ...overrides,
})
const freightRequest = (overrides: Record<string, unknown> = {}) => ({
  origin: 'Ningbo',
  originCountry: 'cn',
  destination: 'Rotterdam',
  destinationCountry: 'NL',
  mode: 'sea',
  packages: 12,
  weightKg: '850.5',
  volumeM3: '4.2',
  dangerousGoods: false,
  readyDate: '2027-03-01',
  incoterm: 'FOB',
  cargoDescription: 'Brass desk lamps on 2 pallets',
  ...overrides,
})
const quote = (overrides: Record<string, unknown> = {}) =>
  FreightQuoteInput.parse({ price: '1850.00', currency: 'usd', transitDays: 32, validUntil: '2099-12-31', note: '', ...overrides })
const order = (overrides: Record<string, unknown> = {}, key?: string) =>
  createServiceOrder(parties.buyer.ctx, CreateServiceOrderInput.parse(serviceRequest(overrides)), key ? { idempotencyKey: key } : {})
const step = async (ctx: typeof parties.buyer.ctx, id: string, action: string, extra: Record<string, unknown> = {}) => {
  const current = await getServiceOrder(ctx, id)
  return transitionServiceOrder(ctx, id, ServiceOrderTransitionInput.parse({ action, version: current.version, ...extra }))
}

describe('service orders', () => {
  it('runs requested → accepted (with a price) → in progress → completed, with a timeline and notices', async () => {
    const created = await order()
    expect(created.number).toMatch(/^SO-\d{4}-\d{5}$/)
    expect(created).toMatchObject({ kind: 'service', status: 'requested', viewer: 'buyer', provider: { id: inspector.company.id } })
    expect(created.actions.steps).toEqual(['cancel'])
    const seen = await getServiceOrder(inspector.ctx, created.id)
    expect(seen.viewer).toBe('provider')
    expect(seen.actions.steps).toEqual(['accept', 'decline', 'cancel'])
    const accepted = await step(inspector.ctx, created.id, 'accept', { price: '300', currency: 'usd' })
    expect(accepted).toMatchObject({ status: 'accepted', price: '300.0000', currency: 'USD' })
    await step(inspector.ctx, created.id, 'start')
    const done = await step(inspector.ctx, created.id, 'complete')
    expect(done.status).toBe('completed')
    expect(done.events.map((event) => event.type)).toEqual(['created', 'accept', 'start', 'complete'])
    const kinds = (await database().select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, parties.buyer.user.id))).map(
      (row) => row.kind,
    )
    expect(kinds).toEqual(expect.arrayContaining(['service_order.accept', 'service_order.start', 'service_order.complete']))
    const providerKinds = (await database().select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, inspector.user.id))).map(
      (row) => row.kind,
    )
    expect(providerKinds).toContain('service_order.requested')
    const listed = await listServiceOrders(inspector.ctx, { role: 'provider', limit: 25, offset: 0 })
    expect(listed.items.map((item) => item.id)).toContain(created.id)
  })

  it('declines and cancels with a reason, and disputes and resolves', async () => {
    const declined = await order()
    await expect(step(inspector.ctx, declined.id, 'decline')).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { reason: ['validation.reason'] } },
    })
    expect((await step(inspector.ctx, declined.id, 'decline', { reason: 'Fully booked' })).status).toBe('declined')
    const cancelled = await order()
    expect((await step(parties.buyer.ctx, cancelled.id, 'cancel', { reason: 'Not needed' })).statusReason).toBe('Not needed')
    const disputed = await order()
    await step(inspector.ctx, disputed.id, 'accept')
    await step(inspector.ctx, disputed.id, 'start')
    await expect(step(inspector.ctx, disputed.id, 'dispute', { reason: 'x' })).rejects.toMatchObject({ code: 'not_your_turn' })
    expect((await step(parties.buyer.ctx, disputed.id, 'dispute', { reason: 'Report missing photos' })).status).toBe('disputed')
    expect((await step(parties.buyer.ctx, disputed.id, 'resolve')).status).toBe('completed')
  })

  it('refuses out-of-order steps, stale versions and strangers', async () => {
    const created = await order()
    await expect(transitionServiceOrder(inspector.ctx, created.id, { action: 'complete', version: created.version, reason: '' })).rejects.toMatchObject({
      code: 'invalid_transition',
    })
    await expect(transitionServiceOrder(parties.buyer.ctx, created.id, { action: 'accept', version: created.version, reason: '' })).rejects.toMatchObject({
      code: 'not_your_turn',
    })
    await transitionServiceOrder(inspector.ctx, created.id, { action: 'accept', version: created.version, reason: '' })
    await expect(transitionServiceOrder(inspector.ctx, created.id, { action: 'start', version: created.version, reason: '' })).rejects.toMatchObject({
      code: 'stale_version',
    })
    await expect(getServiceOrder(parties.stranger.ctx, created.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(getServiceOrder(shipperA.ctx, created.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(transitionServiceOrder(parties.stranger.ctx, created.id, { action: 'cancel', version: 2, reason: 'mine' })).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('answers a retried create with the same order', async () => {
    const first = await order({}, 'so-retry-1')
    const second = await order({}, 'so-retry-1')
    expect(second.id).toBe(first.id)
    await expect(order({ scope: 'Something else entirely' }, 'so-retry-1')).rejects.toMatchObject({ code: 'idempotency_key_reused' })
  })

  it('refuses bad input: unknown type, a provider without the service, another company’s purchase order, own company', async () => {
    expect(CreateServiceOrderInput.safeParse(serviceRequest({ serviceType: 'catering' })).success).toBe(false)
    await expect(order({ serviceType: 'customs' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { providerCompanyId: ['validation.provider'] } },
    })
    await expect(order({ providerCompanyId: parties.supplier.company.id })).rejects.toMatchObject({
      details: { fields: { providerCompanyId: ['validation.provider'] } },
    })
    await expect(createServiceOrder(inspector.ctx, CreateServiceOrderInput.parse(serviceRequest()))).rejects.toMatchObject({
      details: { fields: { providerCompanyId: ['validation.ownCompany'] } },
    })
    const foreign = await createPurchaseOrder(parties.stranger.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { shipToAddressId: undefined })))
    await expect(order({ linkedPurchaseOrderId: foreign.id })).rejects.toMatchObject({
      details: { fields: { linkedPurchaseOrderId: ['validation.linkedPurchaseOrder'] } },
    })
    const own = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties)))
    const linked = await order({ linkedPurchaseOrderId: own.id })
    expect(linked.linkedPurchaseOrder).toEqual({ id: own.id, number: own.number })
  })
})

describe('logistic orders', () => {
  it('collects quotes from two providers; the buyer accepts one and the other is rejected', async () => {
    const request = await createLogisticOrder(parties.buyer.ctx, CreateLogisticOrderInput.parse(freightRequest()))
    expect(request).toMatchObject({
      kind: 'logistic',
      serviceType: 'logistics',
      status: 'quoting',
      provider: { id: null },
      freight: { originCountry: 'CN', weightKg: '850.5' },
    })
    expect(request.number).toMatch(/^LO-\d{4}-\d{5}$/)
    const open = await listOpenFreightRequests(shipperA.ctx, { limit: 100, offset: 0 })
    expect(open.items.map((item) => item.id)).toContain(request.id)
    expect(open.items.find((item) => item.id === request.id)?.buyer.name).toBe('')
    expect((await listOpenFreightRequests(inspector.ctx, { limit: 100, offset: 0 })).eligible).toBe(false)
    await expect(getServiceOrder(inspector.ctx, request.id)).rejects.toMatchObject({ code: 'not_found' })
    const view = await getServiceOrder(shipperA.ctx, request.id)
    expect(view).toMatchObject({ viewer: 'quoting', events: [], buyer: { name: '' }, actions: { steps: [], quote: true } })

    const a = await submitFreightQuote(shipperA.ctx, request.id, quote())
    expect(a.actions).toMatchObject({ quote: false, withdrawableQuoteIds: [a.quotes[0]!.id], acceptableQuoteIds: [] })
    await expect(submitFreightQuote(shipperA.ctx, request.id, quote())).rejects.toMatchObject({ code: 'conflict' })
    const mine = a.quotes[0]!
    await withdrawFreightQuote(shipperA.ctx, request.id, mine.id)
    await submitFreightQuote(shipperA.ctx, request.id, quote({ price: '1790.5' }))
    await submitFreightQuote(shipperB.ctx, request.id, quote({ price: '2100', transitDays: 28 }))
    expect((await getServiceOrder(shipperB.ctx, request.id)).quotes).toHaveLength(1)

    const buyerView = await getServiceOrder(parties.buyer.ctx, request.id)
    expect(buyerView.quotes.map((q) => [q.providerName, q.price, q.status])).toEqual([
      [shipperA.company.name, '1850.0000', 'withdrawn'],
      [shipperA.company.name, '1790.5000', 'pending'],
      [shipperB.company.name, '2100.0000', 'pending'],
    ])
    const chosen = buyerView.quotes[1]!
    expect(buyerView.actions).toMatchObject({ quote: false, acceptableQuoteIds: [chosen.id, buyerView.quotes[2]!.id], withdrawableQuoteIds: [] })
    await expect(acceptFreightQuote(shipperA.ctx, request.id, { quoteId: chosen.id, version: buyerView.version })).rejects.toMatchObject({ code: 'not_found' })
    await expect(acceptFreightQuote(parties.buyer.ctx, request.id, { quoteId: chosen.id, version: buyerView.version + 1 })).rejects.toMatchObject({
      code: 'stale_version',
    })
    const accepted = await acceptFreightQuote(parties.buyer.ctx, request.id, { quoteId: chosen.id, version: buyerView.version })
    expect(accepted).toMatchObject({
      status: 'accepted',
      provider: { id: shipperA.company.id, name: shipperA.company.name },
      price: '1790.5000',
      currency: 'USD',
    })
    expect(accepted.quotes.map((q) => q.status)).toEqual(['withdrawn', 'accept', 'reject'])
    // The provider whose price lost hears of it.
    const told = await database()
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(eq(notifications.userId, shipperB.user.id))
    expect(told).toContainEqual({ kind: 'service_order.quote_rejected', params: expect.objectContaining({ number: request.number }) })
    // Now only the buyer and the chosen provider see it.
    await expect(getServiceOrder(shipperB.ctx, request.id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await getServiceOrder(shipperA.ctx, request.id)).viewer).toBe('provider')
    await expect(submitFreightQuote(shipperB.ctx, request.id, quote())).rejects.toMatchObject({ code: 'not_found' })
    const started = await step(shipperA.ctx, request.id, 'start')
    expect(started.status).toBe('in_progress')
    const kinds = (await database().select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, shipperA.user.id))).map(
      (row) => row.kind,
    )
    expect(kinds).toEqual(expect.arrayContaining(['service_order.freight_request', 'service_order.accept_quote']))
    expect(started.events.map((event) => event.type)).toEqual(['created', 'quoted', 'quote_withdrawn', 'quoted', 'quoted', 'accept_quote', 'start'])
  })

  it('refuses a negative or zero weight, an unknown mode, and a past quote validity', async () => {
    expect(CreateLogisticOrderInput.safeParse(freightRequest({ weightKg: '-5' })).success).toBe(false)
    expect(CreateLogisticOrderInput.safeParse(freightRequest({ weightKg: '0' })).success).toBe(false)
    expect(CreateLogisticOrderInput.safeParse(freightRequest({ volumeM3: 1.5 })).success).toBe(true)
    expect(CreateLogisticOrderInput.safeParse(freightRequest({ mode: 'teleport' })).success).toBe(false)
    expect(CreateLogisticOrderInput.safeParse(freightRequest({ originCountry: 'XX' })).success).toBe(false)
    const request = await createLogisticOrder(parties.buyer.ctx, CreateLogisticOrderInput.parse(freightRequest()), { idempotencyKey: 'lo-retry-1' })
    expect((await createLogisticOrder(parties.buyer.ctx, CreateLogisticOrderInput.parse(freightRequest()), { idempotencyKey: 'lo-retry-1' })).id).toBe(
      request.id,
    )
    await expect(submitFreightQuote(shipperA.ctx, request.id, quote({ validUntil: '2000-01-01' }))).rejects.toMatchObject({
      details: { fields: { validUntil: ['validation.validUntil'] } },
    })
    await expect(submitFreightQuote(parties.buyer.ctx, request.id, quote())).rejects.toMatchObject({ code: 'not_your_turn' })
    // Cancelling the request rejects its open quotes and hides it from providers.
    await submitFreightQuote(shipperB.ctx, request.id, quote())
    const cancelled = await step(parties.buyer.ctx, request.id, 'cancel', { reason: 'Shipment postponed' })
    expect(cancelled.quotes.map((q) => q.status)).toEqual(['reject'])
    await expect(getServiceOrder(shipperB.ctx, request.id)).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('service providers', () => {
  it('lists providers of a type, verified first, and counts the verified ones', async () => {
    const page = await listServiceProviders('logistics', { limit: 100, offset: 0 })
    const ids = page.items.map((item) => item.id)
    expect(ids).toEqual(expect.arrayContaining([shipperA.company.id, shipperB.company.id]))
    expect(ids.indexOf(shipperA.company.id)).toBeLessThan(ids.indexOf(shipperB.company.id))
    expect(ids).not.toContain(inspector.company.id)
    const counts = await verifiedProviderCounts()
    expect(counts.inspection).toBeGreaterThanOrEqual(1)
    expect(Object.keys(counts)).toEqual(['logistics', 'inspection', 'customs', 'certification', 'sourcing_agent'])
  })
})
