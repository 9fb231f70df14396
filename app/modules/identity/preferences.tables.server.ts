import { sql } from 'drizzle-orm'
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { DATE_STYLES, HOUR_CYCLES } from '../../platform/format'
import { LOCALES } from '../../platform/i18n/locales'
import { users } from './identity.tables.server'

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/** One row per user who saved preferences; users without a row get DEFAULT_PREFERENCES. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language', { enum: LOCALES }).notNull(),
    currency: text('currency').notNull(),
    timezone: text('timezone'),
    dateFormat: text('date_format', { enum: DATE_STYLES }).notNull(),
    timeFormat: text('time_format', { enum: DATE_STYLES }).notNull(),
    hourCycle: text('hour_cycle', { enum: HOUR_CYCLES }).notNull(),
    /** The spec's interface locale code (validated by PreferencesInput); null follows the product language. */
    interfaceLocale: text('interface_locale'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_preferences_date_format_check', sql`${t.dateFormat} in (${oneOf(DATE_STYLES)})`),
    check('user_preferences_time_format_check', sql`${t.timeFormat} in (${oneOf(DATE_STYLES)})`),
    check('user_preferences_hour_cycle_check', sql`${t.hourCycle} in (${oneOf(HOUR_CYCLES)})`),
  ],
)
