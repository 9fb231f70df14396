import { describe, expect, it } from 'vitest'
import type { RateTable } from '../../platform/fx/convert'
import { landedCost, SELLER_COVERS } from './landed-cost'
import { DEFAULT_ASSUMPTIONS, type LandedCostAssumptions } from './sourcing.constants'

const rates: RateTable = { asOf: '2026-11-20', perEur: { USD: '1.25', CNY: '8' } }
const flat: LandedCostAssumptions = { freightPct: '10', insurancePct: '1', dutyPct: '5', originPct: '2', destinationPct: '3' }
const line = (quantity: number, unitPrice: string, lineId = 'l1') => ({ lineId, quantity, unitPrice })
const terms = (incoterm: Parameters<typeof landedCost>[1]['incoterm'], extra: Partial<Parameters<typeof landedCost>[1]> = {}) => ({
  currency: 'USD',
  incoterm,
  freightAmount: null,
  insuranceAmount: null,
  ...extra,
})

function only(result: ReturnType<typeof landedCost>) {
  if ('missingRate' in result) throw new Error(`missing rate ${result.missingRate}`)
  return result
}

describe('landedCost', () => {
  it('adds everything to an EXW price: origin, freight, insurance on goods + freight, destination, duty on the customs value', () => {
    const result = only(landedCost([line(100, '10')], terms('EXW'), 'USD', rates, flat))
    const [landed] = result.lines
    // goods 1000; origin 20; freight 100; insurance 1% of 1100 = 11; destination 30; duty 5% of 1111 = 55.55
    expect(landed!.components).toEqual({
      origin: { amount: '20.0000', basis: 'estimated' },
      freight: { amount: '100.0000', basis: 'estimated' },
      insurance: { amount: '11.0000', basis: 'estimated' },
      destination: { amount: '30.0000', basis: 'estimated' },
      duty: { amount: '55.5500', basis: 'estimated' },
    })
    expect(landed!.landed).toBe('1216.5500')
    expect(landed!.landedUnit).toBe('12.1655')
  })

  it('follows each Incoterm: FOB adds freight, CIF only destination and duty, DDP nothing', () => {
    const fob = only(landedCost([line(100, '10')], terms('FOB'), 'USD', rates, flat)).lines[0]!
    expect(fob.components.origin.basis).toBe('included')
    expect(fob.components.freight.basis).toBe('estimated')
    expect(fob.landed).toBe('1196.5500')
    const cif = only(landedCost([line(100, '10')], terms('CIF'), 'USD', rates, flat)).lines[0]!
    expect(cif.components.freight.basis).toBe('included')
    expect(cif.components.insurance.basis).toBe('included')
    // goods 1000 + destination 30 + duty 5% of 1000 = 50
    expect(cif.landed).toBe('1080.0000')
    const ddp = only(landedCost([line(100, '10')], terms('DDP'), 'USD', rates, flat)).lines[0]!
    expect(ddp.landed).toBe('1000.0000')
    expect(Object.values(ddp.components).every((part) => part.basis === 'included')).toBe(true)
  })

  it('uses the freight and insurance the seller states, shared among lines by goods value', () => {
    const result = only(landedCost([line(100, '10', 'a'), line(300, '10', 'b')], terms('CFR', { freightAmount: '400' }), 'USD', rates, flat))
    expect(result.lines.map((landed) => landed.components.freight)).toEqual([
      { amount: '100.0000', basis: 'stated' },
      { amount: '300.0000', basis: 'stated' },
    ])
    expect(result.goods).toBe('4000.0000')
  })

  it('converts to the buyer’s currency with the rate table', () => {
    const result = only(landedCost([line(10, '80')], { currency: 'CNY', incoterm: 'DDP', freightAmount: null, insuranceAmount: null }, 'USD', rates, flat))
    // 800 CNY = 100 EUR = 125 USD
    expect(result.lines[0]!.goods).toBe('125.0000')
    expect(result.currency).toBe('USD')
  })

  it('says which rate is missing instead of comparing wrongly', () => {
    expect(
      landedCost([line(1, '1')], { currency: 'GBP', incoterm: 'FOB', freightAmount: null, insuranceAmount: null }, 'USD', rates, DEFAULT_ASSUMPTIONS),
    ).toEqual({ currency: 'USD', missingRate: 'GBP' })
  })

  it('covers more the further the seller delivers', () => {
    const order = ['EXW', 'FOB', 'CFR', 'CIF', 'DAP', 'DDP'] as const
    const covered = order.map((incoterm) => Object.values(SELLER_COVERS[incoterm]).filter(Boolean).length)
    expect(covered).toEqual([0, 1, 2, 3, 4, 5])
  })
})
