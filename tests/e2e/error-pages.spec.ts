import { expect, test } from '@playwright/test'
import { BOT_USER_AGENT } from './support/helpers'

test('shows the 404 page for an unmatched route', async ({ page }) => {
  const response = await page.goto('/en/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByText('404', { exact: true })).toBeVisible()
  await expect(page.getByText('Page not found: /en/no-such-page')).toBeVisible()
  await page.getByRole('link', { name: 'Back to the home page' }).click()
  await expect(page).toHaveURL(/\/en\/?$/)
})

test('shows the error page without a stack trace when a loader throws', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-tradeport-fault': 'loader' })
  const response = await page.goto('/en')
  expect(response?.status()).toBe(500)
  expect(response?.headers()['content-type']).toContain('text/html')
  await expect(page.getByRole('heading', { name: 'Internal Server Error' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible()

  const html = await response!.text()
  expect(html).not.toContain('Injected fault for testing') // the thrown error's message
  expect(html).not.toMatch(/\bat \S+ \(\S+:\d+:\d+\)/) // a V8 stack frame
  expect(html).not.toMatch(/node_modules|build\/server/)
  await expect(page.locator('body')).not.toContainText('Injected fault for testing')
})

test('answers a crawler with a plain-text 404 instead of the error page', async ({ playwright, baseURL }) => {
  const bot = await playwright.request.newContext({ baseURL, userAgent: BOT_USER_AGENT })
  try {
    const response = await bot.get('/en/no-such-page')
    expect(response.status()).toBe(404)
    expect(response.headers()['content-type']).toMatch(/^text\/plain/)
    const body = await response.text()
    expect(body.length).toBeLessThan(200)
    expect(body).not.toMatch(/<html|<script/i)
  } finally {
    await bot.dispose()
  }
})
