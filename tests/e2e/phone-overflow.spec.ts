import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { APP_NAVIGATION, SUPPLIER_NAVIGATION, visibleGroups } from '../../app/components/layouts/app/navigation'
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../../db/seed/demo-accounts'
import { expectNoSeriousViolations } from './support/axe'
import { expectHydrated, openPage, startSession } from './support/helpers'

// Every page of each demo role's sidebar, and a few detail pages reached from it, fit a 390 px phone: the document is
// never wider than the viewport, in the light and in the dark colour mode. The sidebar's pages come from navigation.ts,
// so a page added to it is checked here without touching this file. One signed-in context per role; every page is
// visited before the test fails, and the failure names each page and the element that sticks out furthest.
// The colour mode is nothing but the class on <html> (the server writes the one the cookie asks for; the markup is the
// same): each page is opened once, in the light, measured, then measured again with the class switched to dark.
const PHONE_WIDTH = 390
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]

test.use({ viewport: { width: PHONE_WIDTH, height: 844 } })

/** The sidebar's pages a demo account sees (the app's and the supplier area's), without the locale. */
function sidebarPaths(key: (typeof DEMO_ACCOUNTS)[number]['key']): string[] {
  const account = DEMO_ACCOUNTS.find((entry) => entry.key === key)!
  // Unverified on both counts and the guide still open, so steps a verified account no longer sees are walked too.
  const viewer = {
    role: account.role,
    companyKind: DEMO_COMPANIES.find((company) => company.owner === key)?.kind ?? null,
    contactVerified: false,
    companyVerified: false,
    guideClosed: false,
  }
  const paths = [APP_NAVIGATION, SUPPLIER_NAVIGATION].flatMap((navigation) =>
    visibleGroups(navigation, viewer).flatMap((group) => group.items.map((item) => item.to)),
  )
  return [...new Set(paths)]
}

/** Detail pages: the first link matching `link` on the list page `from` (checked when the role sees that list). */
const DETAIL_PAGES: Array<{ from: string; link: RegExp }> = [
  { from: '/app/purchase/projects', link: /\/app\/purchase\/projects\/view\/[^/?#]+$/ },
  { from: '/app/sourcing/rfq', link: /\/app\/sourcing\/rfq\/[^/?#]+$/ },
  { from: '/app/supplier/portal', link: /\/app\/supplier\/portal\/rfq\/[^/?#]+$/ },
  { from: '/app/orders', link: /\/app\/orders\/[^/?#]+\/view$/ },
  { from: '/app/supplier/purchase-order', link: /\/app\/supplier\/purchase\/order\/[^/?#]+$/ },
  { from: '/b2b', link: /\/b2b\/product\/[^/?#]+$/ },
  { from: '/b2b', link: /\/b2b\/company\/[^/?#]+$/ },
]
const MARKETPLACE_PAGES = ['/b2b', '/b2b/market']

async function chooseTheme(context: BrowserContext, baseURL: string | undefined, theme: Theme) {
  const { hostname } = new URL(baseURL ?? 'http://localhost')
  await context.addCookies([{ name: 'color_mode', value: theme, domain: hostname, path: '/' }])
}

/** How far the document reaches past the viewport, and the element that reaches furthest (deepest when tied). */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const viewport = window.innerWidth
    const width = document.documentElement.scrollWidth
    let widest: Element | null = null
    let right = viewport
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.width > 0 && box.right >= right && box.right > viewport) {
        right = box.right
        widest = element
      }
    }
    const describe = (element: Element) => {
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 4).join('.') : ''
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes ? `.${classes}` : ''}> "${text}" reaching ${Math.round(right)} px`
    }
    return { width, viewport, widest: widest ? describe(widest) : 'no single element (margins or transforms)' }
  })
}

/** Switches the open page to the dark colour mode the way the server renders it: the class on <html>. */
async function switchToDark(page: Page) {
  await page.evaluate(() => document.documentElement.classList.replace('light', 'dark'))
  await expect(page.locator('html')).toHaveClass('dark')
}

/** Opens a page (the context is in the light mode) and answers what is wrong with it on a phone, light then dark. */
async function checkPage(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(`/en${path}`)
  if (!response || response.status() >= 400) return [`${path}: HTTP ${response?.status() ?? 'no response'}`]
  await expect(page.locator('html')).toHaveClass('light')
  await expectHydrated(page)
  // Measure the page as it settles, with its heading and data on screen.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const problems: string[] = []
  for (const theme of THEMES) {
    if (theme === 'dark') await switchToDark(page)
    const { width, viewport, widest } = await overflowOf(page)
    expect(viewport, 'the viewport is a phone').toBe(PHONE_WIDTH)
    if (width > viewport) problems.push(`${path} (${theme}): the page is ${width} px wide in a ${viewport} px viewport; widest: ${widest}`)
  }
  return problems
}

/** The first link on `from` whose path matches `link`, without the locale (null when the list has none). */
async function firstLink(page: Page, from: string, link: RegExp): Promise<string | null> {
  const response = await page.goto(`/en${from}`)
  expect(response?.status(), `status of ${from}`).toBeLessThan(400)
  await expectHydrated(page)
  const find = async () => {
    const hrefs = await page.locator('main a[href]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))
    return hrefs.map((href) => href.replace(/^\/en(?=\/)/, '')).find((href) => link.test(href)) ?? null
  }
  // Lists that arrive with the page need no wait; give a slow render a moment before deciding the list is empty.
  return (
    (await find()) ??
    (await expect
      .poll(find, { timeout: 3_000 })
      .toBeTruthy()
      .then(find, () => null))
  )
}

for (const { key } of DEMO_ACCOUNTS) {
  test(`every sidebar page of the ${key} fits a ${PHONE_WIDTH} px phone in light and dark mode`, async ({ context, page, baseURL }) => {
    test.setTimeout(300_000)
    await chooseTheme(context, baseURL, 'light')
    await startSession(
      page,
      DEMO_ACCOUNTS.find((entry) => entry.key === key)!,
    )
    const sidebar = sidebarPaths(key)
    expect(sidebar.length, 'the sidebar lists pages').toBeGreaterThan(3)
    const details: string[] = []
    for (const { from, link } of DETAIL_PAGES) {
      if (!sidebar.includes(from) && !MARKETPLACE_PAGES.includes(from)) continue
      const href = await firstLink(page, from, link)
      if (href) details.push(href)
    }
    // At least a product and a company page (every role reaches the marketplace); the rest depend on the role.
    expect(details.length, `detail pages found: ${details.join(', ')}`).toBeGreaterThanOrEqual(2)
    test.info().annotations.push({ type: 'detail pages', description: details.join(', ') })
    const failures: string[] = []
    for (const path of [...sidebar, ...details, ...MARKETPLACE_PAGES]) {
      await test.step(path, async () => {
        failures.push(...(await checkPage(page, path)))
      })
    }
    expect(failures, `${failures.length} page(s) do not fit a phone:\n${failures.join('\n')}\n`).toEqual([])
  })
}

test('the order total stays on screen on a phone', async ({ page }) => {
  await startSession(
    page,
    DEMO_ACCOUNTS.find((entry) => entry.key === 'buyer')!,
  )
  const href = await firstLink(page, '/app/orders', /\/app\/orders\/[^/?#]+\/view$/)
  expect(href, 'the demo buyer has an order').toBeTruthy()
  await openPage(page, `/en${href}`)
  const lines = page.getByRole('table', { name: 'Order lines' })
  const total = lines
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Total', exact: true }) })
    .getByRole('cell')
  await total.scrollIntoViewIfNeeded()
  await expect(total).toBeInViewport({ ratio: 1 })
  // Nothing between the total and the page scrolls sideways (a table that scrolls inside its box hides it).
  const hiddenBy = await total.evaluate((cell) => {
    for (let element = cell.parentElement; element; element = element.parentElement) {
      if (element.scrollWidth > element.clientWidth + 1 && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(element).overflowX)) return element.tagName
    }
    return null
  })
  expect(hiddenBy, 'no scrolling box around the order total').toBeNull()
})

test.describe('marketplace filters on a phone', () => {
  test('sit in a sheet opened by "Filters" above the results; the search box still searches', async ({ page }) => {
    await openPage(page, '/en/b2b/market')
    const category = page.getByLabel('Category', { exact: true })
    await expect(category, 'the filters are not in the page on a phone').toBeHidden()
    const open = page.getByRole('button', { name: 'Filters', exact: true })
    await expect(open).toBeInViewport()

    await open.click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await expect(sheet).toBeVisible()
    const choice = sheet.getByLabel('Category', { exact: true })
    const option = await choice.locator('option').nth(1).getAttribute('value')
    // A choice applies as it is made (no "Apply" click); the sheet stays open for the next one.
    await choice.selectOption(option!)
    await expect(page).toHaveURL(new RegExp(`category=${option}`))
    await expect(sheet, 'applying a filter keeps the sheet open').toBeVisible()
    await sheet.getByLabel('Verified suppliers only').check()
    await expect(page).toHaveURL(/verified=(1|true)/)
    await expect(page).toHaveURL(new RegExp(`category=${option}`))
    await expect(sheet).toBeVisible()
    await sheet.getByRole('button', { name: 'Show results' }).click()
    await expect(sheet).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Filters (on)' })).toBeVisible()

    // The search box joins the (hidden) filter form: searching keeps the chosen category.
    await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill('mug')
    await page.getByRole('search', { name: 'Search products', exact: true }).getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/[?&]q=mug/)
    await expect(page).toHaveURL(new RegExp(`category=${option}`))
  })
})

/** Pages whose phone layout this work changed (stacked tables, sheets, cards), each as a path or a link found on a list. */
const AXE_PAGES: Record<(typeof DEMO_ACCOUNTS)[number]['key'], Array<string | { from: string; link: RegExp }>> = {
  buyer: ['/app/orders', DETAIL_PAGES[3]!, DETAIL_PAGES[0]!, '/b2b/market'],
  supplier: ['/app/products', '/app/orders/fulfillment', DETAIL_PAGES[2]!],
  admin: ['/app/playground/mail', '/app/fx-rates'],
}

for (const { key } of DEMO_ACCOUNTS) {
  test(`the ${key}'s pages laid out for a phone have no serious accessibility violations, light and dark`, async ({ context, page, baseURL }) => {
    test.setTimeout(180_000)
    await startSession(
      page,
      DEMO_ACCOUNTS.find((entry) => entry.key === key)!,
    )
    const paths: string[] = []
    for (const target of AXE_PAGES[key]) paths.push(typeof target === 'string' ? target : ((await firstLink(page, target.from, target.link)) ?? target.from))
    for (const theme of THEMES) {
      await chooseTheme(context, baseURL, theme)
      for (const path of paths) {
        await test.step(`${path} (${theme})`, async () => {
          await openPage(page, `/en${path}`)
          await expect(page.locator('html')).toHaveClass(theme)
          await expectNoSeriousViolations(page, { theme })
          if (path === '/b2b/market') {
            await page.getByRole('button', { name: 'Filters', exact: true }).click()
            await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
            await expectNoSeriousViolations(page, { theme })
          }
        })
      }
    }
  })
}
