import { expect, type Page, test } from '@playwright/test'
import { DEMO, expectHydrated, openPage, signIn, startSession } from './support/helpers'

// On a 1440 px screen, data pages (lists, tables, boards) use the width while forms keep a readable measure; the
// fulfilment board's cards keep their amounts inside and buyer names on one line.
test.use({ viewport: { width: 1440, height: 900 } })

/** The reading measure of forms and other pages (Tailwind's max-w-5xl). */
const READING_WIDTH = 1024

async function mainWidth(page: Page): Promise<number> {
  const main = page.locator('main#main')
  // A revalidation can replace the element between arrival and measuring: wait until it is there, then measure.
  await expect(main).toBeVisible()
  await expect.poll(async () => (await main.boundingBox())?.width ?? 0).toBeGreaterThan(0)
  return (await main.boundingBox())?.width ?? 0
}

test('list and board pages use the width of a large screen; a form page keeps its measure', async ({ page }) => {
  await signIn(page, DEMO.buyer)
  for (const path of ['/en/app/orders', '/en/app/sourcing/rfq', '/en/app/purchase/projects']) {
    await openPage(page, path)
    expect(await mainWidth(page), `${path} is wider than the reading measure`).toBeGreaterThan(READING_WIDTH + 100)
  }
  await openPage(page, '/en/app/settings')
  expect(await mainWidth(page), 'the company settings form keeps its measure').toBeLessThanOrEqual(READING_WIDTH)
})

/** For each card on the board: whether anything in it reaches past its edge, and how its buyer name is shown. */
async function cardFacts(page: Page) {
  return page.getByTestId('board-card').evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect()
      const outside = [...card.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > box.right + 0.5)
        .map((element) => (element.textContent ?? '').trim())
      const buyer = card.querySelector('[data-testid="board-card-buyer"]') as HTMLElement | null
      const style = buyer ? getComputedStyle(buyer) : null
      return {
        number: card.querySelector('h3')?.textContent ?? '',
        outside,
        fitsItself: card.scrollWidth <= card.clientWidth,
        buyer: buyer
          ? {
              text: buyer.textContent ?? '',
              oneLine: style!.whiteSpace === 'nowrap' && style!.textOverflow === 'ellipsis',
              height: buyer.getBoundingClientRect().height,
              lineHeight: parseFloat(style!.lineHeight),
            }
          : null,
      }
    }),
  )
}

for (const width of [1440, 1280, 390]) {
  test(`fulfilment board cards keep amounts inside and buyer names on one line at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await startSession(page, DEMO.supplier)
    await openPage(page, '/en/app/orders/fulfillment')
    await expectHydrated(page)
    const columns = page.locator('[data-testid^="board-column-"]')
    await expect(columns).toHaveCount(5)
    if (width === 1440) {
      // Five columns side by side: they all start on the same line.
      const tops = await columns.evaluateAll((sections) => sections.map((section) => Math.round(section.getBoundingClientRect().top)))
      expect(new Set(tops).size, 'the five columns sit in one row').toBe(1)
    }
    await expect(page.getByTestId('board-card').first()).toBeVisible()
    for (const card of await cardFacts(page)) {
      expect(card.outside, `nothing in card ${card.number} reaches past its edge`).toEqual([])
      expect(card.fitsItself, `card ${card.number} does not scroll sideways`).toBe(true)
      expect(card.buyer, `card ${card.number} names its buyer`).not.toBeNull()
      expect(card.buyer!.text, 'the buyer name is there in full (the tooltip is checked in fulfilment-board.spec)').not.toBe('')
      expect(card.buyer!.oneLine, 'the buyer name is cut with an ellipsis rather than wrapped').toBe(true)
      expect(card.buyer!.height, 'the buyer name takes one line').toBeLessThan(card.buyer!.lineHeight * 1.5)
    }
  })
}
