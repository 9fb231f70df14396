import { expect, test } from '@playwright/test'
import { DEMO, expectDashboard, LOGIN_URL, openPage, signIn, signOut } from './support/helpers'

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
