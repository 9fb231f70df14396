import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../db/factories/companies'
import { contextOf } from '../../db/factories/context'
import { shipOrder } from '../../db/factories/shipments'
import { createOrderParties, orderRequest } from '../../tests/factories/orders'
import { CreatePurchaseOrderInput } from '../modules/orders/index'
import { createPurchaseOrder, getPurchaseOrder, transitionPurchaseOrder } from '../modules/orders/index.server'
import { CreateDocumentInput, DecideDocumentInput, diffContents, EditDocumentInput } from '../modules/documents/index'
import { createDocumentFromRecord as createDocument } from './create-document.server'
import {
  createShare,
  decideDocument,
  decideThroughShare,
  documentCounterparts,
  listDocuments,
  documentPdf,
  documentsOfRecord,
  editDocument,
  getDocument,
  issueDocument,
  openShare,
  revokeShare,
  sharedPdf,
  verifyDocument,
  voidDocument,
} from '../modules/documents/index.server'
import { CreateShareInput, DocumentListQuery } from '../modules/documents/index'
import { listNotifications } from '../modules/kernel/index.server'
import { database } from '../platform/db/index.server'
import { documentShares } from '../modules/documents/documents.tables.server'
import { eq } from 'drizzle-orm'

let parties: Awaited<ReturnType<typeof createOrderParties>>

beforeAll(async () => {
  parties = await createOrderParties()
})

async function confirmedOrder() {
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
  await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
  return getPurchaseOrder(parties.supplier.ctx, order.id)
}

const create = (sourceKind: string, sourceId: string, type: string) => CreateDocumentInput.parse({ sourceKind, sourceId, type, language: 'en+zh-Hans' })

describe('documents made from records', () => {
  it('snapshots an order into a numbered proforma, edits the draft in place, issues it, and the buyer accepts it', async () => {
    const order = await confirmedOrder()
    const id = await createDocument(parties.supplier.ctx, create('purchase_order', order.id, 'proforma_invoice'), { idempotencyKey: `pi-${order.id}` })
    // The same key makes it once.
    expect(await createDocument(parties.supplier.ctx, create('purchase_order', order.id, 'proforma_invoice'), { idempotencyKey: `pi-${order.id}` })).toBe(id)
    const draft = await getDocument(parties.supplier.ctx, id)
    expect(draft).toMatchObject({ type: 'proforma_invoice', status: 'draft', side: 'writer', source: { number: order.number }, currentVersion: 1 })
    expect(draft.number).toMatch(/^PI-\d{4}-\d{5}$/)
    expect(draft.content.lines.map((line) => line.description)).toEqual(order.lines.map((line) => line.description))
    expect(Number(draft.content.totals.total)).toBe(Number(order.total))
    // The buyer does not see a draft.
    await expect(getDocument(parties.buyer.ctx, id)).rejects.toMatchObject({ code: 'not_found' })

    await editDocument(
      parties.supplier.ctx,
      id,
      EditDocumentInput.parse({
        version: draft.version,
        fields: { bankDetails: 'HSBC HK 123-456789-001' },
        lines: [{ position: 1, hsCode: '6912.00', originCountry: 'cn' }],
      }),
    )
    const edited = await getDocument(parties.supplier.ctx, id)
    expect(edited.currentVersion).toBe(1)
    expect(edited.content.fields.bankDetails).toBe('HSBC HK 123-456789-001')
    expect(edited.content.lines[0]).toMatchObject({ hsCode: '6912.00', originCountry: 'CN' })
    await expect(
      editDocument(parties.supplier.ctx, id, EditDocumentInput.parse({ version: draft.version, fields: { remarks: 'late' } })),
    ).rejects.toMatchObject({
      code: 'stale_version',
    })

    await issueDocument(parties.supplier.ctx, id, edited.version)
    const seen = await getDocument(parties.buyer.ctx, id)
    expect(seen).toMatchObject({ side: 'counterparty', status: 'issued' })
    expect((await documentsOfRecord(parties.buyer.ctx, 'purchase_order', order.id)).map((doc) => doc.id)).toContain(id)
    // Only the counterparty answers, and only the writer issues.
    await expect(
      decideDocument(parties.supplier.ctx, id, DecideDocumentInput.parse({ version: seen.version, decision: 'accept' }), 'Sam'),
    ).rejects.toMatchObject({
      code: 'forbidden',
    })
    // A rejection says why.
    expect(DecideDocumentInput.safeParse({ version: seen.version, decision: 'reject', reason: '' }).success).toBe(false)
    await decideDocument(parties.buyer.ctx, id, DecideDocumentInput.parse({ version: seen.version, decision: 'accept' }), 'Bea Lin')
    const accepted = await getDocument(parties.supplier.ctx, id)
    expect(accepted.status).toBe('accepted')
    expect(accepted.decision).toMatchObject({ byName: 'Bea Lin' })
    expect(accepted.events.map((event) => event.type)).toEqual(['accepted', 'issued', 'edited', 'created'])
  })

  it('keeps every version: editing an issued document makes a new draft version the counterparty sees only once issued', async () => {
    const order = await confirmedOrder()
    const id = await createDocument(parties.supplier.ctx, create('purchase_order', order.id, 'commercial_invoice'))
    const first = await getDocument(parties.supplier.ctx, id)
    await issueDocument(parties.supplier.ctx, id, first.version)
    const issued = await getDocument(parties.supplier.ctx, id)
    // A form still showing the draft cannot change the issued version in place: 409, and version 1 stays as issued.
    await expect(
      editDocument(parties.supplier.ctx, id, EditDocumentInput.parse({ version: first.version, fields: { remarks: 'in place' } })),
    ).rejects.toMatchObject({
      code: 'stale_version',
    })
    expect((await getDocument(parties.supplier.ctx, id)).versions).toEqual([expect.objectContaining({ number: 1, pdfSha256: issued.versions[0]!.pdfSha256 })])
    await editDocument(parties.supplier.ctx, id, EditDocumentInput.parse({ version: issued.version, fields: { remarks: 'Corrected port' } }))
    const second = await getDocument(parties.supplier.ctx, id)
    expect(second).toMatchObject({ status: 'draft', currentVersion: 2 })
    expect(second.versions.map((version) => version.number)).toEqual([1, 2])
    expect(diffContents(first.content, second.content)).toEqual([{ path: 'fields.remarks', before: '', after: 'Corrected port' }])
    // The buyer still reads version 1 while version 2 is a draft.
    const buyerView = await getDocument(parties.buyer.ctx, id)
    expect(buyerView.currentVersion).toBe(1)
    expect(buyerView.content.fields.remarks).toBe('')
    await issueDocument(parties.supplier.ctx, id, second.version)
    const reissued = await getDocument(parties.buyer.ctx, id)
    expect(reissued.currentVersion).toBe(2)
    await decideDocument(
      parties.buyer.ctx,
      id,
      DecideDocumentInput.parse({ version: reissued.version, decision: 'reject', reason: 'Wrong consignee' }),
      'Bea Lin',
    )
    const rejected = await getDocument(parties.supplier.ctx, id)
    await voidDocument(parties.supplier.ctx, id, { version: rejected.version, reason: 'Replaced by a new invoice' })
    const voided = await getDocument(parties.supplier.ctx, id)
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Replaced by a new invoice' })
    await expect(editDocument(parties.supplier.ctx, id, EditDocumentInput.parse({ version: voided.version, fields: { remarks: 'x' } }))).rejects.toMatchObject({
      code: 'invalid_transition',
    })
  })

  it('refuses a type that does not fit the record or the side, and another company’s record', async () => {
    const order = await confirmedOrder()
    await expect(createDocument(parties.supplier.ctx, create('purchase_order', order.id, 'packing_list'))).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { type: ['validation.typeForSource'] } },
    })
    await expect(createDocument(parties.buyer.ctx, create('purchase_order', order.id, 'commercial_invoice'))).rejects.toMatchObject({
      details: { fields: { type: ['validation.typeForSide'] } },
    })
    const buyersOwn = await createDocument(parties.buyer.ctx, create('purchase_order', order.id, 'purchase_order'))
    expect((await getDocument(parties.buyer.ctx, buyersOwn)).number).toMatch(/^PUR-/)
    const stranger = await createMember({ role: 'owner' })
    const strangerCtx = contextOf(stranger.user.id, stranger.company.id)
    await expect(createDocument(strangerCtx, create('purchase_order', order.id, 'sales_contract'))).rejects.toMatchObject({ code: 'not_found' })
    await expect(getDocument(strangerCtx, buyersOwn)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('writes a shipment’s packing list for the shipper with the route and what it carries; the buyer cannot write one', async () => {
    const order = await confirmedOrder()
    const shipmentId = await shipOrder(parties.supplier.ctx, order.id, { [order.lines[0]!.id]: 10 })
    const id = await createDocument(parties.supplier.ctx, create('shipment', shipmentId, 'packing_list'))
    const list = await getDocument(parties.supplier.ctx, id)
    expect(list.number).toMatch(/^PL-/)
    expect(list.content.relatedNumbers).toEqual([order.number])
    expect(list.content.lines).toEqual([expect.objectContaining({ description: order.lines[0]!.description, quantity: 10 })])
    expect(list.content.transport).not.toBeNull()
    await expect(createDocument(parties.buyer.ctx, create('shipment', shipmentId, 'commercial_invoice'))).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('issues the paper: the PDF says what the order says (Chinese too), its hash is kept, the order’s timeline and the buyer hear of it, and a share link answers', async () => {
    const request = orderRequest(parties, { place: true })
    const order = await createPurchaseOrder(
      parties.buyer.ctx,
      CreatePurchaseOrderInput.parse({
        ...request,
        lines: [...request.lines, { description: '不锈钢保温杯 500毫升', unit: 'pcs', unitPrice: '4.2500', quantity: 200 }],
      }),
    )
    await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
    const id = await createDocument(parties.supplier.ctx, create('purchase_order', order.id, 'proforma_invoice'))
    await issueDocument(parties.supplier.ctx, id, (await getDocument(parties.supplier.ctx, id)).version)
    const issued = await getDocument(parties.supplier.ctx, id)
    expect(issued.versions[0]!.pdfSha256).toMatch(/^[0-9a-f]{64}$/)

    const pdf = await documentPdf(parties.buyer.ctx, id)
    expect(pdf).toMatchObject({ sha256: issued.versions[0]!.pdfSha256, matches: true })
    const text = await pdfText(pdf.bytes)
    expect(text).not.toContain('\u0000')
    for (const needle of [issued.number, order.number, '不锈钢保温杯', ...issued.content.lines.map((line) => line.description)]) expect(text).toContain(needle)
    expect(text.replace(/[,\s]/g, '')).toContain(issued.content.totals.total.replace(/[,\s]/g, ''))
    // Another company learns nothing, not even of the draft's existence.
    const stranger = await createMember({ role: 'owner' })
    await expect(documentPdf(contextOf(stranger.user.id, stranger.company.id), id)).rejects.toMatchObject({ code: 'not_found' })

    // The list's counterpart filter offers the writer to the receiver, and filters by it.
    expect(await documentCounterparts(parties.buyer.ctx)).toContainEqual({ id: parties.supplier.company.id, name: expect.any(String) })
    const received = await listDocuments(parties.buyer.ctx, DocumentListQuery.parse({ counterpart: parties.supplier.company.id, direction: 'received' }))
    expect(received.items.map((item) => item.id)).toContain(id)
    expect(received.items.every((item) => item.side === 'counterparty')).toBe(true)
    const timeline = (await getPurchaseOrder(parties.buyer.ctx, order.id)).events.map((event) => event.type)
    expect(timeline).toContain('document_issued')
    const notices = await listNotifications(parties.buyer.ctx)
    expect(notices.items.map((notice) => notice.kind)).toContain('document.issued')

    // A protected link: no password, a wrong one, then the right one, whose proof opens it again.
    const visitor = { ip: '203.0.113.9', userAgent: 'test' }
    const share = await createShare(parties.supplier.ctx, id, CreateShareInput.parse({ days: 7, password: 'harbour-77', label: 'Accounts', canDecide: true }))
    await expect(openShare({ token: share.token, visitor })).rejects.toMatchObject({ code: 'share_password_required' })
    await expect(openShare({ token: share.token, password: 'nope-nope', visitor })).rejects.toMatchObject({ code: 'share_password_wrong' })
    const opened = await openShare({ token: share.token, password: 'harbour-77', visitor })
    expect(opened.document).toMatchObject({ number: issued.number, versionNumber: 1, pdfSha256: issued.versions[0]!.pdfSha256 })
    expect((await sharedPdf({ token: share.token, proof: opened.proof, visitor })).matches).toBe(true)
    await expect(openShare({ token: 'x'.repeat(43), visitor })).rejects.toMatchObject({ code: 'not_found' })
    await expect(openShare({ token: 'short', visitor })).rejects.toMatchObject({ code: 'not_found' })

    await decideThroughShare({ token: share.token, proof: opened.proof, visitor }, { name: 'Bea Lin', decision: 'accept', reason: '', versionNumber: 1 })
    const accepted = await getDocument(parties.supplier.ctx, id)
    expect(accepted).toMatchObject({ status: 'accepted', decision: { byName: 'Bea Lin' }, decisionSha256: issued.versions[0]!.pdfSha256 })
    expect((await getPurchaseOrder(parties.supplier.ctx, order.id)).events.map((event) => event.type)).toContain('document_accepted')
    expect((await verifyDocument(issued.verifyCode)).versions).toEqual([expect.objectContaining({ number: 1, sha256: issued.versions[0]!.pdfSha256 })])

    // Expired: 410; revoked: 404.
    await database()
      .update(documentShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(documentShares.id, share.id))
    await expect(openShare({ token: share.token, proof: opened.proof, visitor })).rejects.toMatchObject({ code: 'share_expired' })
    await revokeShare(parties.supplier.ctx, id, share.id)
    await expect(openShare({ token: share.token, proof: opened.proof, visitor })).rejects.toMatchObject({ code: 'not_found' })
  })
})

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument: loadPdf } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const pdf = await loadPdf({ data: new Uint8Array(bytes), useSystemFonts: false }).promise
  const pages: string[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return pages.join('\n')
}
