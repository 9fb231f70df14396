import { expect, type Page, test } from '@playwright/test'
import { E2E_BASE_URL } from './support/env'
import { openPage, openPageWithoutScripts, signUp } from './support/helpers'

const HAN = /\p{Script=Han}/u

/** The number in "Label (1,234)" or "Products found: 1,234". */
const numberIn = (text: string, pattern: RegExp) => Number((pattern.exec(text)?.[1] ?? 'NaN').replace(/[,，]/g, ''))
const resultCount = async (page: Page) => numberIn((await page.getByText(/^Products found: /).textContent()) ?? '', /([\d,]+)$/)

test('the market shows each product in its own picture, served like an upload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openPage(page, '/en/b2b/market')
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(24)
  // Other journeys publish products without pictures (newest, so first): the seeded ones all have one.
  const sources = (await cards.evaluateAll((articles) => articles.map((article) => article.querySelector('img')?.getAttribute('src') ?? null))).filter(
    (src): src is string => src !== null,
  )
  expect(sources.length).toBeGreaterThanOrEqual(18)
  for (const src of sources) expect(src).toMatch(/^\/api\/v1\/files\/[\w-]+\/thumbnail$/)
  expect(new Set(sources.slice(0, 4)).size, 'four different pictures in the first row').toBe(4)
  // The whole first page: a variety of pictures, not one picture repeated.
  expect(new Set(sources).size).toBeGreaterThanOrEqual(sources.length - 2)
  const picture = await page.request.get(sources[0]!)
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toBe('image/webp')
  expect(picture.headers()['x-content-type-options']).toBe('nosniff')
  const bytes = await picture.body()
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
})

test('filters apply as they change: category, verified suppliers, HS chapter and MOQ, each option with its count', async ({ page }) => {
  await openPage(page, '/en/b2b/market')
  await expect(page.getByRole('button', { name: 'Apply filters' })).toHaveCount(0)
  const all = await resultCount(page)

  // Ceramics: the demo supplier (verified) makes some, so every step below has matches.
  const category = page.getByLabel('Category', { exact: true })
  const ceramics = (await category.locator('option[value="ceramics-glass"]').textContent()) ?? ''
  expect(ceramics).toMatch(/^Ceramics & Glass \([\d,]+\)$/)
  await category.selectOption('ceramics-glass')
  await expect(page).toHaveURL(/\/en\/b2b\/market\?category=ceramics-glass$/)
  await expect(page.getByText(/^Products found: /)).toHaveText(`Products found: ${numberIn(ceramics, /\(([\d,]+)\)$/).toLocaleString('en')}`)
  expect(numberIn(ceramics, /\(([\d,]+)\)$/)).toBeLessThan(all)

  const verified = page.getByLabel(/^Verified suppliers only/)
  const verifiedCount = numberIn((await verified.locator('xpath=..').textContent()) ?? '', /\(([\d,]+)\)$/)
  await verified.check()
  await expect(page).toHaveURL(/category=ceramics-glass&verified=true$/)
  await expect(page.getByText(/^Products found: /)).toHaveText(`Products found: ${verifiedCount.toLocaleString('en')}`)

  await page.getByRole('combobox', { name: /^HS chapter/ }).click()
  await page.getByRole('combobox', { name: 'Search HS chapters' }).fill('ceramic')
  const chapter = page.getByRole('option', { name: /^69 — Ceramic products \(/ })
  const chapterCount = numberIn((await chapter.textContent()) ?? '', /\(([\d,]+)\)$/)
  await chapter.click()
  await expect(page).toHaveURL(/category=ceramics-glass&verified=true&hs_chapter=69$/)
  await expect(page.getByText(/^Products found: /)).toHaveText(`Products found: ${chapterCount.toLocaleString('en')}`)
  await expect(page.getByRole('combobox', { name: /^HS chapter/ })).toContainText('69 — Ceramic products')

  await page.getByLabel('MOQ up to').fill('200')
  await expect(page).toHaveURL(/moq_max=200/)
  // React Router renders a navigation's results in a transition, after the address has changed: read the cards until
  // they are the new ones (a card above 200 that stays fails after the assertion timeout).
  const moqs = () =>
    page
      .getByRole('article')
      .getByText(/^MOQ: /)
      .allTextContents()
      .then((texts) => texts.map((text) => numberIn(text, /^MOQ: ([\d,]+)/)))
  await expect.poll(async () => (await moqs()).filter((moq) => moq > 200), { message: 'every card shown has an MOQ of at most 200' }).toEqual([])
  expect((await moqs()).length).toBeGreaterThan(0)

  // "Clear all filters" empties the fields, not only the results.
  await page.getByRole('link', { name: 'Clear all filters' }).click()
  await expect(page).toHaveURL(/\/en\/b2b\/market$/)
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('')
  await expect(page.getByLabel(/^Verified suppliers only/)).not.toBeChecked()
  await expect(page.getByLabel('MOQ up to')).toHaveValue('')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the filters apply with their button, and the HS chapter and currency are plain selects', async ({ page }) => {
    await openPageWithoutScripts(page, '/en/b2b/market')
    await page.getByLabel('Origin country').selectOption('CN')
    await page.getByLabel('HS chapter').selectOption('69')
    await expect(page.getByLabel('Currency')).toHaveValue('USD')
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/\/en\/b2b\/market\?.*origin=CN.*hs_chapter=69/)
    await expect(page.getByLabel('HS chapter')).toHaveValue('69')
  })
})

test('the Chinese market names products, attributes and units in Chinese, and suppliers show their logo and banner', async ({ page }) => {
  // Home and garden: seeded products only (other journeys add theirs to ceramics and lighting), the demo supplier's vases among them.
  await openPage(page, '/zh-Hans/b2b/market?category=home-garden')
  const names = await page.getByRole('article').getByRole('heading').allTextContents()
  expect(names.length).toBeGreaterThanOrEqual(12)
  for (const name of names) expect(name, name).toMatch(HAN)
  await expect(page.getByRole('article').first()).toContainText(/起订量：[\d,]+ [件套双盒箱托公斤吨米升卷张打平方立]/)

  await page.getByRole('article').first().getByRole('link').first().click()
  await expect(page).toHaveURL(/\/zh-Hans\/b2b\/product\//)
  const attributes = page.getByRole('table', { name: '规格参数' })
  await expect(attributes).toContainText(/材质|规格|颜色|容量/)
  for (const cell of await attributes.getByRole('cell').allTextContents()) expect(cell).not.toMatch(/^(Material|Specification|Colour|Capacity)$/)
  const supplier = page.locator('[aria-labelledby="product-supplier-title"]')
  await expect(supplier.locator('img[src^="/api/v1/files/"]')).toBeVisible()

  await supplier.getByRole('link', { name: '查看公司资料' }).click()
  await expect(page).toHaveURL(/\/zh-Hans\/b2b\/company\//)
  const banner = page.locator('header img[src$="/content"]').first()
  await expect(banner).toBeVisible()
  const box = await banner.boundingBox()
  expect(box!.width / box!.height).toBeGreaterThan(3)
})

test('a buyer who prefers euros compares prices in euros, the supplier’s own price beside, and sorts by the converted price', async ({ page }) => {
  test.setTimeout(60_000)
  await signUp(page, 'Mira Kovač', 'Kovač Trading')
  const saved = await page.request.put('/api/user/profiles', {
    headers: { origin: E2E_BASE_URL },
    data: { language: 'en', currency: 'EUR', timezone: null, date_format: 'medium', time_format: 'short', hour_cycle: 'h23' },
  })
  expect(saved.status()).toBe(200)

  await openPage(page, '/en/b2b/market?sort=price_asc')
  const prices = page.getByTestId('product-card-price')
  await expect(prices.first()).toBeVisible()
  const converted = prices.locator('[data-money="converted"]')
  await expect(converted.first()).toContainText(/^From ≈ €[\d,]+\.\d{2,4} \/ \w+/)
  // The supplier's own price and currency, smaller, below the converted one.
  await expect(converted.first().locator('span').nth(1)).toHaveText(/^(\$|CN¥)[\d,]+\.\d{2,4}$/)
  await expect(converted.first()).toHaveAttribute('title', /^converted from (\$|CN¥)[\d,.]+ at [\d.]+ on /)

  // Every figure the grid leads with is in euros and they rise: the sort compares converted prices.
  const texts = await prices.allTextContents()
  const euros = texts.filter((text) => text.startsWith('From')).map((text) => numberIn(text, /€([\d,]+(?:\.\d+)?)/))
  expect(euros.length).toBeGreaterThan(10)
  for (const value of euros) expect(Number.isFinite(value)).toBe(true)
  expect(euros).toEqual([...euros].sort((a, b) => a - b))
})
