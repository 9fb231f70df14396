import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { companyProfiles, organizations } from '../companies/companies.tables.server'
import { database } from '../../platform/db/index.server'
import { createCompany, createMember } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { call, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
const company: Record<string, string> = {}
let mugId: string

beforeAll(async () => {
  app = testApp()
  company.kiln = (
    await createCompany({ name: 'Bamboo Kiln Ceramics', kind: 'supplier', country: 'CN', supplierType: 'manufacturer', verificationStatus: 'accept' })
  ).id
  company.lamps = (await createCompany({ name: 'Amber Lamp Works', kind: 'both', country: 'VN', supplierType: 'trading_company' })).id
  company.buyer = (await createCompany({ name: 'Harbour Buyer', kind: 'buyer' })).id
  company.gone = (await createCompany({ name: 'Gone Ceramics', kind: 'supplier' })).id
  await database().update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, company.gone))
  await database()
    .update(companyProfiles)
    .set({ description: { en: 'Porcelain since 1998.', 'zh-Hans': '自1998年起制作瓷器。' }, mainProducts: ['Mugs'] })
    .where(eq(companyProfiles.organizationId, company.kiln))
  mugId = (await createProduct({ companyId: company.kiln, nameEn: 'Porcelain Mug', nameZhHans: '瓷杯', fromPrice: '2.5000' })).id
  await createProduct({ companyId: company.kiln, nameEn: 'Draft Vase', status: 'draft' })
})

describe('GET /api/v1/marketplace/companies', () => {
  it('lists suppliers anonymously in snake_case JSON with a short public cache', async () => {
    const response = await call(app, '/api/v1/marketplace/companies')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    expect(response.json).toMatchObject({
      total: 2,
      limit: 24,
      offset: 0,
      items: [
        {
          id: company.kiln,
          name: 'Bamboo Kiln Ceramics',
          verified: true,
          country: 'CN',
          supplier_type: 'manufacturer',
          main_products: ['Mugs'],
          product_count: 1,
          logo_url: null,
        },
        { id: company.lamps, verified: false, product_count: 0 },
      ],
    })
  })

  it('filters with the URL names the directory page uses', async () => {
    const ids = async (query: string) =>
      ((await call(app, `/api/v1/marketplace/companies?${query}`)).json as { items: Array<{ id: string }> }).items.map((item) => item.id)
    expect(await ids('verified=true')).toEqual([company.kiln])
    expect(await ids('country=vn')).toEqual([company.lamps])
    expect(await ids('supplier_type=trading_company')).toEqual([company.lamps])
    expect(await ids('category=ceramics-glass')).toEqual([company.kiln])
    expect(await ids('q=mugs&sort=newest&limit=1')).toEqual([company.kiln])
    expect(await ids('q=&country=&verified=')).toHaveLength(2)
  })

  it('refuses invalid parameters with field errors', async () => {
    const response = await call(app, '/api/v1/marketplace/companies?limit=500&country=XX&supplier_type=pirate&sort=random')
    expect(response.status).toBe(422)
    expect(Object.keys((response.json as { details: { fields: Record<string, unknown> } }).details.fields).sort()).toEqual([
      'country',
      'limit',
      'sort',
      'supplier_type',
    ])
  })
})

describe('GET /api/v1/marketplace/companies/{id}', () => {
  it('answers a supplier’s public profile in the request’s locale with its published products', async () => {
    const response = await call(app, `/api/v1/marketplace/companies/${company.kiln}`, { headers: { 'accept-language': 'zh-Hans' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    expect(response.json).toMatchObject({
      id: company.kiln,
      name: 'Bamboo Kiln Ceramics',
      description: '自1998年起制作瓷器。',
      verified: true,
      verification_status: 'accept',
      certifications: [],
      factory_photos: [],
      products: { total: 1, offset: 0, items: [{ id: mugId, name: '瓷杯', from_price: '2.5000', from_price_currency: 'USD' }] },
    })
  })

  it('pages the products', async () => {
    const response = await call(app, `/api/v1/marketplace/companies/${company.kiln}?limit=1&offset=1`)
    expect(response.json).toMatchObject({ products: { total: 1, limit: 1, offset: 1, items: [] } })
    expect((await call(app, `/api/v1/marketplace/companies/${company.kiln}?limit=0`)).status).toBe(422)
  })

  it('is 404 for buyer-only, deleted, unknown and malformed ids', async () => {
    for (const id of [company.buyer, company.gone, 'no-such-company', 'bad.id', encodeURIComponent('a b')]) {
      const response = await call(app, `/api/v1/marketplace/companies/${id}`)
      expect(response.status, id).toBe(404)
      expect(response.json.code).toBe('not_found')
    }
  })

  it('answers signed-in callers the same, a member of the buyer company included', async () => {
    const member = await createMember({ role: 'owner', company: { id: company.buyer! } })
    const jar = await signInWithCookies(app, member.user)
    expect((await call(app, `/api/v1/marketplace/companies/${company.kiln}`, { jar })).status).toBe(200)
    expect((await call(app, `/api/v1/marketplace/companies/${company.buyer}`, { jar })).status).toBe(404)
    expect((await call(app, '/api/v1/marketplace/companies', { jar })).status).toBe(200)
  })
})
