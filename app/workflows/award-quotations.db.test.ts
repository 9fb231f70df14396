import { and, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSourcingCast, insertProject, insertQuotation, insertRfq } from '../../tests/factories/sourcing'
import { notifications } from '../modules/kernel/kernel.tables.server'
import { getPurchaseOrder } from '../modules/orders/index.server'
import { awardFieldNames, readAwardForm } from '../modules/sourcing/index'
import { comparisonFor } from '../modules/sourcing/index.server'
import { purchaseProjects, quotations, requirements, rfqAwards, rfqs } from '../modules/sourcing/sourcing.tables.server'
import { database } from '../platform/db/index.server'
import { awardQuotations } from './award-quotations.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

const past = () => new Date(Date.now() - 60_000)

async function rfqWithQuotes(options: { deadline?: Date } = {}) {
  const [a, b, c] = cast.suppliers
  const project = await insertProject(cast.buyer.company.id)
  const rfq = await insertRfq(cast.buyer.company.id, {
    projectId: project.id,
    requirements: project.requirements.map((requirement) => ({ ...requirement, targetUnitPrice: requirement.targetUnitPrice ?? null })),
    supplierIds: [a!.company.id, b!.company.id, c!.company.id],
    deadline: options.deadline ?? past(),
  })
  const [l1, l2, l3] = rfq.lines
  const qa = await insertQuotation(rfq.id, a!.company.id, [
    { rfqLineId: l1!.id, unitPrice: '17.5000' },
    { rfqLineId: l2!.id, unitPrice: '9.9000' },
    { rfqLineId: l3!.id, unitPrice: '13.0000' },
  ])
  const qb = await insertQuotation(
    rfq.id,
    b!.company.id,
    [
      { rfqLineId: l1!.id, unitPrice: '18.2000' },
      { rfqLineId: l2!.id, unitPrice: '8.7500' },
    ],
    { currency: 'EUR', incoterm: 'CIF' },
  )
  const qc = await insertQuotation(rfq.id, c!.company.id, [{ rfqLineId: l1!.id, unitPrice: '16.0000' }])
  return { project, rfq, lines: { l1: l1!, l2: l2!, l3: l3! }, quotes: { qa, qb, qc } }
}

describe('awardQuotations', () => {
  it('splits an award across two suppliers: two placed purchase orders with the right lines, prices and terms', async () => {
    const { project, rfq, lines, quotes } = await rfqWithQuotes()
    const result = await awardQuotations(cast.buyer.ctx, rfq.id, {
      lines: [
        { rfqLineId: lines.l1.id, quotationId: quotes.qa.id },
        { rfqLineId: lines.l2.id, quotationId: quotes.qb.id },
        { rfqLineId: lines.l3.id, quotationId: quotes.qa.id },
      ],
    })
    expect(result.purchaseOrders.map((order) => [order.supplierName, order.total, order.currency])).toEqual([
      [cast.suppliers[0]!.company.name, '7520.00', 'USD'],
      [cast.suppliers[1]!.company.name, '2187.50', 'EUR'],
    ])
    const [first, second] = await Promise.all(result.purchaseOrders.map((order) => getPurchaseOrder(cast.buyer.ctx, order.id)))
    expect(first!.status).toBe('placed')
    expect(first!.lines.map((line) => [line.description, line.quantity, line.unitPrice])).toEqual([
      ['LED panel light 600×600', 400, '17.5000'],
      ['Emergency exit sign', 40, '13.0000'],
    ])
    expect(second!.incoterm).toBe('CIF')
    expect(second!.lines.map((line) => [line.description, line.quantity, line.unitPrice])).toEqual([['Track spotlight 20 W', 250, '8.7500']])
    // The supplier sees its order at once.
    expect((await getPurchaseOrder(cast.suppliers[1]!.ctx, second!.id)).status).toBe('placed')
    // Winners accepted, the one who won nothing rejected and told; requirements, RFQ and project awarded.
    const statuses = Object.fromEntries(
      (await database().select({ id: quotations.id, status: quotations.status }).from(quotations).where(eq(quotations.rfqId, rfq.id))).map((row) => [
        row.id,
        row.status,
      ]),
    )
    expect(statuses).toEqual({ [quotes.qa.id]: 'accepted', [quotes.qb.id]: 'accepted', [quotes.qc.id]: 'rejected' })
    const [told] = await database()
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, cast.suppliers[2]!.user.id), eq(notifications.kind, 'award.not_awarded')))
    expect(told!.n).toBe(1)
    expect(
      (await database().select({ status: requirements.status }).from(requirements).where(eq(requirements.projectId, project.id))).map((row) => row.status),
    ).toEqual(['awarded', 'awarded', 'awarded'])
    expect((await database().select({ status: rfqs.status }).from(rfqs).where(eq(rfqs.id, rfq.id)))[0]!.status).toBe('awarded')
    expect((await database().select({ status: purchaseProjects.status }).from(purchaseProjects).where(eq(purchaseProjects.id, project.id)))[0]!.status).toBe(
      'awarded',
    )
  })

  it('refuses awarding a line twice, a withdrawn quotation, an open RFQ before its deadline, and another company’s RFQ — changing nothing', async () => {
    const { rfq, lines, quotes } = await rfqWithQuotes()
    await awardQuotations(cast.buyer.ctx, rfq.id, { lines: [{ rfqLineId: lines.l1.id, quotationId: quotes.qc.id }] })
    await expect(awardQuotations(cast.buyer.ctx, rfq.id, { lines: [{ rfqLineId: lines.l1.id, quotationId: quotes.qa.id }] })).rejects.toMatchObject({
      code: 'invalid_transition',
      details: { reason: 'already_awarded' },
    })
    await database().update(quotations).set({ status: 'withdrawn' }).where(eq(quotations.id, quotes.qb.id))
    await expect(awardQuotations(cast.buyer.ctx, rfq.id, { lines: [{ rfqLineId: lines.l2.id, quotationId: quotes.qb.id }] })).rejects.toMatchObject({
      code: 'invalid_transition',
      details: { reason: 'quotation_not_open' },
    })
    await expect(awardQuotations(cast.buyer.ctx, rfq.id, { lines: [{ rfqLineId: lines.l3.id, quotationId: quotes.qb.id }] })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { 'lines.0.quotationId': ['validation.notQuoted'] } },
    })
    await expect(awardQuotations(cast.stranger.ctx, rfq.id, { lines: [{ rfqLineId: lines.l2.id, quotationId: quotes.qa.id }] })).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(awardQuotations(cast.suppliers[0]!.ctx, rfq.id, { lines: [{ rfqLineId: lines.l2.id, quotationId: quotes.qa.id }] })).rejects.toMatchObject({
      code: 'not_found',
    })
    const [awards] = await database().select({ n: count() }).from(rfqAwards).where(eq(rfqAwards.rfqId, rfq.id))
    expect(awards!.n).toBe(1)

    const open = await rfqWithQuotes({ deadline: new Date(Date.now() + 86_400_000) })
    await expect(
      awardQuotations(cast.buyer.ctx, open.rfq.id, { lines: [{ rfqLineId: open.lines.l1.id, quotationId: open.quotes.qa.id }] }),
    ).rejects.toMatchObject({ code: 'invalid_transition', details: { reason: 'quoting_open' } })
  })

  it('awards exactly the ticked lines of the form: two of three ticked (every offer preselected) make two awarded lines, the third stays open', async () => {
    const { project, rfq, lines, quotes } = await rfqWithQuotes()
    const { include: include1, offer: offer1 } = awardFieldNames(lines.l1.id)
    const { include: include2, offer: offer2 } = awardFieldNames(lines.l2.id)
    const { offer: offer3 } = awardFieldNames(lines.l3.id)
    const form = { intent: 'award', [include1]: 'on', [offer1]: quotes.qc.id, [include2]: 'on', [offer2]: quotes.qb.id, [offer3]: quotes.qa.id }
    const result = await awardQuotations(cast.buyer.ctx, rfq.id, { lines: readAwardForm(form) })
    expect(result.purchaseOrders.map((order) => order.supplierName)).toEqual([cast.suppliers[2]!.company.name, cast.suppliers[1]!.company.name])
    const awarded = await database()
      .select({ rfqLineId: rfqAwards.rfqLineId, quotationId: rfqAwards.quotationId })
      .from(rfqAwards)
      .where(eq(rfqAwards.rfqId, rfq.id))
    expect(awarded.sort((x, y) => x.rfqLineId.localeCompare(y.rfqLineId))).toEqual(
      [
        { rfqLineId: lines.l1.id, quotationId: quotes.qc.id },
        { rfqLineId: lines.l2.id, quotationId: quotes.qb.id },
      ].sort((x, y) => x.rfqLineId.localeCompare(y.rfqLineId)),
    )
    // The third line stays open: its requirement is not awarded, nobody is rejected yet, and it can be awarded later.
    const comparison = await comparisonFor(cast.buyer.ctx, rfq.id)
    expect(!comparison.sealed && comparison.lines.map((line) => [line.id, line.award?.quotationId ?? null])).toEqual([
      [lines.l1.id, quotes.qc.id],
      [lines.l2.id, quotes.qb.id],
      [lines.l3.id, null],
    ])
    expect(!comparison.sealed && comparison.awardCheck).toEqual({ ok: true })
    expect(
      (await database().select({ status: requirements.status }).from(requirements).where(eq(requirements.projectId, project.id))).filter(
        (row) => row.status === 'awarded',
      ),
    ).toHaveLength(2)
    expect((await database().select({ status: quotations.status }).from(quotations).where(eq(quotations.id, quotes.qa.id)))[0]!.status).toBe('submitted')
    await awardQuotations(cast.buyer.ctx, rfq.id, { lines: [{ rfqLineId: lines.l3.id, quotationId: quotes.qa.id }] })
    const [all] = await database().select({ n: count() }).from(rfqAwards).where(eq(rfqAwards.rfqId, rfq.id))
    expect(all!.n).toBe(3)
  })

  it('tells the comparison why an award is refused before anyone tries: quoting still open', async () => {
    const open = await rfqWithQuotes({ deadline: new Date(Date.now() + 86_400_000) })
    const comparison = await comparisonFor(cast.buyer.ctx, open.rfq.id)
    expect(!comparison.sealed && comparison.awardCheck).toEqual({ ok: false, reason: 'quoting_open' })
  })
})

describe('awardQuotations: all to one quotation, and retries', () => {
  it('awards every open line a quotation priced when asked for all of them, leaving lines it did not price open', async () => {
    const { rfq, lines, quotes } = await rfqWithQuotes()
    await awardQuotations(cast.buyer.ctx, rfq.id, { lines: [{ rfqLineId: lines.l1.id, quotationId: quotes.qc.id }] })
    // qb priced l1 and l2; l1 is awarded already, so "all to qb" takes l2 only; l3 (not priced by qb) stays open.
    const result = await awardQuotations(cast.buyer.ctx, rfq.id, { lines: [], allTo: quotes.qb.id })
    expect(result.purchaseOrders.map((order) => [order.supplierName, order.total, order.currency])).toEqual([
      [cast.suppliers[1]!.company.name, '2187.50', 'EUR'],
    ])
    const awarded = await database()
      .select({ rfqLineId: rfqAwards.rfqLineId, quotationId: rfqAwards.quotationId })
      .from(rfqAwards)
      .where(eq(rfqAwards.rfqId, rfq.id))
    expect(awarded).toHaveLength(2)
    expect(awarded).toContainEqual({ rfqLineId: lines.l2.id, quotationId: quotes.qb.id })
    await expect(awardQuotations(cast.buyer.ctx, rfq.id, { lines: [], allTo: quotes.qb.id })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { lines: ['validation.nothingToAward'] } },
    })
    await expect(awardQuotations(cast.buyer.ctx, rfq.id, { lines: [], allTo: 'not-a-quotation' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { allTo: ['validation.quotation'] } },
    })
  })

  it('answers a retry with the same Idempotency-Key with the first award’s orders, making nothing twice, and refuses the key for another award', async () => {
    const { rfq, lines, quotes } = await rfqWithQuotes()
    const input = {
      lines: [
        { rfqLineId: lines.l1.id, quotationId: quotes.qa.id },
        { rfqLineId: lines.l2.id, quotationId: quotes.qb.id },
      ],
    }
    const key = `award-${rfq.id}`
    const first = await awardQuotations(cast.buyer.ctx, rfq.id, input, { idempotencyKey: key })
    const again = await awardQuotations(cast.buyer.ctx, rfq.id, input, { idempotencyKey: key })
    expect(again).toEqual({ purchaseOrders: [...first.purchaseOrders].sort((x, y) => x.number.localeCompare(y.number)) })
    expect(first.purchaseOrders.map((order) => order.total)).toEqual(['7000.00', '2187.50'])
    const [awards] = await database().select({ n: count() }).from(rfqAwards).where(eq(rfqAwards.rfqId, rfq.id))
    expect(awards!.n).toBe(2)
    await expect(
      awardQuotations(cast.buyer.ctx, rfq.id, { lines: [{ rfqLineId: lines.l3.id, quotationId: quotes.qa.id }] }, { idempotencyKey: key }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused' })
    // Concurrent retries: one award, both answered with its orders.
    const other = await rfqWithQuotes()
    const both = await Promise.all(
      [1, 2].map(() =>
        awardQuotations(
          cast.buyer.ctx,
          other.rfq.id,
          { lines: [{ rfqLineId: other.lines.l1.id, quotationId: other.quotes.qc.id }] },
          { idempotencyKey: 'same' },
        ),
      ),
    )
    expect(both[0]).toEqual(both[1])
    const [otherAwards] = await database().select({ n: count() }).from(rfqAwards).where(eq(rfqAwards.rfqId, other.rfq.id))
    expect(otherAwards!.n).toBe(1)
  })
})
