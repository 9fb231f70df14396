import { expect, test } from '@playwright/test'
import {
  completeOnboarding,
  DEMO,
  expectDashboard,
  expectHydrated,
  linkFromMailbox,
  NEW_USER_PASSWORD,
  ONBOARDING_URL,
  openPage,
  signedInContext,
  uniqueEmail,
} from './support/helpers'

test('a new user onboards as a buyer and invites a colleague, who joins from the mail link; a member cannot change roles', async ({ browser, page }) => {
  test.setTimeout(90_000)
  const owner = { name: 'Nora Quist', email: uniqueEmail('owner') }
  const colleague = { name: 'Theo Brandt', email: uniqueEmail('colleague') }

  await test.step('sign up and create the company on /onboarding', async () => {
    await openPage(page, '/en/login?mode=sign-up')
    await page.getByLabel('Your name').fill(owner.name)
    await page.getByLabel('Email or phone number').fill(owner.email)
    await page.getByLabel('Password', { exact: true }).fill(NEW_USER_PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page).toHaveURL(ONBOARDING_URL)
    await completeOnboarding(page, 'Quist Components', owner.name)
    await expect(page.getByTestId('active-company')).toHaveText('Quist Components')
  })

  await test.step('confirm the email, which inviting people requires', async () => {
    const confirmUrl = await linkFromMailbox(browser, owner.email, 'Confirm your email address for Tradeport', '/en/confirm?type=email&token=')
    await openPage(page, confirmUrl)
    await expectDashboard(page, owner.name)
  })

  await test.step('invite the colleague from /app/team', async () => {
    await openPage(page, '/en/app/team')
    await page.getByRole('button', { name: 'Invite colleague' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite a colleague' })
    await dialog.getByLabel('Email address').fill(colleague.email)
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page.getByText(`Invitation sent to ${colleague.email}.`).first()).toBeVisible()
    await expect(
      page
        .getByRole('region', { name: 'Pending invitations' })
        .or(page.locator('section').filter({ hasText: 'Pending invitations' }))
        .first(),
    ).toContainText(colleague.email)
  })

  const joinUrl = await linkFromMailbox(browser, colleague.email, /invited you to join Quist Components/, '/en/app/team/join?token=')
  expect(joinUrl).toContain('/en/app/team/join?token=')

  const context = await browser.newContext()
  const invitee = await context.newPage()
  try {
    await test.step('the colleague opens the link, creates an account and joins', async () => {
      await openPage(invitee, joinUrl)
      await expect(invitee).toHaveURL(/\/en\/login/)
      await openPage(invitee, '/en/login?mode=sign-up')
      await invitee.getByLabel('Your name').fill(colleague.name)
      await invitee.getByLabel('Email or phone number').fill(colleague.email)
      await invitee.getByLabel('Password', { exact: true }).fill(NEW_USER_PASSWORD)
      await invitee.getByRole('button', { name: 'Create account' }).click()
      await expect(invitee).toHaveURL(/\/en\/app\/team\/join\?token=/)
      await expect(invitee.getByText(`${owner.name} invited you to join Quist Components on Tradeport as Member.`)).toBeVisible()
      await invitee.getByRole('button', { name: 'Accept and join' }).click()
      await expectDashboard(invitee, colleague.name)
      await expect(invitee.getByTestId('active-company')).toHaveText('Quist Components')
    })

    await test.step('the colleague sees the company and its people', async () => {
      await openPage(invitee, '/en/app/team')
      await expect(invitee.getByRole('cell', { name: owner.name, exact: false }).first()).toBeVisible()
      await expect(invitee.getByRole('button', { name: 'Invite colleague' })).toHaveCount(0)
    })

    await test.step('as a member, the colleague cannot change roles', async () => {
      await openPage(invitee, '/en/app/settings/team')
      await expect(
        invitee.getByRole('main').getByText('Only owners and admins can change roles, remove members or invite people.', { exact: false }),
      ).toBeVisible()
      const roleSelects = invitee.getByRole('combobox', { name: /^Role of / })
      const count = await roleSelects.count()
      for (let i = 0; i < count; i += 1) await expect(roleSelects.nth(i)).toBeDisabled()
      await expect(invitee.getByRole('button', { name: /^Remove / })).toHaveCount(0)
    })
  } finally {
    await context.close()
  }
})

test('a supplier applies through /supplier/onboard, an admin accepts it in the review queue, and the verified badge appears', async ({ browser, page }) => {
  test.setTimeout(90_000)
  const company = `Kiln Works ${Date.now().toString(36)}`
  const supplier = { name: 'Lin Yao', email: uniqueEmail('supplier') }

  await test.step('the supplier fills the guided application and submits it', async () => {
    await openPage(page, '/en/supplier/onboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Become a verified supplier' })).toBeVisible()
    await expectHydrated(page)
    await page.getByLabel('Your name').fill(supplier.name)
    await page.getByLabel('Work email').fill(supplier.email)
    await page.getByLabel('Password', { exact: true }).fill(NEW_USER_PASSWORD)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByLabel('Legal name').fill(`${company} Co., Ltd.`)
    await page.getByLabel('Display name').fill(company)
    await page.getByLabel('Country or region', { exact: true }).selectOption('CN')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('radio', { name: /^Manufacturer/ }).check()
    await page.getByLabel('Capabilities').fill('OEM, glazing')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.locator('input[type=file]:not([name])').setInputFiles({ name: 'business-licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) })
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Submit application' }).click()
    await expect(page).toHaveURL(/\/en\/app\/supplier\/onboarding\?submitted=1$/)
    await expect(page.getByText('Application submitted')).toBeVisible()
    await expect(page.getByTestId('active-company')).toHaveText(company)
  })

  await test.step('a platform admin accepts it in the review queue', async () => {
    const admin = await signedInContext(browser, DEMO.admin)
    try {
      await openPage(admin.page, '/en/app/verification')
      await admin.page.getByRole('link', { name: company }).click()
      await admin.page.getByRole('radio', { name: /^Accept/ }).check()
      await admin.page.getByRole('button', { name: 'Record the decision' }).click()
      await expect(admin.page.getByText(`${company} is now a verified supplier.`, { exact: false })).toBeVisible()
    } finally {
      await admin.context.close()
    }
  })

  await test.step('the supplier now carries the verified badge', async () => {
    await page.reload()
    await expect(page.getByTestId('company-switcher').getByText('Verified supplier').first()).toBeAttached()
    await expect(page.getByText('Verified since', { exact: false })).toBeVisible()
  })
})

/** A minimal valid PDF: the upload service checks the real type from the bytes. */
const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'
