import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { contextOf } from '../../../db/factories/context'
import { createSourcingCast, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { SaveAssumptionsInput } from './comparison.inputs'
import { comparisonFor, listComparableRfqs } from './comparison.service.server'
import { saveAssumptions } from './landed-cost-settings.service.server'
import { DEFAULT_ASSUMPTIONS } from './sourcing.constants'
import { rfqLines } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * Two lines (100 and 10 pcs) quoted by A in USD FOB and by B in CNY CIF (rates per EUR: USD 1.08, CNY 7.8), compared in
 * USD with the default assumptions (freight 6 %, insurance 0.5 %, duty 5 %, origin 2 %, destination 1.5 %).
 */
async function twoByTwo() {
  const [a, b, c] = cast.suppliers
  const rfq = await insertRfq(cast.buyer.company.id, {
    currency: 'USD',
    deadline: new Date(Date.now() - 60_000),
    supplierIds: [a!.company.id, b!.company.id, c!.company.id],
    requirements: [
      { id: null as unknown as string, title: 'LED panel light', quantity: 100, unit: 'pcs', targetUnitPrice: '11' },
      { id: null as unknown as string, title: 'Emergency exit sign', quantity: 10, unit: 'pcs', targetUnitPrice: '50' },
    ],
  })
  const [panel, sign] = rfq.lines
  await database()
    .update(rfqLines)
    .set({ requiredBy: inDays(10) })
    .where(eq(rfqLines.id, panel!.id))
  const quoteA = await insertQuotation(
    rfq.id,
    a!.company.id,
    [
      { rfqLineId: panel!.id, unitPrice: '10', leadTimeDays: 30 },
      { rfqLineId: sign!.id, unitPrice: '50', moq: 20 },
    ],
    { currency: 'USD', incoterm: 'FOB' },
  )
  const quoteB = await insertQuotation(
    rfq.id,
    b!.company.id,
    [
      { rfqLineId: panel!.id, unitPrice: '78', leadTimeDays: 5 },
      { rfqLineId: sign!.id, unitPrice: '350' },
    ],
    { currency: 'CNY', incoterm: 'CIF' },
  )
  // A draft is the supplier's own business: never compared.
  await insertQuotation(rfq.id, c!.company.id, [{ rfqLineId: panel!.id, unitPrice: '1' }], { status: 'draft' })
  return { rfq, panel: panel!, sign: sign!, quoteA, quoteB }
}

describe('comparisonFor', () => {
  it('normalises each quote to a landed cost in the RFQ currency per its Incoterm, with totals per supplier', async () => {
    const { rfq, panel, sign, quoteA, quoteB } = await twoByTwo()
    const comparison = await comparisonFor(cast.buyer.ctx, rfq.id)
    if (comparison.sealed) throw new Error('expected an open comparison')
    expect(comparison.currency).toBe('USD')
    expect(comparison.assumptionsSource).toBe('default')
    expect(comparison.assumptions).toEqual(DEFAULT_ASSUMPTIONS)
    expect(comparison.suppliers.map((supplier) => supplier.quotationId)).toEqual([quoteA.id, quoteB.id])

    const [linePanel, lineSign] = comparison.lines
    // A, FOB 1000 USD: + freight 60, insurance 1060 × 0.5 % = 5.3, destination 15, duty 1065.3 × 5 % = 53.265.
    expect(linePanel!.cells[quoteA.id]).toMatchObject({ unitPrice: '10.0000', goods: '1000.0000', landedTotal: '1133.5650', landedUnit: '11.3357' })
    expect(linePanel!.cells[quoteA.id]!.components).toEqual({
      origin: { amount: '0.0000', basis: 'included' },
      freight: { amount: '60.0000', basis: 'estimated' },
      insurance: { amount: '5.3000', basis: 'estimated' },
      destination: { amount: '15.0000', basis: 'estimated' },
      duty: { amount: '53.2650', basis: 'estimated' },
    })
    // B, CIF 7800 CNY = 1080 USD: + destination 16.2, duty 54.
    expect(linePanel!.cells[quoteB.id]).toMatchObject({ goods: '1080.0000', landedTotal: '1150.2000', landedUnit: '11.5020' })
    expect(linePanel!.cells[quoteB.id]!.components?.freight).toEqual({ amount: '0.0000', basis: 'included' })
    // A: 500 + 30 + 2.65 + 7.5 + 26.6325. B: 3500 CNY = 484.6154 USD × 1.065.
    expect(lineSign!.cells[quoteA.id]).toMatchObject({ landedTotal: '566.7825', landedUnit: '56.6783' })
    expect(lineSign!.cells[quoteB.id]).toMatchObject({ goods: '484.6154', landedTotal: '516.1154', landedUnit: '51.6115' })

    const [supplierA, supplierB] = comparison.suppliers
    expect(supplierA).toMatchObject({
      supplierName: expect.stringContaining('Supplier A'),
      status: 'submitted',
      pricedLines: 2,
      total: '1700.3475',
      missingRate: null,
      actions: { accept: true, reject: true },
    })
    expect(supplierB).toMatchObject({ currency: 'CNY', incoterm: 'CIF', pricedLines: 2, total: '1666.3154' })
    // The buyer is its company's owner: it may also change the company's default assumptions.
    expect(comparison.actions).toEqual({ saveDefaultAssumptions: true })
    expect(linePanel!.id).toBe(panel.id)
    expect(lineSign!.id).toBe(sign.id)
  })

  it('marks the lowest landed unit cost per line as the best offer', async () => {
    const { rfq, quoteA, quoteB } = await twoByTwo()
    const comparison = await comparisonFor(cast.buyer.ctx, rfq.id)
    if (comparison.sealed) throw new Error('expected an open comparison')
    const [panel, sign] = comparison.lines
    expect(panel!.bestQuotationId).toBe(quoteA.id)
    expect(panel!.cells[quoteA.id]!.best).toBe(true)
    expect(panel!.cells[quoteB.id]!.best).toBe(false)
    expect(sign!.bestQuotationId).toBe(quoteB.id)
  })

  it('warns when the MOQ is above the quantity asked and when the lead time misses the required-by date', async () => {
    const { rfq, quoteA, quoteB } = await twoByTwo()
    const comparison = await comparisonFor(cast.buyer.ctx, rfq.id)
    if (comparison.sealed) throw new Error('expected an open comparison')
    const [panel, sign] = comparison.lines
    expect(panel!.cells[quoteA.id]).toMatchObject({ leadTimeWarning: true, moqWarning: false })
    expect(panel!.cells[quoteB.id]).toMatchObject({ leadTimeWarning: false, moqWarning: false })
    // The sign has no required-by date and the RFQ no delivery date: nothing to miss.
    expect(sign!.cells[quoteA.id]).toMatchObject({ moqWarning: true, leadTimeWarning: false })
  })

  it('converts to another currency on request and refuses one without a rate', async () => {
    const { rfq, quoteA } = await twoByTwo()
    const inEuro = await comparisonFor(cast.buyer.ctx, rfq.id, { currency: 'EUR' })
    if (inEuro.sealed) throw new Error('expected an open comparison')
    // 1133.565 USD / 1.08.
    expect(inEuro.lines[0]!.cells[quoteA.id]).toMatchObject({ landedTotal: '1049.5972', landedUnit: '10.4960' })
    await expect(comparisonFor(cast.buyer.ctx, rfq.id, { currency: 'XAF' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { currency: ['validation.currencyWithoutRate'] } },
    })
  })

  it('flags a quote in a currency without a rate instead of comparing it', async () => {
    const [a, b] = cast.suppliers
    const rfq = await insertRfq(cast.buyer.company.id, { deadline: new Date(Date.now() - 60_000), supplierIds: [a!.company.id, b!.company.id] })
    const line = rfq.lines[0]!
    const priced = await insertQuotation(rfq.id, a!.company.id, [{ rfqLineId: line.id, unitPrice: '20' }])
    const unconvertible = await insertQuotation(rfq.id, b!.company.id, [{ rfqLineId: line.id, unitPrice: '1' }], { currency: 'XAF' })
    const comparison = await comparisonFor(cast.buyer.ctx, rfq.id)
    if (comparison.sealed) throw new Error('expected an open comparison')
    expect(comparison.suppliers.find((supplier) => supplier.quotationId === unconvertible.id)).toMatchObject({
      missingRate: 'XAF',
      total: null,
      pricedLines: 1,
    })
    expect(comparison.lines[0]!.cells[unconvertible.id]).toMatchObject({ unitPrice: '1.0000', landedUnit: null, best: false })
    expect(comparison.lines[0]!.bestQuotationId).toBe(priced.id)
  })

  it('shows rejected quotes but never makes them the best offer, and leaves withdrawn ones out', async () => {
    const [a, b, c] = cast.suppliers
    const rfq = await insertRfq(cast.buyer.company.id, { deadline: new Date(Date.now() - 60_000), supplierIds: [a!.company.id, b!.company.id, c!.company.id] })
    const line = rfq.lines[0]!
    const rejected = await insertQuotation(rfq.id, a!.company.id, [{ rfqLineId: line.id, unitPrice: '5' }], { status: 'rejected' })
    const accepted = await insertQuotation(rfq.id, b!.company.id, [{ rfqLineId: line.id, unitPrice: '15' }], { status: 'accepted' })
    await insertQuotation(rfq.id, c!.company.id, [{ rfqLineId: line.id, unitPrice: '4' }], { status: 'withdrawn' })
    const comparison = await comparisonFor(cast.buyer.ctx, rfq.id)
    if (comparison.sealed) throw new Error('expected an open comparison')
    expect(comparison.suppliers.map((supplier) => [supplier.quotationId, supplier.status])).toEqual([
      [rejected.id, 'rejected'],
      [accepted.id, 'accepted'],
    ])
    // A decided quotation is not decided again.
    expect(comparison.suppliers.map((supplier) => supplier.actions)).toEqual([
      { accept: false, reject: false },
      { accept: false, reject: false },
    ])
    expect(comparison.lines[0]!.bestQuotationId).toBe(accepted.id)
    expect(comparison.lines[0]!.cells[rejected.id]!.best).toBe(false)
  })

  it('answers only the count and the deadline for a sealed RFQ before its deadline', async () => {
    const [a, b] = cast.suppliers
    const deadline = new Date(Date.now() + 3 * 86_400_000)
    const rfq = await insertRfq(cast.buyer.company.id, { sealed: true, deadline, supplierIds: [a!.company.id, b!.company.id] })
    await insertQuotation(rfq.id, a!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '12' }])
    await insertQuotation(rfq.id, b!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '13' }], { status: 'draft' })
    const comparison = await comparisonFor(cast.buyer.ctx, rfq.id)
    expect(comparison).toMatchObject({ sealed: true, count: 1, deadline })
    expect(comparison).not.toHaveProperty('suppliers')
    expect(JSON.stringify(comparison)).not.toContain('Supplier A')
    expect(JSON.stringify(comparison)).not.toContain('12.0000')
  })

  it('opens a sealed RFQ once its deadline has passed', async () => {
    const [a] = cast.suppliers
    const rfq = await insertRfq(cast.buyer.company.id, { sealed: true, deadline: new Date(Date.now() - 1000), supplierIds: [a!.company.id] })
    await insertQuotation(rfq.id, a!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '12' }])
    const comparison = await comparisonFor(cast.buyer.ctx, rfq.id)
    expect(comparison.sealed).toBe(false)
  })

  it('is not found for a supplier of the RFQ or a stranger', async () => {
    const { rfq } = await twoByTwo()
    await expect(comparisonFor(cast.suppliers[0]!.ctx, rfq.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(comparisonFor(cast.stranger.ctx, rfq.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(comparisonFor(cast.buyer.ctx, 'no-such-rfq')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('lists the buyer’s RFQs that have quotations to compare', async () => {
    const { rfq } = await twoByTwo()
    const listed = await listComparableRfqs(cast.buyer.ctx)
    expect(listed.find((item) => item.id === rfq.id)).toMatchObject({ quoteCount: 2 })
    expect(await listComparableRfqs(cast.stranger.ctx)).toEqual([])
  })
})

describe('landed-cost assumptions', () => {
  const input = (values: Record<string, unknown>) => SaveAssumptionsInput.parse({ ...DEFAULT_ASSUMPTIONS, ...values })

  it('keeps the RFQ’s own assumptions and recomputes with them', async () => {
    const { rfq, quoteA } = await twoByTwo()
    await saveAssumptions(cast.buyer.ctx, rfq.id, input({ freightPct: '0', insurancePct: '0', dutyPct: '0', originPct: '0', destinationPct: '0' }))
    const comparison = await comparisonFor(cast.buyer.ctx, rfq.id)
    if (comparison.sealed) throw new Error('expected an open comparison')
    expect(comparison.assumptionsSource).toBe('rfq')
    expect(comparison.lines[0]!.cells[quoteA.id]).toMatchObject({ landedTotal: '1000.0000', landedUnit: '10.0000' })
  })

  it('saves the company default for admins only; a new RFQ starts from it', async () => {
    const { rfq } = await twoByTwo()
    const member = contextOf(cast.buyer.user.id, cast.buyer.company.id, 'member')
    await expect(saveAssumptions(member, rfq.id, input({ dutyPct: '8', saveAsDefault: true }))).rejects.toMatchObject({ code: 'insufficient_role' })
    await saveAssumptions(cast.buyer.ctx, rfq.id, input({ dutyPct: '8', saveAsDefault: true }))
    const next = await twoByTwo()
    const comparison = await comparisonFor(cast.buyer.ctx, next.rfq.id)
    if (comparison.sealed) throw new Error('expected an open comparison')
    expect(comparison).toMatchObject({ assumptionsSource: 'company', assumptions: { dutyPct: '8' } })
  })

  it('refuses another company’s RFQ and percentages out of range', async () => {
    const { rfq } = await twoByTwo()
    await expect(saveAssumptions(cast.stranger.ctx, rfq.id, input({}))).rejects.toMatchObject({ code: 'not_found' })
    expect(SaveAssumptionsInput.safeParse({ ...DEFAULT_ASSUMPTIONS, dutyPct: '101' }).success).toBe(false)
    expect(SaveAssumptionsInput.safeParse({ ...DEFAULT_ASSUMPTIONS, freightPct: '-1' }).success).toBe(false)
  })
})
