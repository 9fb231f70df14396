import { expect, type Page, test } from '@playwright/test'
import { chooseColorMode, DEMO, expectDashboard, LOGIN_URL, openPage, signIn, signOut, submitSignIn, uniqueEmail } from './support/helpers'

test('signing out in one tab signs out the other tabs of the browser', async ({ context, page }) => {
  await signIn(page, DEMO.supplier)
  const otherTab = await context.newPage()
  await openPage(otherTab, '/en/app/dashboard')
  await expectDashboard(otherTab)
  // Wait until the other tab has hydrated, i.e. listens on the BroadcastChannel (the auth-events
  // provider marks <html data-auth-event> once it has seen the initial session).
  await expect(otherTab.locator('html')).toHaveAttribute('data-auth-event', 'INITIAL_SESSION')

  await page.bringToFront()
  await signOut(page)
  await expect(page).toHaveURL(LOGIN_URL)

  // No interaction with the other tab: it hears about the sign-out and revalidates.
  await expect(otherTab).toHaveURL(LOGIN_URL, { timeout: 10_000 })
  await expect(otherTab.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
})

test('the dashboard connects to live updates', async ({ page }) => {
  await signIn(page, DEMO.buyer)
  const status = page.getByRole('region', { name: 'Live updates' }).locator('[data-realtime-state]')
  await expect(status).toHaveAttribute('data-realtime-state', 'connected', { timeout: 15_000 })
  await expect(status).toContainText('Connected')
})

test('page loads and new tabs reuse the access token instead of asking for one each time, and sign-in still works', async ({ browser, context, page }) => {
  // Fifteen page loads in two tabs and a second sign-in: on the busy 2-core CI machine this takes longer than one journey.
  test.slow()
  const grants: string[] = []
  context.on('request', (request) => {
    if (request.url().includes('/api/auth/token')) grants.push(request.url())
  })
  await signIn(page, DEMO.buyer)
  const live = (tab: Page) => tab.getByRole('region', { name: 'Live updates' }).locator('[data-realtime-state]')
  await expect(live(page)).toHaveAttribute('data-realtime-state', 'connected', { timeout: 15_000 })

  const pages = ['/en/app/notifications', '/en/app/settings', '/en/app/orders', '/en/app/dashboard']
  for (let load = 0; load < 12; load++) {
    await openPage(page, pages[load % pages.length]!)
    await expect(page.locator('html')).toHaveAttribute('data-auth-event', 'INITIAL_SESSION')
    // The dashboard's live-updates connection authenticates with the token, so it proves the tab holds one.
    if (pages[load % pages.length] === '/en/app/dashboard') await expect(live(page)).toHaveAttribute('data-realtime-state', 'connected', { timeout: 15_000 })
  }
  const otherTab = await context.newPage()
  await openPage(otherTab, '/en/app/dashboard')
  await expect(live(otherTab)).toHaveAttribute('data-realtime-state', 'connected', { timeout: 15_000 })
  await otherTab.reload()
  await expect(live(otherTab)).toHaveAttribute('data-realtime-state', 'connected', { timeout: 15_000 })

  // One grant after signing in serves 14 more page loads in two tabs (a renewal comes only near expiry).
  expect(grants.length, grants.join('\n')).toBeLessThanOrEqual(1)

  const colleague = await browser.newContext()
  const colleaguePage = await colleague.newPage()
  await signIn(colleaguePage, DEMO.buyer)
  await colleague.close()
})

test('the sign-in page refuses an account after repeated wrong passwords, saying how long to wait', async ({ page }) => {
  const email = uniqueEmail('guessed')
  await openPage(page, '/en/login')
  for (let attempt = 0; attempt < 5; attempt++) {
    await submitSignIn(page, email, `Wrong-Guess-${attempt}-Password`)
    await expect(page.getByRole('alert')).toContainText('The sign-in details are incorrect.')
  }
  await submitSignIn(page, email, 'Another-Wrong-Guess-9')
  await expect(page.getByRole('alert')).toContainText(/Too many failed attempts for this account\. Try again in \d+ seconds, or reset your password\./)
})

test('no cookie the server sets can be read by script, except the sidebar state script writes', async ({ context, page }) => {
  await openPage(page, '/')
  await signIn(page, DEMO.supplier)
  await chooseColorMode(page, 'Dark')
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'color_mode')?.value).toBe('dark')
  const cookies = await context.cookies()
  expect(cookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining(['tp.session_token', 'tp.session_data', 'i18n_redirected', 'color_mode']))
  for (const cookie of cookies) if (cookie.name !== 'sidebar_state') expect(cookie.httpOnly, cookie.name).toBe(true)
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/tp\.|color_mode|i18n_redirected/)
  await page.reload()
  await expect(page.locator('html')).toHaveClass('dark')
})
