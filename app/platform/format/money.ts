import { divideRounded, parseDecimal } from './decimal-text'

/** An amount in the currency's smallest unit (cents, fen; yen have none): exact, never a float. */
export type Money = { minor: bigint | number; currency: string }

/** A decimal amount as text, e.g. "1234.50", the shape Intl.NumberFormat formats exactly. */
export type DecimalString = `${number}`

const DECIMAL = /^-?\d+(?:\.\d+)?$/

function isDecimalString(value: string): value is DecimalString {
  return DECIMAL.test(value)
}

export function toDecimalString(value: string): DecimalString {
  if (!isDecimalString(value)) throw new TypeError(`Not a decimal amount: "${value}"`)
  return value
}

const digitsByCurrency = new Map<string, number>()

/** How many decimals the currency's minor unit has: JPY 0, USD 2, KWD 3. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency)
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
    digitsByCurrency.set(currency, digits)
  }
  return digits
}

/** A decimal amount ("1234.5") in the currency's minor units, rounded half away from zero (1234.5 USD → 123450n). */
export function toMinor(amount: string, currency: string): bigint {
  const { units, scale } = parseDecimal(amount)
  const digits = currencyDigits(currency)
  return scale <= digits ? units * 10n ** BigInt(digits - scale) : divideRounded(units, 10n ** BigInt(scale - digits))
}

/** Minor units as a decimal string: 123450 USD → "1234.50", 1500 JPY → "1500". */
export function minorToDecimal(money: Money): DecimalString {
  if (typeof money.minor === 'number' && !Number.isSafeInteger(money.minor)) throw new RangeError(`Minor units must be a safe integer: ${money.minor}`)
  const digits = currencyDigits(money.currency)
  const minor = BigInt(money.minor)
  const sign = minor < 0n ? '-' : ''
  const units = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, '0')
  return toDecimalString(digits === 0 ? `${sign}${units}` : `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`)
}
