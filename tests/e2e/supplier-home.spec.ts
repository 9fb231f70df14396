import { randomUUID } from 'node:crypto'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, openPage, startSession } from './support/helpers'

// The supplier's home and the services it offers (issue 25): the demo supplier sees where it stands, lists a service
// that buyers then find on the public page of the service, and deletes it again behind a confirmation.

async function chooseTheme(context: BrowserContext, baseURL: string | undefined, theme: 'light' | 'dark') {
  const { hostname } = new URL(baseURL ?? 'http://localhost')
  await context.addCookies([{ name: 'color_mode', value: theme, domain: hostname, path: '/' }])
}

/** How many pixels the document reaches past the viewport (0: it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

test('the demo supplier’s home shows its verification, RFQ inbox, orders, catalogue, services and what needs it', async ({ page, context, baseURL }) => {
  await startSession(page, DEMO.supplier)
  await openPage(page, '/en/app/supplier')
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier home' })).toBeVisible()
  const card = (name: string) => page.getByRole('region', { name, exact: true })
  await expect(card('Verification')).toContainText('Verified')
  await expect(card('RFQ inbox').getByRole('link', { name: 'Open the RFQ inbox' })).toBeVisible()
  await expect(card('Orders').getByText('To confirm')).toBeVisible()
  await expect(card('Catalogue').getByText('Published')).toBeVisible()
  await expect(card('Catalogue')).toContainText(/Public prices come from|No price list is active/)
  await expect(card('Services').getByRole('link', { name: 'Manage services' })).toBeVisible()
  await expect(card('Needs you now')).toBeVisible()
  // The sidebar leads here and to the services page.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Supplier home' }).first()).toBeVisible()
  await expectNoSeriousViolations(page)
  await chooseTheme(context, baseURL, 'dark')
  await page.reload()
  await expectNoSeriousViolations(page, { theme: 'dark' })

  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier home' })).toBeVisible()
  expect(await overflow(page)).toBeLessThanOrEqual(0)
})

test('the demo supplier adds a service, buyers find it on its public page, and it is deleted after a confirmation', async ({ page, context, baseURL }) => {
  const title = `Kiln audit ${randomUUID().slice(0, 8)}`
  await startSession(page, DEMO.supplier)
  await openPage(page, '/en/app/supplier/service')
  await expect(page.getByRole('heading', { level: 1, name: 'Services you offer' })).toBeVisible()
  await expectNoSeriousViolations(page)

  const form = page.getByRole('region', { name: 'Add a service' })
  await form.getByLabel('Service', { exact: true }).selectOption('inspection')
  await form.getByRole('button', { name: 'Add service' }).click()
  // Checked before it is sent, each message beside its field.
  await expect(form.getByText('Enter a title of 3 to 120 characters.')).toBeVisible()
  await expect(form.getByText('Choose at least one country, or tick Worldwide.')).toBeVisible()
  await expect(form.getByText('Enter a lead time of 1 to 365 days.')).toBeVisible()
  await expect(form.getByLabel('Title')).toBeFocused()

  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Description').fill('Firing curve and glaze checks at your kiln, report within two days.')
  await form.getByRole('checkbox', { name: 'Worldwide' }).check()
  await form.getByLabel('Amount').fill('120')
  await form.getByLabel('Currency').selectOption('USD')
  await form.getByLabel('Per', { exact: true }).selectOption('per_job')
  await form.getByLabel('Lead time in days').fill('5')
  await form.getByRole('button', { name: 'Add service' }).click()
  await expect(page.getByText('Service added. Buyers can find it on the public service pages now.')).toBeVisible()
  const offering = page.getByRole('list', { name: 'Your services' }).getByRole('listitem').filter({ hasText: title })
  await expect(offering).toContainText('Worldwide')
  await expect(offering).toContainText('per job')
  await expectNoSeriousViolations(page)
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await overflow(page)).toBeLessThanOrEqual(0)
  await chooseTheme(context, baseURL, 'dark')
  await page.reload()
  await expectNoSeriousViolations(page, { theme: 'dark' })
  await page.setViewportSize({ width: 1280, height: 900 })
  await chooseTheme(context, baseURL, 'light')

  // Buyers find it on the public page of inspection services, under the supplier, also when they ask for Germany.
  await openPage(page, '/en/services/inspection?area=DE')
  const provider = page.getByRole('list', { name: 'Providers' }).getByRole('listitem').filter({ hasText: 'Bamboo Kiln Ceramics' }).first()
  await expect(provider).toContainText(title)
  await expectNoSeriousViolations(page)

  await openPage(page, '/en/app/supplier/service')
  // Each card's buttons name their service for screen readers ("Delete: …").
  const remove = page.getByRole('button', { name: new RegExp(`^Delete\\W+${title}$`) })
  await remove.click()
  const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` })
  await expect(dialog).toContainText('Buyers will no longer find it on the public service pages.')
  await dialog.getByRole('button', { name: 'Go back' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(1)
  await remove.click()
  await dialog.getByRole('button', { name: 'Delete service' }).click()
  await expect(page.getByText('Service deleted.')).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0)

  await openPage(page, '/en/services/inspection')
  await expect(page.getByText(title)).toHaveCount(0)
})

test('a company that only buys is shown the way to selling on both pages', async ({ page }) => {
  await startSession(page, DEMO.buyer)
  await openPage(page, '/en/app/supplier')
  await expect(page.getByRole('heading', { name: 'Sell on Tradeport' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Become a supplier' })).toHaveAttribute('href', '/en/app/supplier/onboarding')
  await expectNoSeriousViolations(page)
  await openPage(page, '/en/app/supplier/service')
  await expect(page.getByText('Services are offered by suppliers and service providers')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Become a supplier' })).toBeVisible()
})
