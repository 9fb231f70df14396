import type { DateStyle, HourCycle } from '../../platform/format'
import type { InterfaceLocale } from '../../platform/i18n/interface-locales'
import type { Locale } from '../../platform/i18n/locales'

/** §3 user preferences. timezone is null until the browser's zone is first saved; the server never guesses it. */
export type Preferences = {
  language: Locale
  /** ISO 4217 code. */
  currency: string
  /** IANA zone. */
  timezone: string | null
  date_format: DateStyle
  time_format: DateStyle
  hour_cycle: HourCycle
  /**
   * The interface language (issue 26): the shared interface strings and every date, number and money format; null until
   * chosen (the product language's own applies: en, zh_cn, zh_tw).
   */
  interface_locale: InterfaceLocale | null
}

/** §3: what a user has before saving anything. */
export const DEFAULT_PREFERENCES: Preferences = {
  language: 'en',
  currency: 'USD',
  timezone: null,
  date_format: 'medium',
  time_format: 'medium',
  hour_cycle: 'h24',
  interface_locale: null,
}
