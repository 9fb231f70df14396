import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { expectHydrated, openDisclosureMenu, openPage, signUp } from './support/helpers'

// The getting-started guide (issue 24): a new company's checklist on its page and its progress in the sidebar, a step
// that ticks itself off once done elsewhere, and a dismissal the member can take back.
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })
const guideLink = (page: Page) => sidebar(page).getByRole('link', { name: /^Getting started/ })

test('a new company’s guide shows its progress on the page and in the sidebar, ticks a step off, and can be hidden and shown again', async ({ page }) => {
  // A sign-up through the forms, a project, and axe on the guide in both colour modes: a minute or more on the CI machine.
  test.setTimeout(120_000)
  await signUp(page, 'Mira Okafor', 'Okafor Imports')
  // A new buyer: six steps, none done (the contact is not verified yet).
  await expect(guideLink(page)).toContainText('0/6')

  await guideLink(page).click()
  await expect(page).toHaveURL(/\/en\/app\/guide$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started with Okafor Imports')
  await expect(page.getByText('0 of 6 done (0%)')).toBeVisible()
  await expect(guideLink(page)).toHaveAttribute('aria-current', 'page')
  await expect(page.locator('[data-step="completeProfile"] [data-part]')).toHaveCount(3)
  await expectNoSeriousViolations(page)
  await expectNoSeriousViolations(page, { theme: 'dark' })

  await test.step('creating a project ticks its step off, on the page and in the sidebar', async () => {
    await page.locator('[data-step="createProject"]').getByRole('link', { name: 'Create a project' }).click()
    await expect(page).toHaveURL(/\/en\/app\/purchase\/projects\/create$/)
    await expectHydrated(page)
    await page.getByLabel('Name', { exact: true }).fill('Spring lighting order')
    await page.getByRole('button', { name: 'Create project' }).click()
    await expect(page).toHaveURL(/\/en\/app\/purchase\/projects\/view\//)
    await guideLink(page).click()
    await expect(page.locator('[data-step="createProject"]')).toHaveAttribute('data-done', 'true')
    await expect(page.getByText('1 of 6 done (17%)')).toBeVisible()
    await expect(guideLink(page)).toContainText('1/6')
  })

  await test.step('dismissing hides it from the sidebar; the page says how to get back and shows it again', async () => {
    await page.getByRole('button', { name: 'Dismiss guide' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'The guide is hidden from your sidebar' })).toBeVisible()
    await expect(guideLink(page)).toHaveCount(0)
    await expectNoSeriousViolations(page)

    await openPage(page, '/en/app/dashboard')
    await expect(guideLink(page)).toHaveCount(0)
    const menu = await openDisclosureMenu(page, 'user-menu')
    await menu.getByRole('link', { name: 'Getting started' }).click()
    await expect(page).toHaveURL(/\/en\/app\/guide$/)
    await page.getByRole('button', { name: 'Show it in the sidebar again' }).click()
    await expect(guideLink(page)).toContainText('1/6')
    await expect(page.getByRole('button', { name: 'Dismiss guide' })).toBeVisible()
  })
})
