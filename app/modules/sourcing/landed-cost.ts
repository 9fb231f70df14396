import DecimalBase from 'decimal.js'
import { convertAmount, type RateTable } from '../../platform/fx/convert'
import type { Incoterm } from '../../platform/trade-terms'
import type { LandedCostAssumptions } from './sourcing.constants'

const Decimal = DecimalBase.clone({ precision: 40 })

/** The cost components a buyer may have to add on top of the goods. */
export const COST_COMPONENTS = ['origin', 'freight', 'insurance', 'destination', 'duty'] as const
export type CostComponent = (typeof COST_COMPONENTS)[number]

/**
 * What the seller's price already covers under each Incoterm 2020 rule (true: included; the buyer adds the rest).
 * EXW: nothing; FCA/FAS/FOB: export clearance and delivery to the carrier or ship; CFR/CPT: + main carriage;
 * CIF/CIP: + insurance; DAP/DPU: delivery to the named destination; DDP: + import duties.
 */
export const SELLER_COVERS: Record<Incoterm, Record<CostComponent, boolean>> = {
  EXW: { origin: false, freight: false, insurance: false, destination: false, duty: false },
  FCA: { origin: true, freight: false, insurance: false, destination: false, duty: false },
  FAS: { origin: true, freight: false, insurance: false, destination: false, duty: false },
  FOB: { origin: true, freight: false, insurance: false, destination: false, duty: false },
  CPT: { origin: true, freight: true, insurance: false, destination: false, duty: false },
  CFR: { origin: true, freight: true, insurance: false, destination: false, duty: false },
  CIP: { origin: true, freight: true, insurance: true, destination: false, duty: false },
  CIF: { origin: true, freight: true, insurance: true, destination: false, duty: false },
  DAP: { origin: true, freight: true, insurance: true, destination: true, duty: false },
  DPU: { origin: true, freight: true, insurance: true, destination: true, duty: false },
  DDP: { origin: true, freight: true, insurance: true, destination: true, duty: true },
}

/** One priced line of a quotation. */
export type QuotedLine = { lineId: string; quantity: number; unitPrice: string }

/** The quotation terms that change what the buyer pays on top. Stated amounts are in the quotation's currency. */
export type QuoteTerms = { currency: string; incoterm: Incoterm; freightAmount: string | null; insuranceAmount: string | null }

/** How a component was arrived at: in the seller's price, stated by the seller, or estimated from the assumptions. */
export const COMPONENT_BASES = ['included', 'stated', 'estimated'] as const
export type ComponentBasis = (typeof COMPONENT_BASES)[number]

export type LandedLine = {
  lineId: string
  quantity: number
  /** All amounts in the buyer's currency, rounded to 4 decimals. */
  goods: string
  components: Record<CostComponent, { amount: string; basis: ComponentBasis }>
  landed: string
  landedUnit: string
}

export type LandedQuote = { currency: string; lines: LandedLine[]; goods: string; landed: string } | { currency: string; missingRate: string }

const pct = (value: string) => new Decimal(value).div(100)
const fixed = (value: DecimalBase) => value.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4)

/**
 * One quotation normalised to a landed cost in the buyer's currency, per line: goods (unit price × quantity) converted
 * at the rate table, then each component the Incoterm leaves to the buyer — stated by the seller (quote-level freight
 * and insurance, shared among the lines by goods value) or else estimated as a percentage of the goods value; duty on
 * the customs value (goods + freight + insurance) unless DDP. Answers `missingRate` when a currency cannot be
 * converted, so the comparison can say so instead of comparing wrongly.
 */
export function landedCost(
  lines: readonly QuotedLine[],
  terms: QuoteTerms,
  buyerCurrency: string,
  rates: RateTable,
  assumptions: LandedCostAssumptions,
): LandedQuote {
  const convert = (amount: DecimalBase) => convertAmount(rates, amount.toString(), terms.currency, buyerCurrency)
  if (convert(new Decimal(1)) === null)
    return {
      currency: buyerCurrency,
      missingRate:
        terms.currency === buyerCurrency
          ? buyerCurrency
          : ([terms.currency, buyerCurrency].find((currency) => currency !== 'EUR' && !rates.perEur[currency]) ?? terms.currency),
    }
  const covers = SELLER_COVERS[terms.incoterm]
  const goodsOf = lines.map((line) => new Decimal(line.unitPrice).times(line.quantity))
  const goodsTotal = goodsOf.reduce((sum, value) => sum.plus(value), new Decimal(0))
  const share = (index: number) => (goodsTotal.isZero() ? new Decimal(1).div(lines.length || 1) : goodsOf[index]!.div(goodsTotal))
  const stated = { freight: terms.freightAmount, insurance: terms.insuranceAmount }

  const landedLines = lines.map((line, index) => {
    const goods = new Decimal(convert(goodsOf[index]!)!)
    const component = (name: CostComponent, estimate: () => DecimalBase): { amount: DecimalBase; basis: ComponentBasis } => {
      const given = name === 'freight' || name === 'insurance' ? stated[name] : null
      if (given !== null) return { amount: new Decimal(convert(new Decimal(given).times(share(index)))!), basis: 'stated' }
      if (covers[name]) return { amount: new Decimal(0), basis: 'included' }
      return { amount: estimate(), basis: 'estimated' }
    }
    const origin = component('origin', () => goods.times(pct(assumptions.originPct)))
    const freight = component('freight', () => goods.times(pct(assumptions.freightPct)))
    const insurance = component('insurance', () => goods.plus(freight.amount).times(pct(assumptions.insurancePct)))
    const destination = component('destination', () => goods.times(pct(assumptions.destinationPct)))
    const duty = covers.duty
      ? { amount: new Decimal(0), basis: 'included' as const }
      : { amount: goods.plus(freight.amount).plus(insurance.amount).times(pct(assumptions.dutyPct)), basis: 'estimated' as const }
    const parts = { origin, freight, insurance, destination, duty }
    const landed = Object.values(parts).reduce((sum, part) => sum.plus(part.amount), goods)
    return {
      lineId: line.lineId,
      quantity: line.quantity,
      goods: fixed(goods),
      components: Object.fromEntries(
        Object.entries(parts).map(([name, part]) => [name, { amount: fixed(part.amount), basis: part.basis }]),
      ) as LandedLine['components'],
      landed: fixed(landed),
      landedUnit: fixed(line.quantity > 0 ? landed.div(line.quantity) : landed),
    }
  })
  return {
    currency: buyerCurrency,
    lines: landedLines,
    goods: fixed(landedLines.reduce((sum, line) => sum.plus(line.goods), new Decimal(0))),
    landed: fixed(landedLines.reduce((sum, line) => sum.plus(line.landed), new Decimal(0))),
  }
}
