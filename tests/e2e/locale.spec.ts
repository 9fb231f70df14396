import { type BrowserContext, expect, test } from '@playwright/test'
import { chooseLanguage, expectHydrated, openPage, openPageWithoutScripts, signUp } from './support/helpers'

const YEAR_SECONDS = 365 * 24 * 60 * 60

async function localeCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected')
}

test('switching the language on a deep page stays on that page in the new locale', async ({ context, page }) => {
  // A fresh account: the switch also stores the language preference of whoever is signed in.
  await signUp(page)
  await openPage(page, '/en/app/user/two-factor')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-factor authentication')
  await expectHydrated(page)
  await expect(page.getByTestId('language-switcher').locator('summary')).toHaveAttribute('aria-label', 'Language: English')

  await chooseLanguage(page, '简体中文')

  await expect(page).toHaveURL(/\/zh-Hans\/app\/user\/two-factor$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('双重身份验证')
  await expect(page.getByTestId('language-switcher').locator('summary')).toHaveAttribute('aria-label', '语言：简体中文')

  const cookie = await localeCookie(context)
  expect(cookie?.value).toBe('zh-Hans')
  expect(cookie?.path).toBe('/')
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000
  expect(lifetime, 'i18n_redirected lasts 365 days').toBeGreaterThan(YEAR_SECONDS - 3600)
  expect(lifetime).toBeLessThanOrEqual(YEAR_SECONDS + 60)

  // A path without a locale now goes to the chosen one.
  const bare = await page.request.get('/app/user/two-factor', { maxRedirects: 0 })
  expect(bare.status()).toBe(302)
  expect(bare.headers()['location']).toMatch(/\/zh-Hans\/app\/user\/two-factor$/)
})

test('an anonymous visitor switching the language keeps the query string', async ({ context, page }) => {
  await openPage(page, '/en/login?mode=sign-up')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your Tradeport account')
  await expectHydrated(page)

  await chooseLanguage(page, '繁體中文')

  await expect(page).toHaveURL(/\/zh-Hant\/login\?mode=sign-up$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('建立您的 Tradeport 帳號')
  await expect(page.getByLabel('您的姓名')).toBeVisible()
  expect((await localeCookie(context))?.value).toBe('zh-Hant')

  // And back to English, still on the sign-up card.
  await expectHydrated(page)
  await chooseLanguage(page, 'English')
  await expect(page).toHaveURL(/\/en\/login\?mode=sign-up$/)
  await expect(page.getByLabel('Your name')).toBeVisible()
  expect((await localeCookie(context))?.value).toBe('en')
})

test('the language menu works without scripts', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await openPageWithoutScripts(page, '/en/login?mode=sign-up')
    await chooseLanguage(page, '简体中文')
    await expect(page).toHaveURL(/\/zh-Hans\/login\?mode=sign-up$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('创建您的 Tradeport 账号')
  } finally {
    await context.close()
  }
})
