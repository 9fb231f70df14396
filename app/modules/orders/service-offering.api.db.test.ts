import { beforeAll, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let owner: CookieJar
let member: CookieJar
let otherOwner: CookieJar
let buyerOwner: CookieJar
let companyId: string

beforeAll(async () => {
  app = testApp()
  const supplier = await createMember({ role: 'owner', companyInput: { name: 'Ningbo Inspect Co', kind: 'supplier', verificationStatus: 'accept' } })
  companyId = supplier.company.id
  const memberUser = await createUser()
  await addMember(companyId, memberUser.id, 'member')
  const other = await createMember({ role: 'owner', companyInput: { kind: 'service_provider' } })
  const buyer = await createMember({ role: 'owner', companyInput: { kind: 'buyer' } })
  owner = await signInWithCookies(app, supplier.user)
  member = await signInWithCookies(app, memberUser)
  otherOwner = await signInWithCookies(app, other.user)
  buyerOwner = await signInWithCookies(app, buyer.user)
})

const FREIGHT = {
  service_type: 'logistics',
  title: 'LCL sea freight Ningbo–Rotterdam',
  description: 'Weekly consolidation, door to port.',
  worldwide: false,
  countries: ['cn', 'nl'],
  price: '85.5',
  currency: 'usd',
  price_basis: 'per_cbm',
  lead_time_days: 35,
}

async function created(body: Record<string, unknown> = FREIGHT, jar = owner) {
  const response = await call(app, '/api/v1/service-offerings', { body, jar })
  expect(response.status, response.text).toBe(201)
  return response.json as Record<string, unknown> & { id: string; version: number }
}

describe('POST /api/v1/service-offerings', () => {
  it('offers a service in snake_case, with exact decimal prices, and lists it for buyers at once', async () => {
    const offering = await created()
    expect(offering).toMatchObject({
      service_type: 'logistics',
      countries: ['CN', 'NL'],
      price: '85.5',
      currency: 'USD',
      price_basis: 'per_cbm',
      lead_time_days: 35,
      version: 1,
    })
    const providers = await call(app, '/api/v1/service-providers?type=logistics&area=nl&limit=100')
    expect(providers.status, providers.text).toBe(200)
    const listed = (providers.json.items as Array<{ id: string; offerings: Array<{ id: string; price: string }>; offering_count: number }>).find(
      (item) => item.id === companyId,
    )
    expect(listed?.offerings).toEqual([expect.objectContaining({ id: offering.id, price: '85.5', price_basis: 'per_cbm', lead_time_days: 35 })])
  })

  it('answers 422 with translated messages per field, under their JSON names', async () => {
    const response = await call(app, '/api/v1/service-offerings', {
      body: { ...FREIGHT, title: 'x', countries: [], price: '12.345678', lead_time_days: 400 },
      jar: owner,
      headers: { 'accept-language': 'zh-Hans' },
    })
    expect(response.status, response.text).toBe(422)
    expect(response.json).toMatchObject({ code: 'validation_failed' })
    const fields = (response.json.details as { fields: Record<string, string[]> }).fields
    expect(Object.keys(fields).sort()).toEqual(['countries', 'lead_time_days', 'price', 'title'])
    expect(fields.lead_time_days).toEqual(['请输入 1 至 365 天的交付周期。'])

    const areas = await call(app, '/api/v1/service-offerings', { body: { ...FREIGHT, countries: [], currency: 'usd', price: '' }, jar: owner })
    expect(areas.status).toBe(422)
    expect((areas.json.details as { fields: Record<string, string[]> }).fields).toEqual({
      countries: ['Choose at least one country, or tick Worldwide.'],
      price: ['Enter the amount, or leave currency and basis empty to quote on request.'],
    })
  })

  it('refuses members (admins and owners offer services) and companies that only buy', async () => {
    expect((await call(app, '/api/v1/service-offerings', { body: FREIGHT, jar: member })).status).toBe(403)
    const buyer = await call(app, '/api/v1/service-offerings', { body: FREIGHT, jar: buyerOwner })
    expect(buyer.status).toBe(403)
    expect(buyer.json).toMatchObject({ code: 'forbidden' })
  })
})

describe('one offering', () => {
  it('is read by members, replaced against its version by admins, and a stale version is 409', async () => {
    const offering = await created()
    const read = await call(app, `/api/v1/service-offerings/${offering.id}`, { jar: member })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ id: offering.id, title: FREIGHT.title })
    const changed = await call(app, `/api/v1/service-offerings/${offering.id}`, {
      method: 'PUT',
      body: { ...FREIGHT, worldwide: true, price: null, currency: null, price_basis: null, version: 1 },
      jar: owner,
    })
    expect(changed.status, changed.text).toBe(200)
    expect(changed.json).toMatchObject({ worldwide: true, countries: [], price: null, currency: null, price_basis: null, version: 2 })
    const stale = await call(app, `/api/v1/service-offerings/${offering.id}`, { method: 'PUT', body: { ...FREIGHT, version: 1 }, jar: owner })
    expect(stale.status).toBe(409)
    expect(stale.json).toMatchObject({ code: 'stale_version' })
    const byMember = await call(app, `/api/v1/service-offerings/${offering.id}`, { method: 'PUT', body: { ...FREIGHT, version: 2 }, jar: member })
    expect(byMember.status).toBe(403)
  })

  it('is not found for another company, whatever it asks', async () => {
    const offering = await created()
    expect((await call(app, `/api/v1/service-offerings/${offering.id}`, { jar: otherOwner })).status).toBe(404)
    expect((await call(app, `/api/v1/service-offerings/${offering.id}`, { method: 'PUT', body: { ...FREIGHT, version: 1 }, jar: otherOwner })).status).toBe(404)
    expect((await call(app, `/api/v1/service-offerings/${offering.id}`, { method: 'DELETE', jar: otherOwner })).status).toBe(404)
    const list = await call(app, '/api/v1/service-offerings', { jar: otherOwner })
    expect((list.json.items as Array<{ id: string }>).map((item) => item.id)).not.toContain(offering.id)
    expect((await call(app, `/api/v1/service-offerings/${offering.id}`, { jar: owner })).status).toBe(200)
  })

  it('is deleted by an admin and leaves the public list', async () => {
    const offering = await created({
      ...FREIGHT,
      service_type: 'customs',
      title: 'Export declarations in Ningbo',
      countries: ['CN'],
      price_basis: 'per_shipment',
    })
    expect((await call(app, `/api/v1/service-offerings/${offering.id}`, { method: 'DELETE', jar: member })).status).toBe(403)
    expect((await call(app, `/api/v1/service-offerings/${offering.id}`, { method: 'DELETE', jar: owner })).status).toBe(204)
    expect((await call(app, `/api/v1/service-offerings/${offering.id}`, { jar: owner })).status).toBe(404)
    const providers = await call(app, '/api/v1/service-providers?type=customs&area=CN&limit=100')
    expect((providers.json.items as Array<{ id: string }>).map((item) => item.id)).not.toContain(companyId)
  })

  it('lists the company’s offerings a page at a time, filtered by service', async () => {
    const page = await call(app, '/api/v1/service-offerings?type=logistics&limit=1', { jar: member })
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({ limit: 1, offset: 0 })
    expect(page.json.total as number).toBeGreaterThanOrEqual(2)
    expect(page.json.items).toHaveLength(1)
    expect((await call(app, '/api/v1/service-offerings?type=teleport', { jar: member })).status).toBe(422)
  })
})
