import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSourcingCast, insertProject, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { notifications } from '../kernel/kernel.tables.server'
import { QuotationDecisionInput, SaveQuotationInput } from './quotation.inputs'
import { allowedQuotationSteps } from './quotation.policy'
import {
  decideQuotation,
  expireQuotations,
  getMyQuotationForRfq,
  getQuotation,
  listMyQuotations,
  listQuotationsForRfq,
  quotationHistory,
  reviseQuotation,
  saveQuotation,
  submitQuotation,
  withdrawQuotation,
} from './index.server'
import { quotations, requirements, rfqInvitations, rfqs } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
const THREE_LINES = [
  { id: null as unknown as string, title: 'LED panel light 600×600', quantity: 400, unit: 'pcs', targetUnitPrice: '18' },
  { id: null as unknown as string, title: 'Track spotlight 20 W', quantity: 250, unit: 'pcs', targetUnitPrice: '9.5' },
]

/** A form-like body: every RFQ line priced unless listed in `skip`. */
function body(lines: Array<{ id: string }>, overrides: Record<string, unknown> = {}, prices: string[] = ['17.5', '9.2'], skip: number[] = []) {
  return SaveQuotationInput.parse({
    currency: 'USD',
    incoterm: 'FOB',
    incotermPlace: 'Shenzhen',
    paymentTerms: 'tt_30_70',
    validUntil: inAMonth(),
    notes: 'Prices include carton packing.',
    lines: lines.map((line, index) =>
      skip.includes(index)
        ? { rfqLineId: line.id, noOffer: true }
        : { rfqLineId: line.id, unitPrice: prices[index] ?? '10', moq: 100, leadTimeDays: 30, note: '' },
    ),
    ...overrides,
  })
}

const noticesOf = (userId: string) => database().select().from(notifications).where(eq(notifications.userId, userId))

describe('quotations: the supplier side', () => {
  it('saves a draft, submits it, revises it (the history shows the change) and withdraws it', async () => {
    const project = await insertProject(cast.buyer.company.id)
    await database().update(requirements).set({ status: 'rfq_sent' }).where(eq(requirements.projectId, project.id))
    const rfq = await insertRfq(cast.buyer.company.id, {
      projectId: project.id,
      requirements: project.requirements.slice(0, 2).map((r) => ({ ...r, unit: 'pcs' })),
      supplierIds: [cast.suppliers[0]!.company.id],
    })
    const supplier = cast.suppliers[0]!

    expect(await getMyQuotationForRfq(supplier.ctx, rfq.id)).toBeNull()
    const draft = await saveQuotation(
      supplier.ctx,
      rfq.id,
      body(rfq.lines, {
        freightAmount: '450',
        lines: [
          {
            rfqLineId: rfq.lines[0]!.id,
            unitPrice: '17.5',
            moq: 100,
            leadTimeDays: 30,
            alternative: true,
            alternativeDescription: '595×595 slim panel',
            alternativeUnitPrice: '16.9',
          },
          { rfqLineId: rfq.lines[1]!.id, noOffer: true },
        ],
      }),
    )
    expect(draft.status).toBe('draft')
    expect(draft.revision).toBe(0)
    expect(draft.side).toBe('supplier')
    expect(draft.lines.map((line) => [line.noOffer, line.unitPrice, line.alternativeUnitPrice])).toEqual([
      [false, '17.5000', '16.9000'],
      [true, null, null],
    ])
    expect(draft.total).toBe('7000.00')
    expect(draft.freightAmount).toBe('450.0000')
    // The buyer does not see a draft, nor does the buyer's list count it.
    await expect(getQuotation(cast.buyer.ctx, draft.id)).rejects.toMatchObject({ code: 'not_found' })
    expect(await listQuotationsForRfq(cast.buyer.ctx, rfq.id)).toMatchObject({ sealed: false, count: 0, items: [] })

    // Saving again with the version loaded; an outdated version is refused.
    const saved = await saveQuotation(supplier.ctx, rfq.id, body(rfq.lines, { version: draft.version }))
    expect(saved.lines.every((line) => !line.noOffer)).toBe(true)
    await expect(saveQuotation(supplier.ctx, rfq.id, body(rfq.lines, { version: draft.version }))).rejects.toMatchObject({ code: 'stale_version' })

    const submitted = await submitQuotation(supplier.ctx, saved.id, { version: saved.version })
    expect(submitted).toMatchObject({ status: 'submitted', revision: 1 })
    expect(submitted.actions).toEqual({ edit: false, submit: false, revise: true, withdraw: true, accept: false, reject: false })
    const [invitation] = await database().select().from(rfqInvitations).where(eq(rfqInvitations.rfqId, rfq.id))
    expect(invitation?.status).toBe('quoted')
    const statuses = await database().select({ status: requirements.status }).from(requirements).where(eq(requirements.projectId, project.id))
    expect(statuses.map((row) => row.status).sort()).toEqual(['quoted', 'quoted', 'rfq_sent'])
    const buyerNotices = await noticesOf(cast.buyer.user.id)
    expect(buyerNotices.find((n) => n.kind === 'quotation.submitted')?.params).toMatchObject({
      number: expect.stringMatching(/^RFQ-/),
      company: expect.stringContaining('Supplier A'),
      total: '9300.00 USD',
    })
    // A draft edit after submitting is refused: the supplier revises instead.
    await expect(saveQuotation(supplier.ctx, rfq.id, body(rfq.lines, { version: submitted.version }))).rejects.toMatchObject({ code: 'invalid_transition' })

    const revised = await reviseQuotation(supplier.ctx, submitted.id, {
      ...body(rfq.lines, {}, ['16.8', '9.2']),
      paymentTerms: 'net_30',
      version: submitted.version,
    })
    expect(revised).toMatchObject({ status: 'submitted', revision: 2, paymentTerms: 'net_30' })
    const history = await quotationHistory(cast.buyer.ctx, revised.id)
    expect(history.map((entry) => entry.revision)).toEqual([2, 1])
    expect(history[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'paymentTerms', rfqLineId: null, lineTitle: null, before: 'tt_30_70', after: 'net_30' },
        { field: 'unitPrice', rfqLineId: rfq.lines[0]!.id, lineTitle: 'LED panel light 600×600', before: '17.5000', after: '16.8000' },
      ]),
    )
    expect(history[0]!.changes).toHaveLength(2)
    expect(history[1]!.changes).toEqual([])
    expect((await noticesOf(cast.buyer.user.id)).some((n) => n.kind === 'quotation.revised' && n.params.revision === '2')).toBe(true)

    await expect(withdrawQuotation(supplier.ctx, revised.id, { version: submitted.version, reason: '' })).rejects.toMatchObject({ code: 'stale_version' })
    const withdrawn = await withdrawQuotation(supplier.ctx, revised.id, { version: revised.version, reason: 'Capacity is booked' })
    expect(withdrawn).toMatchObject({ status: 'withdrawn', decisionReason: 'Capacity is booked' })
    expect(allowedQuotationSteps(withdrawn.actions)).toEqual([])
    await expect(reviseQuotation(supplier.ctx, revised.id, { ...body(rfq.lines), version: withdrawn.version })).rejects.toMatchObject({
      code: 'invalid_transition',
    })
    expect((await noticesOf(cast.buyer.user.id)).some((n) => n.kind === 'quotation.withdrawn' && n.params.reason === 'Capacity is booked')).toBe(true)
  })

  it('checks every line, the validity date and who may quote', async () => {
    const rfq = await insertRfq(cast.buyer.company.id, { requirements: THREE_LINES, supplierIds: [cast.suppliers[0]!.company.id] })
    const supplier = cast.suppliers[0]!
    await expect(saveQuotation(supplier.ctx, rfq.id, body(rfq.lines.slice(0, 1)))).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { lines: ['validation.everyLine'] } },
    })
    await expect(saveQuotation(supplier.ctx, rfq.id, body(rfq.lines, {}, [], [0, 1]))).rejects.toMatchObject({
      details: { fields: { lines: ['validation.noPricedLine'] } },
    })
    await expect(saveQuotation(supplier.ctx, rfq.id, body([{ id: 'nope' }, rfq.lines[1]!]))).rejects.toMatchObject({
      details: { fields: { 'lines.0.rfqLineId': ['validation.line'] } },
    })
    await expect(saveQuotation(supplier.ctx, rfq.id, body(rfq.lines, { validUntil: '2020-01-01' }))).rejects.toMatchObject({
      details: { fields: { validUntil: ['validation.validUntilPast'] } },
    })
    await expect(saveQuotation(supplier.ctx, rfq.id, body(rfq.lines, { attachmentFileIds: ['not-mine'] }))).rejects.toMatchObject({
      details: { fields: { 'attachmentFileIds.0': ['validation.attachment'] } },
    })
    expect(() => body(rfq.lines, { currency: 'XYZ' })).toThrow()
    expect(() => SaveQuotationInput.parse({ ...body(rfq.lines), lines: [{ rfqLineId: 'a', unitPrice: '0', leadTimeDays: 3 }] })).toThrow(/validation.priceZero/)
    // Not invited (the stranger, another supplier) and the buyer itself: not found.
    await expect(saveQuotation(cast.suppliers[1]!.ctx, rfq.id, body(rfq.lines))).rejects.toMatchObject({ code: 'not_found' })
    await expect(saveQuotation(cast.buyer.ctx, rfq.id, body(rfq.lines))).rejects.toMatchObject({ code: 'not_found' })
    await expect(getMyQuotationForRfq(cast.stranger.ctx, rfq.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('refuses quoting after the deadline with 409 and nothing changed', async () => {
    const closed = await insertRfq(cast.buyer.company.id, {
      requirements: THREE_LINES,
      supplierIds: [cast.suppliers[0]!.company.id],
      deadline: new Date(Date.now() - 60_000),
    })
    await expect(saveQuotation(cast.suppliers[0]!.ctx, closed.id, body(closed.lines))).rejects.toMatchObject({
      code: 'invalid_transition',
      details: { reason: 'quoting_closed' },
    })
    expect(await database().select().from(quotations).where(eq(quotations.rfqId, closed.id))).toEqual([])

    // A quote submitted in time cannot be revised or submitted after the deadline.
    const rfq = await insertRfq(cast.buyer.company.id, {
      requirements: THREE_LINES,
      supplierIds: [cast.suppliers[0]!.company.id, cast.suppliers[1]!.company.id],
    })
    const draft = await saveQuotation(cast.suppliers[0]!.ctx, rfq.id, body(rfq.lines))
    const submitted = await submitQuotation(cast.suppliers[0]!.ctx, draft.id, { version: draft.version })
    const late = await saveQuotation(cast.suppliers[1]!.ctx, rfq.id, body(rfq.lines))
    await database()
      .update(rfqs)
      .set({ quoteDeadline: new Date(Date.now() - 1000) })
      .where(eq(rfqs.id, rfq.id))
    await expect(
      reviseQuotation(cast.suppliers[0]!.ctx, submitted.id, { ...body(rfq.lines, {}, ['1', '1']), version: submitted.version }),
    ).rejects.toMatchObject({ code: 'invalid_transition', details: { reason: 'quoting_closed' } })
    await expect(submitQuotation(cast.suppliers[1]!.ctx, late.id, { version: late.version })).rejects.toMatchObject({
      code: 'invalid_transition',
      details: { reason: 'quoting_closed' },
    })
    const afterDeadline = await getQuotation(cast.suppliers[0]!.ctx, submitted.id)
    expect(afterDeadline).toMatchObject({ revision: 1, version: submitted.version })
    expect(allowedQuotationSteps(afterDeadline.actions)).toEqual(['withdraw'])
  })

  it('lets any supplying company answer a public request and lists the replies', async () => {
    const rfq = await insertRfq(cast.buyer.company.id, { requirements: THREE_LINES, visibility: 'public' })
    const stranger = cast.stranger
    const draft = await saveQuotation(stranger.ctx, rfq.id, body(rfq.lines))
    await submitQuotation(stranger.ctx, draft.id, { version: draft.version })
    const [invitation] = await database()
      .select()
      .from(rfqInvitations)
      .where(and(eq(rfqInvitations.rfqId, rfq.id), eq(rfqInvitations.supplierCompanyId, stranger.company.id)))
    expect(invitation?.status).toBe('quoted')
    const replies = await listMyQuotations(stranger.ctx, { publicOnly: true, limit: 25, offset: 0 })
    expect(replies.items.map((item) => item.id)).toContain(draft.id)
    expect(replies.items.find((item) => item.id === draft.id)).toMatchObject({
      status: 'submitted',
      visibility: 'public',
      buyerName: null,
      total: '9300.00',
      lineCount: 2,
    })
    expect(replies.counts.submitted).toBeGreaterThanOrEqual(1)
    // A buying company cannot answer it.
    const buyerOnly = await createSourcingCast()
    await expect(saveQuotation(buyerOnly.buyer.ctx, rfq.id, body(rfq.lines))).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('quotations: the buyer side', () => {
  it('keeps a sealed RFQ’s quotes hidden from the buyer until the deadline, then shows them', async () => {
    const rfq = await insertRfq(cast.buyer.company.id, { requirements: THREE_LINES, sealed: true, supplierIds: cast.suppliers.map((s) => s.company.id) })
    const draft = await saveQuotation(cast.suppliers[1]!.ctx, rfq.id, body(rfq.lines, {}, ['8612.34', '5.67']))
    const quote = await submitQuotation(cast.suppliers[1]!.ctx, draft.id, { version: draft.version })

    const early = await listQuotationsForRfq(cast.buyer.ctx, rfq.id)
    expect(early).toEqual({ sealed: true, count: 1, quoteDeadline: expect.any(Date) })
    expect(JSON.stringify(early)).not.toContain('8612')
    await expect(getQuotation(cast.buyer.ctx, quote.id)).rejects.toMatchObject({ code: 'forbidden', details: { reason: 'sealed' } })
    await expect(quotationHistory(cast.buyer.ctx, quote.id)).rejects.toMatchObject({ code: 'forbidden' })
    await expect(decideQuotation(cast.buyer.ctx, quote.id, QuotationDecisionInput.parse({ decision: 'accept' }))).rejects.toMatchObject({ code: 'forbidden' })
    const sealedNotice = (await noticesOf(cast.buyer.user.id)).find((n) => n.link === `/app/sourcing/rfq/${rfq.id}`)
    expect(sealedNotice?.kind).toBe('quotation.submitted_sealed')
    expect(JSON.stringify(sealedNotice?.params)).not.toMatch(/Supplier B|12\.34|6353/)
    // Another supplier of the same RFQ cannot read it either.
    await expect(getQuotation(cast.suppliers[0]!.ctx, quote.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(quotationHistory(cast.suppliers[0]!.ctx, quote.id)).rejects.toMatchObject({ code: 'not_found' })

    await database()
      .update(rfqs)
      .set({ quoteDeadline: new Date(Date.now() - 1000) })
      .where(eq(rfqs.id, rfq.id))
    const after = await listQuotationsForRfq(cast.buyer.ctx, rfq.id)
    expect(after.sealed).toBe(false)
    if (after.sealed) return
    expect(after.items.map((item) => [item.supplier.id, item.total, item.lines[0]!.targetUnitPrice])).toEqual([
      [cast.suppliers[1]!.company.id, '3446353.50', '18.0000'],
    ])
    const seen = await getQuotation(cast.buyer.ctx, quote.id)
    expect(seen.side).toBe('buyer')
    expect(allowedQuotationSteps(seen.actions)).toEqual(['accept', 'reject'])
  })

  it('a supplier reading another supplier’s quote gets 404; a stranger too', async () => {
    const rfq = await insertRfq(cast.buyer.company.id, {
      requirements: THREE_LINES,
      supplierIds: [cast.suppliers[0]!.company.id, cast.suppliers[1]!.company.id],
    })
    const quote = await insertQuotation(
      rfq.id,
      cast.suppliers[0]!.company.id,
      rfq.lines.map((line) => ({ rfqLineId: line.id, unitPrice: '10' })),
    )
    for (const ctx of [cast.suppliers[1]!.ctx, cast.stranger.ctx]) {
      await expect(getQuotation(ctx, quote.id)).rejects.toMatchObject({ code: 'not_found' })
      await expect(withdrawQuotation(ctx, quote.id, { version: 1, reason: '' })).rejects.toMatchObject({ code: 'not_found' })
      await expect(decideQuotation(ctx, quote.id, QuotationDecisionInput.parse({ decision: 'accept' }))).rejects.toMatchObject({ code: 'not_found' })
      await expect(listQuotationsForRfq(ctx, rfq.id)).rejects.toMatchObject({ code: 'not_found' })
    }
  })

  it('accepts and rejects with a reason the supplier reads; an accepted quote is never revised', async () => {
    const rfq = await insertRfq(cast.buyer.company.id, {
      requirements: THREE_LINES,
      supplierIds: [cast.suppliers[0]!.company.id, cast.suppliers[2]!.company.id],
    })
    const prices = rfq.lines.map((line) => ({ rfqLineId: line.id, unitPrice: '10' }))
    const a = await insertQuotation(rfq.id, cast.suppliers[0]!.company.id, prices)
    const c = await insertQuotation(rfq.id, cast.suppliers[2]!.company.id, prices)

    expect(() => QuotationDecisionInput.parse({ decision: 'reject', reason: '' })).toThrow(/validation.reason/)
    await expect(decideQuotation(cast.buyer.ctx, c.id, { decision: 'reject', reason: '' })).rejects.toMatchObject({ code: 'validation_failed' })
    await expect(decideQuotation(cast.suppliers[0]!.ctx, a.id, { decision: 'accept', reason: '' })).rejects.toMatchObject({ code: 'not_your_turn' })

    const accepted = await decideQuotation(cast.buyer.ctx, a.id, QuotationDecisionInput.parse({ decision: 'accept', reason: 'Best lead time' }))
    expect(accepted).toMatchObject({ status: 'accepted', decisionReason: 'Best lead time' })
    expect(allowedQuotationSteps(accepted.actions)).toEqual([])
    const rejected = await decideQuotation(cast.buyer.ctx, c.id, QuotationDecisionInput.parse({ decision: 'reject', reason: 'Price above our target' }))
    expect(rejected.status).toBe('rejected')
    expect(
      (await noticesOf(cast.suppliers[0]!.user.id)).find((n) => n.kind === 'quotation.accepted' && n.link === `/app/supplier/portal/rfq/${rfq.id}`)?.params
        .reason,
    ).toBe('Best lead time')
    expect(
      (await noticesOf(cast.suppliers[2]!.user.id)).find((n) => n.kind === 'quotation.rejected' && n.link === `/app/supplier/portal/rfq/${rfq.id}`)?.params
        .reason,
    ).toBe('Price above our target')

    await expect(reviseQuotation(cast.suppliers[0]!.ctx, a.id, { ...body(rfq.lines), version: accepted.version })).rejects.toMatchObject({
      code: 'invalid_transition',
    })
    await expect(withdrawQuotation(cast.suppliers[0]!.ctx, a.id, { version: accepted.version, reason: '' })).rejects.toMatchObject({
      code: 'invalid_transition',
    })
    await expect(decideQuotation(cast.buyer.ctx, a.id, { decision: 'reject', reason: 'changed my mind' })).rejects.toMatchObject({ code: 'invalid_transition' })
    expect(await getQuotation(cast.suppliers[0]!.ctx, a.id)).toMatchObject({ status: 'accepted', version: accepted.version })
  })

  it('expires pending quotes past their validity', async () => {
    const rfq = await insertRfq(cast.buyer.company.id, { requirements: THREE_LINES, supplierIds: [cast.suppliers[0]!.company.id] })
    const quote = await insertQuotation(
      rfq.id,
      cast.suppliers[0]!.company.id,
      rfq.lines.map((line) => ({ rfqLineId: line.id, unitPrice: '10' })),
    )
    await database().update(quotations).set({ validUntil: '2026-01-01' }).where(eq(quotations.id, quote.id))
    expect(await expireQuotations(new Date('2026-01-01T12:00:00Z'))).toBeGreaterThanOrEqual(0)
    expect((await getQuotation(cast.suppliers[0]!.ctx, quote.id)).status).toBe('submitted')
    expect(await expireQuotations(new Date('2026-01-02T00:00:00Z'))).toBeGreaterThanOrEqual(1)
    expect((await getQuotation(cast.suppliers[0]!.ctx, quote.id)).status).toBe('expired')
    const mine = await listMyQuotations(cast.suppliers[0]!.ctx, { status: 'expired', publicOnly: false, limit: 25, offset: 0 })
    expect(mine.items.map((item) => item.id)).toContain(quote.id)
    expect(mine.items.every((item) => item.status === 'expired')).toBe(true)
  })
})
