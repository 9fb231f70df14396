import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { E2E_BASE_URL } from './support/env'
import { DEMO, NEW_USER_PASSWORD, openPage, startSession, uniqueEmail } from './support/helpers'
import { api } from './support/sourcing-api'

// Issue 24: a platform admin keeps the plans on /app/plans — creates one (a bad limit refused beside its field, a taken
// id refused by the server with what was typed kept), edits it, puts a company on it after a confirmation and retires
// it — and the page passes axe in the light and the dark colour mode.

const suffix = Date.now().toString(36)
const planId = `e2e-${suffix}`
const planName = `Team ${suffix}`
const companyName = `Planprobe ${suffix}`

/** A plan's card in the list of plans, found by its name. */
const planCard = (page: Page, name = planName) => page.getByRole('article', { name, exact: true })

test('a platform admin creates, edits, assigns and retires a plan', async ({ page, browser }) => {
  // Two forms, a search, two dialogs and three axe passes on the shared CI machine.
  test.setTimeout(120_000)
  // A company of its own to put on the plan (made through the API), so no other journey's company changes plan.
  const founder = await browser.newContext()
  const signedUp = await founder.request.post('/api/auth/sign-up/email', {
    headers: { origin: E2E_BASE_URL },
    data: { name: 'Pia Planner', email: uniqueEmail('plans'), password: NEW_USER_PASSWORD },
  })
  expect(signedUp.status(), await signedUp.text()).toBe(200)
  await api(founder.request, 'post', '/companies', { kind: 'buyer', legal_name: `${companyName} Pte. Ltd.`, display_name: companyName, country: 'SG' })
  await founder.close()

  await startSession(page, DEMO.admin)
  await openPage(page, '/en/app/plans')
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible()
  await expect(planCard(page, 'Free')).toContainText('Default')
  await expect(planCard(page, 'Free')).toContainText('The default plan cannot be retired.')

  await page.getByRole('link', { name: 'New plan' }).click()
  const form = page.getByRole('region', { name: 'New plan' })
  await expect(form.getByRole('heading', { name: 'New plan' })).toBeFocused()
  await form.getByLabel('Plan id').fill('business')
  await form.getByLabel('Name (English)').fill(planName)
  await form.getByLabel('Name (Simplified Chinese)').fill(`团队 ${suffix}`)
  await form.getByLabel('Name (Traditional Chinese)').fill(`團隊 ${suffix}`)
  await form.getByLabel('Description (English)').fill('For growing sourcing teams.')
  await form.getByLabel('Description (Simplified Chinese)').fill('适合成长中的采购团队。')
  await form.getByLabel('Description (Traditional Chinese)').fill('適合成長中的採購團隊。')
  await form.getByLabel('Monthly price').fill('19')
  await form.getByLabel('Yearly price').fill('190')
  await form.getByLabel('Team members').fill('-1')
  await form.getByLabel('RFQs sent a month').fill('40')
  await form.getByLabel('File storage (MB)').fill('2048')
  await form.getByLabel('Sourcing assistant').check()
  await form.getByLabel('Price lists with quantity breaks').check()
  await form.getByRole('button', { name: 'Create plan' }).click()

  // Checked before sending, with the inputs' own schema: the message sits beside the field, which takes the focus.
  const members = form.getByLabel('Team members')
  await expect(members).toBeFocused()
  await expect(members).toHaveAttribute('aria-invalid', 'true')
  await expect(members).toHaveAccessibleDescription('Enter a whole number of at least 1, or leave it empty for no limit.')
  await expectNoSeriousViolations(page)

  // The server refuses the taken id beside its field and keeps everything typed.
  await members.fill('5')
  await form.getByRole('button', { name: 'Create plan' }).click()
  await expect(form.getByLabel('Plan id')).toHaveAccessibleDescription(/A plan with this id exists\./)
  await expect(form.getByLabel('Plan id')).toBeFocused()
  await expect(form.getByLabel('Name (English)')).toHaveValue(planName)
  await expect(form.getByLabel('File storage (MB)')).toHaveValue('2048')
  await expect(form.getByLabel('Sourcing assistant')).toBeChecked()

  await form.getByLabel('Plan id').fill(planId)
  await form.getByRole('button', { name: 'Create plan' }).click()
  await expect(page.getByRole('status').filter({ hasText: `The plan “${planName}” was created.` })).toBeVisible()
  const card = planCard(page)
  await expect(card).toContainText('$19.00')
  await expect(card).toContainText('2 GB')
  await expect(card).toContainText('Sourcing assistant')

  await card.getByRole('link', { name: `Edit ${planName}` }).click()
  const editor = page.getByRole('region', { name: `Edit “${planName}”` })
  await expect(editor.getByLabel('Team members')).toHaveValue('5')
  await editor.getByLabel('Monthly price').fill('29')
  await editor.getByLabel('RFQs sent a month').fill('')
  await editor.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: `The changes to “${planName}” were saved.` })).toBeVisible()
  await expect(planCard(page)).toContainText('$29.00')
  await expect(planCard(page)).toContainText('Unlimited')

  const assign = page.getByRole('region', { name: 'Assign a plan to a company' })
  await assign.getByLabel('Company name').fill(companyName.toLowerCase())
  await assign.getByRole('button', { name: 'Find' }).click()
  const company = assign.getByRole('row').filter({ hasText: companyName })
  await expect(company).toContainText('Free')
  await expectNoSeriousViolations(page)
  await company.getByRole('button', { name: `Assign a plan to ${companyName}` }).click()
  const dialog = page.getByRole('dialog', { name: `Assign a plan to ${companyName}` })
  await dialog.getByLabel('Plan').selectOption(planId)
  await dialog.getByLabel('Billing period').selectOption('yearly')
  await dialog.getByRole('button', { name: 'Assign plan' }).click()
  await expect(assign.getByRole('status')).toHaveText(`${companyName} is now on ${planName} (Yearly), from today.`)
  await expect(dialog).toBeHidden()
  await expect(company).toContainText(`${planName} (Yearly)`)
  await expect(planCard(page)).toContainText(/Companies\s*1(?!\d)/)

  await planCard(page).getByRole('button', { name: 'Retire…' }).click()
  const retire = page.getByRole('dialog', { name: `Retire “${planName}”?` })
  await expect(retire).toContainText('Companies on it keep it and its terms')
  await retire.getByRole('button', { name: 'Retire plan' }).click()
  await expect(page.getByRole('status').filter({ hasText: `“${planName}” is retired.` })).toBeVisible()
  await expect(planCard(page)).toContainText('Retired')
  await expect(planCard(page).getByRole('button', { name: 'Retire…' })).toHaveCount(0)

  await expectNoSeriousViolations(page)
  // The dark colour mode, as a saved choice: the retired plan, the dialogs' triggers and the company's new plan.
  await page.context().addCookies([{ name: 'color_mode', value: 'dark', domain: new URL(page.url()).hostname, path: '/' }])
  await openPage(page, `/en/app/plans?company=${encodeURIComponent(companyName)}`)
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(planCard(page)).toBeVisible()
  await expectNoSeriousViolations(page, { theme: 'dark' })
})

test('members of a company cannot open the plans page', async ({ page }) => {
  await startSession(page, DEMO.buyer)
  const response = await page.goto('/en/app/plans')
  expect(response?.status()).toBe(403)
})
