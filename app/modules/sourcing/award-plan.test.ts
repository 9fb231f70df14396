import { describe, expect, it } from 'vitest'
import { planAward, type PlanQuotation } from './award-plan'

const lines = [
  { id: 'l1', title: 'LED panel', unit: 'pcs', quantity: 400 },
  { id: 'l2', title: 'Spotlight', unit: 'pcs', quantity: 250 },
  { id: 'l3', title: 'Exit sign', unit: 'pcs', quantity: 40 },
]
const quote = (id: string, supplierCompanyId: string, prices: Record<string, string>, status: PlanQuotation['status'] = 'submitted'): PlanQuotation => ({
  id,
  supplierCompanyId,
  status,
  prices: new Map(Object.entries(prices)),
})
const quotations = new Map([
  ['qa', quote('qa', 'A', { l1: '17.5', l2: '9.9', l3: '13' })],
  ['qb', quote('qb', 'B', { l1: '18.2', l2: '8.75' })],
  ['qw', quote('qw', 'W', { l1: '1' }, 'withdrawn')],
])

describe('planAward', () => {
  it('splits an award per supplier at the quoted prices, in the RFQ’s line order', () => {
    const plan = planAward(
      [
        { rfqLineId: 'l2', quotationId: 'qb' },
        { rfqLineId: 'l1', quotationId: 'qa' },
        { rfqLineId: 'l3', quotationId: 'qa' },
      ],
      lines,
      new Set(),
      quotations,
    )
    expect(plan).toEqual({
      ok: true,
      groups: [
        {
          supplierCompanyId: 'A',
          quotationId: 'qa',
          lines: [
            { ...lines[0], unitPrice: '17.5' },
            { ...lines[2], unitPrice: '13' },
          ],
        },
        { supplierCompanyId: 'B', quotationId: 'qb', lines: [{ ...lines[1], unitPrice: '8.75' }] },
      ],
    })
  })

  it('awards a whole RFQ to one supplier as one group', () => {
    const plan = planAward(
      lines.map((line) => ({ rfqLineId: line.id, quotationId: 'qa' })),
      lines,
      new Set(),
      quotations,
    )
    expect(plan.ok && plan.groups.map((group) => [group.supplierCompanyId, group.lines.length])).toEqual([['A', 3]])
  })

  it('reports unknown lines, a line twice, unknown quotations and lines the quotation did not price, together', () => {
    const plan = planAward(
      [
        { rfqLineId: 'nope', quotationId: 'qa' },
        { rfqLineId: 'l1', quotationId: 'qa' },
        { rfqLineId: 'l1', quotationId: 'qb' },
        { rfqLineId: 'l2', quotationId: 'ghost' },
        { rfqLineId: 'l3', quotationId: 'qb' },
      ],
      lines,
      new Set(),
      quotations,
    )
    expect(plan).toEqual({
      ok: false,
      kind: 'validation',
      fields: {
        'lines.0.rfqLineId': ['validation.line'],
        'lines.2.rfqLineId': ['validation.duplicateLine'],
        'lines.3.quotationId': ['validation.quotation'],
        'lines.4.quotationId': ['validation.notQuoted'],
      },
    })
    expect(planAward([], lines, new Set(), quotations)).toEqual({ ok: false, kind: 'validation', fields: { lines: ['validation.nothingToAward'] } })
  })

  it('refuses a line already awarded and a withdrawn quotation as conflicts', () => {
    expect(planAward([{ rfqLineId: 'l1', quotationId: 'qa' }], lines, new Set(['l1']), quotations)).toEqual({
      ok: false,
      kind: 'conflict',
      reason: 'already_awarded',
      index: 0,
    })
    expect(planAward([{ rfqLineId: 'l1', quotationId: 'qw' }], lines, new Set(), quotations)).toEqual({
      ok: false,
      kind: 'conflict',
      reason: 'quotation_not_open',
      index: 0,
    })
  })

  it('asks for an offer on a ticked line that has none chosen', () => {
    expect(planAward([{ rfqLineId: 'l1', quotationId: '' }], lines, new Set(), quotations)).toEqual({
      ok: false,
      kind: 'validation',
      fields: { 'lines.0.quotationId': ['validation.chooseOffer'] },
    })
  })

  it('awards only the lines selected: two of three give two lines, the third is in no group', () => {
    const plan = planAward(
      [
        { rfqLineId: 'l1', quotationId: 'qa' },
        { rfqLineId: 'l2', quotationId: 'qb' },
      ],
      lines,
      new Set(),
      quotations,
    )
    expect(plan.ok && plan.groups.flatMap((group) => group.lines.map((line) => line.id))).toEqual(['l1', 'l2'])
  })
})
