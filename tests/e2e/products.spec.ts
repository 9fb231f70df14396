import { expect, test } from '@playwright/test'
import { createProductWithImage, priceProduct } from './support/catalog-journey'
import { DEMO, openPage, signIn, startSession } from './support/helpers'

test('a verified supplier creates a product, which starts as a draft, and publishes it from the list', async ({ page }) => {
  const sku = `BKC-${Date.now().toString(36).toUpperCase()}`
  await startSession(page, DEMO.supplier)
  await openPage(page, '/en/app/products/edit')
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible()
  await page.getByLabel('Name (English)').fill('Celadon porcelain tea cup')
  await page.getByLabel('Name (Simplified Chinese)').fill('青瓷茶杯')
  await page.getByLabel('SKU', { exact: true }).fill(sku)
  await page.getByLabel('Category').selectOption('tableware')
  await page.getByLabel('HS code').fill('691110')
  await page.getByLabel('Country of origin').selectOption('CN')
  await page.getByLabel('Unit').selectOption('piece')
  await page.getByLabel('Minimum order quantity').fill('200')
  await page.getByRole('button', { name: 'Create product' }).click()

  await expect(page).toHaveURL(/\/en\/app\/products\?saved=1$/)
  await expect(page.getByText('The product was saved.')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: sku })
  await expect(row).toContainText('Draft')
  await row.getByRole('checkbox', { name: 'Select Celadon porcelain tea cup' }).check()
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Products published: 1')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: sku })).toContainText('Published')
})

test('a supplier uploads a product image and prices the product in quantity tiers', async ({ page }) => {
  test.setTimeout(90_000)
  const suffix = Date.now().toString(36).toUpperCase()
  const product = { nameEn: `Stoneware teapot ${suffix}`, nameZhHans: `粗陶茶壶 ${suffix}`, sku: `STP-${suffix}`, hsCode: '691200', moq: 100, leadTimeDays: 30 }
  await signIn(page, DEMO.supplier)
  const id = await createProductWithImage(page, product)
  await openPage(page, `/en/app/products/edit?id=${id}`)
  await expect(page.getByLabel('Image 1 description')).toBeVisible()
  await expect(page.locator('img[src*="/api/v1/files/"]').first()).toBeVisible()

  await priceProduct(page, product, [
    [100, '4.20'],
    [1000, '3.75'],
  ])
  await expect(page.getByLabel('Unit price of break 1')).toHaveValue('4.20')
  await expect(page.getByLabel('Unit price of break 2')).toHaveValue('3.75')
})
