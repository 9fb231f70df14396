import { randomUUID } from 'node:crypto'
import { and, count, eq, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../app/modules/catalog/catalog.tables.server'
import { addresses } from '../../app/modules/companies/companies.tables.server'
import { messages } from '../../app/modules/messaging/messaging.tables.server'
import { purchaseProjects, quotations, requirements, rfqs } from '../../app/modules/sourcing/sourcing.tables.server'
import { database } from '../../app/platform/db/index.server'
import { createSourcingCast, insertProject, insertRfq } from '../../tests/factories/sourcing'
import { call, type CookieJar, signInWithCookies, testApp } from '../../tests/support/http'

let app: ReturnType<typeof testApp>
let cast: Awaited<ReturnType<typeof createSourcingCast>>
let buyer: CookieJar
let supplier: CookieJar
let projectId: string
let openRfq: { id: string; lineIds: string[] }
let conversationId: string

beforeAll(async () => {
  app = testApp()
  cast = await createSourcingCast()
  buyer = await signInWithCookies(app, cast.buyer.user)
  supplier = await signInWithCookies(app, cast.suppliers[0]!.user)
  projectId = (await insertProject(cast.buyer.company.id)).id
  const opened = await call(app, '/api/v1/conversations', { jar: buyer, body: { kind: 'direct', company_id: cast.suppliers[0]!.company.id } })
  conversationId = String(opened.json.id)
})

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

async function rows(table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await database().select({ n: count() }).from(table).where(where)
  return row?.n ?? 0
}

/** A create operation: who calls it, where, its body for a marker, and how many records carry that marker. */
type Operation = { name: string; jar: () => CookieJar; method?: string; path: () => string; status: number; body: (marker: string) => Record<string, unknown>; stored: (marker: string) => Promise<number>; prepare?: () => Promise<void> }

/** A fresh RFQ the supplier is invited to: one quotation per supplier and RFQ, so each test gets its own. */
async function inviteSupplier(): Promise<void> {
  const project = await insertProject(cast.buyer.company.id)
  const rfq = await insertRfq(cast.buyer.company.id, { requirements: project.requirements.slice(0, 1), supplierIds: [cast.suppliers[0]!.company.id] })
  openRfq = { id: rfq.id, lineIds: rfq.lines.map((line) => line.id) }
}

const OPERATIONS: Operation[] = [
  {
    name: 'POST /v1/projects',
    jar: () => buyer,
    path: () => '/api/v1/projects',
    status: 201,
    body: (marker) => ({ name: marker, description: '', currency: 'USD', budget: '1000', deadline: '' }),
    stored: (marker) => rows(purchaseProjects, eq(purchaseProjects.name, marker)),
  },
  {
    name: 'POST /v1/requirements',
    jar: () => buyer,
    path: () => '/api/v1/requirements',
    status: 201,
    body: (marker) => ({ project_id: projectId, title: marker, specification: '', category_id: '', hs_code: '', quantity: 10, unit: 'pcs', target_unit_price: '5', target_currency: 'USD', required_by: '', destination: 'Rotterdam' }),
    stored: (marker) => rows(requirements, eq(requirements.title, marker)),
  },
  {
    name: 'POST /v1/rfqs',
    jar: () => buyer,
    path: () => '/api/v1/rfqs',
    status: 201,
    body: (marker) => ({ title: marker, description: '', quote_deadline: inDays(7), currency: 'usd', incoterm: 'FOB', incoterm_place: 'Shenzhen', sealed: false, visibility: 'invited', supplier_ids: [cast.suppliers[0]!.company.id], requirement_ids: [], lines: [{ title: 'Track spotlight 20 W', quantity: 250, unit: 'pcs', target_unit_price: '9.5' }], attachment_file_ids: [] }),
    stored: (marker) => rows(rfqs, eq(rfqs.title, marker)),
  },
  {
    name: 'PUT /v1/rfq-inbox/{id}/quotation',
    jar: () => supplier,
    method: 'PUT',
    path: () => `/api/v1/rfq-inbox/${openRfq.id}/quotation`,
    status: 200,
    body: (marker) => ({ currency: 'usd', incoterm: 'FOB', incoterm_place: 'Shenzhen', payment_terms: 'tt_30_70', valid_until: inDays(30).slice(0, 10), notes: marker, lines: openRfq.lineIds.map((id) => ({ rfq_line_id: id, unit_price: '17.5', moq: 50, lead_time_days: 25 })) }),
    stored: () => rows(quotations, and(eq(quotations.rfqId, openRfq.id), eq(quotations.supplierCompanyId, cast.suppliers[0]!.company.id))),
    prepare: inviteSupplier,
  },
  {
    name: 'POST /v1/products',
    jar: () => supplier,
    path: () => '/api/v1/products',
    status: 201,
    body: (marker) => ({ name_en: 'Solar garden lamp', sku: marker.slice(0, 40), category_id: 'lighting', hs_code: '940511', origin_country: 'CN', unit: 'piece', moq: 50, lead_time_days: 15, attributes: [] }),
    stored: (marker) => rows(products, eq(products.sku, marker.slice(0, 40))),
  },
  {
    name: 'POST /v1/addresses',
    jar: () => supplier,
    path: () => '/api/v1/addresses',
    status: 201,
    body: (marker) => ({ type: 'shipping', label: marker.slice(0, 60), recipient: 'Goods in', phone: '+44 20 7946 0000', line1: '1 Poultry', city: 'London', postal_code: 'ec2r8ef', country: 'gb' }),
    stored: (marker) => rows(addresses, eq(addresses.label, marker.slice(0, 60))),
  },
  {
    name: 'POST /v1/conversations/{id}/messages',
    jar: () => buyer,
    path: () => `/api/v1/conversations/${conversationId}/messages`,
    status: 201,
    body: (marker) => ({ body: marker }),
    stored: (marker) => rows(messages, eq(messages.body, marker)),
  },
]

describe('Idempotency-Key on every create operation', () => {
  for (const operation of OPERATIONS) {
    it(`${operation.name}: a retry with the same key answers with the first record and creates nothing`, async () => {
      await operation.prepare?.()
      const key = `retry-${randomUUID()}`
      const marker = `Idem-${randomUUID().slice(0, 12)}`
      const body = operation.body(marker)
      const send = (headers: Record<string, string> = { 'idempotency-key': key }) => call(app, operation.path(), { method: operation.method ?? 'POST', body, jar: operation.jar(), headers })
      const first = await send()
      expect(first.status, first.text).toBe(operation.status)
      const again = await send()
      expect(again.status, again.text).toBe(operation.status)
      expect(again.json.id).toBe(first.json.id)
      expect(await operation.stored(marker)).toBe(1)

      const malformed = await send({ 'idempotency-key': 'spaces are not allowed' })
      expect(malformed.status).toBeGreaterThanOrEqual(400)
      expect(malformed.status).toBeLessThan(500)
      expect(await operation.stored(marker)).toBe(1)
    })
  }

  for (const operation of OPERATIONS.filter((op) => !op.name.includes('messages'))) {
    it(`${operation.name}: the same key with a different body is 409 idempotency_key_reused`, async () => {
      await operation.prepare?.()
      const key = `reuse-${randomUUID()}`
      const first = await call(app, operation.path(), { method: operation.method ?? 'POST', body: operation.body(`Idem-${randomUUID().slice(0, 12)}`), jar: operation.jar(), headers: { 'idempotency-key': key } })
      expect(first.status, first.text).toBe(operation.status)
      const other = `Idem-${randomUUID().slice(0, 12)}`
      const reused = await call(app, operation.path(), { method: operation.method ?? 'POST', body: operation.body(other), jar: operation.jar(), headers: { 'idempotency-key': key } })
      expect(reused.status, reused.text).toBe(409)
      expect(reused.json).toMatchObject({ code: 'idempotency_key_reused' })
    })
  }

  it('declares the Idempotency-Key header on every create operation of the OpenAPI description', async () => {
    const spec = (await call(app, '/api/openapi.json')).json as { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>> }
    const creates = [
      ['/api/v1/projects', 'post'],
      ['/api/v1/requirements', 'post'],
      ['/api/v1/rfqs', 'post'],
      ['/api/v1/rfq-inbox/{id}/quotation', 'put'],
      ['/api/v1/products', 'post'],
      ['/api/v1/addresses', 'post'],
      ['/api/v1/conversations/{id}/messages', 'post'],
      ['/api/v1/orders', 'post'],
      ['/api/v1/service-orders', 'post'],
      ['/api/v1/logistic-orders', 'post'],
    ] as const
    for (const [path, method] of creates) {
      const parameters = spec.paths[path]?.[method]?.parameters ?? []
      expect(parameters, `${method} ${path}`).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key' }))
    }
  })
})
