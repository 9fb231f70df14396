import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { database } from '../../platform/db/index.server'
import { organizations } from '../companies/companies.tables.server'
import { products } from './catalog.tables.server'
import {
  resetSitemapCache,
  SITEMAP_MAX_URLS,
  SITEMAP_RECORDS_PER_PAGE,
  sitemapIndexXml,
  sitemapPage,
  sitemapPageCounts,
  staticSitemapEntries,
  urlSetXml,
} from './sitemap.service.server'

const ORIGIN = 'https://tradeport.example'
const BULK = SITEMAP_RECORDS_PER_PAGE + 50
const idOf = (path: string) => path.split('/').pop() ?? ''

describe('an empty marketplace', () => {
  it('still has one (empty) page per record sitemap', async () => {
    resetSitemapCache()
    expect(await sitemapPageCounts()).toEqual({ products: 1, companies: 1 })
    expect(await sitemapPage('products', 1)).toEqual([])
    expect(await sitemapPage('products', 2)).toBeNull()
  })
})

describe('record sitemaps', () => {
  const company: Record<string, string> = {}
  let published: string[] = []
  let draft = ''
  let ofDeleted = ''

  beforeAll(async () => {
    company.kiln = (await createCompany({ name: 'Bamboo Kiln Ceramics', kind: 'supplier' })).id
    company.both = (await createCompany({ name: 'Amber Lamp Works', kind: 'both' })).id
    company.buyer = (await createCompany({ name: 'Harbour Buyer', kind: 'buyer' })).id
    company.gone = (await createCompany({ name: 'Gone Ceramics', kind: 'supplier' })).id
    await database().update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, company.gone))
    const rows = Array.from({ length: BULK }, (_, index) => ({
      id: randomUUID(),
      organizationId: company.kiln!,
      sku: `BULK-${index}`,
      nameEn: `Mug ${index}`,
      categoryId: 'mugs-cups',
      originCountry: 'CN',
      unit: 'piece',
      status: 'published' as const,
      publishedAt: new Date(),
    }))
    for (let start = 0; start < rows.length; start += 1000)
      await database()
        .insert(products)
        .values(rows.slice(start, start + 1000))
    published = rows.map((row) => row.id)
    draft = (await createProduct({ companyId: company.kiln, nameEn: 'Draft', status: 'draft' })).id
    ofDeleted = (await createProduct({ companyId: company.gone, nameEn: 'Orphan' })).id
    resetSitemapCache()
  })

  it('splits the published products of live companies into id-ordered pages of at most 10,000 URLs', async () => {
    expect(await sitemapPageCounts()).toEqual({ products: 2, companies: 1 })
    const first = (await sitemapPage('products', 1)) ?? []
    const second = (await sitemapPage('products', 2)) ?? []
    expect(first).toHaveLength(SITEMAP_RECORDS_PER_PAGE)
    expect(second).toHaveLength(BULK - SITEMAP_RECORDS_PER_PAGE)
    const listed = [...first, ...second].map((entry) => idOf(entry.path))
    expect(new Set(listed).size).toBe(BULK)
    expect([...listed].sort()).toEqual([...published].sort())
    expect(listed).not.toContain(draft)
    expect(listed).not.toContain(ofDeleted)
    expect(first[0]?.path).toMatch(/^\/b2b\/product\/[\w-]+$/)
    expect(first[0]?.lastmod).toBeInstanceOf(Date)
    expect(urlSetXml(ORIGIN, first).match(/<url>/g)?.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS)
  })

  it('answers null for pages that do not exist', async () => {
    for (const page of [0, -1, 3, 1.5, Number.NaN]) expect(await sitemapPage('products', page)).toBeNull()
  })

  it('lists live supplying companies only', async () => {
    const entries = (await sitemapPage('companies', 1)) ?? []
    expect(entries.map((entry) => idOf(entry.path)).sort()).toEqual([company.kiln, company.both].sort())
    expect(entries.every((entry) => entry.lastmod instanceof Date)).toBe(true)
  })

  it('keeps the page boundaries for an hour, so a new product waits for the next recomputation', async () => {
    await createProduct({ companyId: company.both!, nameEn: 'Late lamp' })
    expect(await sitemapPageCounts()).toEqual({ products: 2, companies: 1 })
    resetSitemapCache()
    const all = [...((await sitemapPage('products', 1)) ?? []), ...((await sitemapPage('products', 2)) ?? [])]
    expect(all).toHaveLength(BULK + 1)
  })
})

describe('sitemap XML', () => {
  it('writes an index of every page', () => {
    const xml = sitemapIndexXml(ORIGIN, { products: 2, companies: 1 })
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/products-1.xml`,
      `${ORIGIN}/sitemaps/products-2.xml`,
      `${ORIGIN}/sitemaps/companies-1.xml`,
    ])
  })

  it('lists every locale of a page with hreflang alternates, x-default and lastmod', () => {
    const xml = urlSetXml(ORIGIN, [{ path: '/b2b/company/abc', lastmod: new Date('2025-02-03T04:05:06Z') }])
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    const urls = xml.match(/<url>.*?<\/url>/g) ?? []
    expect(urls.map((url) => /<loc>([^<]+)<\/loc>/.exec(url)?.[1])).toEqual([
      `${ORIGIN}/en/b2b/company/abc`,
      `${ORIGIN}/zh-Hans/b2b/company/abc`,
      `${ORIGIN}/zh-Hant/b2b/company/abc`,
    ])
    for (const url of urls) {
      expect(url).toContain('<lastmod>2025-02-03T04:05:06.000Z</lastmod>')
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="zh-Hant" href="${ORIGIN}/zh-Hant/b2b/company/abc"/>`)
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/en/b2b/company/abc"/>`)
      expect(url.match(/<xhtml:link /g)).toHaveLength(4)
    }
  })

  it('escapes XML special characters and omits an unknown lastmod', () => {
    const xml = urlSetXml(`${ORIGIN}/?a=1&b=<2>`, [{ path: '/', lastmod: null }])
    expect(xml).not.toMatch(/&(?!#\d+;)/)
    expect(xml).not.toContain('<2>')
    expect(xml).not.toContain('<lastmod>')
  })

  it('lists the static public pages', () => {
    expect(staticSitemapEntries().map((entry) => entry.path)).toEqual([
      '/',
      '/b2b',
      '/b2b/market',
      '/b2b/company',
      '/supplier/onboard',
      '/service',
      '/services/logistics',
      '/services/inspection',
      '/services/customs',
      '/services/certification',
      '/services/sourcing_agent',
      '/pricing',
      '/marketing',
      '/sourcing',
      '/supplier/portal',
    ])
  })
})
