import { inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { rfqLines } from './sourcing.tables.server'
import { database } from '../../platform/db/index.server'
import { createProduct } from '../../../db/factories/products'
import { createSourcingCast, insertProject, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let cast: Awaited<ReturnType<typeof createSourcingCast>>
let buyer: CookieJar
let stranger: CookieJar

type Entry = { supplier_id: string; note: string; approval: string | null; verified: boolean }

beforeAll(async () => {
  app = testApp()
  cast = await createSourcingCast()
  buyer = await signInWithCookies(app, cast.buyer.user)
  stranger = await signInWithCookies(app, cast.stranger.user)
})

describe('shortlist API', () => {
  it('adds, notes, lists and removes shortlisted suppliers; another company gets 404', async () => {
    const project = await insertProject(cast.buyer.company.id)
    const [a, b] = cast.suppliers
    const path = `/api/v1/projects/${project.id}/shortlist`
    const added = await call(app, path, { jar: buyer, body: { supplier_company_id: a!.company.id, note: 'Quick to quote' } })
    expect(added.status, added.text).toBe(201)
    expect(added.json).toMatchObject({ supplier_id: a!.company.id, note: 'Quick to quote', verified: true, approval: null })
    expect((await call(app, path, { jar: buyer, body: { supplier_company_id: a!.company.id } })).status).toBe(409)
    const invalid = await call(app, path, { jar: buyer, body: { supplier_company_id: cast.buyer.company.id } })
    expect(invalid.status).toBe(422)
    expect((invalid.json as { details: { fields: Record<string, string[]> } }).details.fields.supplier_company_id).toEqual([
      'Your own company cannot be chosen.',
    ])
    await call(app, path, { jar: buyer, body: { supplier_company_id: b!.company.id } })
    const noted = await call(app, `${path}/${b!.company.id}`, { jar: buyer, method: 'PUT', body: { note: 'Ask for samples' } })
    expect(noted.status, noted.text).toBe(200)
    expect((noted.json as Entry).note).toBe('Ask for samples')
    expect((await call(app, `${path}/${a!.company.id}`, { jar: buyer, method: 'DELETE' })).status).toBe(204)
    const listed = await call(app, path, { jar: buyer })
    expect((listed.json as { entries: Entry[] }).entries.map((entry) => [entry.supplier_id, entry.note])).toEqual([[b!.company.id, 'Ask for samples']])

    expect((await call(app, path, { jar: stranger })).status).toBe(404)
    expect((await call(app, path, { jar: stranger, body: { supplier_company_id: a!.company.id } })).status).toBe(404)
    expect((await call(app, `${path}/${b!.company.id}`, { jar: stranger, method: 'PUT', body: { note: 'x' } })).status).toBe(404)
    expect((await call(app, `${path}/${b!.company.id}`, { jar: stranger, method: 'DELETE' })).status).toBe(404)
    expect((await call(app, path)).status).toBe(401)
  })
})

describe('approved suppliers API', () => {
  it('lists suppliers by status, changes and removes them, and flags blocked ones in the supplier search', async () => {
    const [a, b, c] = cast.suppliers
    for (const [supplier, status] of [
      [a, 'approved'],
      [b, 'trial'],
      [c, 'blocked'],
    ] as const) {
      const response = await call(app, '/api/v1/approved-suppliers', {
        jar: buyer,
        body: { supplier_company_id: supplier!.company.id, status, note: `${status} note` },
      })
      expect(response.status, response.text).toBe(201)
    }
    expect((await call(app, '/api/v1/approved-suppliers', { jar: buyer, body: { supplier_company_id: a!.company.id, status: 'trial' } })).status).toBe(409)
    const bad = await call(app, '/api/v1/approved-suppliers', { jar: buyer, body: { supplier_company_id: a!.company.id, status: 'preferred' } })
    expect(bad.status).toBe(422)
    const list = await call(app, '/api/v1/approved-suppliers?status=blocked', { jar: buyer })
    expect(list.json).toMatchObject({ total: 1, counts: { approved: 1, trial: 1, blocked: 1 }, items: [{ supplier_id: c!.company.id, status: 'blocked' }] })
    const changed = await call(app, `/api/v1/approved-suppliers/${b!.company.id}`, {
      jar: buyer,
      method: 'PUT',
      body: { status: 'approved', note: 'Trial passed', document_file_ids: [] },
    })
    expect(changed.status, changed.text).toBe(200)
    expect(changed.json).toMatchObject({ status: 'approved', note: 'Trial passed' })

    const search = await call(app, `/api/v1/supplier-search?q=${encodeURIComponent('Supplier')}`, { jar: buyer })
    expect(search.status).toBe(200)
    const approvals = Object.fromEntries(
      (search.json as { items: Array<{ id: string; approval: string | null }> }).items.map((item) => [item.id, item.approval]),
    )
    expect(approvals[c!.company.id]).toBe('blocked')
    expect(approvals[b!.company.id]).toBe('approved')

    // Another company's list is its own: the same supplier is not on it.
    expect((await call(app, `/api/v1/approved-suppliers/${c!.company.id}`, { jar: stranger, method: 'PUT', body: { status: 'approved' } })).status).toBe(404)
    expect((await call(app, `/api/v1/approved-suppliers/${c!.company.id}`, { jar: stranger, method: 'DELETE' })).status).toBe(404)
    expect((await call(app, `/api/v1/approved-suppliers/${c!.company.id}`, { jar: buyer, method: 'DELETE' })).status).toBe(204)
    expect((await call(app, '/api/v1/approved-suppliers', { jar: stranger })).json).toMatchObject({ total: 0 })
  })
})

describe('price benchmarks API', () => {
  it('answers min, quartiles and max from the caller’s own quotes and the catalogue, and needs an HS code or a category', async () => {
    const [a, b] = cast.suppliers
    const rfq = await insertRfq(cast.buyer.company.id, { supplierIds: [a!.company.id, b!.company.id], deadline: new Date(Date.now() - 86_400_000) })
    await database()
      .update(rfqLines)
      .set({ hsCode: '691200', categoryId: 'mugs-cups' })
      .where(
        inArray(
          rfqLines.id,
          rfq.lines.map((line) => line.id),
        ),
      )
    await insertQuotation(rfq.id, a!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '2' }])
    await insertQuotation(rfq.id, b!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '4' }])
    await createProduct({ companyId: a!.company.id, nameEn: 'Mug', hsCode: '691200' })
    const response = await call(app, '/api/v1/price-benchmarks?hs_code=6912&currency=USD', { jar: buyer })
    expect(response.status, response.text).toBe(200)
    expect(response.json).toMatchObject({
      currency: 'USD',
      hs_code: '6912',
      quotations: { count: 2, min: '2.0000', p25: '2.5000', median: '3.0000', p75: '3.5000', max: '4.0000' },
      catalogue: { count: 0 },
    })
    expect((response.json as { trend: Array<{ combined: { count: number } }> }).trend.at(-1)!.combined).toMatchObject({
      count: 2,
      p25: '2.5000',
      p75: '3.5000',
    })
    const theirs = await call(app, '/api/v1/price-benchmarks?category=mugs-cups', { jar: stranger })
    expect(theirs.json).toMatchObject({ quotations: { count: 0, median: null } })
    const missing = await call(app, '/api/v1/price-benchmarks?currency=EUR', { jar: buyer })
    expect(missing.status).toBe(422)
    expect((missing.json as { details: { fields: Record<string, string[]> } }).details.fields.hs_code).toEqual(['Enter an HS code or choose a category.'])
  })
})
