import { z } from '../../platform/zod'
import { DATE_STYLES, HOUR_CYCLES, isCurrencyCode, isTimeZone } from '../../platform/format'
import { LOCALES } from '../../platform/i18n/locales'
import type { Preferences } from './preferences'

// Messages are catalog keys of the identity namespace; forms and the API translate them.
const style = (field: 'date_format' | 'time_format') => z.enum(DATE_STYLES, { error: `preferences.validation.${field}` })

/**
 * A user's preferences, as the API and the settings form exchange them: all six fields, nothing else.
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
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'preferences.validation.unknown_field' : 'preferences.validation.body') },
) satisfies z.ZodType<Preferences>
