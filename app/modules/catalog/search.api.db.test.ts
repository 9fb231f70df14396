import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createPriceList, createProduct } from '../../../db/factories/products'
import { call, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let mugId: string
let draftId: string

beforeAll(async () => {
  app = testApp()
  const supplier = await createCompany({ name: 'Jingdezhen Porcelain', kind: 'supplier', verificationStatus: 'accept' })
  mugId = (await createProduct({ companyId: supplier.id, nameEn: 'Ceramic Coffee Mug', nameZhHans: '陶瓷咖啡杯', fromPrice: '2.5000' })).id
  draftId = (await createProduct({ companyId: supplier.id, nameEn: 'Ceramic Vase', status: 'draft' })).id
  await createPriceList({ companyId: supplier.id, lines: [{ productId: mugId, minQuantity: 100, unitPrice: '2.5000' }] })
})

describe('GET /api/v1/marketplace/products', () => {
  it('searches anonymously in snake_case JSON with facets and a short public cache', async () => {
    const response = await call(app, '/api/v1/marketplace/products?q=%E9%99%B6%E7%93%B7&sort=relevance&limit=10')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
    expect(response.json).toMatchObject({
      total: 1,
      limit: 10,
      offset: 0,
      items: [{ id: mugId, from_price: '2.5000', from_price_currency: 'USD', moq: 100, supplier: { name: 'Jingdezhen Porcelain', verified: true } }],
      facets: { categories: [{ value: 'ceramics-glass', count: 1 }], origin_countries: [{ value: 'CN', count: 1 }] },
    })
  })

  it('finds a product by its HS code, with or without the dot, and counts exactly', async () => {
    for (const q of ['6912', '691200', '6912.00']) {
      const response = await call(app, `/api/v1/marketplace/products?q=${encodeURIComponent(q)}`)
      expect(response.status).toBe(200)
      expect(response.json).toMatchObject({ total: 1, items: [{ id: mugId }] })
      expect(response.json).not.toHaveProperty('total_is_capped')
    }
  })

  it('refuses invalid parameters with field errors', async () => {
    const response = await call(app, '/api/v1/marketplace/products?limit=500&hs_chapter=8&sort=cheapest')
    expect(response.status).toBe(422)
    expect(Object.keys((response.json as { details: { fields: Record<string, unknown> } }).details.fields).sort()).toEqual(['hs_chapter', 'limit', 'sort'])
  })
})

describe('GET /api/v1/marketplace/products/{id}', () => {
  it('answers a published product with its price tiers', async () => {
    const response = await call(app, `/api/v1/marketplace/products/${mugId}`)
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      id: mugId,
      name: 'Ceramic Coffee Mug',
      price_tiers: { currency: 'USD', tiers: [{ min_quantity: 100, unit_price: '2.5000' }] },
    })
  })

  it('is 404 for unpublished, unknown and §5-malformed ids', async () => {
    for (const id of [draftId, 'no-such-product', 'bad.id']) {
      expect((await call(app, `/api/v1/marketplace/products/${id}`)).status).toBe(404)
    }
  })
})
