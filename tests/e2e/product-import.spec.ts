import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { DEMO, openPage, startSession } from './support/helpers'

/** The import's stateful steps (error table, mapping, outcome) get the axe check accessibility.spec.ts runs on the empty page. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual(
    [],
  )
}

/** A CSV upload for the file input: the header, then one line per row. */
const csvFile = (header: string, rows: string[]) => ({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(`${[header, ...rows].join('\n')}\n`) })

async function uploadCsv(page: Page, file: ReturnType<typeof csvFile>) {
  await page.getByLabel('Spreadsheet file').setInputFiles(file)
  await page.getByRole('button', { name: 'Upload and continue' }).click()
  await expect(page).toHaveURL(/\/en\/app\/products\/import\?job=/)
}

test('a supplier sees a bad row, uploads a corrected file, maps, dry-runs and imports it, then finds the product', async ({ page }) => {
  test.setTimeout(90_000)
  const suffix = Date.now().toString(36).toUpperCase()
  const sku = `IMP-${suffix}`
  const name = `Imported celadon bowl ${suffix}`
  await startSession(page, DEMO.supplier)
  await openPage(page, '/en/app/products/import')
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible()

  // Row 3 has a negative minimum order quantity.
  await uploadCsv(
    page,
    csvFile('SKU,Product name,Category,HS code,Country of origin,Unit,MOQ', [
      `${sku},${name},tableware,691110,CN,piece,50`,
      `BAD-${suffix},Broken bowl,tableware,691110,CN,piece,-5`,
    ]),
  )
  await expect(page.getByText('Problems found: 1.')).toBeVisible()
  const problem = page.getByRole('table', { name: 'Problems found' }).getByRole('row').filter({ hasText: 'Minimum order quantity' })
  await expect(problem.getByRole('cell')).toHaveText(['3', 'Minimum order quantity', '-5', 'Enter a whole number of at least 1.'])
  await expect(page.getByRole('button', { name: 'Start import' })).toBeDisabled()
  await expectNoSeriousViolations(page)

  // The corrected file names the country column in a way the mapping cannot guess.
  await page.getByRole('link', { name: 'Upload a corrected file' }).click()
  await uploadCsv(page, csvFile('SKU,Product name,Category,HS code,Made in,Unit,MOQ', [`${sku},${name},tableware,691110,CN,piece,50`]))
  await expect(page.getByText('Problems found: 1.')).toBeVisible()
  await page.getByLabel('Country of origin (required)').selectOption('Made in')
  await page.getByRole('button', { name: 'Save mapping and check again' }).click()
  await expect(page.getByText('The mapping was saved. The check below uses it.')).toBeVisible()
  await expect(page.getByText('No problems found: every row can be imported.')).toBeVisible()

  await page.getByRole('button', { name: 'Dry run' }).click()
  await expect(page.getByText('Would create 1 products and update 0. Problems: 0. Nothing was changed.')).toBeVisible()

  await page.getByRole('button', { name: 'Start import' }).click()
  // A one-row import usually finishes before the page shows its progress; either way it ends finished.
  await expect(page.getByRole('heading', { name: /^(Importing…|Import finished)$/ })).toBeVisible()
  const finished = page.getByRole('heading', { name: 'Import finished' })
  await expect(finished).toBeVisible()
  await expect(finished).toBeFocused()
  await expect(page.getByText('Products created: 1. Products updated: 0.')).toBeVisible()
  await expectNoSeriousViolations(page)
  // The newest import heads the list (row 0 is the table header).
  await expect(page.getByRole('region', { name: 'Recent imports' }).getByRole('row').nth(1)).toContainText('Completed')

  await page.getByRole('link', { name: 'Go to products' }).click()
  await expect(page).toHaveURL(/\/en\/app\/products$/)
  await expect(page.getByRole('row').filter({ hasText: sku })).toContainText(name)
})
