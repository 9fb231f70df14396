import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { DEMO, openPage, signIn } from './support/helpers'
import { api, quote, sendRfq } from './support/sourcing-api'

/** A new purchase project of the demo buyer; answers the path of its page (without the locale). */
async function newProject(page: Page, name: string): Promise<string> {
  await openPage(page, '/en/app/purchase/projects/create')
  const form = page.getByRole('main')
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Currency').fill('USD')
  await page.getByRole('button', { name: /Create project/ }).click()
  await expect(page).toHaveURL(/\/en\/app\/purchase\/projects\/view\/[\w-]+(\?.*)?$/)
  return new URL(page.url()).pathname.replace(/^\/en/, '')
}

async function buyerPage(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  return { context, page }
}

test('cancelling a project asks first in a dialog with the reason; Escape and "Go back" change nothing (issue 16)', async ({ browser }) => {
  const { context, page } = await buyerPage(browser)
  await signIn(page, DEMO.buyer)
  await newProject(page, 'Showroom samples')

  // No red form waits in the page: the reason is asked for only once the buyer chose to cancel.
  await expect(page.getByLabel('Reason for cancelling')).toBeHidden()
  const trigger = page.getByRole('button', { name: 'Cancel project…' })
  const dialog = page.getByRole('dialog', { name: 'Cancel “Showroom samples”?' })
  await trigger.click()
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('A cancelled project can no longer be changed or reopened.')
  await expect(dialog.getByLabel('Reason for cancelling')).toBeFocused()
  await expectNoSeriousViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
  await trigger.click()
  await dialog.getByRole('button', { name: 'Go back' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Project cancelled.')).toHaveCount(0)

  await trigger.click()
  await dialog.getByLabel('Reason for cancelling').fill('Budget moved to next year')
  await dialog.getByRole('button', { name: 'Cancel project', exact: true }).click()
  await expect(page.getByText('Project cancelled.')).toBeVisible()
  await expect(page.getByText('Reason: Budget moved to next year')).toBeVisible()
  await expect(trigger).toHaveCount(0)
  await context.close()
})

test('the confirmation speaks Chinese (issue 16)', async ({ browser }) => {
  const { context, page } = await buyerPage(browser)
  await signIn(page, DEMO.buyer)
  const path = await newProject(page, '样品陈列')
  await openPage(page, `/zh-Hans${path}`)

  const dialog = page.getByRole('dialog', { name: '取消“样品陈列”？' })
  await page.getByRole('button', { name: '取消项目…' }).click()
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('项目取消后无法再修改或重新开启。')
  await dialog.getByLabel('取消原因').fill('预算调整')
  await dialog.getByRole('button', { name: '取消项目', exact: true }).click()
  await expect(page.getByText('项目已取消。')).toBeVisible()
  await expect(page.getByText('原因：预算调整')).toBeVisible()
  await context.close()
})

/** A placed order of twenty sample teapot sets from the buyer to the supplier. */
const placeSampleOrder = (request: APIRequestContext, supplierId: string) =>
  api(request, 'post', '/orders', {
    supplier_company_id: supplierId,
    currency: 'USD',
    incoterm: 'FOB',
    incoterm_place: 'Ningbo',
    payment_terms: 'tt_30_70',
    notes: '',
    lines: [{ description: 'Sample teapot set', unit: 'set', unit_price: '12.5000', quantity: 20 }],
    place: true,
  })

async function buyerAndSupplier(browser: Browser) {
  const buyer = await buyerPage(browser)
  await signIn(buyer.page, DEMO.buyer)
  const supplier = await buyerPage(browser)
  await signIn(supplier.page, DEMO.supplier)
  const supplierId = String((await api(supplier.context.request, 'get', '/companies/current')).id)
  return { buyer, supplier, supplierId, close: async () => Promise.all([buyer.context.close(), supplier.context.close()]) }
}

test('cancelling a sent RFQ asks first, says the invitees will hear the reason, then cancels it (issue 16)', async ({ browser }) => {
  const { buyer, supplierId, close } = await buyerAndSupplier(browser)
  const page = buyer.page
  const rfq = await sendRfq(buyer.context.request, { title: 'Trial teapots', supplierIds: [supplierId], lines: ['Celadon teapot'] })
  await openPage(page, `/en/app/sourcing/rfq/${rfq.id}`)

  await expect(page.getByLabel('Reason for cancelling')).toBeHidden()
  await page.getByRole('button', { name: 'Cancel RFQ…' }).click()
  const dialog = page.getByRole('dialog', { name: `Cancel ${rfq.number}?` })
  await expect(dialog).toContainText('The invited suppliers are told, with your reason, and can no longer quote.')
  await dialog.getByLabel('Reason for cancelling').fill('Design changed')
  await dialog.getByRole('button', { name: 'Cancel RFQ', exact: true }).click()
  await expect(page.getByText('The RFQ was cancelled.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel RFQ…' })).toHaveCount(0)
  await close()
})

test('rejecting a quotation asks first and tells the buyer the supplier reads the reason (issue 16)', async ({ browser }) => {
  const { buyer, supplier, supplierId, close } = await buyerAndSupplier(browser)
  const rfq = await sendRfq(buyer.context.request, { title: 'Trial sugar bowls', supplierIds: [supplierId], lines: ['Celadon sugar bowl'] })
  await quote(supplier.context.request, rfq.id, { 'Celadon sugar bowl': '2.5000' })

  const page = buyer.page
  await openPage(page, `/en/app/sourcing/quotations?rfq=${rfq.id}`)
  await expect(page.getByLabel('Reason for rejecting (the supplier reads it)')).toBeHidden()
  await page.getByRole('button', { name: 'Reject…' }).click()
  const dialog = page.getByRole('dialog', { name: /^Reject the quote of .+\?$/ })
  await expect(dialog).toContainText('A rejected quotation cannot be accepted afterwards.')
  await dialog.getByLabel('Reason for rejecting (the supplier reads it)').fill('Lead time too long')
  await dialog.getByRole('button', { name: /^Reject the quote of / }).click()
  await expect(page.getByText('Lead time too long')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reject…' })).toHaveCount(0)
  await close()
})

test('cancelling an order and declining one ask first, with the reason the other party reads (issue 16)', async ({ browser }) => {
  const { buyer, supplier, supplierId, close } = await buyerAndSupplier(browser)
  const order = () => placeSampleOrder(buyer.context.request, supplierId)

  // The buyer cancels a placed order.
  const first = await order()
  await openPage(buyer.page, `/en/app/orders/${first.id}/view`)
  await expect(buyer.page.getByLabel('Reason', { exact: true })).toBeHidden()
  await buyer.page.getByRole('button', { name: 'Cancel order…' }).click()
  const cancel = buyer.page.getByRole('dialog', { name: `Cancel ${first.number}?` })
  await expect(cancel).toContainText('Cancel the order. The other party sees your reason.')
  await cancel.getByLabel('Reason', { exact: true }).fill('Ordered twice')
  await cancel.getByRole('button', { name: 'Cancel order', exact: true }).click()
  await expect(buyer.page.getByRole('button', { name: 'Cancel order…' })).toHaveCount(0)
  await expect(buyer.page.getByRole('main')).toContainText('Ordered twice')

  // The supplier declines another.
  const second = await order()
  await openPage(supplier.page, `/en/app/supplier/purchase/order/${second.id}`)
  await supplier.page.getByRole('button', { name: 'Decline order…' }).click()
  const decline = supplier.page.getByRole('dialog', { name: `Decline ${second.number}?` })
  await expect(decline).toContainText('Refuse the order. The buyer sees your reason.')
  await decline.getByLabel('Reason', { exact: true }).fill('Out of stock until March')
  await decline.getByRole('button', { name: 'Decline order', exact: true }).click()
  await expect(supplier.page.getByRole('main')).toContainText('Out of stock until March')
  await close()
})

test('withdrawing a quotation asks first and says it cannot be submitted again (issue 16)', async ({ browser }) => {
  const { buyer, supplier, supplierId, close } = await buyerAndSupplier(browser)
  const rfq = await sendRfq(buyer.context.request, { title: 'Trial tea caddies', supplierIds: [supplierId], lines: ['Celadon tea caddy'] })
  await quote(supplier.context.request, rfq.id, { 'Celadon tea caddy': '4.0000' })

  const page = supplier.page
  await openPage(page, `/en/app/supplier/portal/rfq/${rfq.id}`)
  await page.getByRole('button', { name: 'Withdraw quotation…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Withdraw this quotation?' })
  await expect(dialog).toContainText('A withdrawn quotation cannot be revised or submitted again.')
  await dialog.getByLabel('Reason for withdrawing (optional)').fill('Prices changed')
  await dialog.getByRole('button', { name: 'Withdraw quotation', exact: true }).click()
  await expect(page.getByText('Quotation withdrawn.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Withdraw quotation…' })).toHaveCount(0)
  await close()
})

test('declining an RFQ asks first, says the buyer hears the reason and quoting ends, then declines it', async ({ browser }) => {
  const { buyer, supplier, supplierId, close } = await buyerAndSupplier(browser)
  const rfq = await sendRfq(buyer.context.request, { title: 'Trial milk jugs', supplierIds: [supplierId], lines: ['Celadon milk jug'] })

  const page = supplier.page
  await openPage(page, `/en/app/supplier/portal/rfq/${rfq.id}`)
  await expect(page.getByLabel('Reason (optional)')).toBeHidden()
  const trigger = page.getByRole('button', { name: 'Decline this RFQ…' })
  await trigger.click()
  const dialog = page.getByRole('dialog', { name: `Decline RFQ ${rfq.number}?` })
  await expect(dialog).toContainText('You cannot quote on this RFQ afterwards.')
  await dialog.getByRole('button', { name: 'Go back' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('You declined this RFQ.')).toHaveCount(0)

  await trigger.click()
  await dialog.getByLabel('Reason (optional)').fill('No kiln capacity this quarter')
  await dialog.getByRole('button', { name: 'Decline', exact: true }).click()
  await expect(page.getByText('You declined this RFQ.')).toBeVisible()
  await expect(page.getByText('Your reason: No kiln capacity this quarter')).toBeVisible()
  await expect(trigger).toHaveCount(0)
  await close()
})

test('rejecting a requested order change asks first, with a note for the other party (issue 16)', async ({ browser }) => {
  const { buyer, supplier, supplierId, close } = await buyerAndSupplier(browser)
  const placed = await placeSampleOrder(buyer.context.request, supplierId)
  const confirmed = await api(supplier.context.request, 'post', `/orders/${placed.id}/transitions`, { action: 'confirm', version: placed.version, reason: '' })
  await api(supplier.context.request, 'post', `/orders/${placed.id}/change-requests`, {
    kind: 'change',
    version: confirmed.version,
    reason: 'Kiln repair',
    requested_delivery_date: '2027-06-30',
  })

  await openPage(buyer.page, `/en/app/orders/${placed.id}/view`)
  await expect(buyer.page.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0)
  await buyer.page.getByRole('button', { name: 'Reject…' }).click()
  const dialog = buyer.page.getByRole('dialog', { name: `Reject the requested change to ${placed.number}?` })
  await expect(dialog).toContainText('The order stays as it is. Your note tells the other party why.')
  await dialog.getByLabel('Note (optional)').fill('The opening date cannot move')
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(buyer.page.getByRole('button', { name: 'Reject…' })).toHaveCount(0)
  await expect(buyer.page.getByRole('main')).toContainText('The opening date cannot move')
  await close()
})
