import { beforeAll, describe, expect, it } from 'vitest'
import { createSourcingCast, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let cast: Awaited<ReturnType<typeof createSourcingCast>>
let buyer: CookieJar
let supplier: CookieJar
let stranger: CookieJar

type Cell = { landed_unit: string | null; landed_total: string | null; best: boolean; moq_warning: boolean }
type ComparisonBody = {
  sealed: boolean
  quote_count?: number
  currency?: string
  suppliers?: Array<{ quotation_id: string; total: string | null; priced_lines: number }>
  lines?: Array<{ best_quotation_id: string | null; cells: Record<string, Cell> }>
  assumptions_source?: string
}

beforeAll(async () => {
  app = testApp()
  cast = await createSourcingCast()
  buyer = await signInWithCookies(app, cast.buyer.user)
  supplier = await signInWithCookies(app, cast.suppliers[0]!.user)
  stranger = await signInWithCookies(app, cast.stranger.user)
})

/** One line of 100 pcs quoted FOB 10 USD by A and DDP 80 CNY (= 11.0769 USD) by B, quoting closed. */
async function quotedRfq() {
  const [a, b] = cast.suppliers
  const rfq = await insertRfq(cast.buyer.company.id, {
    deadline: new Date(Date.now() - 60_000),
    supplierIds: [a!.company.id, b!.company.id],
    requirements: [{ id: null as unknown as string, title: 'LED panel light', quantity: 100, unit: 'pcs', targetUnitPrice: '11' }],
  })
  const line = rfq.lines[0]!
  const quoteA = await insertQuotation(rfq.id, a!.company.id, [{ rfqLineId: line.id, unitPrice: '10' }])
  const quoteB = await insertQuotation(rfq.id, b!.company.id, [{ rfqLineId: line.id, unitPrice: '80', moq: 500 }], { currency: 'CNY', incoterm: 'DDP' })
  return { rfq, quoteA, quoteB }
}

describe('GET /v1/rfqs/{id}/comparison', () => {
  it('answers the landed-cost matrix in the RFQ currency, or in another one asked for', async () => {
    const { rfq, quoteA, quoteB } = await quotedRfq()
    const response = await call(app, `/api/v1/rfqs/${rfq.id}/comparison`, { jar: buyer })
    expect(response.status).toBe(200)
    const body = response.json as unknown as ComparisonBody
    expect(body).toMatchObject({ sealed: false, currency: 'USD', assumptions_source: 'default' })
    // A: FOB 1000 + 60 + 5.3 + 15 + 53.265; B: DDP 8000 CNY = 1107.6923 USD, all included.
    expect(body.lines![0]!.cells[quoteA.id]).toMatchObject({ landed_total: '1133.5650', landed_unit: '11.3357', best: false })
    expect(body.lines![0]!.cells[quoteB.id]).toMatchObject({ landed_total: '1107.6923', landed_unit: '11.0769', best: true, moq_warning: true })
    expect(body.lines![0]!.best_quotation_id).toBe(quoteB.id)
    expect(body.suppliers!.map((s) => [s.quotation_id, s.total, s.priced_lines])).toEqual([
      [quoteA.id, '1133.5650', 1],
      [quoteB.id, '1107.6923', 1],
    ])

    const inEuro = (await call(app, `/api/v1/rfqs/${rfq.id}/comparison?currency=eur`, { jar: buyer })).json as unknown as ComparisonBody
    expect(inEuro.currency).toBe('EUR')
    expect(inEuro.lines![0]!.cells[quoteB.id]).toMatchObject({ landed_total: '1025.6410' })
    const refused = await call(app, `/api/v1/rfqs/${rfq.id}/comparison?currency=XAF`, { jar: buyer })
    expect(refused.status).toBe(422)
    expect((refused.json.details as { fields?: unknown } | undefined)?.fields).toEqual({ currency: ['There is no exchange rate for this currency.'] })
  })

  it('reveals only the count of a sealed RFQ before its deadline', async () => {
    const [a] = cast.suppliers
    const rfq = await insertRfq(cast.buyer.company.id, { sealed: true, supplierIds: [a!.company.id] })
    await insertQuotation(rfq.id, a!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '7654.3210' }])
    const response = await call(app, `/api/v1/rfqs/${rfq.id}/comparison`, { jar: buyer })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ sealed: true, quote_count: 1 })
    expect(response.json).not.toHaveProperty('suppliers')
    expect(response.text).not.toContain('7654')
  })

  it('is not found for the RFQ’s suppliers and strangers', async () => {
    const { rfq } = await quotedRfq()
    expect((await call(app, `/api/v1/rfqs/${rfq.id}/comparison`, { jar: supplier })).status).toBe(404)
    expect((await call(app, `/api/v1/rfqs/${rfq.id}/comparison`, { jar: stranger })).status).toBe(404)
    expect((await call(app, `/api/v1/rfqs/${rfq.id}/comparison`)).status).toBe(401)
  })
})

describe('PUT /v1/rfqs/{id}/assumptions', () => {
  it('keeps the RFQ’s assumptions and the comparison uses them', async () => {
    const { rfq, quoteA } = await quotedRfq()
    const saved = await call(app, `/api/v1/rfqs/${rfq.id}/assumptions`, {
      jar: buyer,
      method: 'PUT',
      body: { freight_pct: '0', insurance_pct: '0', duty_pct: '0', origin_pct: '0', destination_pct: '0' },
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({ saved_as_default: false, assumptions: { duty_pct: '0' } })
    const body = (await call(app, `/api/v1/rfqs/${rfq.id}/comparison`, { jar: buyer })).json as unknown as ComparisonBody
    expect(body.assumptions_source).toBe('rfq')
    expect(body.lines![0]!.cells[quoteA.id]!.landed_total).toBe('1000.0000')
  })

  it('answers translated field errors, and 404 to another company', async () => {
    const { rfq } = await quotedRfq()
    const invalid = await call(app, `/api/v1/rfqs/${rfq.id}/assumptions`, {
      jar: buyer,
      method: 'PUT',
      body: { freight_pct: '150', insurance_pct: '0', duty_pct: '0', origin_pct: '0', destination_pct: '0' },
    })
    expect(invalid.status).toBe(422)
    expect((invalid.json.details as { fields?: unknown } | undefined)?.fields).toEqual({
      freight_pct: ['Enter a percentage from 0 to 100 (up to 4 decimals).'],
    })
    const body = { freight_pct: '1', insurance_pct: '0', duty_pct: '0', origin_pct: '0', destination_pct: '0' }
    expect((await call(app, `/api/v1/rfqs/${rfq.id}/assumptions`, { jar: stranger, method: 'PUT', body })).status).toBe(404)
  })
})

describe('POST /v1/rfqs/{id}/award', () => {
  it('awards the chosen lines, answers the purchase orders (201), and the same Idempotency-Key answers them again', async () => {
    const { rfq, quoteB } = await quotedRfq()
    const line = rfq.lines[0]!
    const body = { lines: [{ rfq_line_id: line.id, quotation_id: quoteB.id }], notes: 'One shipment' }
    const headers = { 'idempotency-key': `award-${rfq.id}` }
    const response = await call(app, `/api/v1/rfqs/${rfq.id}/award`, { jar: buyer, method: 'POST', body, headers })
    expect(response.status).toBe(201)
    const orders = (response.json as { purchase_orders: Array<Record<string, string>> }).purchase_orders
    expect(orders).toEqual([
      { id: expect.any(String), number: expect.stringMatching(/^PO-/), supplier_name: cast.suppliers[1]!.company.name, total: '8000.00', currency: 'CNY' },
    ])
    const again = await call(app, `/api/v1/rfqs/${rfq.id}/award`, { jar: buyer, method: 'POST', body, headers })
    expect([again.status, again.json]).toEqual([201, response.json])
    // Without the key, the same award is a conflict: the line is awarded.
    const twice = await call(app, `/api/v1/rfqs/${rfq.id}/award`, { jar: buyer, method: 'POST', body })
    expect([twice.status, twice.json.code, (twice.json as { details?: { reason?: string } }).details?.reason]).toEqual([
      409,
      'invalid_transition',
      'already_awarded',
    ])
  })

  it('refuses lines and all_to together, an unknown quotation, open quoting, and anyone but the buyer', async () => {
    const { rfq, quoteA } = await quotedRfq()
    const line = rfq.lines[0]!
    const both = await call(app, `/api/v1/rfqs/${rfq.id}/award`, {
      jar: buyer,
      method: 'POST',
      body: { lines: [{ rfq_line_id: line.id, quotation_id: quoteA.id }], all_to: quoteA.id },
    })
    expect(both.status).toBe(422)
    expect((both.json as { details: { fields: Record<string, string[]> } }).details.fields).toEqual({
      all_to: ['Choose lines one by one or award all to one quotation, not both.'],
    })
    const unknown = await call(app, `/api/v1/rfqs/${rfq.id}/award`, { jar: buyer, method: 'POST', body: { all_to: 'nope' } })
    expect([unknown.status, (unknown.json as { details: { fields: Record<string, string[]> } }).details.fields]).toEqual([
      422,
      { all_to: ['This quotation is not part of the RFQ.'] },
    ])
    for (const jar of [supplier, stranger])
      expect((await call(app, `/api/v1/rfqs/${rfq.id}/award`, { jar, method: 'POST', body: { all_to: quoteA.id } })).status).toBe(404)

    const open = await insertRfq(cast.buyer.company.id, {
      deadline: new Date(Date.now() + 86_400_000),
      supplierIds: [cast.suppliers[0]!.company.id],
      requirements: [{ id: null as unknown as string, title: 'Track spotlight', quantity: 10, unit: 'pcs', targetUnitPrice: null }],
    })
    const quote = await insertQuotation(open.id, cast.suppliers[0]!.company.id, [{ rfqLineId: open.lines[0]!.id, unitPrice: '5' }])
    const early = await call(app, `/api/v1/rfqs/${open.id}/award`, { jar: buyer, method: 'POST', body: { all_to: quote.id } })
    expect([early.status, (early.json as { details?: { reason?: string } }).details?.reason]).toEqual([409, 'quoting_open'])
  })
})
