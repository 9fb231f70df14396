import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, openPage, startSession } from './support/helpers'

// The platform admins' route check of a purchase project (issue 25): pick a project, see each check pass, warn or fail.

test('a platform admin checks the route of a demo project: project, suppliers, providers along the lane, rules', async ({ page }) => {
  await startSession(page, DEMO.admin)
  await openPage(page, '/en/app/purchase/projects/test-route')
  await expect(page.getByRole('heading', { level: 1, name: 'Project route check' })).toBeVisible()
  const projects = page.getByRole('table')
  await expect(projects.getByRole('row').nth(1)).toContainText('Harbour Lantern Trading')
  await expectNoSeriousViolations(page)

  await projects
    .getByRole('link', { name: /^Check the route/ })
    .first()
    .click()
  await expect(page).toHaveURL(/test-route\?project=/)
  await expect(page.getByRole('region', { name: 'The project' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /passed · \d+ warnings · \d+ failures/ })).toBeVisible()
  const lines = page.locator('[data-check]')
  expect(await lines.count()).toBeGreaterThan(3)
  await expect(page.locator('[data-check="deliveryCountry"]')).toBeVisible()
  await expectNoSeriousViolations(page)
})

test('the route check does not exist for anyone but platform admins', async ({ page }) => {
  await startSession(page, DEMO.buyer)
  const response = await page.goto('/en/app/purchase/projects/test-route')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Page not found: /en/app/purchase/projects/test-route')).toBeVisible()
})
