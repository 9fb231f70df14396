import { CURRENCY_CODES } from './currency-codes'

/** Intl's dateStyle / timeStyle values: what the date_format and time_format preferences hold. */
export const DATE_STYLES = ['short', 'medium', 'long', 'full'] as const
export type DateStyle = (typeof DATE_STYLES)[number]

/** Intl's hourCycle values: h11 (0–11), h12 (1–12), h23 (0–23), h24 (1–24). */
export const HOUR_CYCLES = ['h11', 'h12', 'h23', 'h24'] as const
export type HourCycle = (typeof HOUR_CYCLES)[number]

const currencies: ReadonlySet<string> = new Set(CURRENCY_CODES)
let timeZones: ReadonlySet<string> | undefined

/** An ISO 4217 code the product knows (CURRENCY_CODES), e.g. USD, CNY, JPY. */
export function isCurrencyCode(value: string): boolean {
  return currencies.has(value)
}

const IANA_NAME = /^[A-Z][A-Za-z_]*(?:\/[A-Za-z0-9_+-]+)+$/

/** An IANA time zone name, e.g. Asia/Shanghai, or UTC. */
export function isTimeZone(value: string): boolean {
  timeZones ??= new Set(Intl.supportedValuesOf('timeZone'))
  if (value === 'UTC' || timeZones.has(value)) return true
  // The runtime lists one canonical name per zone; browsers may report a newer alias (Asia/Kolkata, Europe/Kyiv).
  return IANA_NAME.test(value) && intlKnowsTimeZone(value)
}

function intlKnowsTimeZone(timeZone: string): boolean {
  try {
    return Boolean(new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone)
  } catch {
    return false
  }
}
