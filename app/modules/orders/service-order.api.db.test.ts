import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { companyProfiles } from '../companies/companies.tables.server'
import { database } from '../../platform/db/index.server'
import { createMember } from '../../../db/factories/companies'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let buyer: CookieJar
let inspector: CookieJar
let shipper: CookieJar
let stranger: CookieJar
let inspectorId: string
let shipperId: string

async function provider(services: string[]) {
  const member = await createMember({ role: 'owner', companyInput: { kind: 'service_provider', verificationStatus: 'accept' } })
  await database().update(companyProfiles).set({ services }).where(eq(companyProfiles.organizationId, member.company.id))
  return member
}

beforeAll(async () => {
  app = testApp()
  const b = await createMember({ role: 'owner', companyInput: { kind: 'buyer', name: 'Buyer Co' } })
  const i = await provider(['inspection'])
  const s = await provider(['logistics'])
  const x = await createMember({ role: 'owner', companyInput: { kind: 'supplier' } })
  inspectorId = i.company.id
  shipperId = s.company.id
  buyer = await signInWithCookies(app, b.user)
  inspector = await signInWithCookies(app, i.user)
  shipper = await signInWithCookies(app, s.user)
  stranger = await signInWithCookies(app, x.user)
})

const serviceBody = (overrides: Record<string, unknown> = {}) => ({
  service_type: 'inspection',
  provider_company_id: inspectorId,
  scope: 'Pre-shipment inspection, AQL 2.5',
  location: 'Ningbo',
  service_date: '2027-02-10',
  ...overrides,
})
const freightBody = (overrides: Record<string, unknown> = {}) => ({
  origin: 'Ningbo',
  origin_country: 'CN',
  destination: 'Rotterdam',
  destination_country: 'NL',
  mode: 'air',
  packages: 3,
  weight_kg: '120',
  volume_m3: '0.8',
  dangerous_goods: false,
  ready_date: '2027-03-01',
  incoterm: 'FCA',
  cargo_description: 'Lamp samples',
  ...overrides,
})

describe('/api/v1/service-orders', () => {
  it('creates a service order (idempotently), and the provider takes it to completion', async () => {
    const headers = { 'idempotency-key': 'api-so-1' }
    const created = await call(app, '/api/v1/service-orders', { body: serviceBody(), jar: buyer, headers })
    expect(created.status, created.text).toBe(201)
    expect(created.json).toMatchObject({
      kind: 'service',
      service_type: 'inspection',
      status: 'requested',
      viewer: 'buyer',
      version: 1,
      provider: { id: inspectorId },
    })
    const again = await call(app, '/api/v1/service-orders', { body: serviceBody(), jar: buyer, headers })
    expect(again.json.id).toBe(created.json.id)
    expect((await call(app, '/api/v1/service-orders', { body: serviceBody({ scope: 'Other scope' }), jar: buyer, headers })).status).toBe(409)
    const id = String(created.json.id)
    expect((await call(app, `/api/v1/service-orders/${id}`, { jar: stranger })).status).toBe(404)
    const early = await call(app, `/api/v1/service-orders/${id}/transitions`, { body: { action: 'start', version: 1 }, jar: inspector })
    expect(early.status).toBe(409)
    expect(early.json.code).toBe('invalid_transition')
    const accepted = await call(app, `/api/v1/service-orders/${id}/transitions`, {
      body: { action: 'accept', version: 1, price: '300', currency: 'EUR' },
      jar: inspector,
    })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.json).toMatchObject({ status: 'accepted', price: '300.0000', currency: 'EUR', version: 2 })
    expect((await call(app, `/api/v1/service-orders/${id}/transitions`, { body: { action: 'start', version: 1 }, jar: inspector })).json.code).toBe(
      'stale_version',
    )
    const list = await call(app, '/api/v1/service-orders?role=provider&kind=service', { jar: inspector })
    expect((list.json.items as Array<{ id: string }>).map((item) => item.id)).toContain(id)
  })

  it('answers 422 with translated field messages under the JSON names', async () => {
    const bad = await call(app, '/api/v1/service-orders', {
      body: serviceBody({ service_type: 'catering', scope: '' }),
      jar: buyer,
      headers: { 'accept-language': 'en' },
    })
    expect(bad.status).toBe(422)
    const fields = (bad.json.details as { fields: Record<string, string[]> }).fields
    expect(Object.keys(fields).sort()).toEqual(['scope', 'service_type'])
    expect(fields.scope![0]).not.toMatch(/^validation\./)
    const noProvider = await call(app, '/api/v1/service-orders', { body: serviceBody({ service_type: 'customs' }), jar: buyer })
    expect(noProvider.status).toBe(422)
    expect(Object.keys((noProvider.json.details as { fields: Record<string, string[]> }).fields)).toEqual(['provider_company_id'])
    const negative = await call(app, '/api/v1/logistic-orders', { body: freightBody({ weight_kg: '-1' }), jar: buyer })
    expect(negative.status).toBe(422)
    expect(Object.keys((negative.json.details as { fields: Record<string, string[]> }).fields)).toEqual(['weight_kg'])
  })

  it('runs a freight request: quote, buyer accepts, order goes to the provider', async () => {
    const created = await call(app, '/api/v1/logistic-orders', { body: freightBody(), jar: buyer })
    expect(created.status, created.text).toBe(201)
    const id = String(created.json.id)
    expect(created.json).toMatchObject({ status: 'quoting', freight: { mode: 'air', weight_kg: '120' } })
    const open = await call(app, '/api/v1/freight-requests', { jar: shipper })
    expect((open.json.items as Array<{ id: string; buyer: { name: string } }>).find((item) => item.id === id)?.buyer.name).toBe('')
    expect((await call(app, `/api/v1/service-orders/${id}`, { jar: inspector })).status).toBe(404)
    const quoted = await call(app, `/api/v1/service-orders/${id}/quotes`, {
      body: { price: '640.00', currency: 'USD', transit_days: 4, valid_until: '2099-01-01' },
      jar: shipper,
    })
    expect(quoted.status, quoted.text).toBe(201)
    expect(
      (
        await call(app, `/api/v1/service-orders/${id}/quotes`, {
          body: { price: '640.00', currency: 'USD', transit_days: 4, valid_until: '2099-01-01' },
          jar: inspector,
        })
      ).status,
    ).toBe(404)
    const quoteId = (quoted.json.quotes as Array<{ id: string }>)[0]!.id
    expect((await call(app, `/api/v1/service-orders/${id}/quotes/${quoteId}/withdraw`, { method: 'POST', jar: stranger })).status).toBe(404)
    const accepted = await call(app, `/api/v1/service-orders/${id}/accept-quote`, { body: { quote_id: quoteId, version: 1 }, jar: buyer })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.json).toMatchObject({ status: 'accepted', provider: { id: shipperId }, price: '640.0000', currency: 'USD', actions: ['cancel'] })
    const providerView = await call(app, `/api/v1/service-orders/${id}`, { jar: shipper })
    expect(providerView.json).toMatchObject({ viewer: 'provider', actions: ['start', 'cancel'] })
  })

  it('lists providers publicly, verified first', async () => {
    const page = await call(app, '/api/v1/service-providers?type=logistics&limit=100')
    expect(page.status).toBe(200)
    expect((page.json.items as Array<{ id: string }>).map((item) => item.id)).toContain(shipperId)
    expect((await call(app, '/api/v1/service-providers?type=unknown')).status).toBe(422)
  })
})
