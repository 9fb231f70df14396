import { expect, type Page, test } from '@playwright/test'
import { activateExportList } from './support/catalog-journey'
import { DEMO, openPage, signedInContext, signUp } from './support/helpers'

// The seeded reference rates (migration 0008, as of 2026-11-20): 1 EUR = 1.08 USD. The demo supplier prices in USD.
const WIDTHS = [1440, 390] as const

/** The page is no wider than the window (no sideways scrolling), at the width it is shown at. */
async function expectNoOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, `${what} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0)
}

async function screenshotAtWidths(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoOverflow(page, `${name} at ${width}px`)
    await page.screenshot({ path: `test-results/preferred-currency/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

test('a user who saves EUR sees € amounts with the original on the marketplace grid and in the order list', async ({ browser, page }) => {
  test.setTimeout(120_000)
  const supplier = await signedInContext(browser, DEMO.supplier)
  await activateExportList(supplier.context.request)
  await supplier.context.close()
  await page.setViewportSize({ width: 1440, height: 900 })
  await signUp(page, 'Elena Varga', 'Varga Interiors')

  await openPage(page, '/en/app/user/preference')
  await page.getByRole('combobox', { name: 'Currency' }).click()
  await page.getByRole('combobox', { name: 'Search currencies' }).fill('EUR')
  await page.getByRole('option', { name: 'EUR — Euro', exact: true }).click()
  // The preview converts a yuan amount with the same rates the pages use.
  await expect(page.getByTestId('preview-converted')).toContainText('≈ €')
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/profiles') && response.request().method() === 'PUT')
  await page.getByRole('button', { name: 'Save preferences' }).click()
  expect((await saved).status()).toBe(200)

  // The marketplace card: the converted price first, the supplier's own below, the rate and its day in the title.
  await openPage(page, '/en/b2b/market?q=celadon+stoneware+mug')
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Celadon stoneware mug, 350 ml' }) })
  const price = card.getByTestId('product-card-price')
  await expect(price).toContainText(/^From ≈ €\d+\.\d{2} \/ piece\$\d+\.\d{2}converted from/)
  await expect(price.locator('[data-money="converted"]')).toHaveAttribute('title', /^converted from \$[\d.]+ at 0\.92593 on Nov 20, 2026$/)
  // The price range is entered in the preferred currency.
  await expect(page.getByLabel('Currency')).toHaveValue('EUR')
  await screenshotAtWidths(page, 'market')

  // An order in US dollars: 1,000 mugs at 2.95 = $2,950.00 ≈ €2,731.48.
  await openPage(page, '/en/app/orders/new-order')
  await page.getByRole('searchbox', { name: 'Search suppliers' }).fill('Bamboo Kiln')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('link', { name: 'Order from Bamboo Kiln Ceramics' }).click()
  await expect(page).toHaveURL(/supplier=/)
  const line = page.getByRole('group', { name: 'Line 1' })
  await line.getByLabel('Product').selectOption({ label: 'BKC-MUG-350 – Celadon stoneware mug, 350 ml' })
  await line.getByLabel('Quantity').fill('1000')
  await page.getByLabel('Named place').fill('Rotterdam')
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/en\/app\/orders\/[\w-]+\/view/)
  // The order itself stays in its own currency.
  await expect(page.getByRole('table', { name: 'Order lines' })).toContainText('$2,950.00')

  await openPage(page, '/en/app/orders')
  const total = page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1).locator('[data-money="converted"]')
  await expect(total).toContainText('≈ €2,731.48')
  await expect(total).toContainText('$2,950.00')
  await expect(total).toHaveAttribute('title', 'converted from $2,950.00 at 0.92593 on Nov 20, 2026')
  await screenshotAtWidths(page, 'orders')
})

test('an anonymous visitor has the default currency: yuan and euro prices on the grid show converted to US dollars', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openPage(page, '/en/b2b/market')
  const converted = page.getByTestId('product-card-price').locator('[data-money="converted"]')
  await expect(converted.first()).toContainText(/^From ≈ \$[\d,]+\.\d{2} \/ \w+/)
  await expect(converted.first()).toHaveAttribute('title', /^converted from (CN¥|€)[\d,.]+ at [\d.]+ on Nov 20, 2026$/)
  await screenshotAtWidths(page, 'market-anonymous')
})
