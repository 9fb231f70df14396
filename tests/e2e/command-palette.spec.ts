import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, expectHydrated, openPage, signIn, startSession } from './support/helpers'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } as const
/** The RFQ the demo buyer sent to the demo supplier (db/seed/demo-sourcing.server.ts). */
const DEMO_RFQ_TITLE = 'Tea house tableware'

function palette(page: Page, name = 'Search Tradeport') {
  return page.getByRole('dialog', { name })
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' })
}

async function collapsedGroupsCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'nav_groups_collapsed')?.value
}

/** The number of the demo buyer's newest order, read from its order list. */
async function newestOrderNumber(page: Page): Promise<string> {
  await openPage(page, '/en/app/orders/buyer')
  const number = (await page.getByRole('table', { name: 'Orders' }).getByRole('link').first().textContent())?.trim() ?? ''
  expect(number).toMatch(/^PO-\d{4}-\d{5}$/)
  return number
}

test.describe('the command palette', () => {
  test('Ctrl+K finds an order by its number and Enter opens it', async ({ page }) => {
    await signIn(page, DEMO.buyer)
    const number = await newestOrderNumber(page)
    await page.keyboard.press('Control+K')
    const dialog = palette(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('combobox')).toBeFocused()
    await page.keyboard.type(number)
    const option = dialog.getByRole('group', { name: 'Orders' }).getByRole('option', { name: new RegExp(number) })
    await expect(option, 'the order arrives from the server search').toBeVisible()
    await expect(option, 'the best match is selected').toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/en\/app\/orders\/[\w-]+\/view$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(number)
    await expect(dialog).toHaveCount(0)
  })

  test('the search button finds an RFQ by its title; arrow keys move and Escape closes', async ({ page }) => {
    await signIn(page, DEMO.buyer)
    const button = page.getByRole('banner').getByRole('button', { name: 'Search…' })
    await expect(button).toContainText('Ctrl K')
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K')
    await button.click()
    const dialog = palette(page)
    await page.keyboard.type('tea house')
    const rfq = dialog.getByRole('group', { name: 'RFQs' }).getByRole('option', { name: new RegExp(DEMO_RFQ_TITLE) })
    await expect(rfq).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(button, 'focus returns to the button').toBeFocused()

    await page.keyboard.press('Control+K')
    await page.keyboard.type(DEMO_RFQ_TITLE)
    await expect(rfq).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(rfq).toHaveAttribute('aria-selected', 'false')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/en\/app\/sourcing\/rfq\/[\w-]+$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO_RFQ_TITLE)
  })

  test('finds pages by their label, says when nothing matches, and leads to the marketplace', async ({ page }) => {
    await signIn(page, DEMO.buyer)
    await page.keyboard.press('Control+K')
    const dialog = palette(page)
    await page.keyboard.type('purchase ord')
    await expect(dialog.getByRole('option', { name: /^Purchase orders/ })).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/en\/app\/orders\/buyer$/)

    await page.keyboard.press('Control+K')
    await page.keyboard.type('qqzx no such thing')
    await expect(dialog.getByRole('status')).toHaveText('Nothing matches “qqzx no such thing”.')
    await dialog.getByRole('option', { name: 'Search the marketplace for “qqzx no such thing”' }).click()
    await expect(page).toHaveURL(/\/en\/b2b\/market\?q=qqzx\+no\+such\+thing$/)
  })

  test('works in Simplified Chinese: pages by their Chinese label, records by title', async ({ page }) => {
    await startSession(page, DEMO.buyer)
    await openPage(page, '/zh-Hans/app/dashboard')
    const button = page.getByRole('banner').getByRole('button', { name: '搜索…' })
    await expect(button).toBeVisible()
    await page.keyboard.press('Control+K')
    const dialog = palette(page, '搜索 Tradeport')
    await page.keyboard.type('采购订单')
    await expect(dialog.getByRole('option', { name: /^采购订单/ })).toBeVisible()
    await page.keyboard.press('Control+A')
    await page.keyboard.type(DEMO_RFQ_TITLE)
    await expect(dialog.getByRole('group', { name: '询价单' }).getByRole('option', { name: new RegExp(DEMO_RFQ_TITLE) })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/zh-Hans\/app\/sourcing\/rfq\/[\w-]+$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO_RFQ_TITLE)
  })
})

test.describe('sidebar groups', () => {
  test('a collapsed group stays collapsed after a reload, and the group of the current page is open', async ({ context, page }) => {
    await signIn(page, DEMO.buyer)
    const nav = sidebar(page)
    const sourcing = nav.getByRole('button', { name: 'Sourcing' })
    await expect(sourcing).toHaveAttribute('aria-expanded', 'true')
    await sourcing.click()
    await expect(sourcing).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'RFQs' })).toBeHidden()
    expect(await collapsedGroupsCookie(context)).toBe('account.sourcing')

    await page.reload()
    await expect(sourcing).toHaveAttribute('aria-expanded', 'false')
    const html = await (await page.request.get('/en/app/dashboard')).text()
    expect(html, 'the server renders the group collapsed (no jump on load)').toMatch(/aria-expanded="false" aria-controls="sidebar-group-sourcing-items"/)

    await openPage(page, '/en/app/sourcing/rfq')
    await expect(sourcing, 'the group of the current page opens').toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'RFQs' })).toHaveAttribute('aria-current', 'page')

    const account = nav.getByRole('button', { name: 'Account' })
    await expect(account, 'the account group starts collapsed').toHaveAttribute('aria-expanded', 'false')
    await account.click()
    await expect(nav.getByRole('group', { name: 'Account' }).getByRole('link')).toHaveText(['Preferences', 'Change password', 'Two-factor authentication'])
    await openPage(page, '/en/app/dashboard')
    await nav.getByRole('button', { name: 'Sourcing' }).click()
    expect(await collapsedGroupsCookie(context)).toBe('none')
  })

  test('a detail page keeps its list marked as the current item', async ({ page }) => {
    await startSession(page, DEMO.buyer)
    await openPage(page, '/en/app/orders/buyer')
    await page.getByRole('table', { name: 'Orders' }).getByRole('link').first().click()
    await expect(page).toHaveURL(/\/en\/app\/orders\/[\w-]+\/view$/)
    await expect(sidebar(page).getByRole('link', { name: 'Purchase orders' })).toHaveAttribute('aria-current', 'true')
  })

  test('the marketplace is one click away', async ({ page }) => {
    await signIn(page, DEMO.buyer)
    await sidebar(page).getByRole('group', { name: 'Home' }).getByRole('link', { name: 'Marketplace' }).click()
    await expect(page).toHaveURL(/\/en\/b2b\/market$/)
  })
})

test.describe('on a phone', () => {
  test.use(PHONE)

  test('the company switcher is in the drawer, and the search button is an icon', async ({ page }) => {
    await signIn(page, DEMO.buyer)
    await expectHydrated(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no horizontal overflow').toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: 'Open navigation' }).click()
    const drawer = page.getByRole('dialog', { name: 'Navigation' })
    const switcher = drawer.getByTestId('company-switcher')
    await expect(switcher.getByTestId('active-company')).toHaveText('Harbour Lantern Trading')
    await switcher.locator('summary').click()
    await expect(switcher.getByText('Your companies')).toBeInViewport()
    await expect(switcher.getByRole('link', { name: 'Company settings' })).toBeInViewport()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)

    const search = page.getByRole('banner').getByRole('button', { name: 'Search…' })
    await expect(search).toBeInViewport()
    await expect(search.getByText('Ctrl K')).toBeHidden()
    await search.tap()
    await expect(palette(page)).toBeVisible()
    await expect(palette(page)).toBeInViewport({ ratio: 1 })
  })
})
