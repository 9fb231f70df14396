import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, openPage, signedInContext } from './support/helpers'
import { E2E_BASE_URL } from './support/env'
import { api } from './support/sourcing-api'

// Issue 20: the supplier writes a shipment's commercial invoice and packing list from its own records, issues and shares
// them; the buyer's accounts desk opens the link without an account, sees the PDF and accepts; the supplier sees it.

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

test('the supplier makes and issues a shipment’s invoice and packing list, shares the invoice; the buyer accepts it without signing in', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const supplier = await signedInContext(browser, DEMO.supplier)
  const buyer = await signedInContext(browser, DEMO.buyer)
  const supplierId = String((await api(supplier.context.request, 'get', '/companies/current')).id)
  const item = `Celadon tea bowl 青瓷茶碗 ${Date.now().toString(36)}`
  const order = await api(buyer.context.request, 'post', '/orders', {
    supplier_company_id: supplierId,
    currency: 'USD',
    incoterm: 'FOB',
    incoterm_place: 'Shenzhen',
    payment_terms: 'tt_30_70',
    notes: '',
    attachment_file_ids: [],
    lines: [{ description: item, unit: 'pcs', unit_price: '6.2500', quantity: 240 }],
    place: true,
  })
  await api(supplier.context.request, 'post', `/orders/${order.id}/transitions`, { action: 'confirm', version: order.version, reason: '' })
  const today = new Date().toISOString().slice(0, 10)
  const shipment = await api(supplier.context.request, 'post', '/shipments', {
    // Part of the order: an order left half-shipped is what other journeys expect of the buyer's shipped orders.
    lines: [{ order_id: order.id, order_line_id: order.lines[0].id, quantity: 200 }],
    mode: 'sea_lcl',
    carrier: 'COSCO Shipping',
    tracking_number: `COSU${Date.now()}`,
    bill_of_lading: '',
    air_waybill: '',
    container_numbers: [],
    origin: { name: 'Shenzhen', country: 'CN' },
    destination: { name: 'Hong Kong', country: 'HK' },
    etd: today,
    eta: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    packages: [],
    notes: '',
    attachment_file_ids: [],
  })

  // From the shipment's page: its documents card offers to make one, with the record chosen.
  const page = supplier.page
  await openPage(page, `/en/app/shipments/tracking?id=${shipment.id}`)
  await page.getByRole('link', { name: 'Create document' }).click()
  await expect(page).toHaveURL(/\/en\/app\/documents\/create\?source_kind=shipment&source_id=/)
  // The preview is what the draft will hold: the order's line at its price.
  await expect(page.getByText(item)).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByLabel('Document type').selectOption('commercial_invoice')
  await page.getByLabel('Language', { exact: true }).selectOption('en+zh-Hans')
  await page.getByRole('button', { name: 'Create draft' }).click()
  await expect(page).toHaveURL(/\/en\/app\/documents\/edit\/[\w-]+$/)
  const invoiceUrl = page.url()
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toContainText(/CI-\d{4}-\d{5}/)
  const invoiceNumber = ((await heading.textContent()) ?? '').match(/CI-\d{4}-\d{5}/)![0]

  // A bad HS code is refused next to its line; a good one is kept.
  await page.getByLabel('HS code, line 1').fill('12')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Enter an HS code of 6 to 10 digits', { exact: false })).toBeVisible()
  await page.getByLabel('HS code, line 1').fill('6912.00')
  await page.getByLabel('Marks and numbers').fill('HLT / HK\nC/NO. 1-12')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Your changes are saved.')).toBeVisible()
  await expectNoSeriousViolations(page)

  // Issuing asks first.
  await page.getByRole('button', { name: 'Issue…' }).click()
  await page.locator('dialog[open]').getByRole('button', { name: 'Issue', exact: true }).click()
  await expect(page.getByText('The document is issued.', { exact: false })).toBeVisible()

  // The packing list too, from the same shipment.
  await openPage(page, `/en/app/documents/create?source_kind=shipment&source_id=${shipment.id}`)
  await page.getByLabel('Document type').selectOption('packing_list')
  await page.getByRole('button', { name: 'Create draft' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/PL-\d{4}-\d{5}/)
  await page.getByRole('button', { name: 'Issue…' }).click()
  await page.locator('dialog[open]').getByRole('button', { name: 'Issue', exact: true }).click()
  await expect(page.getByText('The document is issued.', { exact: false })).toBeVisible()

  // A link to the invoice for the buyer's accounts desk, allowed to answer.
  await openPage(page, invoiceUrl.replace(E2E_BASE_URL, ''))
  await page.getByText('Create a link').click()
  await page.getByLabel('Who it is for').fill('Harbour Lantern accounts payable')
  await page.getByLabel('May accept or reject').check()
  await page.getByRole('button', { name: 'Create link' }).click()
  await expect(page.getByText('Link created', { exact: true })).toBeVisible()
  const link = await page.getByLabel('Link address').inputValue()
  expect(link).toMatch(/\/en\/view\?token=[\w-]{43}$/)

  // Someone without an account opens it: the PDF, its fingerprint checked, and the answer form.
  const visitor = await browser.newContext({ userAgent: USER_AGENT, baseURL: E2E_BASE_URL })
  const outsider = await visitor.newPage()
  await openPage(outsider, link.replace(E2E_BASE_URL, ''))
  await expect(outsider.getByRole('heading', { level: 1 })).toContainText(invoiceNumber)
  await expect(outsider.getByText(/This PDF matches issued version 1/)).toBeVisible()
  const token = new URL(link).searchParams.get('token')!
  const pdf = await visitor.request.get(`/en/view/pdf?token=${token}`)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toContain('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await expectNoSeriousViolations(outsider)
  await outsider.getByLabel('Your full name').fill('Bea Lin')
  await outsider.getByLabel('Accept the document').check()
  await outsider.getByRole('button', { name: 'Send answer' }).click()
  await expect(outsider.getByRole('heading', { name: 'Accepted' })).toBeVisible()
  await expect(outsider.getByText(/By Bea Lin on/)).toBeVisible()
  await visitor.close()

  // The supplier sees the acceptance, and the shipment's timeline and the buyer's order have the news.
  await openPage(page, invoiceUrl.replace(E2E_BASE_URL, ''))
  await expect(page.getByText('Accepted', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Bea Lin').first()).toBeVisible()
  await openPage(page, `/en/app/shipments/tracking?id=${shipment.id}`)
  await expect(page.getByRole('link', { name: `Commercial invoice ${invoiceNumber} accepted by Bea Lin` })).toBeVisible()
  await expectNoSeriousViolations(page)
  // Both lists carry it: the supplier's as sent, the buyer's as received.
  await openPage(page, `/en/app/documents?q=${invoiceNumber}`)
  await expect(page.getByRole('link', { name: invoiceNumber })).toBeVisible()
  await expectNoSeriousViolations(page)
  await openPage(buyer.page, '/en/app/documents?direction=received')
  await expect(buyer.page.getByRole('link', { name: invoiceNumber })).toBeVisible()
  await openPage(buyer.page, `/en/app/orders/${order.id}/view`)
  await expect(buyer.page.getByText('Document accepted').first()).toBeVisible()
  await supplier.context.close()
  await buyer.context.close()
})

test('a malformed or unknown share link, and an unknown verification code, are not found', async ({ browser }) => {
  const visitor = await browser.newContext({ userAgent: USER_AGENT, baseURL: E2E_BASE_URL })
  const page = await visitor.newPage()
  expect((await page.goto('/en/view?token=abc'))?.status()).toBe(404)
  expect((await page.goto(`/en/view?token=${'x'.repeat(43)}`))?.status()).toBe(404)
  expect((await page.goto('/en/view?verify=nonexistentcode12345'))?.status()).toBe(404)
  await visitor.close()
})
