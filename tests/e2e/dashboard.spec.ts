import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, expectHydrated, openPage, signIn, startSession } from './support/helpers'

// Each home is opened in light and dark, screenshotted and checked with axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

// The role-aware home (issue 16): what needs each demo role now, their figures with charts and table alternatives,
// links to the lists behind the figures, the period picker; axe in light and dark; screenshots kept per role and
// colour mode as artifacts (test-results/e2e-artifacts/dashboard/), not compared pixel by pixel.
const SCREENSHOTS = path.resolve('test-results/e2e-artifacts/dashboard')
const ROLES = [
  { role: 'buyer', section: 'Buying', chart: 'Spend by period' },
  { role: 'supplier', section: 'Selling', chart: 'Revenue by period' },
  { role: 'admin', section: 'Platform', chart: 'New companies and users' },
] as const

test.beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }))

for (const { role, section, chart } of ROLES) {
  test(`the ${role}'s home shows their tasks and figures, in light and dark, with no serious axe violations`, async ({ page, context, baseURL }) => {
    await signIn(page, DEMO[role])
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good to see you, /)
    await expect(page.getByRole('heading', { name: 'Needs you now' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible()
    // No developer card any more, and no "No company yet" for anyone.
    await expect(page.getByText('Round trip')).toHaveCount(0)
    await expect(page.getByText('No company yet')).toHaveCount(0)

    const figure = page.getByRole('figure', { name: chart })
    await expectHydrated(page)
    await expect(figure.locator('svg.recharts-surface[viewBox]:not([aria-label])')).toBeVisible()
    await figure.getByText('Show as a table').click()
    await expect(figure.getByRole('table', { name: chart }).getByRole('row')).not.toHaveCount(1)

    if (role === 'buyer') {
      // The demo buyer has a shipment on its way and a year of delivered ones: the figures and the suppliers' punctuality.
      const shipments = page.getByRole('region', { name: 'Shipments' })
      await expect(shipments.locator('[data-shipment-figure="inTransit"]')).toContainText(/In transit\s*[1-9]/)
      await expect(shipments.getByRole('link', { name: /^SH-/ }).first()).toBeVisible()
      const punctuality = page.getByRole('table', { name: 'On-time delivery by supplier' })
      await expect(punctuality.getByRole('row')).not.toHaveCount(1)
      await expect(punctuality).toContainText('%')
    }

    const { hostname } = new URL(baseURL ?? 'http://localhost')
    for (const scheme of ['light', 'dark'] as const) {
      await context.addCookies([{ name: 'color_mode', value: scheme, domain: hostname, path: '/' }])
      await page.reload()
      await expect(page.locator('html')).toHaveClass(scheme)
      await expectHydrated(page)
      await expect(figure.locator('svg.recharts-surface[viewBox]:not([aria-label])')).toBeVisible()
      await expectNoSeriousViolations(page, { theme: scheme })
      await page.screenshot({ path: path.join(SCREENSHOTS, `${role}-${scheme}.png`), fullPage: true })
    }
  })
}

test('figures link to the lists behind them, and the period is chosen from presets or two days', async ({ page }) => {
  await signIn(page, DEMO.buyer)
  await page.getByRole('link', { name: '30 days' }).click()
  await expect(page).toHaveURL(/\/en\/app\/dashboard\?range=30d$/)
  await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page')

  await page.getByText('Custom', { exact: true }).click()
  await page.getByLabel('From', { exact: true }).fill('2026-05-01')
  await page.getByLabel('To', { exact: true }).fill('2026-04-01')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByText('The start is after the end; showing the last 12 months.')).toBeVisible()

  await openPage(page, '/en/app/dashboard?range=12m')
  await page.getByRole('link', { name: /^Spend/ }).click()
  await expect(page).toHaveURL(/\/en\/app\/orders\/buyer\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('the buyer goes from a shipment figure to the tracking list filtered the same way', async ({ page }) => {
  await signIn(page, DEMO.buyer)
  const shipments = page.getByRole('region', { name: 'Shipments' })
  await shipments.getByRole('link', { name: /^In transit/ }).click()
  await expect(page).toHaveURL(/\/en\/app\/shipments\/tracking\?status=live&role=buyer$/)
  await expect(page.getByRole('link', { name: /^SH-/ }).first()).toBeVisible()
})

test('the supplier goes from "Needs you now" to the order waiting for confirmation', async ({ page }) => {
  await signIn(page, DEMO.supplier)
  const task = page.locator('[data-task="ordersToConfirm"]')
  await expect(task).toContainText(/order(s)? to confirm/)
  const order = task.getByRole('link', { name: /^PO-/ }).first()
  const number = (await order.textContent()) ?? ''
  await order.click()
  await expect(page).toHaveURL(/\/en\/app\/supplier\/purchase\/order\//)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number)
})

test('the home speaks Chinese', async ({ page }) => {
  await startSession(page, DEMO.supplier)
  await openPage(page, '/zh-Hans/app/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/欢迎回来$/)
  await expect(page.getByRole('heading', { name: '待您处理' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: '销售' })).toBeVisible()
  await expect(page.getByText('以表格显示').first()).toBeVisible()
})
