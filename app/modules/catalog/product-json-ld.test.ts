import { describe, expect, it } from 'vitest'
import type { PublicProduct } from './product-page.service.server'
import { productJsonLd, supplierJsonLd } from './product-json-ld'

const product: PublicProduct = {
  id: 'p1',
  sku: 'CUP-1',
  name: 'Celadon cup',
  description: '',
  unit: 'piece',
  moq: 100,
  leadTimeDays: 20,
  originCountry: 'CN',
  originCountryName: 'China',
  attributes: [],
  publishedAt: null,
  updatedAt: '2024-01-01T00:00:00.000Z',
  hsCode: { code: '691110', description: 'Tableware of porcelain' },
  categories: [
    { id: 'home', name: 'Home & Garden' },
    { id: 'tableware', name: 'Tableware' },
  ],
  images: [{ id: 'i1', url: '/api/v1/files/f1', thumbnailUrl: '/api/v1/files/f1?variant=thumbnail', alt: '' }],
  supplier: {
    id: 'c1',
    name: 'Jingdezhen Porcelain',
    logoUrl: null,
    country: 'CN',
    countryName: 'China',
    city: 'Jingdezhen',
    verificationStatus: 'accept',
    verified: true,
  },
  priceTiers: {
    currency: 'USD',
    tiers: [
      { minQuantity: 100, unitPrice: '2.5000' },
      { minQuantity: 1000, unitPrice: '10.0000' },
      { minQuantity: 5000, unitPrice: '1.9500' },
    ],
  },
}
const urls = { product: 'https://tp.example/en/b2b/product/p1', company: 'https://tp.example/en/b2b/company/c1', origin: 'https://tp.example' }

describe('productJsonLd', () => {
  it('describes the product with absolute image URLs, the supplier as brand and an aggregate offer over the tiers', () => {
    const json = productJsonLd(product, urls)
    expect(json).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Celadon cup',
      description: 'Celadon cup',
      sku: 'CUP-1',
      image: ['https://tp.example/api/v1/files/f1'],
      category: 'Home & Garden > Tableware',
      brand: { '@type': 'Organization', name: 'Jingdezhen Porcelain', url: urls.company },
      offers: { '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: '1.95', highPrice: '10', offerCount: 3, availability: 'https://schema.org/InStock' },
    })
  })

  it('says out of stock only when the supplier publishes its stock and none is available', () => {
    const availability = (available: number | null) => (productJsonLd(product, urls, available).offers as { availability: string }).availability
    expect(availability(0)).toBe('https://schema.org/OutOfStock')
    expect(availability(1200)).toBe('https://schema.org/InStock')
    expect(availability(null)).toBe('https://schema.org/InStock')
  })

  it('leaves out offers when the price is on request', () => {
    expect(productJsonLd({ ...product, priceTiers: null }, urls)).not.toHaveProperty('offers')
  })

  it('survives a round trip through JSON', () => {
    const json = productJsonLd(product, urls)
    expect(JSON.parse(JSON.stringify(json))).toEqual(json)
  })
})

describe('supplierJsonLd', () => {
  it('describes the supplier as an Organization with its address', () => {
    expect(supplierJsonLd(product, urls)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Jingdezhen Porcelain',
      url: urls.company,
      address: { '@type': 'PostalAddress', addressCountry: 'CN', addressLocality: 'Jingdezhen' },
    })
  })
})
