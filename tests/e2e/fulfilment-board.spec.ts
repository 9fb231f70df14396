import { expect, type APIRequestContext, test } from '@playwright/test'
import { activateExportList } from './support/catalog-journey'
import { E2E_BASE_URL } from './support/env'
import { DEMO, expectHydrated, openPage, signedInContext } from './support/helpers'

/** Places a copy of one of the demo buyer's orders through the API (as the signed-in buyer) and answers its number. */
async function placeOrder(request: APIRequestContext): Promise<string> {
  const headers = { origin: E2E_BASE_URL }
  const list = await request.get('/api/v1/orders?side=buyer&limit=20', { headers })
  expect(list.status()).toBe(200)
  // A catalogue order of the demo buyer to copy (other journeys add orders with free-text lines too).
  let detail: { supplier: { id: string }; currency: string; lines: Array<{ product_id: string | null; quantity: number }> } | undefined
  for (const item of (await list.json()).items as Array<{ id: string }>) {
    const candidate = await (await request.get(`/api/v1/orders/${item.id}`, { headers })).json()
    if (candidate.lines.every((line: { product_id: string | null }) => line.product_id)) {
      detail = candidate
      break
    }
  }
  expect(detail, 'a catalogue order to copy').toBeTruthy()
  const created = await request.post('/api/v1/orders', {
    headers: { ...headers, 'idempotency-key': `board-${Date.now()}` },
    data: {
      supplier_company_id: detail!.supplier.id,
      currency: detail!.currency,
      incoterm: 'FOB',
      incoterm_place: 'Shanghai',
      payment_terms: 'prepayment',
      lines: detail!.lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity })),
      place: true,
    },
  })
  expect(created.status()).toBe(201)
  return (await created.json()).number as string
}

test('the supplier drags a placed order to Confirmed, then moves it to In production with its button', async ({ browser }) => {
  const supplier = await signedInContext(browser, DEMO.supplier)
  await activateExportList(supplier.context.request)
  await supplier.context.close()
  const buyer = await signedInContext(browser, DEMO.buyer)
  const number = await placeOrder(buyer.context.request)
  await buyer.context.close()

  const { context, page } = await signedInContext(browser, DEMO.supplier)
  await openPage(page, '/en/app/orders/fulfillment')
  const column = (name: string) => page.getByRole('region', { name })
  const card = column('Placed').getByRole('article', { name: number })
  await expect(card).toBeVisible()
  // Cards become draggable once the page is hydrated.
  await expectHydrated(page)
  await expect(card).toHaveAttribute('draggable', 'true')
  // Drag as a person does: press on the card, move in steps onto the next column, release.
  await card.hover()
  await page.mouse.down()
  const target = (await column('Confirmed').boundingBox())!
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 })
  await page.mouse.up()
  await expect(page.getByRole('status').filter({ hasText: `Order ${number} is confirmed.` })).toBeVisible()
  const confirmed = column('Confirmed').getByRole('article', { name: number })
  await expect(confirmed).toBeVisible()

  await confirmed.getByRole('button', { name: 'Move to In production' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Order ${number} is in production.` })).toBeVisible()
  await expect(column('In production').getByRole('article', { name: number })).toBeVisible()
  // The state machine has no way back: a card in production offers no move to Placed.
  await expect(column('In production').getByRole('article', { name: number }).getByRole('button', { name: 'Move to Placed' })).toHaveCount(0)
  await context.close()
})
