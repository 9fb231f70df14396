import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, openPage, signedInContext } from './support/helpers'
import { api } from './support/sourcing-api'

// Issue 21: the buyer pays an order by bank transfer into escrow, a platform admin matches the transfer from the bank
// statement, the supplier ships, the buyer confirms receipt and the money is released to the supplier, who asks for a
// payout that the admin accepts and marks paid.

async function takeAction(page: Page, action: string) {
  const form = page.getByRole('form', { name: action })
  await form.getByRole('button', { name: action }).click()
}

test('a bank-transfer payment is held in escrow, released on receipt, and paid out to the supplier', async ({ browser }) => {
  test.setTimeout(180_000)
  const buyer = await signedInContext(browser, DEMO.buyer)
  const supplier = await signedInContext(browser, DEMO.supplier)
  const admin = await signedInContext(browser, DEMO.admin)
  const supplierId = String((await api(supplier.context.request, 'get', '/companies/current')).id)
  const item = `Crackle-glaze teapot 冰裂纹茶壶 ${Date.now().toString(36)}`
  const order = await api(buyer.context.request, 'post', '/orders', {
    supplier_company_id: supplierId,
    currency: 'USD',
    incoterm: 'FOB',
    incoterm_place: 'Shenzhen',
    payment_terms: 'prepayment',
    notes: '',
    attachment_file_ids: [],
    lines: [{ description: item, unit: 'pcs', unit_price: '7.4100', quantity: 100 }],
    place: true,
  })
  await api(supplier.context.request, 'post', `/orders/${order.id}/transitions`, { action: 'confirm', version: order.version, reason: '' })

  // The buyer pays the whole order by bank transfer and gets the platform's account and a reference to quote.
  const page = buyer.page
  await openPage(page, `/en/app/orders/${order.id}/view`)
  const panel = page.getByRole('region', { name: 'Payment & escrow' })
  await panel.getByRole('button', { name: 'Pay Full payment…' }).click()
  const dialog = page.locator('dialog[open]')
  await expect(dialog.getByRole('heading', { name: 'Pay the Full payment: $741.00' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Pay $741.00' }).click()
  await expect(panel.getByText('Bank transfer instructions')).toBeVisible()
  const reference = ((await panel.getByText(/^TP-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/).textContent()) ?? '').trim()
  expect(reference).toMatch(/^TP-/)
  await expect(panel.getByText('Awaiting payment')).toBeVisible()
  await expectNoSeriousViolations(page)

  // The admin uploads the escrow account's statement: the line quoting the reference holds the payment.
  const adminPage = admin.page
  await openPage(adminPage, '/en/app/finance/payments')
  const today = new Date().toISOString().slice(0, 10)
  await adminPage.getByLabel('Bank statement (CSV)').setInputFiles({
    name: `escrow-${today}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`date,amount,currency,reference,payer\n${today},741.00,USD,PAYMENT ${reference} HARBOUR LANTERN,Harbour Lantern Trading\n`),
  })
  await adminPage.getByRole('button', { name: 'Upload statement' }).click()
  await expect(adminPage.getByText('Statement read: 1 lines, 1 matched, 0 unmatched', { exact: false })).toBeVisible()
  await expectNoSeriousViolations(adminPage)

  await openPage(page, `/en/app/orders/${order.id}/view`)
  await expect(panel.getByText('Held in escrow')).toBeVisible()
  await expect(page.getByText('Payment held in escrow')).toBeVisible()

  // The supplier ships everything; the buyer confirms delivery and completes the order: escrow is released.
  const today2 = new Date().toISOString().slice(0, 10)
  await api(supplier.context.request, 'post', '/shipments', {
    lines: [{ order_id: order.id, order_line_id: order.lines[0].id, quantity: 100 }],
    mode: 'air',
    carrier: 'Cathay Cargo',
    tracking_number: `CX${Date.now()}`,
    bill_of_lading: '',
    air_waybill: '',
    container_numbers: [],
    origin: { name: 'Shenzhen', country: 'CN' },
    destination: { name: 'Hong Kong', country: 'HK' },
    etd: today2,
    eta: today2,
    packages: [],
    notes: '',
    attachment_file_ids: [],
  })
  await openPage(page, `/en/app/orders/${order.id}/view`)
  await takeAction(page, 'Confirm delivery')
  await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible()
  await takeAction(page, 'Complete order')
  await expect(panel.getByText('Released', { exact: true })).toBeVisible()
  await expect(page.getByText('Payment released to the supplier')).toBeVisible()

  // The supplier's statement shows the release less the 2 % escrow fee.
  const supplierPage = supplier.page
  await openPage(supplierPage, '/en/app/finance/account')
  await expect(supplierPage.getByRole('row').filter({ hasText: order.number }).filter({ hasText: '$726.18' })).toBeVisible()
  await expectNoSeriousViolations(supplierPage)

  // A payout of part of it: asked by the supplier, accepted and marked paid by the admin.
  await openPage(supplierPage, '/en/app/finance/payouts')
  await supplierPage.getByRole('button', { name: 'Request a payout…' }).click()
  const request = supplierPage.locator('dialog[open]')
  await request.getByLabel('Amount').fill('123.45')
  await request.getByRole('button', { name: 'Request payout' }).click()
  await expect(supplierPage.getByText('Payout requested: it waits for a platform admin’s check.')).toBeVisible()
  const payoutRow = supplierPage.getByRole('row').filter({ hasText: '$123.45' }).first()
  await expect(payoutRow).toContainText('Pending')
  const payoutNumber = ((await payoutRow.textContent()) ?? '').match(/OUT-\d{4}-\d{5}/)![0]
  await expectNoSeriousViolations(supplierPage)

  await openPage(adminPage, '/en/app/finance/payouts')
  const queued = adminPage.getByRole('row').filter({ hasText: payoutNumber })
  await queued.getByRole('button', { name: 'Accept…' }).click()
  await adminPage.locator('dialog[open]').getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(adminPage.getByText('Payout accepted: make the bank transfer, then mark it paid.')).toBeVisible()
  await adminPage.getByRole('row').filter({ hasText: payoutNumber }).getByRole('button', { name: 'Mark paid…' }).click()
  const paid = adminPage.locator('dialog[open]')
  await paid.getByLabel('Bank reference of the transfer').fill(`BOC-${Date.now()}`)
  await paid.getByRole('button', { name: 'Mark as paid' }).click()
  await expect(adminPage.getByText('Payout marked as paid.')).toBeVisible()
  await expectNoSeriousViolations(adminPage)

  await openPage(supplierPage, '/en/app/finance/payouts')
  await expect(supplierPage.getByRole('row').filter({ hasText: payoutNumber })).toContainText('Paid')

  await Promise.all([buyer.context.close(), supplier.context.close(), admin.context.close()])
})
