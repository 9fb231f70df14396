import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, request as playwrightRequest, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { activateExportList } from './support/catalog-journey'
import { E2E_BASE_URL } from './support/env'
import { DEMO, openPage, signedInContext } from './support/helpers'

type Received = { headers: IncomingHttpHeaders; body: string }

/** The Standard Webhooks signature of a message, computed here from the specification. */
function signatureOf(secret: string, headers: IncomingHttpHeaders, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64')}`
}

test('a company admin creates an API key and a webhook, places an order with the key, and sees the signed delivery in the log', async ({ browser }) => {
  test.setTimeout(120_000)
  const received: Received[] = []
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tradeport`

  const supplier = await signedInContext(browser, DEMO.supplier)
  await activateExportList(supplier.context.request)
  await supplier.context.close()

  const { context, page } = await signedInContext(browser, DEMO.buyer)
  try {
    // The key: named, with orders read and write only.
    await openPage(page, '/en/dev/list')
    await page.getByLabel('Name').fill('ERP order sync')
    await page.getByLabel('Purchase and service orders').selectOption('write')
    await page.getByRole('button', { name: 'Create key' }).click()
    const secret = (await page.getByLabel('The new API key', { exact: true }).textContent())?.trim() ?? ''
    expect(secret).toMatch(/^tpk_/)
    const row = page.getByRole('row', { name: /ERP order sync/ })
    await expect(row).toContainText('orders:write')
    await expect(row).toContainText('Active')
    await expectNoSeriousViolations(page)

    // The webhook: to the local receiver, for orders.
    await openPage(page, '/en/dev/edit')
    await page.getByLabel('Endpoint URL').fill(hookUrl)
    await page.getByLabel('Description').fill('ERP in the e2e run')
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    const signingSecret = (await page.getByLabel(`Signing secret of ${hookUrl}`).first().textContent())?.trim() ?? ''
    expect(signingSecret).toMatch(/^whsec_/)
    await expectNoSeriousViolations(page, { theme: 'dark' })

    // The order, placed with the API key (no session): a copy of one of the buyer's catalogue orders.
    const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } })
    const list = await api.get('/api/v1/orders?side=buyer&limit=20')
    expect(list.status()).toBe(200)
    let source: { supplier: { id: string }; currency: string; lines: Array<{ product_id: string | null; quantity: number }> } | undefined
    for (const item of (await list.json()).items as Array<{ id: string }>) {
      const candidate = await (await api.get(`/api/v1/orders/${item.id}`)).json()
      if (candidate.lines.every((line: { product_id: string | null }) => line.product_id)) {
        source = candidate
        break
      }
    }
    expect(source, 'a catalogue order to copy').toBeTruthy()
    const placed = await api.post('/api/v1/orders', {
      headers: { 'idempotency-key': `dev-hub-${Date.now()}` },
      data: {
        supplier_company_id: source!.supplier.id,
        currency: source!.currency,
        incoterm: 'FOB',
        incoterm_place: 'Shanghai',
        payment_terms: 'prepayment',
        lines: source!.lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
        place: true,
      },
    })
    expect(placed.status(), await placed.text()).toBe(201)
    const orderId = (await placed.json()).id as string
    // A key without the catalogue scope may not read products.
    expect((await api.get('/api/v1/products')).status()).toBe(403)
    await api.dispose()

    // The receiver gets the signed message…
    await expect.poll(() => received.find((message) => message.body.includes(orderId)), { timeout: 30_000 }).toBeTruthy()
    const message = received.find((entry) => entry.body.includes(orderId))!
    expect(JSON.parse(message.body)).toMatchObject({ type: 'order.place', data: { object: 'purchase_order', id: orderId } })
    expect(message.headers['webhook-signature']).toBe(signatureOf(signingSecret, message.headers, message.body))

    // …and the log shows it delivered, with its request and the receiver's answer.
    await openPage(page, '/en/dev/edit')
    const logRow = page.getByRole('row', { name: /order\.place/ }).first()
    await expect(logRow).toContainText('Delivered')
    await logRow.getByRole('link', { name: /View/ }).click()
    await expect(page.getByRole('heading', { name: 'Delivery of order.place' })).toBeVisible()
    await expect(page.getByText('HTTP 200').first()).toBeVisible()
    await expect(page.getByLabel('Request headers')).toContainText(String(message.headers['webhook-id']))

    // The overview, in Chinese too, and nothing wider than a phone.
    await openPage(page, '/zh-Hans/dev')
    await expect(page.getByRole('heading', { name: '开发者中心', level: 1 })).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.setViewportSize({ width: 390, height: 844 })
    for (const path of ['/en/dev', '/en/dev/list', '/en/dev/edit']) {
      await openPage(page, path)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path}: no horizontal overflow`).toBeLessThanOrEqual(0)
    }
  } finally {
    await context.close()
    await new Promise((resolve) => receiver.close(resolve))
  }
})
