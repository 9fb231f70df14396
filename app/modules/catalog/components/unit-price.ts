import type { Formatter } from '../../../platform/format/formatter'

/** Unit prices keep up to four decimals (0.0125 USD stays 0.0125); the amount is an exact decimal string. */
export function formatUnitPrice(format: Formatter, amount: string, currency: string): string {
  return format.number(amount, { style: 'currency', currency, maximumFractionDigits: 4 })
}
