import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, expectHydrated, openPage, startSession } from './support/helpers'

// Charts where people look rather than read (issue 16): price research draws each month's prices as box plots with
// the same figures behind "Show as a table", and the exchange-rate page gives every currency a sparkline of its recent
// rates with the same in words for screen readers; both fit a 390 px phone, in light and dark, without serious axe
// violations. The demo history quotes HS 6912 in several months and leads the seed rates up with three months of rates.
const RESEARCH = '/app/sourcing/research?hsCode=6912&currency=USD'
const TREND_TITLE = 'Unit prices by month in USD: lowest, quartiles and highest'
const THEMES = ['light', 'dark'] as const

async function chooseTheme(page: Page, context: BrowserContext, baseURL: string | undefined, theme: (typeof THEMES)[number]) {
  const { hostname } = new URL(baseURL ?? 'http://localhost')
  await context.addCookies([{ name: 'color_mode', value: theme, domain: hostname, path: '/' }])
  await page.reload()
  await expect(page.locator('html')).toHaveClass(theme)
  await expectHydrated(page)
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
}

test('price research draws each month’s quartiles, with a table alternative, in light and dark', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000) // axe runs twice
  await startSession(page, DEMO.buyer)
  await openPage(page, `/en${RESEARCH}`)
  const stats = page.getByRole('table', { name: 'Unit price benchmarks in USD' })
  await expect(stats.getByRole('columnheader')).toHaveText(['Source', 'Prices', 'Lowest', '25th percentile', 'Median', '75th percentile', 'Highest'])

  const figure = page.getByRole('figure', { name: TREND_TITLE })
  await expect(figure.locator('svg.recharts-surface')).toBeVisible()
  await expect(figure.locator('[data-chart] .recharts-line-dots circle').first()).toBeVisible()
  await figure.getByText('Show as a table').click()
  const table = figure.getByRole('table', { name: TREND_TITLE })
  await expect(table.getByRole('columnheader')).toHaveText([
    'Month',
    'Quoted prices',
    'Catalogue prices',
    'Lowest',
    '25th percentile',
    'Median',
    '75th percentile',
    'Highest',
  ])
  // The demo buyer's quotes fall in three earlier months; the catalogue's prices in this one.
  expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(4)
  await expect(table.getByRole('row').last().getByRole('cell').nth(2)).not.toHaveText('0')

  for (const theme of THEMES) {
    await chooseTheme(page, context, baseURL, theme)
    await expect(figure.locator('svg.recharts-surface')).toBeVisible()
    await expectNoSeriousViolations(page, { theme })
  }

  await openPage(page, `/zh-Hans${RESEARCH}`)
  await expect(page.getByRole('figure', { name: '以 USD 计的月度单价：最低、四分位数和最高' }).locator('svg.recharts-surface')).toBeVisible()
})

test('the exchange-rate page gives each currency a sparkline and says the same in words', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000) // axe runs twice
  await startSession(page, DEMO.admin)
  await openPage(page, '/en/app/fx-rates')
  const rates = page.getByRole('table', { name: 'Current exchange rates per euro' })
  await expect(rates.getByRole('columnheader', { name: '90-day trend' })).toBeVisible()
  const rows = rates.getByRole('row').filter({ has: page.getByRole('rowheader') })
  await expect(rates.locator('svg[data-sparkline]')).toHaveCount(await rows.count())
  const usd = rows.filter({ has: page.getByRole('rowheader', { name: 'USD', exact: true }) })
  await expect(usd.locator('svg[data-sparkline]')).toHaveAttribute('aria-hidden', 'true')
  await expect(usd.locator('.sr-only')).toHaveText(/^From [\d.]+ on \w{3} \d{1,2}, 2026 to 1\.08 on Nov 20, 2026: [+−-]?\d+\.\d%$/)
  await expect(page.getByText(/^90-day trend: the last rate of each week from /)).toBeVisible()

  for (const theme of THEMES) {
    await chooseTheme(page, context, baseURL, theme)
    await expectNoSeriousViolations(page, { theme })
  }
})

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('both pages keep to the width of the screen', async ({ page }) => {
    await startSession(page, DEMO.buyer)
    await openPage(page, `/en${RESEARCH}`)
    const figure = page.getByRole('figure', { name: TREND_TITLE })
    await expect(figure.locator('svg.recharts-surface')).toBeVisible()
    await figure.getByText('Show as a table').click()
    await expectNoSidewaysScroll(page)

    await page.context().clearCookies()
    await startSession(page, DEMO.admin)
    await openPage(page, '/en/app/fx-rates')
    await expect(page.locator('svg[data-sparkline]').first()).toBeVisible()
    await expectNoSidewaysScroll(page)
  })
})
