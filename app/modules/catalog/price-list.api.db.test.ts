import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products } from './catalog.tables.server'
import { database } from '../../platform/db/index.server'
import { insertProduct } from '../../../tests/factories/catalog-products'
import { addMember, createMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let owner: CookieJar
let member: CookieJar
let stranger: CookieJar
let lamp: { id: string }

beforeAll(async () => {
  app = testApp()
  const a = await createMember({ role: 'owner', companyInput: { name: 'Price Co', kind: 'supplier', verificationStatus: 'accept' } })
  const memberUser = await createUser()
  await addMember(a.company.id, memberUser.id, 'member')
  const b = await createMember({ role: 'owner', companyInput: { name: 'Other Co' } })
  lamp = await insertProduct(a.company.id, { sku: 'LAMP-9' })
  owner = await signInWithCookies(app, a.user)
  member = await signInWithCookies(app, memberUser)
  stranger = await signInWithCookies(app, b.user)
})

async function created(body: Record<string, unknown> = { name: 'Wholesale', currency: 'usd', valid_from: '2020-01-01', valid_to: null }) {
  const response = await call(app, '/api/v1/price-lists', { body, jar: owner })
  expect(response.status, response.text).toBe(201)
  return response.json as Record<string, unknown> & { id: string }
}

describe('/api/v1/price-lists', () => {
  it('creates a list in snake_case and lists it for members', async () => {
    const list = await created()
    expect(list).toMatchObject({ name: 'Wholesale', currency: 'USD', valid_from: '2020-01-01', valid_to: null, is_active: false })
    const listed = await call(app, '/api/v1/price-lists', { jar: member })
    expect((listed.json.items as Array<{ id: string }>).map((item) => item.id)).toContain(list.id)
    expect((await call(app, '/api/v1/price-lists', { jar: stranger })).json.items).toEqual([])
  })

  it('answers 422 with translated field messages, lines included', async () => {
    const bad = await call(app, '/api/v1/price-lists', {
      body: { name: '', currency: 'EUR', valid_from: '2026-02-01', valid_to: '2026-01-01' },
      jar: owner,
      headers: { 'accept-language': 'en' },
    })
    expect(bad.status).toBe(422)
    expect(bad.json).toMatchObject({
      code: 'validation_failed',
      details: { fields: { name: ['Enter a name.'], valid_to: ['The end date must not be before the start date.'] } },
    })
    const list = await created()
    const lines = await call(app, `/api/v1/price-lists/${list.id}/lines`, {
      method: 'PUT',
      body: {
        lines: [
          { product_id: lamp.id, min_quantity: 1, unit_price: '1.5' },
          { product_id: lamp.id, min_quantity: 10, unit_price: '0.12345' },
        ],
      },
      jar: owner,
      headers: { 'accept-language': 'en' },
    })
    expect(lines.status).toBe(422)
    expect(lines.json).toMatchObject({ details: { fields: { 'lines.1.unit_price': ['Enter a price of 0 or more with at most 4 decimals.'] } } })
  })

  it('sets breaks, activates the list and feeds the product’s from price', async () => {
    const list = await created({ name: 'Retail', currency: 'JPY' })
    const lines = await call(app, `/api/v1/price-lists/${list.id}/lines`, {
      method: 'PUT',
      body: {
        lines: [
          { product_id: lamp.id, min_quantity: 10, unit_price: '90' },
          { product_id: lamp.id, min_quantity: 1, unit_price: '100' },
        ],
      },
      jar: owner,
    })
    expect(lines.status, lines.text).toBe(200)
    expect(lines.json.lines).toMatchObject([
      { product_id: lamp.id, sku: 'LAMP-9', min_quantity: 1, unit_price: '100.0000' },
      { min_quantity: 10, unit_price: '90.0000' },
    ])
    const activated = await call(app, `/api/v1/price-lists/${list.id}/activate`, { method: 'POST', jar: owner })
    expect(activated.json).toMatchObject({ is_active: true })
    const [row] = await database()
      .select({ fromPrice: products.fromPrice, currency: products.fromPriceCurrency })
      .from(products)
      .where(eq(products.id, lamp.id))
    expect(row).toEqual({ fromPrice: '90.0000', currency: 'JPY' })
    const detail = await call(app, `/api/v1/price-lists/${list.id}`, { jar: member })
    expect(detail.json).toMatchObject({ id: list.id, is_active: true })
  })

  it('refuses members (403) and another company (404)', async () => {
    const list = await created()
    const path = `/api/v1/price-lists/${list.id}`
    expect((await call(app, '/api/v1/price-lists', { body: { name: 'X', currency: 'USD' }, jar: member })).status).toBe(403)
    expect((await call(app, `${path}/activate`, { method: 'POST', jar: member })).status).toBe(403)
    expect((await call(app, path, { method: 'DELETE', jar: member })).status).toBe(403)
    expect((await call(app, path, { jar: stranger })).status).toBe(404)
    expect((await call(app, path, { method: 'PUT', body: { name: 'X', currency: 'USD' }, jar: stranger })).status).toBe(404)
    expect((await call(app, `${path}/lines`, { method: 'PUT', body: { lines: [] }, jar: stranger })).status).toBe(404)
    expect((await call(app, path, { method: 'DELETE', jar: owner })).status).toBe(204)
    expect((await call(app, path, { jar: owner })).status).toBe(404)
  })
})
