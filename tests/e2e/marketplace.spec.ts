import { expect, test } from '@playwright/test'
import { createProductWithImage, type NewProduct, priceProduct, publishProduct } from './support/catalog-journey'
import { DEMO, openPage, signIn, submitSignIn } from './support/helpers'

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
// 麒麟 (qilin) is a word no generated demo product uses, so the two-character query finds this product alone.
const product: NewProduct = {
  nameEn: `Qilin celadon teapot ${suffix}`,
  nameZhHans: `麒麟青瓷茶壶 ${suffix}`,
  sku: `QLN-${suffix}`,
  hsCode: '691110',
  moq: 50,
  leadTimeDays: 25,
}
let productId = ''

type JsonLd = { '@type'?: string; [key: string]: unknown }

test.describe.serial('the public marketplace', () => {
  test('a verified supplier publishes a product with an image and price tiers', async ({ page }) => {
    test.setTimeout(90_000)
    await signIn(page, DEMO.supplier)
    productId = await createProductWithImage(page, product)
    await priceProduct(page, product, [
      [50, '12.50'],
      [500, '9.80'],
    ])
    await publishProduct(page, product)
  })

  test('a visitor finds it by a two-character Chinese query and opens its page with valid structured data', async ({ page }) => {
    await openPage(page, '/zh-Hans/b2b/market')
    const box = page.getByRole('searchbox', { name: '搜索产品', exact: true })
    await box.fill('麒麟')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/zh-Hans\/b2b\/market\?q=%E9%BA%92%E9%BA%9F$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“麒麟”的搜索结果')
    await expect(page).toHaveTitle(/麒麟/)
    const card = page.getByRole('article').filter({ hasText: product.nameZhHans })
    await expect(card).toContainText('起订量：50 件')
    await expect(card).toContainText('US$9.80 / 件 起')

    const responsePromise = page.waitForResponse((response) => response.url().includes(`/zh-Hans/b2b/product/${productId}`))
    await card.getByRole('link', { name: product.nameZhHans }).click()
    await expect(page).toHaveURL(new RegExp(`/zh-Hans/b2b/product/${productId}$`))
    await responsePromise
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.nameZhHans)
    await expect(page.getByRole('img', { name: product.nameZhHans })).toBeVisible()
    const tiers = page.getByRole('table', { name: '阶梯价格' })
    await expect(tiers.getByRole('row')).toHaveCount(3)
    await expect(tiers).toContainText('500 件及以上')

    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as JsonLd)
    const productLd = blocks.find((block) => block['@type'] === 'Product')
    expect(productLd).toMatchObject({ name: product.nameZhHans, sku: product.sku, brand: { '@type': 'Organization' } })
    expect(productLd?.offers).toMatchObject({ '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: '9.8', highPrice: '12.5' })
    expect(blocks.some((block) => block['@type'] === 'Organization')).toBe(true)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/zh-Hans/b2b/product/${productId}$`))
    await expect(page.locator('link[rel="alternate"][hreflang="zh-Hant"]')).toHaveAttribute('href', new RegExp(`/zh-Hant/b2b/product/${productId}$`))
  })

  test('a visitor finds it by a Chinese compound and by its HS code, on the Chinese and the English page', async ({ page }) => {
    await openPage(page, '/zh-Hans/b2b/market')
    const box = page.getByRole('searchbox', { name: '搜索产品', exact: true })
    // 麒麟茶壶 is two words (麒麟 + 茶壶); the name 麒麟青瓷茶壶 has no 麟茶 bigram.
    await box.fill('麒麟茶壶')
    await box.press('Enter')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“麒麟茶壶”的搜索结果')
    await expect(page.getByText(/^找到产品：/)).toHaveText('找到产品：1')
    await expect(page.getByRole('article').filter({ hasText: product.nameZhHans })).toBeVisible()

    await openPage(page, '/en/b2b/market')
    const englishBox = page.getByRole('searchbox', { name: 'Search products', exact: true })
    for (const q of ['麒麟茶壶', '6911.10 qilin', `691110 ${suffix}`]) {
      await englishBox.fill(q)
      await englishBox.press('Enter')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${q}”`)
      await expect(page.getByText(/^Products found: /)).toHaveText('Products found: 1')
      await expect(page.getByRole('article').filter({ hasText: product.nameEn })).toBeVisible()
    }
  })

  test('serves anonymous visitors a cacheable page and signed-in users a private one', async ({ page }) => {
    const anonymous = await page.request.get(`/en/b2b/product/${productId}`)
    expect(anonymous.status()).toBe(200)
    expect(anonymous.headers()['cache-control']).toBe('public, max-age=60')
    expect(anonymous.headers().vary).toMatch(/cookie/i)
    await signIn(page, DEMO.buyer)
    const signedIn = await page.request.get(`/en/b2b/product/${productId}`)
    expect(signedIn.headers()['cache-control']).toMatch(/^private/)
  })

  test('asks a visitor to sign in before requesting a quotation, then returns to the product', async ({ page }) => {
    await openPage(page, `/en/b2b/product/${productId}`)
    await page.getByRole('button', { name: 'Request a quotation' }).click()
    await expect(page).toHaveURL(/\/en\/login$/)
    await submitSignIn(page, DEMO.buyer.email, DEMO.buyer.password)
    await expect(page).toHaveURL(new RegExp(`/en/b2b/product/${productId}$`))
    await expect(page.getByRole('heading', { name: 'Source this product' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Request a quotation' })).toBeVisible()
  })
})

test('the marketplace home links categories, featured verified suppliers and new products', async ({ page }) => {
  const response = await page.goto('/en/b2b')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const categories = page.getByRole('region', { name: 'Browse by category' })
  await expect(categories.getByRole('link').first()).toHaveAttribute('href', /\/en\/b2b\/market\?category=/)
  await expect(page.getByRole('region', { name: 'Featured verified suppliers' }).getByRole('link').first()).toHaveAttribute('href', /\/en\/b2b\/company\//)
  await expect(page.getByRole('region', { name: 'New products' }).getByRole('article').first()).toBeVisible()
})

test('an invalid product id is a 404 naming the full path', async ({ page }) => {
  const response = await page.goto('/en/b2b/product/bad.id')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Page Not Found: /en/b2b/product/bad.id', { exact: true })).toBeVisible()
  const unknown = await page.goto('/en/b2b/product/no-such-product?ref=1')
  expect(unknown?.status()).toBe(404)
  await expect(page.getByText('Page Not Found: /en/b2b/product/no-such-product?ref=1', { exact: true })).toBeVisible()
})

test('invalid search parameters are ignored rather than refused, and filtered searches are not indexed', async ({ page }) => {
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  const response = await page.goto('/en/b2b/market?moq_max=lots&sort=cheapest&hs_chapter=6')
  expect(response?.status()).toBe(200)
  await expect(page.getByText(/^Products found: /)).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  await openPage(page, '/en/b2b/market?origin=CN&verified=true')
  await expect(page.getByLabel('Verified suppliers only')).toBeChecked()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
  await page.waitForLoadState('networkidle')
  expect(pageErrors, 'hydration errors (server and browser must render the same text)').toEqual([])
})

/** The number in "Label (1,234)", "1–24 of 1,234" or "Products found: 1,234". */
const numberIn = (text: string, pattern: RegExp) => Number((pattern.exec(text)?.[1] ?? 'NaN').replace(/[,，]/g, ''))

test('counts every product truly: the result count, the pages and the facets of a broad search agree', async ({ page }) => {
  await openPage(page, '/en/b2b/market')
  const status = (await page.getByText(/^Products found: /).textContent()) ?? ''
  expect(status, 'an exact count, not a capped "500+"').toMatch(/^Products found: [\d,]+$/)
  const total = numberIn(status, /([\d,]+)$/)
  // The demo marketplace has 2,000 products, about nine in ten published: far more than the 500 a search ranks.
  expect(total).toBeGreaterThan(1_500)
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(`1–24 of ${total.toLocaleString('en')}`)
  const facetSum = async (label: string) => {
    const options = await page.getByLabel(label, { exact: true }).locator('option').allTextContents()
    return options.reduce((sum, option) => sum + (/\(([\d,]+)\)$/.test(option) ? numberIn(option, /\(([\d,]+)\)$/) : 0), 0)
  }
  expect(await facetSum('Category')).toBe(total)
  expect(await facetSum('Origin country')).toBe(total)
})

test('a Chinese compound query finds every product holding both words, and the count and pages agree', async ({ page }) => {
  await openPage(page, '/zh-Hans/b2b/market')
  const box = page.getByRole('searchbox', { name: '搜索产品', exact: true })
  await box.fill('陶瓷杯')
  await box.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('“陶瓷杯”的搜索结果')
  const total = numberIn((await page.getByText(/^找到产品：/).textContent()) ?? '', /([\d,]+)$/)
  expect(total).toBeGreaterThan(0)
  const names = await page.getByRole('article').getByRole('link').allTextContents()
  expect(names.length).toBe(Math.min(total, 24))
  // Names holding both words rank before products that hold them elsewhere (a description, a company name).
  const inName = names.map((name) => /陶瓷.*杯/.test(name))
  expect(inName[0]).toBe(true)
  const firstElsewhere = inName.indexOf(false)
  if (firstElsewhere >= 0) expect(inName.slice(firstElsewhere)).not.toContain(true)
  if (total > 24) await expect(page.getByRole('navigation', { name: '分页' })).toContainText(`共 ${total.toLocaleString('zh-Hans')} 条`)
})
