import { createHash, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPurchaseOrder, transitionPurchaseOrder } from '../orders/index.server'
import { CreatePurchaseOrderInput } from '../orders/index'
import { documentBatchJob } from './index.server'
import { documentShares } from './documents.tables.server'
import { CATALOGS } from '../../platform/i18n/catalog.server'
import { database } from '../../platform/db/index.server'
import { LocalDiskStorage } from '../../platform/files/local-storage.server'
import { useFileStorage } from '../../platform/files/storage.server'
import { createMember } from '../../../db/factories/companies'
import { shipOrder } from '../../../db/factories/shipments'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { withJobs } from '../../../tests/support/jobs'
import { call, CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { TEST_PUBLIC_URL } from '../../../tests/support/test-env'

type Detail = {
  id: string
  number: string
  status: string
  version: number
  current_version: number
  content: { fields: Record<string, string>; lines: Array<Record<string, unknown>> }
  versions: Array<{ number: number; pdf_sha256: string | null }>
  decision: { by_name: string; reason: string } | null
  void_reason: string
}

let app: ReturnType<typeof testApp>
let root: string
let parties: Awaited<ReturnType<typeof createOrderParties>>
let supplier: CookieJar
let buyer: CookieJar
let stranger: CookieJar
const messages = CATALOGS.en.documents.validation

beforeAll(async () => {
  app = testApp()
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-documents-api-'))
  useFileStorage(new LocalDiskStorage(root))
  parties = await createOrderParties()
  supplier = await signInWithCookies(app, parties.supplier.user)
  buyer = await signInWithCookies(app, parties.buyer.user)
  stranger = await signInWithCookies(app, parties.stranger.user)
})

afterAll(async () => {
  useFileStorage(undefined)
  await rm(root, { recursive: true, force: true })
})

withJobs([documentBatchJob])

/** An order the buyer placed and the supplier confirmed: the record documents are made from. */
async function confirmedOrder() {
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
  await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
  return order
}

const create = (body: Record<string, unknown>, jar = supplier, headers: Record<string, string> = {}) =>
  call(app, '/api/v1/documents', { body: { language: 'en', ...body }, jar, headers })

const detail = async (id: string, jar = supplier) => (await call(app, `/api/v1/documents/${id}`, { jar })).json as unknown as Detail

/** A proforma of a fresh order, made and issued through the API. */
async function issuedProforma() {
  const order = await confirmedOrder()
  const made = await create({ source_kind: 'purchase_order', source_id: order.id, type: 'proforma_invoice' })
  expect(made.status, made.text).toBe(201)
  const id = String(made.json.id)
  const issued = await call(app, `/api/v1/documents/${id}/issue`, { body: { version: made.json.version }, jar: supplier })
  expect(issued.status, issued.text).toBe(200)
  return { order, id, document: issued.json as unknown as Detail }
}

/** A binary answer (a PDF, a zip): its bytes and headers. */
async function download(target: string, init: { jar?: CookieJar; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers)
  if (init.jar?.header()) headers.set('cookie', init.jar.header())
  const response = await app.request(`${TEST_PUBLIC_URL}${target}`, { headers })
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function share(id: string, body: Record<string, unknown> = {}) {
  const created = await call(app, `/api/v1/documents/${id}/shares`, {
    body: { days: 7, password: '', label: 'Accounts desk', can_decide: true, ...body },
    jar: supplier,
  })
  expect(created.status, created.text).toBe(201)
  return created.json as { id: string; token: string; url: string; expires_at: string }
}

describe('documents API', () => {
  it('makes a numbered draft from an order (201), once per Idempotency-Key', async () => {
    const order = await confirmedOrder()
    const key = `pi-${randomUUID()}`
    const made = await create({ source_kind: 'purchase_order', source_id: order.id, type: 'proforma_invoice' }, supplier, { 'idempotency-key': key })
    expect(made.status, made.text).toBe(201)
    expect(made.json).toMatchObject({ type: 'proforma_invoice', status: 'draft', current_version: 1, source: { kind: 'purchase_order', number: order.number } })
    expect(made.json.number).toMatch(new RegExp(`^PI-${new Date().getUTCFullYear()}-\\d{5}$`))
    expect(made.headers.get('location')).toBe(`/api/v1/documents/${made.json.id}`)
    const again = await create({ source_kind: 'purchase_order', source_id: order.id, type: 'proforma_invoice' }, supplier, { 'idempotency-key': key })
    expect(again).toMatchObject({ status: 201, json: { id: made.json.id } })

    const listed = await call(app, `/api/v1/documents?direction=sent&source_kind=purchase_order&source_id=${order.id}`, { jar: supplier })
    expect(listed.status).toBe(200)
    expect(listed.json).toMatchObject({
      total: 1,
      limit: 25,
      offset: 0,
      items: [{ id: made.json.id, side: 'writer', counterpart: { id: parties.buyer.company.id } }],
    })
    // The buyer is not shown a draft.
    expect((await call(app, `/api/v1/documents/${made.json.id}`, { jar: buyer })).status).toBe(404)
    expect((await call(app, `/api/v1/documents?direction=received`, { jar: buyer })).json).toMatchObject({ total: 0 })
  })

  it('refuses another company’s record (404), a type that does not fit it (422 type) and a bad list filter (422)', async () => {
    const order = await confirmedOrder()
    expect((await create({ source_kind: 'purchase_order', source_id: order.id, type: 'sales_contract' }, stranger)).status).toBe(404)
    const wrongType = await create({ source_kind: 'purchase_order', source_id: order.id, type: 'packing_list' })
    expect(wrongType).toMatchObject({ status: 422, json: { code: 'validation_failed', details: { fields: { type: [messages.typeForSource] } } } })
    const unknownKind = await create({ source_kind: 'invoice', source_id: order.id, type: 'packing_list' })
    expect(unknownKind).toMatchObject({ status: 422, json: { details: { fields: { source_kind: [messages.source] } } } })
    const badFilter = await call(app, '/api/v1/documents?from=2026-02-30', { jar: supplier })
    expect(badFilter).toMatchObject({ status: 422, json: { details: { fields: { from: [messages.date] } } } })
  })

  it('edits a draft in place, refuses oversized remarks (422) and a stale version (409)', async () => {
    const order = await confirmedOrder()
    const made = await create({ source_kind: 'purchase_order', source_id: order.id, type: 'commercial_invoice' })
    const id = String(made.json.id)
    const edited = await call(app, `/api/v1/documents/${id}`, {
      method: 'PATCH',
      body: {
        version: made.json.version,
        fields: { bank_details: 'HSBC HK 123-456789-001' },
        lines: [{ position: 1, hs_code: '9405.21', origin_country: 'cn' }],
      },
      jar: supplier,
    })
    expect(edited.status, edited.text).toBe(200)
    expect(edited.json).toMatchObject({ status: 'draft', current_version: 1, content: { fields: { bank_details: 'HSBC HK 123-456789-001' } } })
    expect((edited.json as unknown as Detail).content.lines[0]).toMatchObject({ hs_code: '9405.21', origin_country: 'CN' })

    const oversized = await call(app, `/api/v1/documents/${id}`, {
      method: 'PATCH',
      body: { version: edited.json.version, fields: { remarks: 'x'.repeat(2001) } },
      jar: supplier,
    })
    expect(oversized).toMatchObject({ status: 422, json: { details: { fields: { 'fields.remarks': [messages.textTooLong] } } } })
    const stale = await call(app, `/api/v1/documents/${id}`, {
      method: 'PATCH',
      body: { version: made.json.version, fields: { remarks: 'late' } },
      jar: supplier,
    })
    expect(stale).toMatchObject({ status: 409, json: { code: 'stale_version' } })
    // Only the writer edits; another company does not find it.
    expect((await call(app, `/api/v1/documents/${id}`, { method: 'PATCH', body: { version: edited.json.version }, jar: stranger })).status).toBe(404)
  })

  it('issues a draft whose PDF carries the recorded SHA-256, and hides it from another company', async () => {
    const { id, document } = await issuedProforma()
    expect(document.status).toBe('issued')
    const recorded = document.versions[0]!.pdf_sha256
    expect(recorded).toMatch(/^[0-9a-f]{64}$/)

    const pdf = await download(`/api/v1/documents/${id}/pdf?version=1`, { jar: supplier })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toContain(`inline; filename="${document.number}.pdf"`)
    expect(pdf.headers.get('x-document-sha256')).toBe(recorded)
    expect(pdf.headers.get('x-document-matches')).toBe('true')
    expect(sha256(pdf.bytes)).toBe(recorded)
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    // The counterparty gets the same paper; the browser revalidates by its ETag.
    const buyersCopy = await download(`/api/v1/documents/${id}/pdf`, { jar: buyer })
    expect(buyersCopy.headers.get('x-document-sha256')).toBe(recorded)
    expect((await download(`/api/v1/documents/${id}/pdf`, { jar: buyer, headers: { 'if-none-match': `"${recorded}"` } })).status).toBe(304)

    expect((await download(`/api/v1/documents/${id}/pdf`, { jar: stranger })).status).toBe(404)
    expect((await download(`/api/v1/documents/${id}/pdf?version=9`, { jar: supplier })).status).toBe(404)
    expect((await call(app, `/api/v1/documents/${id}/pdf?version=zero`, { jar: supplier })).status).toBe(422)
  })

  it('keeps every version: an edit of an issued document is draft version 2, compared with 1, while the buyer still reads version 1', async () => {
    const { id, document } = await issuedProforma()
    const edited = await call(app, `/api/v1/documents/${id}`, {
      method: 'PATCH',
      body: { version: document.version, fields: { port_of_discharge: 'Hamburg' } },
      jar: supplier,
    })
    expect(edited.json).toMatchObject({ status: 'draft', current_version: 2 })
    expect((edited.json as unknown as Detail).versions.map((version) => version.number)).toEqual([1, 2])

    const compared = await call(app, `/api/v1/documents/${id}/versions/compare?from=1&to=2`, { jar: supplier })
    expect(compared).toMatchObject({ status: 200, json: { from: 1, to: 2, changes: [{ path: 'fields.port_of_discharge', before: '', after: 'Hamburg' }] } })
    const missing = await call(app, `/api/v1/documents/${id}/versions/compare?from=1&to=3`, { jar: supplier })
    expect(missing).toMatchObject({ status: 422, json: { details: { fields: { to: [messages.versionOfDocument] } } } })

    const seen = await detail(id, buyer)
    expect(seen).toMatchObject({ side: 'counterparty', current_version: 1 })
    expect(seen.versions.map((version) => version.number)).toEqual([1])
    expect(seen.content.fields.port_of_discharge).toBe('')
    // The draft version is the writer's: the buyer can neither compare with it nor download it.
    expect((await call(app, `/api/v1/documents/${id}/versions/compare?from=1&to=2`, { jar: buyer })).status).toBe(422)
    expect((await download(`/api/v1/documents/${id}/pdf?version=2`, { jar: buyer })).status).toBe(404)
    const draftPdf = await download(`/api/v1/documents/${id}/pdf`, { jar: supplier })
    expect(draftPdf.status).toBe(200)
    expect(draftPdf.headers.get('x-document-matches')).toBeNull()
  })

  it('lets the counterparty accept the issued version, under the signed-in user’s name', async () => {
    const { id, document } = await issuedProforma()
    // The writer does not answer its own document.
    expect((await call(app, `/api/v1/documents/${id}/decision`, { body: { version: document.version, decision: 'accept' }, jar: supplier })).status).toBe(403)
    const noReason = await call(app, `/api/v1/documents/${id}/decision`, { body: { version: document.version, decision: 'reject', reason: '' }, jar: buyer })
    expect(noReason).toMatchObject({ status: 422, json: { details: { fields: { reason: [messages.reason] } } } })
    const accepted = await call(app, `/api/v1/documents/${id}/decision`, { body: { version: document.version, decision: 'accept' }, jar: buyer })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.json).toMatchObject({ status: 'accepted', side: 'counterparty', decision: { by_name: parties.buyer.user.name } })
    expect((await detail(id)).decision).toMatchObject({ by_name: parties.buyer.user.name })
  })

  it('voids an issued document with a reason', async () => {
    const { id, document } = await issuedProforma()
    const noReason = await call(app, `/api/v1/documents/${id}/void`, { body: { version: document.version, reason: '' }, jar: supplier })
    expect(noReason).toMatchObject({ status: 422, json: { details: { fields: { reason: [messages.reason] } } } })
    const voided = await call(app, `/api/v1/documents/${id}/void`, { body: { version: document.version, reason: 'Replaced by a new proforma' }, jar: supplier })
    expect(voided).toMatchObject({ status: 200, json: { status: 'void', void_reason: 'Replaced by a new proforma' } })
    expect((await call(app, `/api/v1/documents/${id}/void`, { body: { version: voided.json.version, reason: 'Twice' }, jar: supplier })).status).toBe(409)
  })

  it('shares an issued document by a link that opens without a session, logs its views, and dies when expired or revoked', async () => {
    const { id, document } = await issuedProforma()
    const link = await share(id)
    expect(link.url).toBe(`${TEST_PUBLIC_URL}/en/view?token=${link.token}`)

    const opened = await call(app, `/api/v1/shared-documents/${link.token}`)
    expect(opened.status, opened.text).toBe(200)
    expect(opened.json).toMatchObject({
      can_decide: true,
      document: { number: document.number, status: 'issued', version_number: 1, pdf_sha256: document.versions[0]!.pdf_sha256 },
    })
    const pdf = await download(`/api/v1/shared-documents/${link.token}/pdf`)
    expect(pdf).toMatchObject({ status: 200 })
    expect(pdf.headers.get('x-document-sha256')).toBe(document.versions[0]!.pdf_sha256)
    expect(pdf.headers.get('x-document-matches')).toBe('true')

    const listed = await call(app, `/api/v1/documents/${id}/shares`, { jar: supplier })
    expect(listed.json).toMatchObject({ items: [{ id: link.id, label: 'Accounts desk', status: 'active', has_password: false, views: 1 }] })
    const views = await call(app, `/api/v1/documents/${id}/shares/${link.id}/views`, { jar: supplier })
    expect(views.json).toMatchObject({ items: [{ version_number: 1, visitor: expect.stringMatching(/^[0-9a-f]{16}$/) }] })
    // The links are the writer's: the counterparty and others learn nothing of them.
    expect((await call(app, `/api/v1/documents/${id}/shares`, { jar: buyer })).status).toBe(404)

    expect((await call(app, '/api/v1/shared-documents/not-a-token')).status).toBe(404)
    expect((await call(app, `/api/v1/shared-documents/${'x'.repeat(43)}`)).status).toBe(404)
    await database()
      .update(documentShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(documentShares.id, link.id))
    expect(await call(app, `/api/v1/shared-documents/${link.token}`)).toMatchObject({ status: 410, json: { code: 'share_expired' } })

    const other = await share(id)
    expect((await call(app, `/api/v1/documents/${id}/shares/${other.id}`, { method: 'DELETE', jar: supplier })).status).toBe(204)
    expect((await call(app, `/api/v1/shared-documents/${other.token}`)).status).toBe(404)
    expect((await download(`/api/v1/shared-documents/${other.token}/pdf`)).status).toBe(404)
  })

  it('answers a retried share with the same link', async () => {
    const { id } = await issuedProforma()
    const key = `share-${randomUUID()}`
    const body = { days: 7, password: '', label: 'Bank', can_decide: false }
    const first = await call(app, `/api/v1/documents/${id}/shares`, { body, jar: supplier, headers: { 'idempotency-key': key } })
    const again = await call(app, `/api/v1/documents/${id}/shares`, { body, jar: supplier, headers: { 'idempotency-key': key } })
    expect(again).toMatchObject({ status: 201, json: { id: first.json.id, token: first.json.token, expires_at: first.json.expires_at } })
    expect((await call(app, `/api/v1/shared-documents/${String(again.json.token)}`)).status).toBe(200)
    const reused = await call(app, `/api/v1/documents/${id}/shares`, { body: { ...body, label: 'Broker' }, jar: supplier, headers: { 'idempotency-key': key } })
    expect(reused).toMatchObject({ status: 409, json: { code: 'idempotency_key_reused' } })
  })

  it('asks for a protected link’s password, remembers the right one in a cookie, and records the name of who answers through it', async () => {
    const { id, document } = await issuedProforma()
    const link = await share(id, { password: 'harbour-77' })
    const target = `/api/v1/shared-documents/${link.token}`
    expect(await call(app, target)).toMatchObject({ status: 403, json: { code: 'share_password_required' } })
    expect(await call(app, target, { headers: { 'x-share-password': 'nope-nope' } })).toMatchObject({ status: 403, json: { code: 'share_password_wrong' } })
    expect((await download(`${target}/pdf`)).status).toBe(403)

    const visitor = new CookieJar()
    const opened = await call(app, target, { headers: { 'x-share-password': 'harbour-77' }, jar: visitor })
    expect(opened.status, opened.text).toBe(200)
    expect(visitor.names()).toEqual([`tp_doc_share_${sha256(new TextEncoder().encode(link.token)).slice(0, 12)}`])
    expect(opened.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax/)
    // The cookie opens the link and its PDF again without the password.
    expect((await call(app, target, { jar: visitor })).status).toBe(200)
    expect((await download(`${target}/pdf`, { jar: visitor })).status).toBe(200)

    const unnamed = await call(app, `${target}/decision`, { body: { name: '', decision: 'accept', version_number: 1 }, jar: visitor })
    expect(unnamed).toMatchObject({ status: 422, json: { details: { fields: { name: [messages.signerName] } } } })
    const answered = await call(app, `${target}/decision`, { body: { name: 'Bea Lin', decision: 'accept', reason: '', version_number: 1 }, jar: visitor })
    expect(answered.status, answered.text).toBe(204)
    const decided = await detail(id)
    expect(decided).toMatchObject({ status: 'accepted', decision: { by_name: 'Bea Lin' } })
    expect((await call(app, target, { jar: visitor })).json).toMatchObject({ can_decide: false, document: { decision: { by_name: 'Bea Lin' } } })

    const verified = await call(app, `/api/v1/document-verifications/${String((decided as unknown as { verify_code: string }).verify_code)}`)
    expect(verified).toMatchObject({
      status: 200,
      json: {
        number: document.number,
        status: 'accepted',
        versions: [{ number: 1, sha256: document.versions[0]!.pdf_sha256 }],
        decision: { by_name: 'Bea Lin' },
      },
    })
    expect((await call(app, '/api/v1/document-verifications/unknown-code-0000')).status).toBe(404)
  })

  it('refuses to share a draft (409) and another company’s document (404)', async () => {
    const order = await confirmedOrder()
    const made = await create({ source_kind: 'purchase_order', source_id: order.id, type: 'proforma_invoice' })
    const body = { days: 7, password: '', label: '', can_decide: false }
    expect((await call(app, `/api/v1/documents/${made.json.id}/shares`, { body, jar: supplier })).status).toBe(409)
    expect((await call(app, `/api/v1/documents/${made.json.id}/shares`, { body, jar: stranger })).status).toBe(404)
    const shortPassword = await call(app, `/api/v1/documents/${made.json.id}/shares`, { body: { ...body, password: 'abc' }, jar: supplier })
    expect(shortPassword).toMatchObject({ status: 422, json: { details: { fields: { password: [messages.sharePassword] } } } })
  })

  it('zips every document of a shipment in a background batch, with its progress', async () => {
    const order = await confirmedOrder()
    const shipmentId = await shipOrder(parties.supplier.ctx, order.id, { [order.lines[0]!.id]: 10 })
    for (const type of ['commercial_invoice', 'packing_list']) {
      expect((await create({ source_kind: 'shipment', source_id: shipmentId, type })).status).toBe(201)
    }
    const started = await call(app, '/api/v1/documents/batches', { body: { source_kind: 'shipment', source_id: shipmentId }, jar: supplier })
    expect(started.status, started.text).toBe(202)
    expect(started.json).toMatchObject({ status: 'queued', total: 2, done: 0 })
    const batchId = String(started.json.id)

    let progress = started.json
    for (let tries = 0; tries < 100 && progress.status !== 'done' && progress.status !== 'failed'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      progress = (await call(app, `/api/v1/documents/batches/${batchId}`, { jar: supplier })).json
    }
    expect(progress).toMatchObject({ status: 'done', total: 2, done: 2 })

    const zip = await download(`/api/v1/documents/batches/${batchId}/zip`, { jar: supplier })
    expect(zip.status).toBe(200)
    expect(zip.headers.get('content-type')).toBe('application/zip')
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename=".+-documents\.zip"/)
    expect(Buffer.from(zip.bytes.subarray(0, 2)).toString()).toBe('PK')
    expect(zip.bytes.byteLength).toBe(progress.size_bytes)

    expect((await call(app, `/api/v1/documents/batches/${batchId}`, { jar: stranger })).status).toBe(404)
    expect((await download(`/api/v1/documents/batches/${batchId}/zip`, { jar: stranger })).status).toBe(404)
    const empty = await call(app, '/api/v1/documents/batches', { body: { source_kind: 'shipment', source_id: shipmentId }, jar: stranger })
    expect(empty).toMatchObject({ status: 422, json: { details: { fields: { source_id: [messages.noDocuments] } } } })
  })

  it('lists nothing for a company party to no document', async () => {
    const { user } = await createMember({ role: 'member' })
    expect((await call(app, '/api/v1/documents', { jar: await signInWithCookies(app, user) })).json).toMatchObject({ items: [], total: 0 })
  })
})
