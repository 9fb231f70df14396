import { expect, test } from '@playwright/test'
import { DEMO, expectDashboard, LOGIN_URL, openPage, submitSignIn } from './support/helpers'

test('sends an anonymous visitor to sign in and back to the page they asked for', async ({ page }) => {
  const response = await page.goto('/en/app/dashboard')
  expect(response?.ok()).toBe(true)
  await expect(page).toHaveURL(LOGIN_URL)
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()

  await submitSignIn(page, DEMO.buyer.email, DEMO.buyer.password)
  await expectDashboard(page)
})

test('redirects a path without a locale prefix to the detected locale', async ({ page }) => {
  const response = await page.request.get('/login', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers()['location']).toMatch(/^(http:\/\/localhost:\d+)?\/en\/login$/)
})

test('after sign-in, sends an admin without a company to the dashboard instead of a company page that would refuse them (issue 15)', async ({ page }) => {
  await openPage(page, '/en/app/products')
  await expect(page).toHaveURL(LOGIN_URL)
  await submitSignIn(page, DEMO.admin.email, DEMO.admin.password)
  await expectDashboard(page)
})

test('after sign-in, returns an admin to the admin page they asked for', async ({ page }) => {
  await openPage(page, '/en/app/users')
  await expect(page).toHaveURL(LOGIN_URL)
  await submitSignIn(page, DEMO.admin.email, DEMO.admin.password)
  await expect(page).toHaveURL(/\/en\/app\/users$/)
})
