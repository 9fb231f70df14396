import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createProduct, insertRows, productRow } from '../../../db/factories/products'
import { products } from './catalog.tables.server'
import { SEARCH_CANDIDATE_CAP, searchProducts } from './search.service.server'

/** Leaf categories and the top-level category each belongs to (migration 0004's tree). */
const CATEGORIES = [
  { leaf: 'mugs-cups', top: 'ceramics-glass' },
  { leaf: 'led-filament-bulbs', top: 'lighting' },
  { leaf: 'kitchenware', top: 'home-garden' },
] as const
const ORIGINS = ['CN', 'VN', 'IN', 'TR'] as const

type Made = { id: string; top: string; origin: string; chapter: string; verified: boolean }
const zephyrs: Made[] = []
let quokkaCount = 0

const tally = (rows: Made[], key: 'top' | 'origin' | 'chapter') => {
  const counts = new Map<string, number>()
  for (const row of rows) counts.set(row[key], (counts.get(row[key]) ?? 0) + 1)
  return Object.fromEntries(counts)
}
const facetCounts = (facets: Array<{ value: string; count: number }>) => Object.fromEntries(facets.map((facet) => [facet.value, facet.count]))

beforeAll(async () => {
  const verified = await createCompany({ name: 'Ningbo Lamp Works', kind: 'supplier', verificationStatus: 'accept' })
  const unverified = await createCompany({ name: 'Yiwu Sundries', kind: 'supplier', verificationStatus: 'pending' })
  // 650 matches, unevenly spread so that every count differs from what the first 500 would give.
  const rows = Array.from({ length: SEARCH_CANDIDATE_CAP + 150 }, (_, index) => {
    const category = CATEGORIES[index % 7 === 0 ? 1 : index % 3 === 0 ? 2 : 0]
    const origin = ORIGINS[index % 11 === 0 ? 3 : index % 5 === 0 ? 2 : index % 2]!
    const isVerified = index % 4 !== 0
    const hsCode = index % 6 === 0 ? '940511' : index % 13 === 0 ? '392690' : '691200'
    const row = productRow({
      hsCode,
      companyId: isVerified ? verified.id : unverified.id,
      nameEn: `Zephyr Lamp ${index}`,
      sku: `ZL-${index}`,
      categoryId: category.leaf,
      originCountry: origin,
      publishedAt: new Date(Date.UTC(2023, 0, 1, 0, index)),
    })
    zephyrs.push({ id: row.id, top: category.top, origin, chapter: hsCode.slice(0, 2), verified: isVerified })
    return row
  })
  await insertRows(products, rows)
  // With the zephyrs, 2,000 published products in all.
  quokkaCount = 2_000 - rows.length
  await insertRows(
    products,
    Array.from({ length: quokkaCount }, (_, index) =>
      productRow({ companyId: verified.id, nameEn: `Quokka Plush ${index}`, sku: `QP-${index}`, categoryId: 'kitchenware', originCountry: 'VN' }),
    ),
  )
})

describe('search counts beyond the ranked candidates', () => {
  it('counts the true total and facets when more products match than are ranked', async () => {
    const result = await searchProducts({ q: 'zephyr', locale: 'en' })
    expect(result.total).toBe(zephyrs.length)
    expect(facetCounts(result.facets.categories)).toEqual(tally(zephyrs, 'top'))
    expect(facetCounts(result.facets.originCountries)).toEqual(tally(zephyrs, 'origin'))
  })

  it('counts each facet under the other filters: a category and an origin selected', async () => {
    const result = await searchProducts({ q: 'zephyr', categoryId: 'ceramics-glass', originCountry: 'cn', locale: 'en' })
    const inCategory = zephyrs.filter((row) => row.top === 'ceramics-glass')
    const fromChina = zephyrs.filter((row) => row.origin === 'CN')
    expect(result.total).toBe(inCategory.filter((row) => row.origin === 'CN').length)
    expect(facetCounts(result.facets.categories)).toEqual(tally(fromChina, 'top'))
    expect(facetCounts(result.facets.originCountries)).toEqual(tally(inCategory, 'origin'))
    const verifiedOnly = await searchProducts({ q: 'zephyr', verifiedOnly: true, locale: 'en' })
    expect(verifiedOnly.total).toBe(zephyrs.filter((row) => row.verified).length)
    expect(facetCounts(verifiedOnly.facets.originCountries)).toEqual(
      tally(
        zephyrs.filter((row) => row.verified),
        'origin',
      ),
    )
  })

  it('counts HS chapters and verified suppliers beyond the ranked candidates, each under the other filters', async () => {
    const all = await searchProducts({ q: 'zephyr', locale: 'en' })
    expect(facetCounts(all.facets.hsChapters)).toEqual(tally(zephyrs, 'chapter'))
    expect(all.facets.hsChapters.map((facet) => facet.value)).toEqual(['39', '69', '94'])
    expect(all.facets.hsChapters.find((facet) => facet.value === '69')?.label).toBe('Ceramic products')
    expect(all.facets.verifiedSuppliers).toBe(zephyrs.filter((row) => row.verified).length)

    const narrowed = await searchProducts({ q: 'zephyr', hsChapter: '94', verifiedOnly: true, locale: 'en' })
    const verified = zephyrs.filter((row) => row.verified)
    const inChapter = zephyrs.filter((row) => row.chapter === '94')
    expect(narrowed.total).toBe(inChapter.filter((row) => row.verified).length)
    expect(facetCounts(narrowed.facets.hsChapters)).toEqual(tally(verified, 'chapter'))
    expect(narrowed.facets.verifiedSuppliers).toBe(inChapter.filter((row) => row.verified).length)
    expect(facetCounts(narrowed.facets.categories)).toEqual(
      tally(
        inChapter.filter((row) => row.verified),
        'top',
      ),
    )
    expect(narrowed.items.length).toBeGreaterThan(0)
  })

  it('pages through every match in relevance order, each once', async () => {
    const seen: string[] = []
    for (let offset = 0; offset < zephyrs.length; offset += 50) {
      const page = await searchProducts({ q: 'zephyr', limit: 50, offset, locale: 'en' })
      expect(page.total).toBe(zephyrs.length)
      seen.push(...page.items.map((item) => item.id))
    }
    expect(seen).toHaveLength(zephyrs.length)
    expect([...seen].sort()).toEqual(zephyrs.map((row) => row.id).sort())
    const lastPage = await searchProducts({ q: 'zephyr', limit: 50, offset: 600, locale: 'en' })
    expect(lastPage.items).toHaveLength(50)
  })

  it('counts all 2,000 published products when browsing, and pages by price through all of them', async () => {
    const all = await searchProducts({ locale: 'en' })
    expect(all.total).toBe(2_000)
    expect(facetCounts(all.facets.originCountries)).toEqual({ ...tally(zephyrs, 'origin'), VN: tally(zephyrs, 'origin').VN! + quokkaCount })
    const last = await searchProducts({ sort: 'price_asc', limit: 50, offset: 1_950, locale: 'en' })
    expect(last.items).toHaveLength(50)
    expect(last.total).toBe(2_000)
  })
})

describe('search counts of a small match set', () => {
  it('counts the same facets in memory when every match is ranked', async () => {
    const verified = await createCompany({ name: 'Yakutsk Furs', kind: 'supplier', verificationStatus: 'accept' })
    const pending = await createCompany({ name: 'Yerevan Crafts', kind: 'supplier', verificationStatus: 'pending' })
    const yaks = [
      { hsCode: '430310', verified: true },
      { hsCode: '430310', verified: false },
      { hsCode: '610910', verified: true },
      { hsCode: null, verified: true },
    ]
    for (const [index, yak] of yaks.entries())
      await createProduct({
        companyId: yak.verified ? verified.id : pending.id,
        nameEn: `Yakwool scarf ${index}`,
        hsCode: yak.hsCode,
        categoryId: 'kitchenware',
        originCountry: 'CN',
      })
    const all = await searchProducts({ q: 'yakwool', locale: 'en' })
    expect(all.total).toBe(4)
    expect(facetCounts(all.facets.hsChapters)).toEqual({ '43': 2, '61': 1 })
    expect(all.facets.verifiedSuppliers).toBe(3)
    const furs = await searchProducts({ q: 'yakwool', hsChapter: '43', locale: 'en' })
    expect(furs.total).toBe(2)
    expect(furs.facets.verifiedSuppliers).toBe(1)
    expect(facetCounts(furs.facets.hsChapters)).toEqual({ '43': 2, '61': 1 })
    const verifiedFurs = await searchProducts({ q: 'yakwool', hsChapter: '43', verifiedOnly: true, locale: 'en' })
    expect(verifiedFurs.items.map((item) => item.name)).toEqual(['Yakwool scarf 0'])
    expect(facetCounts(verifiedFurs.facets.hsChapters)).toEqual({ '43': 1, '61': 1 })
  })
})
