import { expect, test } from '@playwright/test'
import { DEMO, openPage, signedInContext } from './support/helpers'

// Issue 16: the order form starts from what the buyer already told us (the default shipping address, the supplier's
// city as FOB's named place), shows only the lines in use, and takes the buyer to the first field in error.
test('the order form is pre-filled, shows one line, and focuses the first field in error', async ({ browser }) => {
  const { context, page } = await signedInContext(browser, DEMO.buyer)
  await openPage(page, '/en/app/orders/new-order')
  await page.getByRole('searchbox', { name: 'Search suppliers' }).fill('Bamboo Kiln')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  // The list before the search already offers Bamboo Kiln: wait for the search's results, as a person would.
  await expect(page).toHaveURL(/q=Bamboo/)
  await page.getByRole('link', { name: /^Order from Bamboo Kiln/ }).click()
  await expect(page).toHaveURL(/supplier=/)

  await expect(page.getByLabel('Named place')).toHaveValue('Jingdezhen')
  await expect(page.getByLabel('Ship-to address')).not.toHaveValue('')
  await expect(page.getByRole('group', { name: 'Line 1' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Line 2' })).toHaveCount(0)

  // A quantity below the product's MOQ is refused; the cursor lands in the field to fix.
  const line = page.getByRole('group', { name: 'Line 1' })
  await line.getByLabel('Product').selectOption({ label: 'BKC-MUG-350 – Celadon stoneware mug, 350 ml' })
  await line.getByLabel('Quantity').fill('1')
  await page.getByLabel('Named place').fill('')
  await page.getByRole('button', { name: 'Place order' }).click()
  const invalid = page.locator('[aria-invalid="true"]').first()
  await expect(invalid).toBeFocused()
  await expect(invalid).toBeInViewport()
  await context.close()
})
