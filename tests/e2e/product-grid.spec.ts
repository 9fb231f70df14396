import { expect, type Page, test } from '@playwright/test'
import { DEMO, openPage, signIn } from './support/helpers'

/** Creates a draft product through the edit form and answers its name. */
async function createProduct(page: Page, sku: string): Promise<string> {
  const name = `Glazed tea bowl ${sku}`
  await openPage(page, '/en/app/products/edit')
  await page.getByLabel('Name (English)').fill(name)
  await page.getByLabel('SKU', { exact: true }).fill(sku)
  await page.getByLabel('Category').selectOption('tableware')
  await page.getByLabel('Country of origin').selectOption('CN')
  await page.getByLabel('Unit').selectOption('piece')
  await page.getByLabel('Minimum order quantity').fill('100')
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('The product was saved.')).toBeVisible()
  return name
}

test('a supplier quick-edits MOQ and status on the product grid; an invalid MOQ shows a field error', async ({ page }) => {
  const sku = `GRID-${Date.now().toString(36).toUpperCase()}`
  await signIn(page, DEMO.supplier)
  const name = await createProduct(page, sku)

  await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Grid' }).click()
  await expect(page).toHaveURL(/\/en\/app\/products\/index\.v2/)
  // The address changes before the grid replaces the list, and both pages have the same search field: wait for the grid.
  await expect(page.getByText('Change MOQ, status and price right on each card')).toBeVisible()
  // The filters apply as they change: the typed search after a pause, without an Apply button.
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0)
  await page.getByRole('searchbox', { name: 'Search by name or SKU' }).fill(sku)
  await expect(page).toHaveURL(new RegExp(`[?&]q=${sku}(&|$)`))
  const card = page.getByRole('article', { name })
  await expect(card).toContainText('Draft')
  const form = card.getByRole('form', { name: `Quick edit of ${name}` })

  await form.getByLabel('Minimum order quantity').fill('0')
  await form.getByRole('button', { name: `Save ${name}` }).click()
  await expect(form.getByText('Enter a whole number of at least 1.')).toBeVisible()
  await expect(form.getByLabel('Minimum order quantity')).toBeFocused()

  await form.getByLabel('Minimum order quantity').fill('250')
  await form.getByLabel('Status').selectOption('published')
  await form.getByRole('button', { name: `Save ${name}` }).click()
  await expect(form.getByRole('status')).toHaveText('Saved.')
  await expect(card).toContainText('Published')
  await expect(card).toContainText('250 pieces')
  await expect(form.getByText('Enter a whole number of at least 1.')).toBeHidden()

  await page.reload()
  await expect(page.getByRole('article', { name })).toContainText('250 pieces')
  await expect(page.getByRole('article', { name })).toContainText('Published')
})
