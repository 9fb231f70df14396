import { expect, test } from '@playwright/test'
import { BOT_USER_AGENT, DEMO, openPage, startSession } from './support/helpers'

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

test('answers a page the signed-in user may not open with a translated 403 inside the app shell (issue 15)', async ({ page }) => {
  await startSession(page, DEMO.buyer)
  const response = await page.goto('/en/app/users')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: "You don't have access" })).toBeVisible()
  await expect(page.getByText('Internal Server Error')).toHaveCount(0)
  // The shell stays: the top bar with the account menu, and a way back.
  await expect(page.getByRole('banner').getByTestId('user-menu')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible()

  await openPage(page, '/zh-Hans/app/users')
  await expect(page.getByRole('heading', { name: '您无权访问' })).toBeVisible()
})

test('answers public search with a NUL byte in its query with a 400 page, not a 500 (issue 15)', async ({ page }) => {
  const response = await page.goto('/en/b2b/market?q=a%00b')
  expect(response?.status()).toBe(400)
  await expect(page.getByRole('heading', { name: 'This request cannot be completed' })).toBeVisible()
  await expect(page.getByText(/cannot be stored/)).toBeVisible()
  // Refused before any loader ran, the page still speaks the language of its address, and leads back to its home.
  const chinese = await page.goto('/zh-Hans/b2b/market?q=a%00b')
  expect(chinese?.status()).toBe(400)
  await expect(page.getByRole('heading', { name: '无法完成此请求' })).toBeVisible()
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/zh-Hans')
})

test('sends an unsafe redirectTo of the language switch to the locale’s home (issue 15)', async ({ request }) => {
  for (const redirectTo of ['/en/b2b\u0001', '/en\r\nx: 1', '//evil.com', 'https://evil.com', '/\\evil.com']) {
    const response = await request.post('/en/locale', { form: { locale: 'zh-Hans', redirectTo }, maxRedirects: 0 })
    expect(response.status(), JSON.stringify(redirectTo)).toBe(302)
    expect(response.headers()['location'], JSON.stringify(redirectTo)).toMatch(/^(http:\/\/localhost:\d+)?\/zh-Hans$/)
  }
})
