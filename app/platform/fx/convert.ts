import { divideRounded, formatScaled, parseDecimal, type ScaledDecimal } from '../format/decimal-text'
import type { RateTable } from './rate-table'

export { NO_RATES, type RateTable } from './rate-table'

/** Converted amounts and cross rates keep 20 decimals (rounded half away from zero at the 20th): far finer than any price or rate. */
const CONVERSION_DECIMALS = 20

/** Whether the table can convert between the two currencies. */
export const canConvert = (rates: RateTable, from: string, to: string) => from === to || (rateOf(rates, from) !== null && rateOf(rates, to) !== null)

function rateOf(rates: RateTable, currency: string): ScaledDecimal | null {
  if (currency === 'EUR') return { units: 1n, scale: 0 }
  const rate = rates.perEur[currency]
  return rate ? parseDecimal(rate) : null
}

/** `amount` in `from` expressed in `to` through the EUR cross rate (plain decimal string, 20 decimals at most); null without a rate. */
export function convertAmount(rates: RateTable, amount: string, from: string, to: string): string | null {
  const value = parseDecimal(amount)
  if (from === to) return formatScaled(value)
  const fromRate = rateOf(rates, from)
  const toRate = rateOf(rates, to)
  if (!fromRate || !toRate || fromRate.units === 0n) return null
  // amount × to ÷ from as one fraction of integers, scaled by 10^20 before the single rounding division.
  const numerator = value.units * toRate.units * 10n ** BigInt(fromRate.scale + CONVERSION_DECIMALS)
  const denominator = fromRate.units * 10n ** BigInt(value.scale + toRate.scale)
  return formatScaled({ units: divideRounded(numerator, denominator), scale: CONVERSION_DECIMALS })
}

/** Units of `to` per 1 `from` (20 decimals at most); null without a rate. */
export const crossRate = (rates: RateTable, from: string, to: string): string | null => convertAmount(rates, '1', from, to)

/** The day a conversion between the two currencies is of: the older of their rates' days (EUR needs none). */
export function rateDay(rates: RateTable, from: string, to: string): string | null {
  const days = [from, to].filter((currency) => currency !== 'EUR').map((currency) => rates.days?.[currency] ?? rates.asOf)
  const known = days.filter((day): day is string => day !== null)
  return known.length < days.length ? rates.asOf : (known.sort()[0] ?? rates.asOf)
}
