import { expect, test } from '@playwright/test'
import { openPage } from './support/helpers'

// React Router discovers routes lazily: before a client-side navigation or form submission it fetches
// GET /__manifest?paths=…&version=… (no locale prefix). If that request is redirected to the locale
// (/en/__manifest → 404), every client-side sign-in, sign-up and link click ends on an error page.
test('serves the route-discovery manifest at /__manifest without a locale redirect', async ({ page }) => {
  await openPage(page, '/en/login')
  const version = await page.evaluate(() => (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version)
  expect(version, 'the page exposes its route manifest version').toBeTruthy()

  const response = await page.request.get(`/__manifest?paths=${encodeURIComponent('/en/login')}&version=${version}`, { maxRedirects: 0 })
  expect(response.status(), `GET /__manifest must be answered by React Router, not redirected (location: ${response.headers()['location'] ?? '—'})`).toBe(200)
  expect(response.headers()['content-type']).toContain('application/json')
})

test('switches between the tabs of the auth card without a page error', async ({ page }) => {
  await openPage(page, '/en/login')
  await expect(page.locator('html')).toHaveAttribute('data-auth-event', 'INITIAL_SESSION') // hydrated
  await page.getByRole('navigation', { name: 'Ways to sign in' }).getByRole('link', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/en\/login\?mode=sign-up$/)
  await expect(page.getByRole('heading', { name: 'Create your Tradeport account' })).toBeVisible()
  await expect(page.getByLabel('Your name')).toBeVisible()
})
