/** A decimal number exactly: `units` / 10^`scale` (scale ≥ 0). */
export type ScaledDecimal = { units: bigint; scale: number }

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/** Reads "12.50", "-0.0125", ".5" or "1e-7" (the shapes decimal strings and decimal.js's toString take) exactly. */
export function parseDecimal(text: string): ScaledDecimal {
  const match = DECIMAL_TEXT.exec(text.trim())
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match ?? []
  if (!match || whole.length + fraction.length === 0) throw new TypeError(`Not a decimal number: "${text}"`)
  const digits = BigInt(`${whole}${fraction}`)
  const units = sign === '-' ? -digits : digits
  const scale = fraction.length - Number(exponent)
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 }
}

/** Plain decimal text without trailing zeros or exponent: 1250 / 10^2 → "12.5", 0 → "0". */
export function formatScaled({ units, scale }: ScaledDecimal): string {
  const sign = units < 0n ? '-' : ''
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '')
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`
}

/** numerator ÷ denominator as an integer, rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  const quotient = n / d + (2n * (n % d) >= d ? 1n : 0n)
  return negative ? -quotient : quotient
}

/** `text` rounded to `decimals` places, half away from zero: ("9.995", 2) → "10", ("-0.125", 2) → "-0.13". */
export function roundToDecimals(text: string, decimals: number): string {
  const { units, scale } = parseDecimal(text)
  if (scale <= decimals) return formatScaled({ units, scale })
  return formatScaled({ units: divideRounded(units, 10n ** BigInt(scale - decimals)), scale: decimals })
}

/** How many decimals the number needs (trailing zeros don't count): "3.40" → 1, "0.0125" → 4, "12" → 0. */
export function decimalPlaces(text: string): number {
  const [, fraction = ''] = formatScaled(parseDecimal(text)).split('.')
  return fraction.length
}

/** `text` rounded to `count` significant digits, half away from zero: ("7.22225", 5) → "7.2223", ("99999.5", 5) → "100000". */
export function toSignificantDigits(text: string, count: number): string {
  const { units, scale } = parseDecimal(text)
  const excess = (units < 0n ? -units : units).toString().length - count
  if (units === 0n || excess <= 0) return formatScaled({ units, scale })
  const rounded = divideRounded(units, 10n ** BigInt(excess))
  const newScale = scale - excess
  return formatScaled(newScale >= 0 ? { units: rounded, scale: newScale } : { units: rounded * 10n ** BigInt(-newScale), scale: 0 })
}

/** The exact sum of decimal strings, as plain decimal text: ("12.5", "0.25", "-1") → "11.75"; no values → "0". */
export function sumDecimals(values: readonly string[]): string {
  const parsed = values.map(parseDecimal)
  const scale = parsed.reduce((widest, value) => Math.max(widest, value.scale), 0)
  const units = parsed.reduce((total, value) => total + value.units * 10n ** BigInt(scale - value.scale), 0n)
  return formatScaled({ units, scale })
}

/** a − b exactly, as plain decimal text. */
export function subtractDecimals(a: string, b: string): string {
  const negated = parseDecimal(b)
  return sumDecimals([a, formatScaled({ units: -negated.units, scale: negated.scale })])
}

/** −1, 0 or 1 as a is less than, equal to or greater than b, exactly. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const difference = parseDecimal(subtractDecimals(a, b)).units
  return difference < 0n ? -1 : difference > 0n ? 1 : 0
}
