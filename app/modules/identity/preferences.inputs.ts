import { z } from '../../platform/zod'
import { DATE_STYLES, HOUR_CYCLES, isCurrencyCode, isTimeZone } from '../../platform/format'
import { INTERFACE_LOCALES } from '../../platform/i18n/interface-locales'
import { LOCALES } from '../../platform/i18n/locales'
import type { Preferences } from './preferences'

// Messages are catalog keys of the identity namespace; forms and the API translate them.
const style = (field: 'date_format' | 'time_format') => z.enum(DATE_STYLES, { error: `preferences.validation.${field}` })

/**
 * A user's preferences, as the API and the settings form exchange them: the six fields, and optionally the interface
 * language (left out: the saved one stays), nothing else.
 * timezone is null until the browser's zone is first saved; the server never guesses it.
 */
export const PreferencesInput = z.strictObject(
  {
    language: z.enum(LOCALES, { error: 'preferences.validation.language' }),
    currency: z
      .string({ error: 'preferences.validation.currency' })
      .refine(isCurrencyCode, { error: 'preferences.validation.currency' })
      .describe('ISO 4217 code, e.g. USD'),
    timezone: z
      .string({ error: 'preferences.validation.timezone' })
      .refine(isTimeZone, { error: 'preferences.validation.timezone' })
      .nullable()
      .describe('IANA time zone, e.g. Asia/Shanghai, or UTC; null until chosen (the device zone applies)'),
    date_format: style('date_format'),
    time_format: style('time_format'),
    hour_cycle: z.enum(HOUR_CYCLES, { error: 'preferences.validation.hour_cycle' }),
    interface_locale: z
      .enum(INTERFACE_LOCALES, { error: 'preferences.validation.interface_locale' })
      .nullable()
      .optional()
      .describe('Interface language (the spec’s codes: ar, de, pt_br, zh_tw …); null follows the product language; left out keeps the saved one'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'preferences.validation.unknown_field' : 'preferences.validation.body') },
) satisfies z.ZodType<Omit<Preferences, 'interface_locale'> & Partial<Pick<Preferences, 'interface_locale'>>>
