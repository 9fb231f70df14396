import { expect, type Page, test } from '@playwright/test'
import { DEMO, LOGIN_URL, openPage, openPageWithoutScripts, submitSignIn } from './support/helpers'

const SUPPLIER = 'Bamboo Kiln Ceramics'

/** Filters the directory to verified suppliers named like the demo supplier, with the page's own GET form. */
async function findDemoSupplier(page: Page, scripts = true) {
  if (scripts) await openPage(page, '/en/b2b/company')
  else await openPageWithoutScripts(page, '/en/b2b/company')
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier directory' })).toBeVisible()
  const search = page.getByRole('search', { name: 'Search suppliers' })
  await search.getByLabel('Company or main product').fill('Bamboo Kiln')
  await search.getByLabel('Verified suppliers only').check()
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/en\/b2b\/company\?(.*&)?verified=true/)
  const card = page.getByRole('article', { name: SUPPLIER })
  await expect(card).toBeVisible()
  await expect(card.getByText('Verified supplier')).toBeVisible()
  return card
}

test('a visitor filters the directory to verified suppliers and opens the demo supplier’s profile', async ({ page }) => {
  const card = await findDemoSupplier(page)
  await card.getByRole('link', { name: SUPPLIER }).click()

  await expect(page.getByRole('heading', { level: 1, name: SUPPLIER })).toBeVisible()
  await expect(page).toHaveURL(/\/en\/b2b\/company\/[\w-]+$/)
  await expect(page.getByRole('main').getByText('Verified supplier').first()).toBeVisible()
  await expect(page.getByText(/Tradeport verified this supplier’s business documents/)).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Company facts' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeVisible()

  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
  expect(canonical).toBe(page.url())
  await expect(page.locator('link[rel="alternate"][hreflang="zh-Hant"]')).toHaveAttribute('href', page.url().replace('/en/', '/zh-Hant/'))
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}')
  expect(jsonLd).toMatchObject({ '@type': 'Organization', name: SUPPLIER, url: page.url(), address: { addressCountry: 'CN' } })
})

test('the directory works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await findDemoSupplier(page, false)
  await context.close()
})

test('a visitor who wants to contact the supplier signs in and comes back to the profile', async ({ page }) => {
  const card = await findDemoSupplier(page)
  await card.getByRole('link', { name: SUPPLIER }).click()
  await expect(page.getByRole('heading', { level: 1, name: SUPPLIER })).toBeVisible()
  const profileUrl = page.url()
  await page.getByRole('button', { name: 'Contact supplier' }).click()
  await expect(page).toHaveURL(LOGIN_URL)
  await submitSignIn(page, DEMO.buyer.email, DEMO.buyer.password)
  await expect(page).toHaveURL(profileUrl)
  await expect(page.getByRole('heading', { level: 1, name: SUPPLIER })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Contact supplier' })).toHaveCount(0)
})

test('an unknown or malformed company id is the 404 page naming the path', async ({ page }) => {
  for (const path of ['/en/b2b/company/no-such-company', '/en/b2b/company/bad.id']) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByText(`Page not found: ${path}`)).toBeVisible()
  }
})

test('anonymous public pages are cacheable and answer 304 to a matching If-None-Match', async ({ request }) => {
  const first = await request.get('/en/b2b/company')
  expect(first.status()).toBe(200)
  expect(first.headers()['cache-control']).toBe('public, max-age=60')
  const etag = first.headers().etag ?? ''
  expect(etag).toMatch(/^W\/"/)
  const again = await request.get('/en/b2b/company', { headers: { 'if-none-match': etag } })
  expect(again.status()).toBe(304)
})

test('robots.txt and the sitemaps answer with their content types and valid XML', async ({ page, request }) => {
  const robots = await request.get('/robots.txt')
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8')
  expect(await robots.text()).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m)

  const index = await request.get('/sitemap.xml')
  expect(index.headers()['content-type']).toBe('application/xml; charset=utf-8')
  await openPage(page, '/en')
  // The browser's own XML parser checks each file is well-formed and counts its entries.
  const parsed = await page.evaluate(async () => {
    const parse = async (url: string) => new DOMParser().parseFromString(await (await fetch(url)).text(), 'application/xml')
    const sitemapIndex = await parse('/sitemap.xml')
    const pages = [...sitemapIndex.getElementsByTagName('loc')].map((loc) => new URL(loc.textContent ?? '').pathname)
    const files = await Promise.all(pages.map(async (path) => ({ path, document: await parse(path) })))
    return {
      indexError: sitemapIndex.getElementsByTagName('parsererror').length,
      pages,
      files: files.map(({ path, document }) => ({
        path,
        errors: document.getElementsByTagName('parsererror').length,
        urls: document.getElementsByTagName('url').length,
        alternates: document.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link').length,
      })),
    }
  })
  expect(parsed.indexError).toBe(0)
  expect(parsed.pages).toEqual(expect.arrayContaining(['/sitemaps/pages.xml', '/sitemaps/products-1.xml', '/sitemaps/companies-1.xml']))
  for (const file of parsed.files) {
    expect(file.errors, file.path).toBe(0)
    expect(file.urls, file.path).toBeGreaterThan(0)
    expect(file.urls, file.path).toBeLessThanOrEqual(10_000)
    expect(file.alternates, file.path).toBe(file.urls * 4)
  }
})
