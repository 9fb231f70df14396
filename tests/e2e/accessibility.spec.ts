import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations, seriousViolations } from './support/axe'
import { DEMO, openPage, signIn, startSession } from './support/helpers'

const PUBLIC_PAGES: Array<{ name: string; path: string; status: number }> = [
  { name: 'the home page', path: '/en', status: 200 },
  { name: 'the sign-in card', path: '/en/login', status: 200 },
  { name: 'the sign-up card', path: '/en/login?mode=sign-up', status: 200 },
  { name: 'the 404 page', path: '/en/no-such-page', status: 404 },
  { name: 'the Simplified Chinese sign-in card', path: '/zh-Hans/login', status: 200 },
  { name: 'the supplier directory', path: '/en/b2b/company', status: 200 },
  {
    name: 'the Traditional Chinese supplier directory with no results',
    path: '/zh-Hant/b2b/company?q=%E6%B2%92%E6%9C%89%E9%80%99%E5%AE%B6&verified=true',
    status: 200,
  },
  { name: 'the marketplace home', path: '/en/b2b', status: 200 },
  { name: 'the product search', path: '/en/b2b/market', status: 200 },
  { name: 'the Simplified Chinese product search with no results', path: '/zh-Hans/b2b/market?q=%E6%97%A0%E6%AD%A4%E4%BA%A7%E5%93%81%E5%95%8A', status: 200 },
  { name: 'an invalid product page', path: '/en/b2b/product/bad.id', status: 404 },
  { name: 'the trade services page', path: '/en/service', status: 200 },
  { name: 'the logistics providers', path: '/en/services/logistics', status: 200 },
  { name: 'an unknown service type', path: '/en/services/teleportation', status: 404 },
  { name: 'the board of public buying requests', path: '/en/orders', status: 200 },
  { name: 'the HS code lookup with results and suggestions', path: '/en/hscode-demo?q=porcelain+mug&describe=LED+light+bulb', status: 200 },
  { name: 'a Traditional Chinese HS section', path: '/zh-Hant/hscode-demo/section/XIII', status: 200 },
  { name: 'an HS code with its products', path: '/zh-Hans/hscode-demo/6912', status: 200 },
  { name: 'an unknown HS code', path: '/en/hscode-demo/691299', status: 404 },
]

// One browser context walks a group of pages (the public ones, then each demo account's): a fresh context per page would
// fetch and compile the app's scripts again each time. Every page of a group is audited before the test fails; the
// failure names each page with its violations.

/** A group's pages in runs of at most `size`, split evenly (a run is one test: both workers share the long groups). */
function inRuns<T>(items: T[], size: number): T[][] {
  const runs = Math.ceil(items.length / size)
  const each = Math.ceil(items.length / runs)
  return Array.from({ length: runs }, (_, index) => items.slice(index * each, (index + 1) * each))
}

const PUBLIC_RUNS = inRuns(PUBLIC_PAGES, 12)
for (const [index, pages] of PUBLIC_RUNS.entries()) {
  test(`the public pages (${index + 1} of ${PUBLIC_RUNS.length}) have no serious accessibility violations`, async ({ page }) => {
    test.setTimeout(240_000)
    for (const { name, path, status } of pages) {
      await test.step(`${name} (${path})`, async () => {
        const response = await page.goto(path)
        expect.soft(response?.status(), `status of ${path}`).toBe(status)
        const report = await seriousViolations(page)
        expect.soft(report, `axe found serious/critical violations on ${name} (${path}):\n${report}`).toBe('')
      })
    }
  })
}

test('a public product page has no serious accessibility violations', async ({ page }) => {
  await openPage(page, '/en/b2b/market')
  const href = await page.getByRole('article').first().getByRole('link').getAttribute('href')
  expect(href).toMatch(/^\/en\/b2b\/product\//)
  const response = await page.goto(href ?? '')
  expect(response?.status()).toBe(200)
  await expectNoSeriousViolations(page)
})

test('a supplier profile has no serious accessibility violations', async ({ page }) => {
  await openPage(page, '/en/b2b/company?q=Bamboo+Kiln')
  await page.getByRole('article', { name: 'Bamboo Kiln Ceramics' }).getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bamboo Kiln Ceramics' })).toBeVisible()
  await expectNoSeriousViolations(page)
})

test('the dashboard has no serious accessibility violations', async ({ page }) => {
  await signIn(page, DEMO.buyer)
  await expect(page.locator('[data-realtime-state]')).toHaveAttribute('data-realtime-state', 'connected', { timeout: 15_000 })
  await expectNoSeriousViolations(page)
})

test('the dev mailbox has no serious accessibility violations', async ({ page }) => {
  await startSession(page, DEMO.admin)
  await openPage(page, '/en/app/playground/mail')
  await expect(page.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible()
  await expectNoSeriousViolations(page)
})

const COMPANY_PAGES: Array<{ account: keyof typeof DEMO; path: string; heading: string }> = [
  { account: 'buyer', path: '/en/app/settings', heading: 'Company settings' },
  { account: 'buyer', path: '/en/app/settings/team', heading: 'Team settings' },
  { account: 'buyer', path: '/en/app/settings/address', heading: 'Address book' },
  { account: 'buyer', path: '/en/app/team', heading: 'Team' },
  { account: 'buyer', path: '/en/app/notifications', heading: 'Notifications' },
  { account: 'buyer', path: '/en/app/notifications/settings', heading: 'Notification settings' },
  { account: 'buyer', path: '/en/app/inbox', heading: 'Inbox' },
  { account: 'supplier', path: '/en/app/inbox', heading: 'Inbox' },
  { account: 'buyer', path: '/en/app/channels', heading: '' },
  { account: 'buyer', path: '/en/app/orders', heading: 'Orders' },
  { account: 'buyer', path: '/en/app/orders/buyer', heading: 'My purchase orders' },
  { account: 'buyer', path: '/en/app/orders/new-order', heading: 'New purchase order' },
  { account: 'buyer', path: '/en/app/orders/service', heading: 'Service and logistic orders' },
  { account: 'buyer', path: '/en/app/orders/service-order', heading: '' },
  { account: 'buyer', path: '/en/app/orders/logistic-order', heading: '' },
  { account: 'supplier', path: '/en/app/supplier/purchase-order', heading: 'Received purchase orders' },
  { account: 'supplier', path: '/en/app/supplier/purchase/orderItem', heading: 'Open order lines' },
  { account: 'supplier', path: '/en/app/orders/fulfillment', heading: 'Fulfilment board' },
  { account: 'supplier', path: '/en/app/customers', heading: 'Customers' },
  { account: 'buyer', path: '/en/app/purchase/projects', heading: '' },
  { account: 'buyer', path: '/en/app/purchase/projects/create', heading: 'New purchase project' },
  { account: 'buyer', path: '/en/app/purchase/projects/requirements', heading: '' },
  { account: 'buyer', path: '/en/app/sourcing/rfq', heading: '' },
  { account: 'buyer', path: '/en/app/sourcing/quotations', heading: '' },
  { account: 'buyer', path: '/en/app/sourcing/find', heading: '' },
  { account: 'buyer', path: '/en/app/sourcing/selected', heading: '' },
  { account: 'buyer', path: '/en/app/sourcing/research', heading: '' },
  { account: 'buyer', path: '/en/app/sourcing/purchase', heading: '' },
  { account: 'buyer', path: '/en/app/supplier/management', heading: '' },
  { account: 'buyer', path: '/en/app/supplier/selector-demo', heading: '' },
  { account: 'buyer', path: '/en/app/orders/publish', heading: '' },
  { account: 'buyer', path: '/en/app/orders/edit-publish', heading: '' },
  { account: 'supplier', path: '/en/app/supplier/portal', heading: '' },
  { account: 'supplier', path: '/en/app/orders/reply', heading: '' },
  { account: 'admin', path: '/en/app/fx-rates', heading: '' },
  { account: 'admin', path: '/en/app/jobs', heading: 'Background jobs' },
  { account: 'supplier', path: '/en/app/supplier/onboarding', heading: 'Supplier verification' },
  { account: 'supplier', path: '/en/app/supplier/setting', heading: '' },
  { account: 'supplier', path: '/en/app/supplier/supplier-type', heading: '' },
  { account: 'admin', path: '/en/app/users', heading: '' },
  { account: 'supplier', path: '/en/app/products', heading: 'Products' },
  { account: 'supplier', path: '/en/app/products/edit', heading: 'New product' },
  { account: 'supplier', path: '/en/app/price/new.list', heading: '' },
  { account: 'admin', path: '/en/app/verification', heading: 'Supplier reviews' },
  { account: 'supplier', path: '/en/app/products/index.v2', heading: 'Products' },
  { account: 'supplier', path: '/en/app/products/import', heading: 'Import products' },
  { account: 'admin', path: '/en/app/categories?edit=lighting', heading: 'Product categories' },
  { account: 'admin', path: '/en/onboarding', heading: 'Welcome to Tradeport, Ada Moreau' },
]

test('an order page, seen by its buyer and by its supplier, has no serious accessibility violations', async ({ page }) => {
  await startSession(page, DEMO.buyer)
  await openPage(page, '/en/app/orders/buyer?status=shipped')
  await page.getByRole('table', { name: 'Orders' }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/en\/app\/orders\/[\w-]+\/view$/)
  const id = page.url().match(/orders\/([\w-]+)\/view/)![1]!
  await expectNoSeriousViolations(page)
  await page.context().clearCookies()
  await startSession(page, DEMO.supplier)
  await openPage(page, `/en/app/supplier/purchase/order/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Purchase order')
  await expectNoSeriousViolations(page)
})

for (const account of ['buyer', 'supplier', 'admin'] as const) {
  const runs = inRuns(
    COMPANY_PAGES.filter((entry) => entry.account === account),
    12,
  )
  for (const [index, pages] of runs.entries()) {
    test(`the ${account}'s pages (${index + 1} of ${runs.length}) have no serious accessibility violations`, async ({ page }) => {
      test.setTimeout(240_000)
      await startSession(page, DEMO[account])
      for (const { path, heading } of pages) {
        await test.step(path, async () => {
          const response = await page.goto(path)
          expect.soft(response?.status(), `status of ${path}`).toBe(200)
          if (heading) await expect.soft(page.getByRole('heading', { level: 1, name: heading }), `the heading of ${path}`).toBeVisible()
          const report = await seriousViolations(page)
          expect.soft(report, `axe found serious/critical violations on ${path} (${account}):\n${report}`).toBe('')
        })
      }
    })
  }
}

test('the supplier application (/en/supplier/onboard) has no serious accessibility violations', async ({ page }) => {
  const response = await page.goto('/en/supplier/onboard')
  expect(response?.status()).toBe(200)
  await expectNoSeriousViolations(page)
})
