import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createSourcingCast, insertProject, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { projectBudget } from './project-budget.service.server'
import { requirements, rfqAwards } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

const amount = (value: string) => ({ kind: 'amount', amount: value })
const DAY_MS = 86_400_000

describe('a project’s budget per requirement', () => {
  // Seeded reference rates: 1 EUR = 1.08 USD = 7.8 CNY.
  it('gives budget, the lowest standing offer and the award per requirement, in the project currency', async () => {
    const project = await insertProject(cast.buyer.company.id, {
      currency: 'EUR',
      requirements: [
        { title: 'LED panel light 600×600', quantity: 400, targetUnitPrice: '18' },
        { title: 'Track spotlight 20 W', quantity: 250, targetUnitPrice: '9.5' },
        { title: 'Emergency exit sign', quantity: 40, targetUnitPrice: null },
        { title: 'Cable trays', quantity: 10, targetUnitPrice: '5' },
      ],
    })
    const [panel, , sign, trays] = project.requirements
    await database().update(requirements).set({ status: 'cancelled' }).where(eq(requirements.id, trays!.id))
    const [a, b, c] = cast.suppliers.map((supplier) => supplier.company.id) as [string, string, string]

    // Round one: two offers for the panel (A in dollars, B in yuan), one withdrawn; B wins it.
    const first = await insertRfq(cast.buyer.company.id, {
      projectId: project.id,
      requirements: [panel!, sign!],
      status: 'closed',
      deadline: new Date(Date.now() - DAY_MS),
    })
    const [panelLine, signLine] = first.lines
    await insertQuotation(first.id, a, [{ rfqLineId: panelLine!.id, unitPrice: '10.8' }], { currency: 'USD', status: 'rejected' })
    const won = await insertQuotation(
      first.id,
      b,
      [
        { rfqLineId: panelLine!.id, unitPrice: '70.2' },
        { rfqLineId: signLine!.id, unitPrice: '1000' },
      ],
      { currency: 'CNY', status: 'accepted' },
    )
    await insertQuotation(first.id, c, [{ rfqLineId: panelLine!.id, unitPrice: '1' }], { currency: 'EUR', status: 'withdrawn' })
    await database().insert(rfqAwards).values({
      id: randomUUID(),
      rfqId: first.id,
      rfqLineId: panelLine!.id,
      quotationId: won.id,
      supplierCompanyId: b,
      quantity: 400,
      unitPrice: '70.2',
      currency: 'CNY',
      purchaseOrderId: randomUUID(),
    })
    // Round two: a lower offer in dollars, and a draft that is not an offer yet.
    const second = await insertRfq(cast.buyer.company.id, { projectId: project.id, requirements: [panel!], status: 'open' })
    await insertQuotation(second.id, a, [{ rfqLineId: second.lines[0]!.id, unitPrice: '8.64' }], { currency: 'USD' })
    await insertQuotation(second.id, c, [{ rfqLineId: second.lines[0]!.id, unitPrice: '0.5' }], { currency: 'EUR', status: 'draft' })
    // A sealed RFQ before its deadline: its offers stay unseen.
    const sealed = await insertRfq(cast.buyer.company.id, { projectId: project.id, requirements: [panel!, sign!], sealed: true })
    await insertQuotation(
      sealed.id,
      c,
      [
        { rfqLineId: sealed.lines[0]!.id, unitPrice: '0.1' },
        { rfqLineId: sealed.lines[1]!.id, unitPrice: '0.1' },
      ],
      { currency: 'EUR' },
    )

    const budget = await projectBudget(cast.buyer.ctx, project.id)
    expect(budget.currency).toBe('EUR')
    expect(budget.ratesAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(budget.requirements.map((row) => row.title)).toEqual(['LED panel light 600×600', 'Track spotlight 20 W', 'Emergency exit sign'])
    const [panelBudget, spotBudget, signBudget] = budget.requirements
    // 400 × 18 = 7,200 EUR; offers 4,320 USD = 4,000 EUR, 28,080 CNY = 3,600 EUR and 3,456 USD = 3,200 EUR; awarded 28,080 CNY.
    expect(panelBudget).toMatchObject({ budget: amount('7200.0000'), quoted: amount('3200.0000'), quotes: 3, awarded: amount('3600.0000') })
    expect(spotBudget).toMatchObject({ budget: amount('2375.0000'), quoted: { kind: 'none' }, quotes: 0, awarded: { kind: 'none' } })
    // No target price; 40 × 1,000 CNY = 40,000 CNY = 5,128.2051… EUR.
    expect(signBudget).toMatchObject({ budget: { kind: 'none' }, quoted: amount('5128.2051'), quotes: 1, awarded: { kind: 'none' } })
  })

  it('names a currency no rate converts instead of guessing, and keeps the convertible lowest', async () => {
    const project = await insertProject(cast.buyer.company.id, {
      currency: 'USD',
      requirements: [
        { title: 'Hand dryer', quantity: 10, targetUnitPrice: '120' },
        { title: 'Soap dispenser', quantity: 20, targetUnitPrice: '15' },
      ],
    })
    const [dryer, soap] = project.requirements
    await database().update(requirements).set({ targetCurrency: 'XOF' }).where(eq(requirements.id, soap!.id))
    const rfq = await insertRfq(cast.buyer.company.id, {
      projectId: project.id,
      requirements: [dryer!, soap!],
      status: 'closed',
      deadline: new Date(Date.now() - DAY_MS),
    })
    await insertQuotation(
      rfq.id,
      cast.suppliers[0]!.company.id,
      [
        { rfqLineId: rfq.lines[0]!.id, unitPrice: '90' },
        { rfqLineId: rfq.lines[1]!.id, unitPrice: '9000' },
      ],
      { currency: 'XOF' },
    )
    await insertQuotation(rfq.id, cast.suppliers[1]!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '110' }], { currency: 'USD' })
    const won = await insertQuotation(rfq.id, cast.suppliers[2]!.company.id, [{ rfqLineId: rfq.lines[1]!.id, unitPrice: '7000' }], {
      currency: 'XOF',
      status: 'accepted',
    })
    await database().insert(rfqAwards).values({
      id: randomUUID(),
      rfqId: rfq.id,
      rfqLineId: rfq.lines[1]!.id,
      quotationId: won.id,
      supplierCompanyId: cast.suppliers[2]!.company.id,
      quantity: 20,
      unitPrice: '7000',
      currency: 'XOF',
      purchaseOrderId: null,
    })

    const budget = await projectBudget(cast.buyer.ctx, project.id)
    expect(budget.ratesAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const [dryerBudget, soapBudget] = budget.requirements
    expect(dryerBudget).toMatchObject({ budget: amount('1200.0000'), quoted: amount('1100.0000'), quotes: 2, awarded: { kind: 'none' } })
    expect(soapBudget).toMatchObject({
      budget: { kind: 'no_rate', currency: 'XOF' },
      quoted: { kind: 'no_rate', currency: 'XOF' },
      quotes: 2,
      awarded: { kind: 'no_rate', currency: 'XOF' },
    })
  })

  it('names no rates when every figure is in the project currency', async () => {
    const project = await insertProject(cast.buyer.company.id, {
      currency: 'USD',
      requirements: [
        { title: 'Hand dryer', quantity: 10, targetUnitPrice: '120' },
        { title: 'Mirror', quantity: 4, targetUnitPrice: null },
      ],
    })
    const rfq = await insertRfq(cast.buyer.company.id, {
      projectId: project.id,
      requirements: project.requirements,
      status: 'closed',
      deadline: new Date(Date.now() - DAY_MS),
    })
    await insertQuotation(rfq.id, cast.suppliers[0]!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '99.99' }], { currency: 'USD' })
    expect(await projectBudget(cast.buyer.ctx, project.id)).toMatchObject({
      ratesAsOf: null,
      requirements: [
        { budget: amount('1200.0000'), quoted: amount('999.9000'), quotes: 1 },
        { budget: { kind: 'none' }, quotes: 0 },
      ],
    })
  })

  it('answers an empty list for a project without requirements, and not found to another company', async () => {
    const project = await insertProject(cast.buyer.company.id, { requirements: [] })
    expect(await projectBudget(cast.buyer.ctx, project.id)).toEqual({ currency: 'USD', ratesAsOf: null, requirements: [] })
    await expect(projectBudget(cast.stranger.ctx, project.id)).rejects.toMatchObject({ code: 'not_found' })
  })
})
