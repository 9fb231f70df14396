import { desc, lte, sql } from 'drizzle-orm'
import { database } from '../db/index.server'
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
  return {
    asOf,
    perEur: Object.fromEntries(rows.map((row) => [row.currency, row.ratePerEur])),
    days: Object.fromEntries(rows.map((row) => [row.currency, row.asOf])),
  }
}

/** Call after writing rates. */
export function ratesChanged(): void {
  cache = null
}

/** How many rates there are (a health figure for the admin page). */
export async function rateCount(): Promise<number> {
  const [row] = await database()
    .select({ n: sql<number>`count(*)::int` })
    .from(fxRates)
  return row?.n ?? 0
}
