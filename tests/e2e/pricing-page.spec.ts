import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import {
  DEMO,
  expectHydrated,
  NEW_USER_PASSWORD,
  ONBOARDING_URL,
  openPage,
  openPageWithoutScripts,
  startSession,
  submitSignIn,
  uniqueEmail,
} from './support/helpers'

// The public pricing page (issue 24): a visitor compares the plans in Chinese, monthly and yearly, in their currency, with
// the FAQ; a signed-in buyer sees their plan marked; a visitor's plan choice and question survive signing in.

/** A message key shown instead of its text would read like `faq.start.q`. */
const RAW_KEY = /\b(?:meta|hero|period|currency|price|plan|cta|compare|ask|faq|validation|limits|features)\.[a-z]\w*/

async function useDarkMode(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'color_mode', value: 'dark', domain: new URL(baseURL ?? 'http://localhost').hostname, path: '/' }])
}

/** A row of the comparison table, by its heading, as the texts of its cells. */
async function comparisonRow(page: Page, name: string): Promise<string[]> {
  const row = page
    .getByRole('region', { name: '套餐比较表' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
  return row.getByRole('cell').allInnerTexts()
}

test('a visitor compares the plans in Chinese, yearly and in yuan, and reads the FAQ', async ({ page, context, baseURL }) => {
  await openPage(page, '/zh-Hans/pricing')
  await expect(page.getByRole('heading', { level: 1, name: '套餐与价格' })).toBeVisible()
  const business = page.getByRole('article', { name: '商业版' })
  await expect(business).toContainText('US$49')
  await expect(business).toContainText('/ 月')

  await page.getByRole('group', { name: '计费周期' }).getByRole('link', { name: /按年/ }).click()
  await expect(page).toHaveURL(/\/zh-Hans\/pricing\?period=yearly$/)
  await expect(business).toContainText('US$490')
  await expect(business).toContainText('/ 年')
  await expect(business).toContainText('比按月付款节省 17%')
  await expect(page.getByRole('group', { name: '计费周期' }).getByRole('link', { name: /按年/ })).toHaveAttribute('aria-current', 'true')

  expect(await comparisonRow(page, '团队成员')).toEqual(['3', '15', '不限'])
  expect(await comparisonRow(page, '文件存储')).toEqual(['500 MB', '10 GB', '不限'])
  expect(await comparisonRow(page, '每月发出的询价单')).toEqual(['5', '100', '不限'])
  await expect(page.getByRole('region', { name: '套餐比较表' }).getByText('包含').first()).toBeAttached()

  await page.getByLabel('价格显示货币').selectOption('CNY')
  await page.getByRole('button', { name: '显示价格' }).click()
  await expect(page).toHaveURL(/\/zh-Hans\/pricing\?(?=.*period=yearly)(?=.*currency=CNY)/)
  // "≈" on screen, "约" (approximately) for screen readers.
  await expect(business).toContainText('≈ 约 ¥3,538.89')
  await expect(business).toContainText('每年按 US$490 计费')
  await expect(page.getByText(/以 CNY 显示的价格为约数/)).toBeVisible()

  await expect(page.getByRole('heading', { level: 2, name: '套餐常见问题' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 3, name: '达到上限时会怎样？' })).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText(RAW_KEY)

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(jsonLd.map((text) => JSON.parse(text)['@type'])).toEqual(['Product', 'FAQPage'])
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', '套餐与价格 — Tradeport')

  await expectNoSeriousViolations(page)
  await useDarkMode(context, baseURL)
  await openPage(page, '/zh-Hans/pricing?period=yearly&currency=CNY')
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expectNoSeriousViolations(page, { theme: 'dark' })
})

test('the monthly / yearly switch works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await openPageWithoutScripts(page, '/en/pricing')
  await page
    .getByRole('group', { name: 'Billing period' })
    .getByRole('link', { name: /Yearly/ })
    .click()
  await expect(page).toHaveURL(/\/en\/pricing\?period=yearly$/)
  await expect(page.getByRole('article', { name: 'Enterprise' })).toContainText('$1,990')
  await context.close()
})

test('the demo buyer sees the company’s Business plan marked and where to change it', async ({ page }) => {
  await startSession(page, DEMO.buyer)
  await openPage(page, '/en/pricing?period=yearly')
  const business = page.getByRole('article', { name: 'Business' })
  await expect(business.getByText('Your plan', { exact: true })).toBeVisible()
  await expect(business).toHaveAttribute('aria-current', 'true')
  await expect(business.getByRole('link', { name: 'Manage your plan' })).toHaveAttribute('href', '/en/app/settings/plan')
  await expect(page.getByRole('article', { name: 'Enterprise' }).getByRole('link', { name: 'Switch to Enterprise' })).toHaveAttribute(
    'href',
    '/en/app/settings/plan?plan=enterprise&period=yearly',
  )
  await expect(page.getByRole('article', { name: 'Free' }).getByText('Your plan', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Plan comparison' }).getByRole('columnheader', { name: /Business\s*your plan/ })).toBeVisible()

  await page
    .getByRole('group', { name: 'Billing period' })
    .getByRole('link', { name: /Monthly/ })
    .click()
  await expect(business.getByRole('link', { name: 'Switch to monthly billing' })).toHaveAttribute('href', '/en/app/settings/plan?plan=business&period=monthly')
  await expect(business).toContainText('Your company pays yearly')
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/en/pricing')
})

test('a visitor’s question to the assistant is kept through sign-in', async ({ page }) => {
  const question = 'Which suppliers make ceramic mugs?'
  await openPage(page, '/en/pricing')
  await page.getByLabel('Your question').fill(question)
  await page.getByRole('button', { name: 'Ask the sourcing assistant' }).click()
  await expect(page).toHaveURL(/\/en\/login$/)
  await submitSignIn(page, DEMO.buyer.email, DEMO.buyer.password)
  await expect(page).toHaveURL(/\/en\/app\/sourcing\/chat/)
  await expect(page.getByRole('main').getByText(question).first()).toBeVisible()
})

test('a visitor who picks a plan signs in and arrives at the plan settings with that plan chosen', async ({ page }) => {
  await openPage(page, '/en/pricing?period=yearly')
  await page
    .getByRole('article', { name: 'Enterprise' })
    .getByRole('button', { name: /Sign in to choose it/ })
    .click()
  await expect(page).toHaveURL(/\/en\/login$/)
  await submitSignIn(page, DEMO.buyer.email, DEMO.buyer.password)
  await expect(page).toHaveURL(/\/en\/app\/settings\/plan\?plan=enterprise&period=yearly$/)
})

test('a new visitor who picks a plan signs up, creates the company and arrives at that plan, chosen', async ({ page }) => {
  await openPage(page, '/en/pricing')
  await page.getByRole('article', { name: 'Business' }).getByRole('button', { name: 'Start with Business' }).click()
  await expect(page).toHaveURL(/\/en\/login\?mode=sign-up$/)
  await expectHydrated(page)
  await page.getByLabel('Your name').fill('Noor Haddad')
  await page.getByLabel('Email or phone number').fill(uniqueEmail('pricing'))
  await page.getByLabel('Password', { exact: true }).fill(NEW_USER_PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  // Onboarding comes first; the chosen plan waits for the company.
  await expect(page).toHaveURL(ONBOARDING_URL)
  await expectHydrated(page)
  await page.getByRole('radio', { name: 'We buy', exact: true }).check()
  await page.getByLabel('Legal name').fill('Haddad Trading Ltd.')
  await page.getByLabel('Display name').fill('Haddad Trading')
  await page.getByLabel('Country or region').selectOption('AE')
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(page).toHaveURL(/\/en\/app\/settings\/plan\?plan=business&period=monthly$/)
  await expectHydrated(page)
  await expect(page.getByRole('dialog', { name: 'Upgrade to Business?' })).toBeVisible()
})

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the page never grows wider than the screen, in English and Chinese', async ({ page }) => {
    for (const path of ['/en/pricing?period=yearly', '/zh-Hans/pricing?currency=CNY']) {
      await openPage(page, path)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
      await expect(page.getByRole('article').first()).toBeVisible()
    }
  })
})
