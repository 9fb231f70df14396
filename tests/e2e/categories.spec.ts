import { expect, test } from '@playwright/test'
import { DEMO, openPage, startSession } from './support/helpers'

test('a platform admin adds a category under Lighting and renames it', async ({ page }) => {
  const slug = `e2e-lamps-${Date.now().toString(36)}`
  await startSession(page, DEMO.admin)
  await openPage(page, '/en/app/categories')
  await expect(page.getByRole('heading', { level: 1, name: 'Product categories' })).toBeVisible()

  const add = page.getByRole('region', { name: 'Add a category' })
  await add.getByLabel('Slug').fill(slug)
  await add.getByLabel('Parent category').selectOption('lighting')
  await add.getByLabel('Name (English)').fill('Desk Lamps')
  await add.getByLabel('Name (Simplified Chinese)').fill('台灯')
  await add.getByLabel('Name (Traditional Chinese)').fill('檯燈')
  await add.getByRole('button', { name: 'Add category' }).click()

  await expect(page.getByText('The category was added.')).toBeVisible()
  const editor = page.getByRole('region', { name: 'Edit “Desk Lamps”' })
  await expect(editor.getByRole('heading', { name: 'Edit “Desk Lamps”' })).toBeFocused()
  await expect(page.getByTestId('category-tree')).toContainText(slug)

  const names = editor.getByRole('form', { name: 'Names' })
  await names.getByLabel('Name (English)').fill('Desk and Table Lamps')
  await names.getByRole('button', { name: 'Save names' }).click()
  await expect(page.getByText('The names were saved.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Edit “Desk and Table Lamps”' })).toBeVisible()
  await expect(page.getByTestId('category-tree').getByText('Desk and Table Lamps')).toBeVisible()
})

test('members of a company cannot open the category editor', async ({ page }) => {
  await startSession(page, DEMO.supplier)
  const response = await page.goto('/en/app/categories')
  expect(response?.status()).toBe(403)
})
