import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { chooseColorMode, DEMO, openPage, signedInContext } from './support/helpers'
import { api } from './support/sourcing-api'

// Issue 19: goods leave on a shipment both sides follow, and arrive in the buyer's warehouse.

/** Light, then the colour rules in dark (the markup is the same). */
async function auditBothModes(page: Page) {
  await expectNoSeriousViolations(page)
  await chooseColorMode(page, 'Dark')
  await expectNoSeriousViolations(page, { theme: 'dark' })
  await chooseColorMode(page, 'Light')
}

/** A 1 × 1 PNG: a photo as the upload checks see one. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

test('the supplier books part of an order and reports it; the buyer follows it on the map and receives it with a damaged unit into stock', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const supplier = await signedInContext(browser, DEMO.supplier)
  const buyer = await signedInContext(browser, DEMO.buyer)
  const supplierId = String((await api(supplier.context.request, 'get', '/companies/current')).id)
  const item = `Glazed tea set ${Date.now().toString(36)}`
  const order = await api(buyer.context.request, 'post', '/orders', {
    supplier_company_id: supplierId,
    currency: 'USD',
    incoterm: 'FOB',
    incoterm_place: 'Shenzhen',
    payment_terms: 'tt_30_70',
    notes: '',
    attachment_file_ids: [],
    lines: [{ description: item, unit: 'sets', unit_price: '24.5000', quantity: 20 }],
    place: true,
  })
  await api(supplier.context.request, 'post', `/orders/${order.id}/transitions`, { action: 'confirm', version: order.version, reason: '' })

  // The supplier books 12 of the 20 sets from the order page.
  const page = supplier.page
  await openPage(page, `/en/app/supplier/purchase/order/${order.id}`)
  await page.getByRole('link', { name: 'Book a shipment' }).click()
  await expect(page).toHaveURL(/\/en\/app\/shipments\/shipping\?order=/)
  await expectNoSeriousViolations(page)
  await page.getByLabel(`Quantity of ${item} on ${order.number} shipped now`).fill('12')
  const from = page.getByRole('group', { name: 'From' })
  await from.getByLabel('Port, airport or town').fill('Shenzhen')
  await from.getByLabel('Country').selectOption('CN')
  const to = page.getByRole('group', { name: 'To' })
  await to.getByLabel('Port, airport or town').fill('Hong Kong')
  await to.getByLabel('Country').selectOption('HK')
  await page.getByLabel('Carrier').fill('Kerry Logistics')
  await page.getByLabel('Tracking number').fill(`KLX${Date.now()}`)
  // An arrival before the departure is refused, and what was typed stays.
  await page.getByLabel('Departure (ETD)').fill('2026-12-20')
  await page.getByLabel('Arrival (ETA)').fill('2026-12-10')
  await page.getByRole('button', { name: 'Book the shipment' }).click()
  await expect(page.getByText('The arrival cannot be before the departure.')).toBeVisible()
  await expect(page.getByLabel('Carrier')).toHaveValue('Kerry Logistics')
  await page.getByLabel('Departure (ETD)').fill(new Date().toISOString().slice(0, 10))
  await page.getByLabel('Arrival (ETA)').fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10))
  // The packing list goes with it.
  await page
    .getByLabel('Upload files (PDF, images, Excel or Word)')
    .setInputFiles({ name: 'packing-list.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') })
  await page.getByRole('button', { name: 'Book the shipment' }).click()
  await expect(page).toHaveURL(/\/en\/app\/shipments\/tracking\?id=[\w-]+&booked=1/)
  const shipmentUrl = page.url().replace('&booked=1', '')
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toContainText(/SH-\d{4}-\d{5}/)
  const number = ((await heading.textContent()) ?? '').match(/SH-\d{4}-\d{5}/)![0]

  // It reports the departure, with the place's local time.
  const event = page.getByRole('form', { name: 'Add a tracking event' })
  await event.getByLabel('Milestone').selectOption('in_transit')
  await event.getByLabel('Offset of the place').selectOption('480')
  await event.getByLabel('Place', { exact: true }).fill('Yantian')
  await event.getByLabel('What happened').fill('Loaded on the truck to Hong Kong')
  await event.getByRole('button', { name: 'Add to the timeline' }).click()
  await expect(page.getByText('The event is on the timeline. Both sides see it now.')).toBeVisible()
  await auditBothModes(page)

  // The buyer finds it in the list and sees the same timeline and the route on the map.
  const buyerPage = buyer.page
  await openPage(buyerPage, '/en/app/shipments/tracking')
  await auditBothModes(buyerPage)
  await buyerPage.getByRole('link', { name: number }).click()
  const timeline = buyerPage.getByRole('list', { name: 'Timeline' })
  await expect(timeline).toContainText('Loaded on the truck to Hong Kong')
  await expect(timeline).toContainText('Yantian')
  await expect(timeline).toContainText(/local time \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\+08:00/)
  await expect(buyerPage.getByRole('img', { name: `Route of shipment ${number}` })).toBeVisible()
  await expect(buyerPage.getByRole('form', { name: 'Add a tracking event' })).toHaveCount(0)
  // The supplier's packing list opens for the buyer, under the shipment.
  const packingList = buyerPage.getByRole('link', { name: 'packing-list.pdf' })
  const download = await buyer.context.request.get(new URL((await packingList.getAttribute('href'))!, buyerPage.url()).toString())
  expect(download.status()).toBe(200)
  expect((await download.body()).subarray(0, 8).toString()).toBe('%PDF-1.4')
  // The list narrows to the shipments with one company.
  await openPage(buyerPage, '/en/app/shipments/tracking')
  await buyerPage.getByLabel('Counterpart').selectOption(supplierId)
  await buyerPage.getByRole('button', { name: 'Apply' }).click()
  await expect(buyerPage).toHaveURL(new RegExp(`counterpart=${supplierId}`))
  await expect(buyerPage.getByRole('link', { name: number })).toBeVisible()

  // The buyer receives it into a new warehouse: 11 good, 1 damaged.
  const code = `HKG${Date.now().toString(36).toUpperCase()}`
  const warehouse = await api(buyer.context.request, 'post', '/warehouses', { code, name: 'Kwai Chung DC', notes: '' })
  await openPage(buyerPage, shipmentUrl)
  const receive = buyerPage.getByRole('form', { name: 'Receive the goods' })
  await receive.getByLabel('Into warehouse').selectOption(String(warehouse.id))
  await receive.getByLabel('Received in good condition').fill('11')
  await receive.getByLabel('Damaged').fill('1')
  await receive.getByLabel('Note').fill('One teapot lid cracked')
  await receive.getByLabel('Photos of the goods as they arrived').setInputFiles({ name: 'cracked-lid.png', mimeType: 'image/png', buffer: PNG })
  await receive.getByRole('button', { name: 'Record the receipt' }).click()
  await expect(buyerPage.getByText('Received. The orders and your stock are updated.')).toBeVisible()
  await expect(buyerPage.getByRole('table', { name: 'What it carries' })).toContainText('One teapot lid cracked')
  // The photo is shown with the receipt, and the supplier can open it too.
  const photo = buyerPage.getByRole('img', { name: 'cracked-lid.png' })
  await expect(photo).toBeVisible()
  const photoUrl = new URL((await photo.getAttribute('src'))!, buyerPage.url()).toString()
  expect((await supplier.context.request.get(photoUrl)).headers()['content-type']).toBe('image/png')
  // The damaged set is a claim the buyer can open once the order's other sets are delivered.
  await expect(buyerPage.getByRole('heading', { name: 'Damaged or short goods' })).toBeVisible()
  await expect(buyerPage.getByText(`Receipt of shipment ${number}: ${item}: 1 damaged, 0 short (sets).`)).toBeVisible()
  await expect(buyerPage.getByText('A claim can be opened once the rest of this order is delivered', { exact: false })).toBeVisible()
  await auditBothModes(buyerPage)

  // The stock and the order agree.
  const stock = await api(buyer.context.request, 'get', `/warehouses/${warehouse.id}/stock`)
  expect((stock.items as Array<{ description: string; on_hand: number }>).find((level) => level.description === item)?.on_hand).toBe(11)
  await openPage(buyerPage, `/en/app/warehouse/detail?id=${warehouse.id}`)
  await expect(buyerPage.getByRole('main')).toContainText(item)
  await auditBothModes(buyerPage)
  await openPage(buyerPage, '/en/app/warehouse')
  await expect(buyerPage.getByRole('main')).toContainText('Kwai Chung DC')
  await auditBothModes(buyerPage)
  await openPage(buyerPage, `/en/app/orders/${order.id}/view`)
  const lines = buyerPage.getByRole('table', { name: 'Order lines' })
  await expect(lines).toContainText('12')
  await expect(lines).toContainText('11')
  await expect(buyerPage.getByRole('list', { name: 'Order history' })).toContainText('Received goods')
  // The order page lists the shipment that carried its goods.
  await expect(buyerPage.getByRole('link', { name: number })).toBeVisible()
  await supplier.context.close()
  await buyer.context.close()
})

test('the shipper uploads carrier events as CSV: a file with a bad row stores nothing and says which row; the fixed file stores its events once', async ({
  browser,
}) => {
  const supplier = await signedInContext(browser, DEMO.supplier)
  const live = await api(supplier.context.request, 'get', '/shipments?status=live&role=shipper&limit=1')
  const number = String((live.items as Array<{ number: string }>)[0]!.number)
  const page = supplier.page
  await openPage(page, '/en/app/shipments/tracking')
  const upload = page.getByRole('form', { name: 'Upload tracking events (CSV)' })
  const stamp = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16)
  const good = `${number},${stamp},+08:00,,Hong Kong,HK,Arrived at transhipment port,,e2e-${Date.now()}`
  const file = (rows: string[]) => ({
    name: 'events.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['shipment,occurred_at,utc_offset,status,location,country,description,eta,event_id', ...rows].join('\r\n')),
  })
  await upload.getByLabel('CSV file (UTF-8, up to 1 MB)').setInputFiles(file([good, 'SH-2026-99999,2026-12-01T10:00,,,,,Unknown shipment,,']))
  await upload.getByRole('button', { name: 'Upload events' }).click()
  const problems = page.getByRole('table', { name: 'Problems in the file' })
  await expect(problems).toContainText('None of the shipments you ship or carry has this number or tracking number.')
  await expect(problems.getByRole('cell', { name: '3', exact: true })).toBeVisible()
  await page
    .getByRole('form', { name: 'Upload tracking events (CSV)' })
    .getByLabel('CSV file (UTF-8, up to 1 MB)')
    .setInputFiles(file([good]))
  await page.getByRole('form', { name: 'Upload tracking events (CSV)' }).getByRole('button', { name: 'Upload events' }).click()
  await expect(page.getByText('Stored 1 events on 1 shipments (0 already on the timeline).')).toBeVisible()
  await page
    .getByRole('form', { name: 'Upload tracking events (CSV)' })
    .getByLabel('CSV file (UTF-8, up to 1 MB)')
    .setInputFiles(file([good]))
  await page.getByRole('form', { name: 'Upload tracking events (CSV)' }).getByRole('button', { name: 'Upload events' }).click()
  await expect(page.getByText('Stored 0 events on 1 shipments (1 already on the timeline).')).toBeVisible()
  await supplier.context.close()
})
