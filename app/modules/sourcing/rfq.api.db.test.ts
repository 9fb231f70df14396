import { beforeAll, describe, expect, it } from 'vitest'
import { createSourcingCast, insertProject, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { createMember } from '../../../db/factories/companies'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let cast: Awaited<ReturnType<typeof createSourcingCast>>
let buyer: CookieJar
let supplierA: CookieJar
let supplierB: CookieJar
let stranger: CookieJar
/** A second buyer for RFQs written by the factory (its numbers would collide with the numbering of `cast.buyer`). */
let factoryBuyer: { company: { id: string }; jar: CookieJar }

type Rfq = {
  id: string
  number: string
  status: string
  version: number
  lines: Array<{ requirement_id: string | null; title: string; quantity: number }>
  invitees: Array<{ supplier_company_id: string; status: string }>
  questions: Array<{ id: string; question: string; answer: string | null }>
  quotations: { sealed: boolean; count: number; items: Array<{ supplier_name: string; total: string }> | null }
  actions: string[]
}
type SupplierRfq = {
  id: string
  invitation: { status: string }
  questions: Array<{ question: string; answer: string | null; mine: boolean }>
  can_ask: boolean
}

beforeAll(async () => {
  app = testApp()
  cast = await createSourcingCast()
  buyer = await signInWithCookies(app, cast.buyer.user)
  supplierA = await signInWithCookies(app, cast.suppliers[0]!.user)
  supplierB = await signInWithCookies(app, cast.suppliers[1]!.user)
  stranger = await signInWithCookies(app, cast.stranger.user)
  const other = await createMember({ companyInput: { kind: 'buyer', country: 'DE' } })
  factoryBuyer = { company: other.company, jar: await signInWithCookies(app, other.user) }
})

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

function body(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Showroom lighting',
    description: '',
    quote_deadline: inDays(7),
    currency: 'usd',
    incoterm: 'FOB',
    incoterm_place: 'Shenzhen',
    sealed: false,
    visibility: 'invited',
    supplier_ids: [cast.suppliers[0]!.company.id, cast.suppliers[1]!.company.id],
    requirement_ids: [],
    lines: [{ title: 'Track spotlight 20 W', quantity: 250, unit: 'pcs', target_unit_price: '9.5' }],
    attachment_file_ids: [],
    ...overrides,
  }
}

async function createRfq(overrides: Record<string, unknown> = {}): Promise<Rfq> {
  const response = await call(app, '/api/v1/rfqs', { body: body(overrides), jar: buyer })
  expect(response.status, response.text).toBe(201)
  return response.json as unknown as Rfq
}

async function step(id: string, action: string, extra: Record<string, unknown> = {}, jar = buyer) {
  const current = (await call(app, `/api/v1/rfqs/${id}`, { jar })).json as unknown as Rfq
  return call(app, `/api/v1/rfqs/${id}/transitions`, { body: { action, version: current.version ?? 1, ...extra }, jar })
}

describe('RFQ API', () => {
  it('creates a draft from requirements, edits it, publishes it and lists it', async () => {
    const project = await insertProject(cast.buyer.company.id)
    const rfq = await createRfq({ lines: [], project_id: project.id, requirement_ids: [project.requirements[0]!.id] })
    expect(rfq).toMatchObject({ status: 'draft', version: 1 })
    expect(rfq.number).toMatch(/^RFQ-\d{4}-\d{5}$/)
    expect(rfq.lines).toEqual([expect.objectContaining({ requirement_id: project.requirements[0]!.id, title: 'LED panel light 600×600', quantity: 400 })])
    const edited = await call(app, `/api/v1/rfqs/${rfq.id}`, {
      method: 'PUT',
      body: { ...body({ title: 'Showroom lighting, phase 1' }), version: 1 },
      jar: buyer,
    })
    expect(edited.status, edited.text).toBe(200)
    const stale = await call(app, `/api/v1/rfqs/${rfq.id}`, { method: 'PUT', body: { ...body(), version: 1 }, jar: buyer })
    expect(stale.status).toBe(409)
    expect(stale.json.code).toBe('stale_version')
    const published = await step(rfq.id, 'publish')
    expect(published.status, published.text).toBe(200)
    expect((published.json as unknown as Rfq).status).toBe('open')
    const list = await call(app, '/api/v1/rfqs?status=open&q=phase', { jar: buyer })
    expect((list.json.items as Array<{ id: string }>).map((item) => item.id)).toEqual([rfq.id])
  })

  it('answers 422 with translated field messages under snake_case names', async () => {
    const response = await call(app, '/api/v1/rfqs', {
      body: body({ quote_deadline: inDays(-1), lines: [{ title: '', quantity: 0, unit: 'pcs' }] }),
      jar: buyer,
    })
    expect(response.status).toBe(422)
    const fields = (response.json as { details: { fields: Record<string, string[]> } }).details.fields
    expect(Object.keys(fields).sort()).toEqual(['lines.0.quantity', 'lines.0.title'])
    expect(fields['lines.0.quantity']![0]).not.toMatch(/^validation\./)
    const past = await call(app, '/api/v1/rfqs', { body: body({ quote_deadline: inDays(-1) }), jar: buyer })
    expect(past.status).toBe(422)
    expect(Object.keys((past.json as { details: { fields: Record<string, string[]> } }).details.fields)).toEqual(['quote_deadline'])
  })

  it('runs the supplier side: inbox, reading (viewed), Q&A without the asker, declining; strangers get 404', async () => {
    const rfq = await createRfq()
    await step(rfq.id, 'publish')
    const inbox = await call(app, '/api/v1/rfq-inbox?status=invited', { jar: supplierA })
    expect((inbox.json.items as Array<{ id: string }>).map((item) => item.id)).toContain(rfq.id)
    const view = await call(app, `/api/v1/rfq-inbox/${rfq.id}`, { jar: supplierA })
    expect(view.status).toBe(200)
    expect((view.json as unknown as SupplierRfq).invitation.status).toBe('viewed')
    expect(view.text).not.toContain(cast.suppliers[1]!.company.id)
    const asked = await call(app, `/api/v1/rfqs/${rfq.id}/questions`, { body: { question: 'Is a dimmable driver required?' }, jar: supplierA })
    expect(asked.status, asked.text).toBe(201)
    const questionId = (await call(app, `/api/v1/rfqs/${rfq.id}`, { jar: buyer })).json.questions as Array<{ id: string }>
    const answered = await call(app, `/api/v1/rfqs/${rfq.id}/questions/${questionId[0]!.id}/answer`, { body: { answer: 'Yes, 0–10 V.' }, jar: buyer })
    expect(answered.status, answered.text).toBe(200)
    const seenByB = (await call(app, `/api/v1/rfq-inbox/${rfq.id}`, { jar: supplierB })).json as unknown as SupplierRfq
    expect(seenByB.questions).toEqual([expect.objectContaining({ question: 'Is a dimmable driver required?', answer: 'Yes, 0–10 V.', mine: false })])
    const declined = await call(app, `/api/v1/rfq-inbox/${rfq.id}/decline`, { body: { reason: 'No capacity' }, jar: supplierB })
    expect(declined.status, declined.text).toBe(200)
    expect((declined.json as unknown as SupplierRfq).invitation.status).toBe('declined')

    for (const path of [`/api/v1/rfq-inbox/${rfq.id}`, `/api/v1/rfqs/${rfq.id}`]) expect((await call(app, path, { jar: stranger })).status).toBe(404)
    expect((await call(app, `/api/v1/rfqs/${rfq.id}/questions`, { body: { question: 'Can I quote too?' }, jar: stranger })).status).toBe(404)
    expect((await call(app, `/api/v1/rfqs/${rfq.id}`, { jar: supplierA })).status).toBe(404)
    expect((await step(rfq.id, 'close', {}, stranger)).status).toBe(404)
  })

  it('keeps a sealed RFQ’s quotations to counts before the deadline', async () => {
    const rfq = await insertRfq(factoryBuyer.company.id, { sealed: true, supplierIds: [cast.suppliers[0]!.company.id] })
    await insertQuotation(rfq.id, cast.suppliers[0]!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '8617.2500' }])
    const response = await call(app, `/api/v1/rfqs/${rfq.id}`, { jar: factoryBuyer.jar })
    expect(response.status).toBe(200)
    expect((response.json as unknown as Rfq).quotations).toEqual({ sealed: true, count: 1, items: null })
    expect(response.text).not.toContain('8617')
  })

  it('refuses transitions the status does not allow and extending to an earlier deadline', async () => {
    const rfq = await createRfq()
    expect((await step(rfq.id, 'close')).status).toBe(409)
    await step(rfq.id, 'publish')
    const earlier = await step(rfq.id, 'extend', { deadline: inDays(2) })
    expect(earlier.status).toBe(422)
    const cancel = await step(rfq.id, 'cancel', { reason: '' })
    expect(cancel.status).toBe(422)
    expect((await step(rfq.id, 'cancel', { reason: 'Project stopped' })).status).toBe(200)
  })

  it('serves the public board without sign-in, open public requests only, without the buyer’s name', async () => {
    const open = await insertRfq(factoryBuyer.company.id, { visibility: 'public' })
    const invited = await insertRfq(factoryBuyer.company.id, { visibility: 'invited' })
    const response = await call(app, '/api/v1/buying-requests?limit=100')
    expect(response.status).toBe(200)
    const items = response.json.items as Array<{ id: string; buyer_country: string; detail_path: string }>
    expect(items.map((item) => item.id)).toContain(open.id)
    expect(items.map((item) => item.id)).not.toContain(invited.id)
    expect(items.find((item) => item.id === open.id)).toMatchObject({ buyer_country: 'DE', detail_path: `/app/supplier/portal/rfq/${open.id}` })
    expect((await call(app, '/api/v1/buying-requests?limit=1000')).status).toBe(422)
  })

  it('needs a company for every RFQ operation', async () => {
    expect((await call(app, '/api/v1/rfqs')).status).toBe(401)
    expect((await call(app, '/api/v1/rfq-inbox')).status).toBe(401)
  })
})
