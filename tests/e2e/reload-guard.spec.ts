import { expect, type Page, test } from '@playwright/test'
import { DEMO, expectHydrated, openPage, startSession } from './support/helpers'

// The reload guard (§9, issue 25): a page opened before a deploy asks, on a client-side navigation, for a code chunk
// the new build no longer has (a route's module, or one of our lazily imported components). It reloads once to pick up the new build, and never again within 10 s: a chunk still
// missing then shows the "new version" page instead of a reload loop (React Router alone reloads on every failure).
//
// The chunk is really missing on the server: this page's requests for it are sent on to a file name the served build
// does not have, and the server's own 404 answers. The build itself is left alone: the journeys run in parallel
// against one server and one build, and removing a file from it would break the others that open the same page.

const PRICING_ROUTE = 'routes/pricing/index'
const NEW_VERSION = 'A new version of Tradeport is available'

/**
 * The URL path of a route's module chunk, from the route manifest the page carries. The page learns the routes its links
 * lead to after hydration (lazy route discovery), so this waits until the manifest has the route.
 */
async function routeChunk(page: Page, routeId: string): Promise<string> {
  const moduleOf = () =>
    page.evaluate(
      (id) => (window as unknown as { __reactRouterManifest?: { routes: Record<string, { module?: string }> } }).__reactRouterManifest?.routes[id]?.module,
      routeId,
    )
  await expect.poll(moduleOf, { message: `the manifest lists the module of ${routeId}`, timeout: 15_000 }).toMatch(/^\/assets\/.+\.js$/)
  return (await moduleOf())!
}

test('a missing route chunk reloads the page once, then shows the new-version page without reloading again (§9)', async ({ page }) => {
  let loads = 0
  page.on('load', () => loads++)
  const chunkStatuses: number[] = []

  await openPage(page, '/en')
  expect(loads).toBe(1)
  const chunk = await routeChunk(page, PRICING_ROUTE)
  const missing = chunk.replace(/\.js$/, '-removed-by-deploy.js')
  const isChunk = (url: URL) => url.pathname === chunk
  page.on('response', (response) => {
    if (isChunk(new URL(response.url()))) chunkStatuses.push(response.status())
  })
  // The deploy: the server no longer has the pricing page's chunk.
  await page.route(isChunk, async (route) => route.fulfill({ response: await route.fetch({ url: new URL(missing, route.request().url()).href }) }))

  // First failure: the page reloads itself (the current address: the navigation had not happened yet).
  const pricingLink = page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true })
  await pricingLink.click()
  await expect.poll(() => loads, { message: 'the page reloaded once' }).toBe(2)
  await expectHydrated(page)
  await expect(page).toHaveURL(/\/en$/)
  expect(chunkStatuses).toEqual([404])
  const reloadedAt = Number(await page.evaluate(() => sessionStorage.getItem('tradeport:chunk-reload-at')))
  expect(Date.now() - reloadedAt, 'the guard recorded its reload').toBeLessThan(10_000)

  // Second failure within 10 s: no reload, the new-version page with a way to reload.
  await pricingLink.click()
  await expect(page.getByRole('heading', { level: 1, name: NEW_VERSION })).toBeVisible()
  await expect(page.getByText('Part of this page could not be loaded because Tradeport was updated after you opened it.')).toBeVisible()
  await expect(page).toHaveTitle(NEW_VERSION)
  expect(chunkStatuses).toEqual([404, 404])
  await page.waitForTimeout(1_500) // React Router alone would have reloaded at once
  expect(loads, 'no second reload within 10 s').toBe(2)
  expect(Date.now() - reloadedAt, 'the second failure came within the guard’s 10 s').toBeLessThan(10_000)

  // The chunk is back (the deploy has finished): the person's reload opens the page, and navigation works again.
  await page.unroute(isChunk)
  await page.getByRole('button', { name: 'Reload the page' }).click()
  await expect.poll(() => loads).toBe(3)
  await expectHydrated(page)
  await expect(page).toHaveURL(/\/en\/pricing$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible()

  await openPage(page, '/en')
  expect(loads).toBe(4)
  await pricingLink.click()
  await expect(page).toHaveURL(/\/en\/pricing$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible()
  expect(loads, 'a client-side navigation').toBe(4)
  expect(chunkStatuses.slice(2).every((status) => status === 200)).toBe(true)
})

test('a missing chunk of a lazily imported component reloads once, then shows the new-version page (§9)', async ({ page }) => {
  let loads = 0
  page.on('load', () => loads++)
  const chartStatuses: number[] = []
  const isChartChunk = (url: URL) => /^\/assets\/charts-[\w-]+\.js$/.test(url.pathname)
  page.on('response', (response) => {
    if (isChartChunk(new URL(response.url()))) chartStatuses.push(response.status())
  })

  await startSession(page, DEMO.buyer)
  await openPage(page, '/en/app/notifications')
  expect(loads).toBe(1)
  // The dashboard's charts are a chunk of their own, imported when a chart renders: gone with the deploy.
  await page.route(isChartChunk, async (route) => {
    const url = new URL(route.request().url())
    return route.fulfill({ response: await route.fetch({ url: new URL(url.pathname.replace(/\.js$/, '-removed-by-deploy.js'), url).href }) })
  })

  // The dashboard renders, its chart's import fails: the page reloads once (the dashboard: the navigation had happened).
  // The reloaded page's chart fails again within 10 s: the new-version page, and no second reload.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click()
  await expect.poll(() => loads, { message: 'the page reloaded once' }).toBe(2)
  await expect(page).toHaveURL(/\/en\/app\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: NEW_VERSION })).toBeVisible()
  await page.waitForTimeout(1_500)
  expect(loads, 'no second reload within 10 s').toBe(2)
  expect(chartStatuses.length).toBeGreaterThanOrEqual(2)
  expect(chartStatuses.every((status) => status === 404)).toBe(true)

  // The chunk is back: the person's reload shows the dashboard with its chart.
  await page.unroute(isChartChunk)
  await page.getByRole('button', { name: 'Reload the page' }).click()
  await expect.poll(() => loads).toBe(3)
  await expect(page.getByRole('figure', { name: 'Spend by period' }).locator('svg.recharts-surface')).toBeVisible()
})
