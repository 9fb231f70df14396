import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { expectHydrated, GUIDE_AFTER_CREATE_URL, LOGIN_URL, NEW_USER_PASSWORD, ONBOARDING_URL, openPage, uniqueEmail } from './support/helpers'

// A newcomer's first minutes (issue 16): told to check their mail (and where it is kept without SMTP), a top bar with
// language and sign-out, only the fields their kind of company needs, and a confirmation on the getting-started guide.
async function signUpAs(page: Page, name: string) {
  const email = uniqueEmail('newcomer')
  await openPage(page, '/en/login?mode=sign-up')
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Email or phone number').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(NEW_USER_PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(ONBOARDING_URL)
  await expectHydrated(page)
  return email
}

test('a new buyer is told to check their mail, sees only the fields that apply, and lands on the guide', async ({ page }) => {
  const email = await signUpAs(page, 'Ines Duarte')
  const hint = page
    .getByRole('alert')
    .filter({ hasText: 'Check your mail' })
    .or(page.getByRole('status').filter({ hasText: 'Check your mail' }))
  await expect(hint.first()).toContainText(email)
  await expect(hint.first()).toContainText('dev mailbox')
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible()
  await expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: /English|Language/ })
      .or(page.getByRole('banner').locator('summary', { hasText: 'English' }))
      .first(),
  ).toBeVisible()
  await expectNoSeriousViolations(page)

  // Buyers name neither services nor main products; suppliers name what they sell; service providers their services.
  await expect(page.getByText('Which services do you provide?')).toBeHidden()
  await expect(page.getByLabel('Main products')).toBeHidden()
  await page.getByRole('radio', { name: 'We supply', exact: true }).check()
  await expect(page.getByLabel('Main products')).toBeVisible()
  await expect(page.getByText('Which services do you provide?')).toBeHidden()
  await page.getByRole('radio', { name: 'We provide services', exact: true }).check()
  await expect(page.getByText('Which services do you provide?')).toBeVisible()
  await page.getByRole('radio', { name: 'We buy', exact: true }).check()
  await expect(page.getByLabel('Main products')).toBeHidden()

  await page.getByLabel('Legal name').fill('Duarte Trading Lda.')
  await page.getByLabel('Display name').fill('Duarte Trading')
  await page.getByLabel('Country or region').selectOption('PT')
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(page).toHaveURL(GUIDE_AFTER_CREATE_URL)
  await expect(page.getByText('Duarte Trading is set up')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started with Duarte Trading')
  await expect(page.locator('[data-step="createProject"]')).toHaveAttribute('data-done', 'false')
  await expect(page.locator('[data-step="applyVerification"]')).toHaveCount(0)
  await expectNoSeriousViolations(page)
  await page.locator('[data-step="createProject"]').getByRole('link', { name: 'Create a project' }).click()
  await expect(page).toHaveURL(/\/en\/app\/purchase\/projects\/create$/)
})

test('a new supplier’s guide starts with verification, in Chinese too, and the onboarding bar signs out', async ({ page }) => {
  await signUpAs(page, 'Wei Zhang')
  await page.getByRole('radio', { name: 'We supply', exact: true }).check()
  await page.getByLabel('Legal name').fill('Zhang Ceramics Co., Ltd.')
  await page.getByLabel('Display name').fill('Zhang Ceramics')
  await page.getByLabel('Country or region').selectOption('CN')
  await page.getByRole('button', { name: 'Create company' }).click()
  await expect(page).toHaveURL(GUIDE_AFTER_CREATE_URL)
  await expect(page.locator('[data-step="applyVerification"]')).toHaveAttribute('data-done', 'false')
  await expect(page.locator('[data-step="publishProducts"]')).toContainText('0 of 5 done')
  await expect(page.locator('[data-step="createProject"]')).toHaveCount(0)

  await openPage(page, '/zh-Hans/app/guide')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zhang Ceramics 入门指南')
  await expect(page.getByRole('heading', { name: '销售' })).toBeVisible()
  await expect(page.locator('[data-step="applyVerification"]')).toContainText('申请供应商认证')

  await openPage(page, '/en/onboarding')
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(LOGIN_URL)
})
