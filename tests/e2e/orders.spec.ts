import { expect, type Page, test } from '@playwright/test'
import { activateExportList } from './support/catalog-journey'
import { DEMO, openPage, signedInContext, signUp } from './support/helpers'

const SUPPLIER = 'Bamboo Kiln Ceramics'

async function takeAction(page: Page, action: string, quantities: Record<string, string> = {}) {
  const form = page.getByRole('form', { name: action })
  for (const [label, value] of Object.entries(quantities)) await form.getByLabel(label).fill(value)
  await form.getByRole('button', { name: action }).click()
}

/** Books a shipment from the supplier's order page: the booking form starts with everything left on the order. */
async function bookShipment(page: Page, quantities: Record<string, string> = {}) {
  await page.getByRole('link', { name: 'Book a shipment' }).click()
  await expect(page).toHaveURL(/\/en\/app\/shipments\/shipping\?order=/)
  for (const [label, value] of Object.entries(quantities)) await page.getByLabel(label).fill(value)
  const from = page.getByRole('group', { name: 'From' })
  await from.getByLabel('Port, airport or town').fill('Shenzhen')
  await from.getByLabel('Country').selectOption('CN')
  const to = page.getByRole('group', { name: 'To' })
  await to.getByLabel('Port, airport or town').fill('Shanghai')
  await to.getByLabel('Country').selectOption('CN')
  await page.getByRole('button', { name: 'Book the shipment' }).click()
  await expect(page).toHaveURL(/\/en\/app\/shipments\/tracking\?id=[\w-]+&booked=1/)
  await expect(page.getByText('The shipment is booked', { exact: false })).toBeVisible()
}

async function expectStatus(page: Page, status: string) {
  await expect(page.getByRole('main').getByText(status, { exact: true }).first()).toBeVisible()
}

test('a buyer orders two products; the supplier confirms and ships in two parts; the buyer receives and completes; a third company cannot open it', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const supplierFirst = await signedInContext(browser, DEMO.supplier)
  await activateExportList(supplierFirst.context.request)
  await supplierFirst.context.close()
  const buyer = await signedInContext(browser, DEMO.buyer)
  const page = buyer.page

  // The buyer picks the supplier, then two catalogue products above their MOQ.
  await openPage(page, '/en/app/orders/new-order')
  await page.getByRole('searchbox', { name: 'Search suppliers' }).fill('Bamboo Kiln')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('link', { name: `Order from ${SUPPLIER}` }).click()
  await expect(page).toHaveURL(/supplier=/)
  const line1 = page.getByRole('group', { name: 'Line 1' })
  await line1.getByLabel('Product').selectOption({ label: 'BKC-MUG-350 – Celadon stoneware mug, 350 ml' })
  await line1.getByLabel('Quantity').fill('1000')
  // Narrowing the product choices keeps what is already entered.
  await page.getByRole('searchbox', { name: 'Find products' }).fill('vase')
  await page.getByRole('search', { name: 'Find products' }).getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/pq=vase/)
  await expect(line1.getByLabel('Product')).toHaveValue(/.+/)
  await expect(line1.getByLabel('Quantity')).toHaveValue('1000')
  // The form shows only the lines in use; another line is one click away.
  await expect(page.getByRole('group', { name: 'Line 2' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Add line' }).click()
  const line2 = page.getByRole('group', { name: 'Line 2' })
  await line2.getByLabel('Product').selectOption({ label: 'BKC-VASE-30 – Blue-and-white porcelain vase, 30 cm' })
  await line2.getByLabel('Quantity').fill('60')
  await page.getByLabel('Named place').fill('Shanghai')
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/en\/app\/orders\/[\w-]+\/view/)
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toContainText(/Purchase order PO-\d{4}-\d{5}/)
  const number = ((await heading.textContent()) ?? '').match(/PO-\d{4}-\d{5}/)![0]
  const orderUrl = page.url()
  const orderId = orderUrl.match(/orders\/([\w-]+)\/view/)![1]!
  // 1,000 mugs at the 1,000+ break (2.95) and 60 vases at 18.50.
  await expect(page.getByRole('table', { name: 'Order lines' })).toContainText('2,950.00')
  await expect(page.getByRole('main')).toContainText('4,060.00')

  // The supplier confirms and ships part, then the rest.
  const supplier = await signedInContext(browser, DEMO.supplier)
  const supplierPage = supplier.page
  await openPage(supplierPage, '/en/app/supplier/purchase-order')
  await supplierPage.getByRole('link', { name: number }).click()
  await expect(supplierPage).toHaveURL(new RegExp(`/en/app/supplier/purchase/order/${orderId}$`))
  await takeAction(supplierPage, 'Confirm order')
  await expectStatus(supplierPage, 'Confirmed')
  // Goods leave on shipments, booked from the order: part first, then the rest.
  await bookShipment(supplierPage, {
    [`Quantity of Celadon stoneware mug, 350 ml on ${number} shipped now`]: '400',
    [`Quantity of Blue-and-white porcelain vase, 30 cm on ${number} shipped now`]: '0',
  })
  await openPage(supplierPage, `/en/app/supplier/purchase/order/${orderId}`)
  await expect(supplierPage.getByRole('table', { name: 'Order lines' })).toContainText('400')
  await bookShipment(supplierPage)
  await openPage(supplierPage, `/en/app/supplier/purchase/order/${orderId}`)
  await expectStatus(supplierPage, 'Shipped')
  await expect(supplierPage.getByRole('link', { name: 'Book a shipment' })).toHaveCount(0)

  // The buyer receives everything and completes the order.
  await openPage(page, orderUrl)
  await takeAction(page, 'Confirm delivery')
  await expectStatus(page, 'Delivered')
  await takeAction(page, 'Complete order')
  await expectStatus(page, 'Completed')

  // Both sides see every step on the timeline.
  const steps = ['Created the order', 'Placed the order', 'Confirmed the order', 'Shipped', 'Confirmed delivery', 'Completed the order']
  for (const view of [page, supplierPage]) {
    await view.reload()
    const timeline = view.getByRole('list', { name: 'Order history' })
    for (const step of steps) await expect(timeline.getByText(step, { exact: true }).first()).toBeVisible()
    await expect(timeline.getByText('Shipped', { exact: true })).toHaveCount(2)
  }
  await buyer.context.close()
  await supplier.context.close()

  // A third company gets a 404, on either order page.
  const stranger = await browser.newContext()
  const strangerPage = await stranger.newPage()
  await signUp(strangerPage, 'Tomas Varga', 'Varga Imports')
  for (const path of [`/en/app/orders/${orderId}/view`, `/en/app/supplier/purchase/order/${orderId}`]) {
    const response = await strangerPage.goto(path)
    expect(response?.status()).toBe(404)
  }
  await stranger.close()
})
