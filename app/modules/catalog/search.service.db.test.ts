import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createPriceList, createProduct } from '../../../db/factories/products'
import { getPublicProduct, isPublicProductId } from './product-page.service.server'
import { categoriesChanged, loadCategories, SEARCH_CANDIDATE_CAP, searchProducts } from './search.service.server'

const ids = (result: { items: Array<{ id: string }> }) => result.items.map((item) => item.id)

let verified: { id: string }
let unverified: { id: string }
let deleted: { id: string }
const product: Record<string, string> = {}

beforeAll(async () => {
  verified = await createCompany({ name: 'Jingdezhen Porcelain', kind: 'supplier', verificationStatus: 'accept' })
  unverified = await createCompany({ name: 'Foshan Ware', kind: 'supplier', verificationStatus: 'pending' })
  deleted = await createCompany({ name: 'Gone Trading', kind: 'supplier', verificationStatus: 'accept' })
  const { database } = await import('../../platform/db/index.server')
  const { organizations } = await import('../companies/companies.tables.server')
  const { eq } = await import('drizzle-orm')
  await database().update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, deleted.id))

  const make = async (key: string, input: Parameters<typeof createProduct>[0]) => {
    product[key] = (await createProduct(input)).id
  }
  await make('mugUnverified', {
    companyId: unverified.id,
    nameEn: 'Ceramic Coffee Mug',
    nameZhHans: '陶瓷咖啡杯',
    nameZhHant: '陶瓷咖啡杯',
    originCountry: 'CN',
    moq: 500,
    fromPrice: '1.2500',
    publishedAt: new Date('2024-03-01'),
  })
  await make('mugVerified', {
    companyId: verified.id,
    nameEn: 'Ceramic Coffee Mug',
    nameZhHans: '陶瓷咖啡杯',
    originCountry: 'VN',
    moq: 100,
    fromPrice: '2.5000',
    publishedAt: new Date('2024-01-01'),
  })
  await make('bulb', {
    companyId: verified.id,
    nameEn: 'LED Filament Bulb',
    nameZhHans: 'LED灯丝灯泡',
    nameZhHant: 'LED燈絲燈泡',
    categoryId: 'led-filament-bulbs',
    hsCode: '853952',
    originCountry: 'CN',
    moq: 1000,
    fromPrice: '0.8000',
  })
  await make('teapot', { companyId: verified.id, nameEn: 'Porcelain Teapot', nameZhHant: '瓷茶壺', categoryId: 'porcelain-plates', hsCode: '691110', moq: 50 })
  await make('draft', { companyId: verified.id, nameEn: 'Ceramic Vase', status: 'draft' })
  await make('archived', { companyId: verified.id, nameEn: 'Ceramic Bowl', status: 'archived' })
  await make('ofDeleted', { companyId: deleted.id, nameEn: 'Ceramic Plate' })
})

describe('searchProducts', () => {
  it('finds an English word in every published product of live companies only', async () => {
    const result = await searchProducts({ q: 'ceramic', locale: 'en' })
    expect(ids(result).sort()).toEqual([product.mugUnverified, product.mugVerified].sort())
    expect(result.total).toBe(2)
  })

  it('finds a typo by trigram similarity', async () => {
    const result = await searchProducts({ q: 'ceramik', locale: 'en' })
    expect(ids(result)).toContain(product.mugVerified)
    expect(ids(result)).toContain(product.mugUnverified)
    expect(ids(await searchProducts({ q: 'filamentt', locale: 'en' }))).toEqual([product.bulb])
  })

  it('matches one- and two-character Chinese queries and longer ones by bigrams', async () => {
    expect(ids(await searchProducts({ q: '瓷', locale: 'zh-Hans' })).sort()).toEqual([product.mugUnverified, product.mugVerified, product.teapot].sort())
    expect(ids(await searchProducts({ q: '陶瓷', locale: 'zh-Hans' })).sort()).toEqual([product.mugUnverified, product.mugVerified].sort())
    expect(ids(await searchProducts({ q: '灯泡', locale: 'zh-Hans' }))).toEqual([product.bulb])
    expect(ids(await searchProducts({ q: '咖啡杯', locale: 'zh-Hans' })).sort()).toEqual([product.mugUnverified, product.mugVerified].sort())
    expect(ids(await searchProducts({ q: '杯泡', locale: 'zh-Hans' }))).toEqual([])
  })

  it('matches a Traditional Chinese name and returns the name in the visitor’s locale with an English fallback', async () => {
    const hant = await searchProducts({ q: '茶壺', locale: 'zh-Hant' })
    expect(hant.items.map((item) => item.name)).toEqual(['瓷茶壺'])
    const hans = await searchProducts({ q: '燈絲', locale: 'zh-Hans' })
    expect(hans.items.map((item) => item.name)).toEqual(['LED灯丝灯泡'])
    const fallback = await searchProducts({ q: 'teapot', locale: 'zh-Hans' })
    expect(fallback.items.map((item) => item.name)).toEqual(['Porcelain Teapot'])
  })

  it('ranks a verified supplier first among equal matches', async () => {
    const result = await searchProducts({ q: 'ceramic coffee mug', locale: 'en' })
    expect(ids(result)).toEqual([product.mugVerified, product.mugUnverified])
    expect(result.items[0]?.supplier).toEqual({ id: verified.id, name: 'Jingdezhen Porcelain', verified: true })
    expect(result.items[1]?.supplier.verified).toBe(false)
  })

  it('filters by category with descendants, origin, verified suppliers, MOQ, price and HS chapter', async () => {
    expect(ids(await searchProducts({ categoryId: 'lighting', locale: 'en' }))).toEqual([product.bulb])
    expect(ids(await searchProducts({ categoryId: 'ceramics-glass', originCountry: 'vn', locale: 'en' }))).toEqual([product.mugVerified])
    expect(ids(await searchProducts({ q: 'mug', verifiedOnly: true, locale: 'en' }))).toEqual([product.mugVerified])
    expect(ids(await searchProducts({ moqMax: 100, locale: 'en' })).sort()).toEqual([product.mugVerified, product.teapot].sort())
    expect(ids(await searchProducts({ priceMin: '1', priceMax: '2.5', locale: 'en' })).sort()).toEqual([product.mugUnverified, product.mugVerified].sort())
    expect(ids(await searchProducts({ hsChapter: '85', locale: 'en' }))).toEqual([product.bulb])
  })

  it('sorts by price with unpriced products last, and by newest', async () => {
    expect(ids(await searchProducts({ sort: 'price_asc', locale: 'en' }))).toEqual([product.bulb, product.mugUnverified, product.mugVerified, product.teapot])
    expect(ids(await searchProducts({ sort: 'price_desc', locale: 'en' }))).toEqual([product.mugVerified, product.mugUnverified, product.bulb, product.teapot])
    const newest = ids(await searchProducts({ sort: 'newest', locale: 'en' }))
    expect(newest.indexOf(product.mugUnverified!)).toBeLessThan(newest.indexOf(product.mugVerified!))
  })

  it('counts top-level categories and origin countries for the current query, each facet ignoring its own filter', async () => {
    const all = await searchProducts({ locale: 'zh-Hans' })
    expect(all.total).toBe(4)
    expect(all.facets.categories).toEqual([
      { value: 'lighting', label: '照明', count: 1 },
      { value: 'ceramics-glass', label: '陶瓷玻璃', count: 3 },
    ])
    expect(all.facets.originCountries.map(({ value, count }) => ({ value, count }))).toEqual([
      { value: 'CN', count: 3 },
      { value: 'VN', count: 1 },
    ])
    const filtered = await searchProducts({ q: 'ceramic', originCountry: 'VN', locale: 'en' })
    expect(filtered.total).toBe(1)
    expect(filtered.facets.originCountries.map(({ value, count }) => ({ value, count }))).toEqual([
      { value: 'CN', count: 1 },
      { value: 'VN', count: 1 },
    ])
    expect(filtered.facets.categories).toEqual([{ value: 'ceramics-glass', label: 'Ceramics & Glass', count: 1 }])
  })

  it('pages with limit and offset and keeps the total', async () => {
    const page = await searchProducts({ sort: 'price_asc', limit: 2, offset: 2, locale: 'en' })
    expect(ids(page)).toEqual([product.mugVerified, product.teapot])
    expect(page.total).toBe(4)
  })

  it('treats tsquery syntax in a query as plain text', async () => {
    await expect(searchProducts({ q: "mug & !( ' :* |", locale: 'en' })).resolves.toMatchObject({ total: 2 })
    await expect(searchProducts({ q: '&|!():*', locale: 'en' })).resolves.toMatchObject({ total: 4 })
  })
})

describe('getPublicProduct', () => {
  it('answers a published product with its supplier, categories, HS code and active price tiers', async () => {
    await createPriceList({
      companyId: verified.id,
      lines: [
        { productId: product.mugVerified!, minQuantity: 500, unitPrice: '2.1000' },
        { productId: product.mugVerified!, minQuantity: 100, unitPrice: '2.5000' },
      ],
    })
    await createPriceList({
      companyId: verified.id,
      isActive: false,
      currency: 'EUR',
      lines: [{ productId: product.mugVerified!, minQuantity: 1, unitPrice: '9.0000' }],
    })
    const page = await getPublicProduct(product.mugVerified!, 'zh-Hant')
    expect(page).toMatchObject({
      id: product.mugVerified,
      name: 'Ceramic Coffee Mug',
      moq: 100,
      hsCode: { code: '691200' },
      categories: [
        { id: 'ceramics-glass', name: '陶瓷玻璃' },
        { id: 'tableware', name: '陶瓷餐具' },
        { id: 'mugs-cups', name: '馬克杯和杯子' },
      ],
      supplier: { id: verified.id, name: 'Jingdezhen Porcelain', verified: true, city: 'Shenzhen' },
      priceTiers: {
        currency: 'USD',
        tiers: [
          { minQuantity: 100, unitPrice: '2.5000' },
          { minQuantity: 500, unitPrice: '2.1000' },
        ],
      },
    })
  })

  it('ignores a price list outside its validity window', async () => {
    await createPriceList({
      companyId: unverified.id,
      validFrom: '2000-01-01',
      validTo: '2000-12-31',
      lines: [{ productId: product.mugUnverified!, minQuantity: 1, unitPrice: '1.0000' }],
    })
    expect((await getPublicProduct(product.mugUnverified!, 'en'))?.priceTiers).toBeNull()
  })

  it('is null for draft, archived, deleted-company, unknown and §5-malformed ids', async () => {
    for (const id of [product.draft!, product.archived!, product.ofDeleted!, 'no-such-product', 'bad.id', 'a/b', '', 'x'.repeat(65)]) {
      expect(await getPublicProduct(id, 'en')).toBeNull()
    }
    expect(isPublicProductId('abc_DEF-123')).toBe(true)
    expect(isPublicProductId('bad.id')).toBe(false)
  })
})

describe('searchProducts price ranges and large match sets', () => {
  it('matches a price range in every currency with a reference rate, converted exactly (seeded: 1 EUR = 1.08 USD = 7.8 CNY)', async () => {
    const euro = await createProduct({ companyId: verified.id, nameEn: 'Quartz Sink', fromPrice: '2.0000', fromPriceCurrency: 'EUR' })
    const dollar = await createProduct({ companyId: verified.id, nameEn: 'Quartz Sink Deluxe', fromPrice: '2.2000', fromPriceCurrency: 'USD' })
    // 15.60 CNY is 2.00 EUR and 2.16 USD exactly.
    const yuan = await createProduct({ companyId: verified.id, nameEn: 'Quartz Sink Compact', fromPrice: '15.6000', fromPriceCurrency: 'CNY' })
    const unrated = await createProduct({ companyId: verified.id, nameEn: 'Quartz Sink Basic', fromPrice: '1.0000', fromPriceCurrency: 'XOF' })
    const search = async (range: { priceMin?: string; priceMax?: string; currency?: string }) =>
      ids(await searchProducts({ q: 'quartz', ...range, locale: 'en' })).sort()

    expect(await search({ priceMin: '1.99', priceMax: '2', currency: 'EUR' })).toEqual([euro.id, yuan.id].sort())
    expect(await search({ priceMin: '2.0001', currency: 'eur' })).toEqual([dollar.id])
    expect(await search({ priceMax: '2.16' })).toEqual([euro.id, yuan.id].sort())
    expect(await search({ priceMin: '15.6', priceMax: '15.6', currency: 'CNY' })).toEqual([euro.id, yuan.id].sort())
    expect(await search({ priceMin: '1', priceMax: '3', currency: 'USD' })).toEqual([euro.id, dollar.id, yuan.id].sort())
    // A currency without a rate matches only a range in its own currency, and a range in it only its own prices.
    expect(await search({ priceMax: '1', currency: 'XOF' })).toEqual([unrated.id])
    expect(await search({ priceMin: '0', currency: 'EUR' })).not.toContain(unrated.id)
    expect(await search({})).toEqual([euro.id, dollar.id, yuan.id, unrated.id].sort())

    // Sorting by price compares the converted prices (2.00 EUR = 15.60 CNY < 2.20 USD); a price without a rate goes last.
    const sorted = async (sort: 'price_asc' | 'price_desc') => ids(await searchProducts({ q: 'quartz', sort, locale: 'en' }))
    expect((await sorted('price_asc')).slice(2)).toEqual([dollar.id, unrated.id])
    expect((await sorted('price_desc'))[0]).toBe(dollar.id)
    expect((await sorted('price_desc'))[3]).toBe(unrated.id)
  })

  it('ranks a bounded set of matches but counts them all, and still sorts by price over every match, across currencies', async () => {
    const { insertRows, productRow } = await import('../../../db/factories/products')
    const { products } = await import('./catalog.tables.server')
    const many = Array.from({ length: SEARCH_CANDIDATE_CAP + 4 }, (_, index) =>
      productRow({
        companyId: unverified.id,
        nameEn: `Zephyr Lamp ${index}`,
        sku: `ZL-${index}`,
        fromPrice: `${10 + index}.0000`,
        publishedAt: new Date(Date.UTC(2023, 0, 1, 0, index)),
      }),
    )
    // The cheapest comes last, beyond the first matches the cap keeps.
    many.push(
      productRow({ companyId: unverified.id, nameEn: 'Zephyr Lamp cheapest', sku: 'ZL-cheapest', fromPrice: '1.0000', publishedAt: new Date('2022-01-01') }),
    )
    // 7.00 CNY is 0.97 USD at the seeded rates: cheaper than 1.00 USD, though the larger number.
    many.push(
      productRow({
        companyId: unverified.id,
        nameEn: 'Zephyr Lamp in yuan',
        sku: 'ZL-yuan',
        fromPrice: '7.0000',
        fromPriceCurrency: 'CNY',
        publishedAt: new Date('2022-01-02'),
      }),
    )
    await insertRows(products, many)

    const result = await searchProducts({ q: 'zephyr', locale: 'en' })
    expect(result.total).toBe(SEARCH_CANDIDATE_CAP + 6)
    expect(result.items).toHaveLength(20)
    expect(result.facets.originCountries).toEqual([{ value: 'CN', label: 'China', count: SEARCH_CANDIDATE_CAP + 6 }])
    const cheapest = await searchProducts({ q: 'zephyr', sort: 'price_asc', limit: 2, locale: 'en' })
    expect(cheapest.items.map((item) => item.name)).toEqual(['Zephyr Lamp in yuan', 'Zephyr Lamp cheapest'])
    const lastPage = await searchProducts({ q: 'zephyr', limit: 50, offset: 500, locale: 'en' })
    expect(lastPage.items).toHaveLength(6)
  })

  it('keeps the category tree in memory until categoriesChanged() is called', async () => {
    const { database } = await import('../../platform/db/index.server')
    const { categories } = await import('./catalog.tables.server')
    const { eq } = await import('drizzle-orm')
    await loadCategories()
    await database().update(categories).set({ nameEn: 'Lights' }).where(eq(categories.id, 'lighting'))
    expect((await loadCategories()).find((row) => row.id === 'lighting')?.nameEn).toBe('Lighting')
    categoriesChanged()
    expect((await loadCategories()).find((row) => row.id === 'lighting')?.nameEn).toBe('Lights')
  })
})

describe('searchProducts result cache', () => {
  it('answers the same search from memory until a marketplace write of this process, or until it expires', async () => {
    const { setEnvForTesting } = await import('../../platform/env.server')
    const { testEnv } = await import('../../../tests/support/test-env')
    const { marketplaceChanged } = await import('./search.service.server')
    setEnvForTesting(testEnv({ SEARCH_CACHE_SECONDS: '30' }))
    try {
      const before = await searchProducts({ q: 'samovar', locale: 'en' })
      expect(before.total).toBe(0)
      // Written behind the service's back: the cached answer stays.
      const samovar = await createProduct({ companyId: verified.id, nameEn: 'Brass Samovar' })
      expect((await searchProducts({ q: 'samovar', locale: 'en' })).total).toBe(0)
      // Another locale is another search.
      expect(ids(await searchProducts({ q: 'samovar', locale: 'zh-Hans' }))).toEqual([samovar.id])
      marketplaceChanged()
      expect(ids(await searchProducts({ q: 'samovar', locale: 'en' }))).toEqual([samovar.id])
    } finally {
      setEnvForTesting(testEnv())
    }
  })
})

describe('memoizeMarketplace', () => {
  it('serves a stale answer while one refresh replaces it, keeps it when the refresh fails, and forgets it long after', async () => {
    const { setEnvForTesting } = await import('../../platform/env.server')
    const { testEnv } = await import('../../../tests/support/test-env')
    const { memoizeMarketplace } = await import('./search.service.server')
    setEnvForTesting(testEnv({ SEARCH_CACHE_SECONDS: '30' }))
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      let calls = 0
      let fail = false
      let release = () => {}
      const compute = async () => {
        const call = ++calls
        if (call > 1) await new Promise<void>((resolve) => (release = resolve))
        if (fail) throw new Error('database away')
        return call
      }
      const read = () => memoizeMarketplace('memo-test', compute)
      const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
      expect(await read()).toBe(1)
      expect(await read()).toBe(1)
      vi.setSystemTime(Date.now() + 31_000)
      // Stale: the old answer at once while one refresh runs behind it.
      expect(await read()).toBe(1)
      expect(await read()).toBe(1)
      expect(calls).toBe(2)
      release()
      await settle()
      expect(await read()).toBe(2)
      // A failed refresh keeps the stale answer; the next read tries again.
      vi.setSystemTime(Date.now() + 31_000)
      fail = true
      expect(await read()).toBe(2)
      release()
      await settle()
      expect(await read()).toBe(2)
      expect(calls).toBe(4)
      release()
      await settle()
      fail = false
      // Past ten times the TTL the answer is gone and the caller waits for a fresh one.
      vi.setSystemTime(Date.now() + 301_000)
      const waiting = read()
      release()
      expect(await waiting).toBe(5)
    } finally {
      vi.useRealTimers()
      setEnvForTesting(testEnv())
    }
  })
})
