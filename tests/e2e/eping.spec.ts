import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, openPage, signedInContext } from './support/helpers'

// Issue 22: a supplier follows HS 6912 in its regulatory alerts, finds the WTO notification on ceramic tableware that
// concerns its mugs (the offline sample: said so on the page), reads why, and marks it relevant with a note; the
// product's edit page says which notices affect it.

test('a supplier subscribed to 6912 sees the matching notification and marks it reviewed', async ({ browser }) => {
  test.setTimeout(120_000)
  const { page } = await signedInContext(browser, DEMO.supplier)
  await openPage(page, '/en/app/infor/eping')
  await expect(page.getByRole('heading', { level: 1, name: 'Regulatory alerts (WTO ePing)' })).toBeVisible()
  await expect(page.getByText(/these are sample notifications/)).toBeVisible()

  // Follow HS 6912 (and the EU); saving matches again at once.
  await page.getByRole('textbox', { name: 'HS codes', exact: true }).fill('6912')
  await page.getByRole('textbox', { name: 'Notifying members', exact: true }).fill('EU')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved: your alerts follow the new list.' })).toBeVisible()
  await expectNoSeriousViolations(page)

  // Only what concerns the company, on HS 6912.
  await page.getByRole('textbox', { name: 'HS code', exact: true }).fill('6912')
  await page.getByRole('checkbox', { name: 'Only those that concern my company' }).check()
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/hs=6912/)
  const notice = page.getByRole('link', { name: /migration limits for lead and cadmium from ceramic articles/ }).last()
  await notice.click()
  await expect(page.getByRole('heading', { level: 1, name: /ceramic articles intended to come into contact with food/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Why it concerns you' })).toBeVisible()
  await expect(page.getByText('You follow HS code 6912')).toBeVisible()

  await page.getByRole('combobox', { name: 'Mark' }).selectOption('relevant')
  await page.getByRole('textbox', { name: 'Note' }).fill('Test lead release on the celadon glaze before January.')
  await page.getByRole('button', { name: 'Save mark' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Mark saved.' })).toBeVisible()
  await expectNoSeriousViolations(page)

  // Back in the list the notification carries the mark.
  await page.getByRole('link', { name: 'All notifications' }).click()
  await page.getByRole('checkbox', { name: 'Only those that concern my company' }).check()
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Relevant', { exact: true }).first()).toBeVisible()
})
