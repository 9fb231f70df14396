import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
beforeAll(() => {
  app = testApp()
})

const product = (overrides: Record<string, unknown> = {}) => ({
  name_en: 'Solar garden lamp',
  name_zh_hans: '太阳能花园灯',
  sku: 'SOLAR-1',
  category_id: 'lighting',
  hs_code: '940511',
  origin_country: 'CN',
  unit: 'piece',
  moq: 50,
  lead_time_days: 15,
  attributes: [{ name: 'IP rating', value: 'IP65' }],
  ...overrides,
})

async function signedIn(options: Parameters<typeof createMember>[0] = {}): Promise<{ jar: CookieJar; company: { id: string } }> {
  const { user, company } = await createMember({ companyInput: { kind: 'supplier', verificationStatus: 'accept' }, ...options })
  return { jar: await signInWithCookies(app, user), company }
}

describe('/api/v1/products', () => {
  it('creates, reads, lists, updates and publishes a product in snake_case', async () => {
    const { jar } = await signedIn()
    const created = await call(app, '/api/v1/products', { method: 'POST', body: product(), jar })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ sku: 'SOLAR-1', name_zh_hans: '太阳能花园灯', status: 'draft', version: 1, images: [] })
    const id = created.json.id as string

    const read = await call(app, `/api/v1/products/${id}`, { jar })
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ id, hs_code: '940511', attributes: [{ name: 'IP rating', value: 'IP65' }] })

    const list = await call(app, '/api/v1/products?q=solar&status=draft', { jar })
    expect(list.json).toMatchObject({ total: 1, limit: 20, offset: 0 })

    const updated = await call(app, `/api/v1/products/${id}`, { method: 'PUT', body: { ...product({ moq: 80 }), version: 1 }, jar })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ moq: 80, version: 2 })

    const stale = await call(app, `/api/v1/products/${id}`, { method: 'PUT', body: { ...product(), version: 1 }, jar })
    expect(stale.status).toBe(409)
    expect(stale.json.code).toBe('stale_version')

    const published = await call(app, '/api/v1/products/status', { method: 'POST', body: { ids: [id], status: 'published' }, jar })
    expect(published.status).toBe(200)
    expect(published.json).toEqual({ updated: 1 })
  })

  it('keeps the Chinese names and values of attributes, in snake_case like the rest', async () => {
    const { jar } = await signedIn()
    const attributes = [
      { name: 'Material', value: 'Stoneware', name_zh_hans: '材质', value_zh_hans: '石器', name_zh_hant: '材質', value_zh_hant: '石器' },
      { name: 'IP rating', value: 'IP65' },
    ]
    const created = await call(app, '/api/v1/products', { method: 'POST', body: product({ sku: 'ATTR-1', attributes }), jar })
    expect(created.status).toBe(201)
    const read = await call(app, `/api/v1/products/${created.json.id as string}`, { jar })
    expect(read.json.attributes).toEqual(attributes)
  })

  it('answers 422 with translated field messages under the JSON names', async () => {
    const { jar } = await signedIn()
    await call(app, '/api/v1/products', { method: 'POST', body: product({ sku: 'TAKEN-1' }), jar })
    const taken = await call(app, '/api/v1/products', {
      method: 'POST',
      body: product({ sku: 'TAKEN-1', hs_code: '9405' }),
      jar,
      headers: { 'accept-language': 'en' },
    })
    expect(taken.status).toBe(422)
    expect(taken.json.details).toMatchObject({ fields: { hs_code: ['Enter an existing 6-digit HS code.'] } })
    const duplicate = await call(app, '/api/v1/products', { method: 'POST', body: product({ sku: 'TAKEN-1' }), jar })
    expect(duplicate.status).toBe(422)
    expect(duplicate.json.details).toMatchObject({ fields: { sku: ['Another product of your company already uses this SKU.'] } })
  })

  it('refuses to publish for an unverified supplier with a translated 403', async () => {
    const { jar } = await signedIn({ companyInput: { kind: 'supplier', verificationStatus: 'unverified' } })
    const created = await call(app, '/api/v1/products', { method: 'POST', body: product(), jar })
    const refused = await call(app, '/api/v1/products/status', { method: 'POST', body: { ids: [created.json.id], status: 'published' }, jar })
    expect(refused.status).toBe(403)
    expect(refused.json).toMatchObject({
      code: 'publish_not_allowed',
      message: 'Only suppliers that are verified or awaiting verification can publish products.',
    })
  })

  it('answers 404 to another company and 403 to a member who writes', async () => {
    const owner = await signedIn()
    const created = await call(app, '/api/v1/products', { method: 'POST', body: product(), jar: owner.jar })
    const id = created.json.id as string
    const stranger = await signedIn()
    expect((await call(app, `/api/v1/products/${id}`, { jar: stranger.jar })).status).toBe(404)
    const member = await signedIn({ role: 'member', company: owner.company })
    expect((await call(app, `/api/v1/products/${id}`, { jar: member.jar })).status).toBe(200)
    expect((await call(app, `/api/v1/products/${id}`, { method: 'PUT', body: { ...product(), version: 1 }, jar: member.jar })).status).toBe(403)
    expect((await call(app, '/api/v1/products', { method: 'POST', body: product({ sku: 'MEMBER-1' }), jar: member.jar })).status).toBe(403)
  })
})

describe('PATCH /api/v1/products/{id}/quick', () => {
  it('changes MOQ, status and the base price in one call, with optimistic locking', async () => {
    const { jar } = await signedIn()
    const id = (await call(app, '/api/v1/products', { method: 'POST', body: product({ sku: 'QUICK-API-1' }), jar })).json.id as string
    const list = await call(app, '/api/v1/price-lists', { method: 'POST', body: { name: 'Base', currency: 'USD' }, jar })
    await call(app, `/api/v1/price-lists/${list.json.id}/activate`, { method: 'POST', jar })

    const edited = await call(app, `/api/v1/products/${id}/quick`, {
      method: 'PATCH',
      body: { version: 1, moq: 120, status: 'published', unit_price: '4.25' },
      jar,
    })
    expect(edited.status).toBe(200)
    expect(edited.json).toMatchObject({ moq: 120, status: 'published', version: 2, from_price: '4.2500', from_price_currency: 'USD' })

    const stale = await call(app, `/api/v1/products/${id}/quick`, { method: 'PATCH', body: { version: 1, moq: 1 }, jar })
    expect(stale.status).toBe(409)
    const invalid = await call(app, `/api/v1/products/${id}/quick`, {
      method: 'PATCH',
      body: { version: 2, moq: 0, unit_price: '1.23456' },
      jar,
      headers: { 'accept-language': 'en' },
    })
    expect(invalid.status).toBe(422)
    expect(invalid.json.details).toMatchObject({
      fields: { moq: ['Enter a whole number of at least 1.'], unit_price: ['Enter a price such as 12.50 (at most 4 decimals).'] },
    })
  })

  it('answers 422 on unit_price without an active price list, 404 to another company and 403 to a member', async () => {
    const owner = await signedIn()
    const id = (await call(app, '/api/v1/products', { method: 'POST', body: product(), jar: owner.jar })).json.id as string
    const noList = await call(app, `/api/v1/products/${id}/quick`, {
      method: 'PATCH',
      body: { version: 1, unit_price: '3' },
      jar: owner.jar,
      headers: { 'accept-language': 'en' },
    })
    expect(noList.status).toBe(422)
    expect(noList.json.details).toMatchObject({ fields: { unit_price: ['Activate a price list before setting prices here.'] } })
    const stranger = await signedIn()
    expect((await call(app, `/api/v1/products/${id}/quick`, { method: 'PATCH', body: { version: 1, moq: 5 }, jar: stranger.jar })).status).toBe(404)
    const member = await signedIn({ role: 'member', company: owner.company })
    expect((await call(app, `/api/v1/products/${id}/quick`, { method: 'PATCH', body: { version: 1, moq: 5 }, jar: member.jar })).status).toBe(403)
  })
})

describe('public lookups', () => {
  it('serves the category tree in the request’s locale without signing in', async () => {
    const response = await call(app, '/api/v1/categories', { headers: { 'accept-language': 'zh-Hant' } })
    expect(response.status).toBe(200)
    const items = response.json.items as Array<{ id: string; name: string; children: unknown[] }>
    expect(items.find((item) => item.id === 'lighting')).toMatchObject({ name: '照明' })
    expect(items.length).toBe(21)
  })
})
