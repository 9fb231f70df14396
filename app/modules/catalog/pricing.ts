import DecimalBase from 'decimal.js'
import { currencyDigits } from '../../platform/format/money'

// numeric(18,4) × a quantity up to 10⁹ needs 23 significant digits; the default 20 would round.
const Decimal = DecimalBase.clone({ precision: 40 })

/** One quantity break: from `minQuantity` units on, each unit costs `unitPrice` (a decimal string). */
export type PriceBreak = { minQuantity: number; unitPrice: string }

/** The break that applies to `quantity`: the one with the largest min quantity not above it; null below the first break. */
export function breakFor<T extends PriceBreak>(breaks: readonly T[], quantity: number): T | null {
  let chosen: T | null = null
  for (const line of breaks) {
    if (line.minQuantity <= quantity && (!chosen || line.minQuantity > chosen.minQuantity)) chosen = line
  }
  return chosen
}

/** The unit price (decimal string) for `quantity` units; null when the quantity is below every break. */
export function unitPriceFor(breaks: readonly PriceBreak[], quantity: number): string | null {
  return breakFor(breaks, quantity)?.unitPrice ?? null
}

export { currencyDigits }

/** Rounds an amount to the currency's minor units, half away from zero; answers a plain decimal string. */
export function roundToCurrency(amount: string, currency: string): string {
  return new Decimal(amount).toDecimalPlaces(currencyDigits(currency), Decimal.ROUND_HALF_UP).toFixed(currencyDigits(currency))
}

/** quantity × unit price, exact, then rounded to the currency's minor units. */
export function lineTotal(quantity: number, unitPrice: string, currency: string): string {
  return roundToCurrency(new Decimal(unitPrice).times(quantity).toString(), currency)
}

/** The price of `quantity` units under the breaks: unit price and rounded total, or null below the first break. */
export function priceFor(breaks: readonly PriceBreak[], quantity: number, currency: string): { unitPrice: string; total: string } | null {
  const unitPrice = unitPriceFor(breaks, quantity)
  if (unitPrice === null) return null
  return { unitPrice, total: lineTotal(quantity, unitPrice, currency) }
}

/** The lowest unit price of the breaks (decimal string), null when there are none. */
export function lowestUnitPrice(breaks: readonly PriceBreak[]): string | null {
  let lowest: DecimalBase | null = null
  for (const line of breaks) {
    const price = new Decimal(line.unitPrice)
    if (!lowest || price.lessThan(lowest)) lowest = price
  }
  return lowest ? lowest.toString() : null
}

/** Whether the text is a decimal number (no exponent, at most `maxDecimals` decimals). */
export function isDecimalText(text: string, maxDecimals: number): boolean {
  return new RegExp(`^\\d+(\\.\\d{1,${maxDecimals}})?$`).test(text)
}

/** A stored numeric (e.g. '12.5000') without trailing zeros beyond the currency's minor units. */
export function displayUnitPrice(unitPrice: string, currency: string): string {
  const digits = currencyDigits(currency)
  const value = new Decimal(unitPrice)
  return value.decimalPlaces() > digits ? value.toString() : value.toFixed(digits)
}
