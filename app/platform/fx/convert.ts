import DecimalBase from 'decimal.js'

const Decimal = DecimalBase.clone({ precision: 40 })

/** Units of each currency per 1 EUR (EUR itself is 1), as decimal strings. */
export type RateTable = { asOf: string | null; perEur: Record<string, string> }

/** Whether the table can convert between the two currencies. */
export const canConvert = (rates: RateTable, from: string, to: string) => from === to || (rateOf(rates, from) !== null && rateOf(rates, to) !== null)

function rateOf(rates: RateTable, currency: string): DecimalBase | null {
  if (currency === 'EUR') return new Decimal(1)
  const rate = rates.perEur[currency]
  return rate ? new Decimal(rate) : null
}

/** `amount` in `from` expressed in `to` through the EUR cross rate, unrounded (decimal string); null without a rate. */
export function convertAmount(rates: RateTable, amount: string, from: string, to: string): string | null {
  if (from === to) return new Decimal(amount).toString()
  const fromRate = rateOf(rates, from)
  const toRate = rateOf(rates, to)
  if (!fromRate || !toRate || fromRate.isZero()) return null
  return new Decimal(amount).div(fromRate).times(toRate).toString()
}
