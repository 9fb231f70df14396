import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { rfqs } from './sourcing.tables.server'
import { database } from '../../platform/db/index.server'
import { createSourcingCast, insertRfq } from '../../../tests/factories/sourcing'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let cast: Awaited<ReturnType<typeof createSourcingCast>>
let buyer: CookieJar
let supplierA: CookieJar
let supplierB: CookieJar
let stranger: CookieJar

type Quotation = {
  id: string
  status: string
  revision: number
  version: number
  total: string
  side: string
  actions: string[]
  lines: Array<{ rfq_line_id: string; unit_price: string | null; no_offer: boolean; target_unit_price: string | null }>
}

beforeAll(async () => {
  app = testApp()
  cast = await createSourcingCast()
  buyer = await signInWithCookies(app, cast.buyer.user)
  supplierA = await signInWithCookies(app, cast.suppliers[0]!.user)
  supplierB = await signInWithCookies(app, cast.suppliers[1]!.user)
  stranger = await signInWithCookies(app, cast.stranger.user)
})

const LINES = [
  { id: null as unknown as string, title: 'LED panel light 600×600', quantity: 400, unit: 'pcs', targetUnitPrice: '18' },
  { id: null as unknown as string, title: 'Track spotlight 20 W', quantity: 250, unit: 'pcs', targetUnitPrice: '9.5' },
]
const validUntil = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)

function body(lines: Array<{ id: string }>, prices = ['17.5', '9.2'], extra: Record<string, unknown> = {}) {
  return {
    currency: 'usd',
    incoterm: 'FOB',
    incoterm_place: 'Shenzhen',
    payment_terms: 'tt_30_70',
    valid_until: validUntil(),
    notes: '',
    lines: lines.map((line, index) => ({ rfq_line_id: line.id, unit_price: prices[index], moq: 50, lead_time_days: 25 })),
    ...extra,
  }
}

async function quote(jar: CookieJar, rfq: { id: string; lines: Array<{ id: string }> }, prices?: string[]): Promise<Quotation> {
  const saved = await call(app, `/api/v1/rfq-inbox/${rfq.id}/quotation`, { method: 'PUT', body: body(rfq.lines, prices), jar })
  expect(saved.status, saved.text).toBe(200)
  const draft = saved.json as unknown as Quotation
  const submitted = await call(app, `/api/v1/quotations/${draft.id}/submit`, { body: { version: draft.version }, jar })
  expect(submitted.status, submitted.text).toBe(200)
  return submitted.json as unknown as Quotation
}

describe('quotations API', () => {
  it('saves, submits, revises with history and withdraws; field errors are translated under snake_case names', async () => {
    const rfq = await insertRfq(cast.buyer.company.id, { requirements: LINES, supplierIds: [cast.suppliers[0]!.company.id] })
    const none = await call(app, `/api/v1/rfq-inbox/${rfq.id}/quotation`, { jar: supplierA })
    expect(none.status).toBe(200)
    expect(none.json).toBeNull()

    const invalid = await call(app, `/api/v1/rfq-inbox/${rfq.id}/quotation`, { method: 'PUT', body: body(rfq.lines, ['abc', '9']), jar: supplierA })
    expect(invalid.status).toBe(422)
    expect(Object.keys((invalid.json as { details: { fields: Record<string, string[]> } }).details.fields)).toContain('lines.0.unit_price')

    const submitted = await quote(supplierA, rfq)
    expect(submitted).toMatchObject({ status: 'submitted', revision: 1, total: '9300.00', side: 'supplier' })
    expect(submitted.lines[0]!.target_unit_price).toBeNull()

    const revised = await call(app, `/api/v1/quotations/${submitted.id}/revise`, {
      body: { ...body(rfq.lines, ['17', '9.2']), version: submitted.version },
      jar: supplierA,
    })
    expect(revised.status, revised.text).toBe(200)
    const history = await call(app, `/api/v1/quotations/${submitted.id}/history`, { jar: buyer })
    expect(history.status).toBe(200)
    const items = (history.json as { items: Array<{ revision: number; changes: Array<{ field: string; before: string; after: string }> }> }).items
    expect(items[0]).toMatchObject({ revision: 2, changes: [{ field: 'unit_price', before: '17.5000', after: '17.0000' }] })

    const mine = await call(app, '/api/v1/my-quotations?status=submitted', { jar: supplierA })
    expect(mine.status).toBe(200)
    expect((mine.json as { items: Array<{ id: string }> }).items.map((item) => item.id)).toContain(submitted.id)

    const version = (revised.json as unknown as Quotation).version
    const withdrawn = await call(app, `/api/v1/quotations/${submitted.id}/withdraw`, { body: { version, reason: 'Factory fully booked' }, jar: supplierA })
    expect(withdrawn.status).toBe(200)
    expect((withdrawn.json as unknown as Quotation).status).toBe('withdrawn')
    const again = await call(app, `/api/v1/quotations/${submitted.id}/withdraw`, { body: { version: version + 1 }, jar: supplierA })
    expect(again.status).toBe(409)
    expect((again.json as { code: string }).code).toBe('invalid_transition')
  })

  it('answers 409 after the deadline and for revising an accepted quote', async () => {
    const closed = await insertRfq(cast.buyer.company.id, {
      requirements: LINES,
      supplierIds: [cast.suppliers[0]!.company.id],
      deadline: new Date(Date.now() - 1000),
    })
    const late = await call(app, `/api/v1/rfq-inbox/${closed.id}/quotation`, { method: 'PUT', body: body(closed.lines), jar: supplierA })
    expect(late.status).toBe(409)
    expect(late.json).toMatchObject({ code: 'invalid_transition', details: { reason: 'quoting_closed' } })

    const rfq = await insertRfq(cast.buyer.company.id, { requirements: LINES, supplierIds: [cast.suppliers[0]!.company.id] })
    const submitted = await quote(supplierA, rfq)
    const reject = await call(app, `/api/v1/quotations/${submitted.id}/decision`, { body: { decision: 'reject' }, jar: buyer })
    expect(reject.status).toBe(422)
    const accepted = await call(app, `/api/v1/quotations/${submitted.id}/decision`, { body: { decision: 'accept', reason: 'Best offer' }, jar: buyer })
    expect(accepted.status, accepted.text).toBe(200)
    const version = (accepted.json as unknown as Quotation).version
    const revise = await call(app, `/api/v1/quotations/${submitted.id}/revise`, { body: { ...body(rfq.lines), version }, jar: supplierA })
    expect(revise.status).toBe(409)
    expect((revise.json as { code: string }).code).toBe('invalid_transition')
  })

  it('keeps sealed quotes from the buyer before the deadline on every endpoint, and shows them after', async () => {
    const rfq = await insertRfq(cast.buyer.company.id, {
      requirements: LINES,
      sealed: true,
      supplierIds: [cast.suppliers[0]!.company.id, cast.suppliers[1]!.company.id],
    })
    const submitted = await quote(supplierB, rfq, ['8613.1300', '7.77'])
    const list = await call(app, `/api/v1/rfqs/${rfq.id}/quotations`, { jar: buyer })
    expect(list.status).toBe(200)
    expect(list.json).toEqual({ sealed: true, count: 1, quote_deadline: expect.any(String) })
    for (const path of [`/api/v1/quotations/${submitted.id}`, `/api/v1/quotations/${submitted.id}/history`]) {
      const response = await call(app, path, { jar: buyer })
      expect(response.status, path).toBe(403)
      expect(response.text).not.toContain('8613')
    }
    const decision = await call(app, `/api/v1/quotations/${submitted.id}/decision`, { body: { decision: 'accept' }, jar: buyer })
    expect(decision.status).toBe(403)

    await database()
      .update(rfqs)
      .set({ quoteDeadline: new Date(Date.now() - 1000) })
      .where(eq(rfqs.id, rfq.id))
    const after = await call(app, `/api/v1/rfqs/${rfq.id}/quotations`, { jar: buyer })
    expect(after.json).toMatchObject({
      sealed: false,
      count: 1,
      items: [{ id: submitted.id, side: 'buyer', lines: [{ unit_price: '8613.1300', target_unit_price: '18.0000' }, { unit_price: '7.7700' }] }],
    })
    expect((await call(app, `/api/v1/quotations/${submitted.id}`, { jar: buyer })).status).toBe(200)
  })

  it('answers 404 to other suppliers and strangers', async () => {
    const rfq = await insertRfq(cast.buyer.company.id, { requirements: LINES, supplierIds: [cast.suppliers[0]!.company.id, cast.suppliers[1]!.company.id] })
    const submitted = await quote(supplierA, rfq)
    for (const jar of [supplierB, stranger]) {
      expect((await call(app, `/api/v1/quotations/${submitted.id}`, { jar })).status).toBe(404)
      expect((await call(app, `/api/v1/quotations/${submitted.id}/history`, { jar })).status).toBe(404)
      expect((await call(app, `/api/v1/quotations/${submitted.id}/withdraw`, { body: { version: submitted.version }, jar })).status).toBe(404)
      expect((await call(app, `/api/v1/rfqs/${rfq.id}/quotations`, { jar })).status).toBe(404)
    }
    expect((await call(app, `/api/v1/rfq-inbox/${rfq.id}/quotation`, { jar: stranger })).status).toBe(404)
    expect((await call(app, `/api/v1/quotations/${submitted.id}`)).status).toBe(401)
  })
})
