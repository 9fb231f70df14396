import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { DEMO, expectHydrated, openPage, signIn, startSession } from './support/helpers'

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } as const

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' })
}

async function sidebarCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'sidebar_state')?.value
}

test.describe('layouts chosen per page', () => {
  test('public pages have a header with sign-in links and a footer', async ({ page }) => {
    await openPage(page, '/en')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Tradeport' })).toBeVisible()
    await expect(header.getByTestId('language-switcher').locator('summary')).toHaveAttribute('aria-label', 'Language: English')
    await expect(header.getByTestId('color-mode-switcher').locator('summary')).toHaveAttribute('aria-label', 'Colour mode: System')
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Create account' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(sidebar(page)).toHaveCount(0)
  })

  test('a signed-in visitor sees the account menu in the public header', async ({ page }) => {
    await startSession(page, DEMO.buyer)
    await openPage(page, '/en')
    const header = page.getByRole('banner')
    await expect(header.getByTestId('user-menu')).toBeVisible()
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  })

  test('a signed-in page arrives whole and hydrates the server’s form instead of rendering it again', async ({ page }) => {
    await startSession(page, DEMO.supplier)
    // No boundary left for React to move into place later: it revealed such a boundary ~300 ms after first paint, and
    // when hydration got there first it rendered the layout again beside the server's copy (two "Name" fields).
    const html = await (await page.request.get('/en/app/price/new.list')).text()
    expect(html).toContain('data-app-layout')
    expect(html).not.toContain('<!--$?-->')
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    // Counts every removal of the server-rendered Name field (React throwing the markup away to render it anew).
    await page.addInitScript({
      content: `window.__nameFieldsRemoved = 0
        new MutationObserver((records) => {
          for (const record of records) for (const node of record.removedNodes)
            if (node.nodeType === 1 && (node.matches('input[name="name"]') || node.querySelector('input[name="name"]'))) window.__nameFieldsRemoved += 1
        }).observe(document, { childList: true, subtree: true })`,
    })
    await openPage(page, '/en/app/price/new.list')
    await expect(page.getByLabel('Name', { exact: true })).toHaveCount(1)
    await page.waitForTimeout(500)
    expect(await page.evaluate('window.__nameFieldsRemoved')).toBe(0)
    expect(errors, 'no hydration error (a currency list that differs between Node and Chromium was one)').toEqual([])
  })

  for (const path of ['/en/login', '/en/confirm']) {
    test(`${path} uses the centred card without header or footer`, async ({ page }) => {
      await openPage(page, path)
      await expect(page.getByRole('main')).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('banner'), 'no site header around the card').toHaveCount(0)
      await expect(page.getByRole('contentinfo'), 'no footer around the card').toHaveCount(0)
      await expect(page.getByTestId('language-switcher')).toBeVisible()
      await expect(page.getByTestId('color-mode-switcher')).toBeVisible()
    })
  }

  test('app pages have a top bar with the account menu and a sidebar grouped by area', async ({ page }) => {
    await signIn(page, DEMO.buyer)
    const topBar = page.getByRole('banner')
    await expect(topBar.getByRole('link', { name: 'Tradeport' })).toBeVisible()
    await expect(topBar.getByTestId('language-switcher')).toBeVisible()
    await expect(topBar.getByTestId('color-mode-switcher')).toBeVisible()
    await expect(topBar.getByTestId('user-menu').locator('summary')).toHaveAttribute('aria-label', /Account menu/)
    const nav = sidebar(page)
    // The getting-started guide shows the demo buyer's progress under its name until it is finished or dismissed.
    await expect(nav.getByRole('group', { name: 'Home' }).getByRole('link')).toHaveText(['Dashboard', /^Getting started/, 'Marketplace', 'Regulatory alerts'])
    await expect(nav.getByRole('group', { name: 'Orders' }).getByRole('link')).toHaveText([
      'Purchase orders',
      'Service orders',
      'Shipments',
      'Documents',
      'Warehouses',
    ])
    // The account pages are in the account menu too: their group starts collapsed. The demo buyer's contact is verified.
    await expect(nav.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('group', { name: 'Account' }).getByRole('link', { includeHidden: true })).toHaveText([
      'Preferences',
      'Change password',
      'Two-factor authentication',
    ])
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  })
})

test.describe('the desktop sidebar', () => {
  test('collapsing it is remembered across a reload', async ({ context, page }) => {
    await signIn(page, DEMO.buyer)
    await expectHydrated(page)
    const nav = sidebar(page)
    await nav.getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect(nav.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
    await expect(nav.getByText('Preferences', { exact: true }), 'only icons are left').toHaveCount(0)
    // Still reachable by name (each icon link keeps an accessible name), collapsed groups included.
    await expect(nav.getByRole('link', { name: 'Preferences' })).toBeVisible()
    expect(await sidebarCookie(context)).toBe('collapsed')

    await page.reload()
    await expect(nav.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
    const html = await (await page.request.get('/en/app/dashboard')).text()
    expect(html, 'the server renders the collapsed sidebar (no flash of the wide one)').toContain('aria-label="Expand sidebar"')

    await expectHydrated(page)
    await nav.getByRole('button', { name: 'Expand sidebar' }).click()
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveText('Dashboard')
    expect(await sidebarCookie(context)).toBe('expanded')
    await page.reload()
    await expect(nav.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()
  })

  test('members do not see the Dev mailbox, admins do', async ({ browser, page }) => {
    await signIn(page, DEMO.buyer)
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expect(sidebar(page).getByRole('link', { name: 'Dev mailbox' })).toHaveCount(0)
    await expect(sidebar(page).getByRole('group', { name: 'Platform' })).toHaveCount(0)

    const admin = await browser.newContext()
    try {
      const adminPage = await admin.newPage()
      await signIn(adminPage, DEMO.admin)
      const link = sidebar(adminPage).getByRole('group', { name: 'Platform' }).getByRole('link', { name: 'Dev mailbox' })
      await expect(link).toBeVisible()
      await link.click()
      await expect(adminPage).toHaveURL(/\/en\/app\/playground\/mail$/)
      await expect(adminPage.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible()
      // Platform admins work without a company: nothing offers to set one up.
      await expect(adminPage.getByRole('banner').getByTestId('company-switcher')).toHaveCount(0)
      await expect(adminPage.getByText('Set up your company')).toHaveCount(0)
    } finally {
      await admin.close()
    }
  })
})

test.describe('on a phone', () => {
  test.use(PHONE)

  test('the navigation drawer opens from "Open navigation", navigates and closes', async ({ page }) => {
    await signIn(page, DEMO.buyer)
    await expectHydrated(page)
    await expect(sidebar(page), 'the desktop sidebar is hidden on phones').toBeHidden()

    await page.getByRole('button', { name: 'Open navigation' }).click()
    const drawer = page.getByRole('dialog', { name: 'Navigation' })
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
    await expect(drawer.getByRole('link', { name: 'Dev mailbox' }), 'members see no admin links').toHaveCount(0)

    await drawer.getByRole('button', { name: 'Account' }).click()
    await drawer.getByRole('link', { name: 'Preferences' }).click()
    await expect(page).toHaveURL(/\/en\/app\/user\/preference$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible()
    await expect(drawer).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused()
  })

  test('the drawer closes with Escape and lists the admin area for admins', async ({ page }) => {
    await signIn(page, DEMO.admin)
    await expectHydrated(page)
    await page.getByRole('button', { name: 'Open navigation' }).click()
    const drawer = page.getByRole('dialog', { name: 'Navigation' })
    await expect(drawer.getByRole('link', { name: 'Dev mailbox' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)
    await expect(page).toHaveURL(/\/en\/app\/dashboard$/)
  })
})

test.describe('skip link', () => {
  for (const { name, path, account } of [
    { name: 'a public page', path: '/en', account: null },
    { name: 'an app page', path: '/en/app/dashboard', account: DEMO.buyer },
  ]) {
    test(`${name} starts with a working "Skip to main content" link`, async ({ page }) => {
      if (account) await signIn(page, account)
      await openPage(page, path)
      const skip = page.getByRole('link', { name: 'Skip to main content' })
      await expect(skip).toHaveAttribute('href', '#main')
      await page.keyboard.press('Tab')
      await expect(skip, 'the first Tab stop is the skip link').toBeFocused()
      await expect(skip).toBeInViewport()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/#main$/)
      await expect(page.locator('#main')).toBeInViewport()
    })
  }
})
