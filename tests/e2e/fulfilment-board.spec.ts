import { expect, type APIRequestContext, type Browser, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import { activateExportList } from './support/catalog-journey'
import { E2E_BASE_URL } from './support/env'
import { DEMO, expectHydrated, openPage, signedInContext, signUp } from './support/helpers'

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

/** A buyer company with a very long name orders from the demo supplier in yuan: amounts up to hundreds of millions. */
async function longNamedBuyerOrders(browser: Browser, buyerName: string): Promise<string[]> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signUp(page, 'Wen Haoran', buyerName)
  const headers = { origin: E2E_BASE_URL }
  const suppliers = await (await context.request.get(`/api/v1/marketplace/companies?q=${encodeURIComponent('Bamboo Kiln')}`, { headers })).json()
  const supplierId = (suppliers.items as Array<{ id: string; name: string }>).find((company) => company.name === 'Bamboo Kiln Ceramics')?.id
  expect(supplierId, 'the demo supplier').toBeTruthy()
  const numbers: string[] = []
  for (const [index, unitPrice] of ['1234567.89', '987654321.12'].entries()) {
    const created = await context.request.post('/api/v1/orders', {
      headers: { ...headers, 'idempotency-key': `board-long-${Date.now()}-${index}` },
      data: {
        supplier_company_id: supplierId,
        currency: 'CNY',
        incoterm: 'FOB',
        incoterm_place: 'Shanghai',
        payment_terms: 'prepayment',
        lines: [{ description: 'Banquet porcelain service', unit: 'sets', unit_price: unitPrice, quantity: 1 }],
        place: true,
      },
    })
    expect(created.status()).toBe(201)
    numbers.push((await created.json()).number as string)
  }
  await context.close()
  return numbers
}

/** Every card's amounts fit inside it, and a buyer name takes one line inside the card (cut with "…" when long). */
async function expectCardsFit(page: Page, where: string) {
  const problems = await page.getByTestId('board-card').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const box = card.getBoundingClientRect()
      const found: string[] = []
      const inside = (element: Element) => {
        const rect = element.getBoundingClientRect()
        return rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5
      }
      if (card.scrollWidth > card.clientWidth) found.push(`card scrolls by ${card.scrollWidth - card.clientWidth}px`)
      const total = card.querySelector('[data-testid="board-card-total"]')!
      if (total.scrollWidth > total.clientWidth || !inside(total)) found.push(`amount "${total.textContent}" overflows`)
      const buyer = card.querySelector<HTMLElement>('[data-testid="board-card-buyer"]')!
      const style = getComputedStyle(buyer)
      if (!inside(buyer)) found.push('buyer name leaves the card')
      if (buyer.getBoundingClientRect().height > parseFloat(style.lineHeight) * 1.5) found.push('buyer name takes more than one line')
      if (buyer.scrollWidth > buyer.clientWidth && (style.textOverflow !== 'ellipsis' || style.overflowX !== 'hidden'))
        found.push('a cut buyer name has no ellipsis')
      return found.map((problem) => `${card.querySelector('h3')?.textContent}: ${problem}`)
    }),
  )
  expect(problems, where).toEqual([])
}

test('cards keep long buyer names on one line with a tooltip, and large yuan amounts inside, at 1440 and 390 px', async ({ browser }) => {
  test.setTimeout(120_000)
  const buyerName = `Guangzhou Pearl River Delta International Hospitality Supplies and Restaurant Equipment ${Date.now()}`
  const numbers = await longNamedBuyerOrders(browser, buyerName)

  const { context, page } = await signedInContext(browser, DEMO.supplier)
  // Before the page is hydrated (or without JavaScript) the full name is the link's title.
  const html = await (await context.request.get('/en/app/orders/fulfillment')).text()
  expect(html).toContain(`title="${buyerName}"`)
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await openPage(page, '/en/app/orders/fulfillment')
    // Order numbers are the buyer's: the long-named buyer's cards are found by its name.
    const cards = page.getByTestId('board-card').filter({ hasText: buyerName })
    await expect(cards).toHaveCount(numbers.length)
    // The supplier's preferred currency is US dollars: the converted total, with the yuan original below it.
    const card = cards.filter({ hasText: 'CN¥987,654,321.12' })
    await expect(card.getByTestId('board-card-total')).toContainText(/^≈ \$[\d,]+\.\d{2}/)
    await expectCardsFit(page, `board at ${width}px`)
    const name = card.getByTestId('board-card-buyer')
    expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth), 'the long name is cut').toBe(true)
    await expect(name).toHaveAttribute('href', /\/en\/app\/supplier\/purchase-order\?counterpart=/)
    await expectNoSeriousViolations(page)
  }
  // The whole name on hover and on keyboard focus.
  await page.setViewportSize({ width: 1440, height: 900 })
  const name = page.getByTestId('board-card').filter({ hasText: buyerName }).first().getByTestId('board-card-buyer')
  await name.hover()
  await expect(page.getByRole('tooltip')).toHaveText(buyerName)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  await page.mouse.move(0, 0)
  await name.focus()
  await expect(page.getByRole('tooltip')).toHaveText(buyerName)
  await context.close()
})
