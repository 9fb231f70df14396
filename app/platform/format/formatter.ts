import { convertAmount, crossRate, rateDay, type RateTable } from '../fx/convert'
import { decimalPlaces, roundToDecimals, toSignificantDigits } from './decimal-text'
import { LOCALE_ENTRIES, type Locale } from '../i18n/locales'
import type { DateStyle, HourCycle } from './intl-values'
import { currencyDigits, type DecimalString, type Money, minorToDecimal, toDecimalString } from './money'

/** The user preferences that shape dates and times; timezone null means the runtime's own zone. */
export type FormatPreferences = {
  timezone: string | null
  date_format: DateStyle
  time_format: DateStyle
  hour_cycle: HourCycle
}

export type DateInput = Date | number | string

/** Show an amount in the viewer's currency (`to`) with the reference rates (platform FX table). */
export type Conversion = { to: string; rates: RateTable }

/** Unit prices keep up to four decimals (0.0125 USD stays 0.0125); totals are shown in the currency's minor units. */
export type MoneyOptions = { unitPrice?: boolean }

/**
 * An amount as the viewer's currency shows it: `same` (already in it), `converted` (≈ the converted amount, with the
 * original, the cross rate and its day), or `no_rate` (the original only: no rate to `to` is known).
 */
export type ConvertedMoney =
  | { kind: 'same'; text: string }
  | { kind: 'converted'; text: string; original: string; rate: string; day: string | null }
  | { kind: 'no_rate'; text: string; to: string }

export type Formatter = {
  date(value: DateInput): string
  time(value: DateInput): string
  dateTime(value: DateInput): string
  /** "3 hours ago", "tomorrow": the unit is picked from the distance between value and now. */
  relativeTime(value: DateInput, now: DateInput): string
  number(value: number | bigint | string, options?: Intl.NumberFormatOptions): string
  /** A ratio: 0.125 → "12.5%". */
  percent(ratio: number, options?: Intl.NumberFormatOptions): string
  money(...args: [amount: string, currency: string] | [amount: Money]): string
  /** A unit price: the currency's minor units and up to four decimals. */
  unitPrice(amount: string, currency: string): string
  /** `amount` in `currency` as the viewer's currency shows it; the converted amount is rounded half away from zero. */
  convertMoney(amount: string, currency: string, conversion: Conversion, options?: MoneyOptions): ConvertedMoney
}

type ExactMoney = { amount: DecimalString; currency: string }

/** Between the date and the time of a moment: a space in Chinese, Japanese and Korean, a comma and a space elsewhere. */
const dateTimeSeparator = (tag: string) => (/^(zh|ja|ko)\b/.test(tag) ? ' ' : ', ')

const UNIT_PRICE_DIGITS = 4
/** Enough to tell a cross rate from its neighbours (1.0856, 0.12821, 156.23) without a row of digits. */
const RATE_SIGNIFICANT_DIGITS = 5

const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 31_557_600],
  ['month', 2_629_800],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
]

/** A converted unit price keeps the precision its original has beyond its currency's minor units ($0.0125 → €0.0115, $3.40 → €3.13), up to four decimals. */
function unitPriceDigits(amount: string, from: string, to: string): number {
  const extra = Math.max(decimalPlaces(amount) - currencyDigits(from), 0)
  return Math.min(currencyDigits(to) + extra, Math.max(UNIT_PRICE_DIGITS, currencyDigits(to)))
}

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value))

function exactMoney(args: [amount: string, currency: string] | [amount: Money]): ExactMoney {
  return args.length === 2 ? { amount: toDecimalString(args[0]), currency: args[1] } : { amount: minorToDecimal(args[0]), currency: args[0].currency }
}

/**
 * Intl formatters are costly to build (tenths of a millisecond each) and immutable: one per locale and options is
 * shared by every formatter of the process, built on first use. Bounded: cleared if it ever grows past its size.
 */
const INTL_CACHE_SIZE = 1_000
const intlObjects = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>()

function shared<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(kind: string, tag: string, options: object, make: () => T): T {
  const key = `${kind}|${tag}|${JSON.stringify(options)}`
  let value = intlObjects.get(key) as T | undefined
  if (!value) {
    value = make()
    if (intlObjects.size >= INTL_CACHE_SIZE) intlObjects.clear()
    intlObjects.set(key, value)
  }
  return value
}

/** An `Intl.DateTimeFormat` shared by everyone who asks for the same locale and options (creating one costs far more than using it). */
export const dateTimeFormat = (tag: string, options: Intl.DateTimeFormatOptions) => shared('date', tag, options, () => new Intl.DateTimeFormat(tag, options))
/** An `Intl.NumberFormat` shared the same way. */
export const numberFormatOf = (tag: string, options: Intl.NumberFormatOptions = {}) => shared('number', tag, options, () => new Intl.NumberFormat(tag, options))

/**
 * Formats dates, numbers and money for one locale and one user's preferences; cheap to create (Intl objects are shared).
 * `tag` (BCP 47) is the interface language's when the user chose one (issue 26); else the product locale's applies.
 */
export function createFormatter({ locale, tag: chosenTag, preferences }: { locale: Locale; tag?: string; preferences: FormatPreferences }): Formatter {
  const tag = chosenTag ?? LOCALE_ENTRIES[locale].language
  const timeZone = preferences.timezone ?? undefined
  // Each formatter is asked for the same few Intl objects many times a page: found in the shared cache once, then kept.
  let dates: Intl.DateTimeFormat | undefined
  let times: Intl.DateTimeFormat | undefined
  let relatives: Intl.RelativeTimeFormat | undefined
  const currencies = new Map<string, Intl.NumberFormat>()
  const dateFormat = () => (dates ??= dateTimeFormat(tag, { dateStyle: preferences.date_format, timeZone }))
  // Time alone: ICU rewrites the date half of a combined dateStyle + hourCycle pattern (2026年3月1日 becomes 2026/3/1).
  const timeFormat = () => (times ??= dateTimeFormat(tag, { timeStyle: preferences.time_format, hourCycle: preferences.hour_cycle, timeZone }))
  const relativeFormat = () => (relatives ??= shared('relative', tag, { numeric: 'auto' }, () => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' })))
  const currencyFormat = (currency: string, maximumFractionDigits?: number) => {
    const key = `${currency}|${maximumFractionDigits ?? ''}`
    let format = currencies.get(key)
    if (!format) {
      format = numberFormatOf(
        tag,
        maximumFractionDigits === undefined ? { style: 'currency', currency } : { style: 'currency', currency, maximumFractionDigits },
      )
      currencies.set(key, format)
    }
    return format
  }
  const formatMoney = (money: ExactMoney, maximumFractionDigits?: number) => currencyFormat(money.currency, maximumFractionDigits).format(money.amount)

  return {
    date: (value) => dateFormat().format(toDate(value)),
    time: (value) => timeFormat().format(toDate(value)),
    dateTime: (value) => `${dateFormat().format(toDate(value))}${dateTimeSeparator(tag)}${timeFormat().format(toDate(value))}`,
    relativeTime(value, now) {
      const seconds = (toDate(value).getTime() - toDate(now).getTime()) / 1000
      const [unit, size] = RELATIVE_UNITS.find(([, unitSeconds]) => Math.abs(seconds) >= unitSeconds) ?? ['second', 1]
      const count = Math.round(Math.abs(seconds) / size)
      return relativeFormat().format(seconds < 0 && count > 0 ? -count : count, unit)
    },
    number: (value, options) => numberFormatOf(tag, options).format(typeof value === 'string' ? toDecimalString(value) : value),
    percent: (ratio, options) => numberFormatOf(tag, { style: 'percent', maximumFractionDigits: 1, ...options }).format(ratio),
    money: (...args) => formatMoney(exactMoney(args)),
    unitPrice: (amount, currency) => formatMoney({ amount: toDecimalString(amount), currency }, UNIT_PRICE_DIGITS),
    convertMoney(amount, currency, { to, rates }, options = {}) {
      const maxDigits = options.unitPrice ? UNIT_PRICE_DIGITS : undefined
      const original = formatMoney({ amount: toDecimalString(amount), currency }, maxDigits)
      if (currency === to) return { kind: 'same', text: original }
      const converted = convertAmount(rates, amount, currency, to)
      const rate = crossRate(rates, currency, to)
      if (converted === null || rate === null) return { kind: 'no_rate', text: original, to }
      const digits = options.unitPrice ? unitPriceDigits(amount, currency, to) : currencyDigits(to)
      const rounded = toDecimalString(roundToDecimals(converted, digits))
      return {
        kind: 'converted',
        text: `≈ ${formatMoney({ amount: rounded, currency: to }, maxDigits)}`,
        original,
        rate: numberFormatOf(tag, { maximumSignificantDigits: RATE_SIGNIFICANT_DIGITS }).format(
          toDecimalString(toSignificantDigits(rate, RATE_SIGNIFICANT_DIGITS)),
        ),
        day: rateDay(rates, currency, to),
      }
    },
  }
}
