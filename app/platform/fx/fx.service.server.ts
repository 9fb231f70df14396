import { desc, lte, sql } from 'drizzle-orm'
import { database, forgetOnDatabaseChange } from '../db/index.server'
import type { RateTable } from './convert'
import { fxRates } from './fx.tables.server'

const CACHE_MS = 10 * 60 * 1000
let cache: { day: string; at: number; table: Promise<RateTable> } | null = null

const today = () => new Date().toISOString().slice(0, 10)

/**
 * The rates in force on `day` (default today): per currency the latest rate on or before it. Remembered for ten
 * minutes per day; `ratesChanged()` forgets them at once after a write.
 */
export function rateTable(day: string = today()): Promise<RateTable> {
  if (cache && cache.day === day && Date.now() - cache.at < CACHE_MS) return cache.table
  const table = loadRates(day)
  cache = { day, at: Date.now(), table }
  table.catch(() => {
    cache = null
  })
  return table
}

async function loadRates(day: string): Promise<RateTable> {
  const rows = await database()
    .selectDistinctOn([fxRates.currency], { currency: fxRates.currency, asOf: fxRates.asOf, ratePerEur: fxRates.ratePerEur })
    .from(fxRates)
    .where(lte(fxRates.asOf, day))
    .orderBy(fxRates.currency, desc(fxRates.asOf))
  const asOf = rows.reduce<string | null>((latest, row) => (latest === null || row.asOf > latest ? row.asOf : latest), null)
  // Every page carries the table: rates without the column's trailing zeros, and a day only where it is not `asOf`
  // (rateDay reads a missing day as asOf).
  return {
    asOf,
    perEur: Object.fromEntries(rows.map((row) => [row.currency, withoutTrailingZeros(row.ratePerEur)])),
    days: Object.fromEntries(rows.filter((row) => row.asOf !== asOf).map((row) => [row.currency, row.asOf])),
  }
}

/** `3.9700000000` → `3.97`, `25.0000000000` → `25`: the same number, exactly. */
function withoutTrailingZeros(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal
}

/** Call after writing rates. */
export function ratesChanged(): void {
  cache = null
}
forgetOnDatabaseChange({ clear: ratesChanged })

/** How many rates there are (a health figure for the admin page). */
export async function rateCount(): Promise<number> {
  const [row] = await database()
    .select({ n: sql<number>`count(*)::int` })
    .from(fxRates)
  return row?.n ?? 0
}
