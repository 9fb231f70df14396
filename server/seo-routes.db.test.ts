import { beforeAll, describe, expect, it } from 'vitest'
import { resetSitemapCache } from '../app/modules/catalog/index.server'
import { createCompany } from '../db/factories/companies'
import { createProduct } from '../db/factories/products'
import { call, testApp } from '../tests/support/http'
import { TEST_PUBLIC_URL } from '../tests/support/test-env'

let app: ReturnType<typeof testApp>
let companyId: string
let productId: string

beforeAll(async () => {
  app = testApp()
  companyId = (await createCompany({ name: 'Bamboo Kiln Ceramics', kind: 'supplier' })).id
  productId = (await createProduct({ companyId, nameEn: 'Porcelain Mug' })).id
  resetSitemapCache()
})

describe('robots.txt', () => {
  it('opens public pages, closes the API and private pages, and names the sitemap', async () => {
    const response = await call(app, '/robots.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.text.split('\n')).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /*/app/',
        'Disallow: /*/login',
        'Disallow: /*/onboarding',
        `Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`,
      ]),
    )
    expect(response.text).not.toMatch(/Disallow: \/\*\/b2b|Disallow: \/$/m)
  })
})

describe('sitemaps', () => {
  it('serves the index as cacheable XML with absolute URLs', async () => {
    const response = await call(app, '/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect([...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${TEST_PUBLIC_URL}/sitemaps/pages.xml`,
      `${TEST_PUBLIC_URL}/sitemaps/products-1.xml`,
      `${TEST_PUBLIC_URL}/sitemaps/companies-1.xml`,
    ])
  })

  it('serves the static pages, the products and the companies in every locale', async () => {
    const pages = await call(app, '/sitemaps/pages.xml')
    expect(pages.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(pages.text).toContain(`<loc>${TEST_PUBLIC_URL}/zh-Hant/b2b/company</loc>`)
    // The HS lookup: itself, its sections, chapters and headings (issue 22), not its 5,612 subheadings.
    for (const path of ['/hscode-demo', '/hscode-demo/section/XIII', '/hscode-demo/69', '/hscode-demo/6912'])
      expect(pages.text).toContain(`<loc>${TEST_PUBLIC_URL}/en${path}</loc>`)
    expect(pages.text).not.toContain('/hscode-demo/691200<')
    expect((await call(app, '/sitemaps/products-1.xml')).text).toContain(`<loc>${TEST_PUBLIC_URL}/zh-Hans/b2b/product/${productId}</loc>`)
    const companies = await call(app, '/sitemaps/companies-1.xml')
    expect(companies.status).toBe(200)
    expect(companies.text).toContain(`hreflang="en" href="${TEST_PUBLIC_URL}/en/b2b/company/${companyId}"`)
  })

  it('is 404 for pages that do not exist', async () => {
    for (const path of ['/sitemaps/products-2.xml', '/sitemaps/products-0.xml', '/sitemaps/orders-1.xml', '/sitemaps/products-1.xml.gz', '/sitemaps/pages']) {
      expect((await call(app, path)).status, path).toBe(404)
    }
  })
})
