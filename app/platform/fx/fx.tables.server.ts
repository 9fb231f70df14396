import { date, index, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** Where a rate came from: the seed, the ECB's reference-rate feed, or an admin's edit (`comparison:fx.sources.*`). */
export const FX_SOURCES = ['seed', 'ecb', 'manual'] as const
export type FxSource = (typeof FX_SOURCES)[number]

/**
 * Foreign-exchange reference rates: units of `currency` per 1 EUR on `as_of` (the ECB's convention), from the seed,
 * the ECB reference-rate feed or an admin's edit. The rate of a day is the latest row on or before it.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text('currency').notNull(),
    asOf: date('as_of').notNull(),
    ratePerEur: numeric('rate_per_eur', { precision: 20, scale: 10 }).notNull(),
    source: text('source', { enum: FX_SOURCES }).notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.asOf] }), index('fx_rates_as_of_idx').on(t.asOf)],
)
