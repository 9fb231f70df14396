import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { E2E_BASE_URL } from './env'
import { openPage } from './helpers'
import { imageBytes } from '../../support/file-fixtures'

export type NewProduct = { nameEn: string; nameZhHans: string; sku: string; hsCode: string; moq: number; leadTimeDays: number }

/** Creates a draft product with one PNG image through /app/products/edit (signed in as a supplier admin); returns its id. */
export async function createProductWithImage(page: Page, product: NewProduct): Promise<string> {
  await openPage(page, '/en/app/products/edit')
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible()
  await page.getByLabel('Name (English)').fill(product.nameEn)
  await page.getByLabel('Name (Simplified Chinese)').fill(product.nameZhHans)
  await page.getByLabel('SKU', { exact: true }).fill(product.sku)
  await page.getByLabel('Category').selectOption('tableware')
  await page.getByLabel('HS code').fill(product.hsCode)
  await page.getByLabel('Country of origin').selectOption('CN')
  await page.getByLabel('Unit').selectOption('piece')
  await page.getByLabel('Minimum order quantity').fill(String(product.moq))
  await page.getByLabel('Lead time (days)').fill(String(product.leadTimeDays))
  await page.getByLabel('Add images').setInputFiles({ name: 'teapot.png', mimeType: 'image/png', buffer: Buffer.from(await imageBytes('png', 320, 240)) })
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page).toHaveURL(/\/en\/app\/products\?saved=1$/)
  const href = await page.getByRole('row').filter({ hasText: product.sku }).getByRole('link', { name: product.nameEn }).getAttribute('href')
  const id = new URL(href ?? '', 'http://x').searchParams.get('id')
  expect(id).toBeTruthy()
  return id as string
}

/** Publishes one product from the product list. */
export async function publishProduct(page: Page, product: NewProduct): Promise<void> {
  await openPage(page, `/en/app/products?q=${encodeURIComponent(product.sku)}`)
  await page
    .getByRole('row')
    .filter({ hasText: product.sku })
    .getByRole('checkbox', { name: `Select ${product.nameEn}` })
    .check()
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Products published: 1')).toBeVisible()
}

/** Creates an active USD price list holding the product's quantity breaks. */
export async function priceProduct(page: Page, product: NewProduct, tiers: Array<[minQuantity: number, unitPrice: string]>): Promise<void> {
  await openPage(page, '/en/app/price/new.list')
  await page.getByLabel('Name', { exact: true }).fill(`Marketplace ${product.sku}`)
  await page.getByLabel('Currency').selectOption('USD')
  await page.getByRole('button', { name: 'Create price list' }).click()
  await expect(page).toHaveURL(/\/en\/app\/price\/[\w-]+\.list$/)
  for (const [index, [minQuantity, unitPrice]] of tiers.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add a break' }).click()
    await page.getByLabel(`Product of break ${index + 1}`).selectOption({ label: `${product.sku} · ${product.nameEn}` })
    await page.getByLabel(`Min quantity of break ${index + 1}`).fill(String(minQuantity))
    await page.getByLabel(`Unit price of break ${index + 1}`).fill(unitPrice)
  }
  await page.getByRole('button', { name: 'Save breaks' }).click()
  await expect(page.getByText('The quantity breaks are saved.')).toBeVisible()
  await page.getByRole('button', { name: 'Make active' }).click()
  await expect(page.getByText('The list status is changed.')).toBeVisible()
}

/** Other journeys make other price lists of the demo supplier active; its seeded export list prices this one. */
export async function activateExportList(request: APIRequestContext) {
  const headers = { origin: E2E_BASE_URL }
  const lists = (await (await request.get('/api/v1/price-lists', { headers })).json()) as
    { items?: Array<{ id: string; name: string }> } | Array<{ id: string; name: string }>
  const items = Array.isArray(lists) ? lists : (lists.items ?? [])
  const exportList = items.find((list) => list.name === 'Export list 2026')
  expect(exportList, 'the seeded export list').toBeTruthy()
  expect((await request.post(`/api/v1/price-lists/${exportList!.id}/activate`, { headers })).status()).toBe(200)
}
