import { expect, test } from '@playwright/test'
import {
  completeOnboarding,
  DEMO,
  expectDashboard,
  LOGIN_URL,
  NEW_USER_PASSWORD,
  openPage,
  signedInContext,
  signOut,
  submitSignIn,
  uniqueEmail,
  unverifiedBanner,
} from './support/helpers'

test('signs up, confirms the email from the dev mailbox and reaches the dashboard', async ({ browser, page }) => {
  const name = 'Mira Okafor'
  const email = uniqueEmail('signup')

  // 1. Create the account: signed in at once, but unverified.
  await openPage(page, '/en/login?mode=sign-up')
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Email or phone number').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(NEW_USER_PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  // A new account has no company yet: onboarding comes first.
  await completeOnboarding(page, 'Okafor Imports', name)
  await expect(unverifiedBanner(page)).toBeVisible()

  // 2. The platform admin finds the verification mail in the dev mailbox (another browser).
  const admin = await signedInContext(browser, DEMO.admin)
  let confirmUrl: string
  try {
    const mailbox = admin.page
    await openPage(mailbox, '/en/app/playground/mail')
    const row = mailbox.getByRole('row').filter({ hasText: email })
    await expect(async () => {
      await mailbox.reload()
      await expect(row).toHaveCount(1, { timeout: 1_000 })
    }).toPass({ timeout: 15_000 })
    await row.getByRole('link', { name: 'Confirm your email address for Tradeport' }).click()
    await expect(mailbox.getByRole('heading', { name: 'Links in this message' })).toBeVisible()
    const link = mailbox.getByTestId('mail-link').filter({ hasText: '/en/confirm?type=email&token=' })
    await expect(link).toHaveCount(1)
    confirmUrl = (await link.getAttribute('href')) ?? ''
  } finally {
    await admin.context.close()
  }
  expect(confirmUrl).toMatch(/^http:\/\/localhost:\d+\/en\/confirm\?type=email&token=/)

  // 3. The new user opens the link in their own browser: verified, signed in, banner gone.
  await openPage(page, confirmUrl)
  await expectDashboard(page, name)
  await expect(unverifiedBanner(page)).toHaveCount(0)

  // 4. Sign out, then sign in again with the password.
  await signOut(page)
  await expect(page).toHaveURL(LOGIN_URL)
  await submitSignIn(page, email, NEW_USER_PASSWORD)
  await expectDashboard(page, name)
  await expect(unverifiedBanner(page)).toHaveCount(0)
})
