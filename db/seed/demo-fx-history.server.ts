// Three months of daily reference rates leading up to the migration's indicative rates, so the exchange-rate page's
// sparklines have a history to draw in a fresh demo. Invented: a small deterministic random walk per currency that
// ends on its seed rate (pegged currencies follow their anchor), on working days only, marked 'seed' like the rates it
// leads to. Only the demo gets it (SEED_DEMO); a real deployment builds its history from ECB imports and admins' edits.
import { desc, eq, lt, sql } from 'drizzle-orm'
import { database } from '../../app/platform/db/index.server'
import { ratesChanged } from '../../app/platform/fx/fx.service.server'
import { fxRates } from '../../app/platform/fx/fx.tables.server'
import { logger } from '../../app/platform/logger.server'

const DAYS = 90
const DAY_MS = 86_400_000
/** Currencies held to another (units per EUR then move with it); BGN is held to the euro itself. */
const PEGGED: Record<string, string | null> = { BGN: null, HKD: 'USD', AED: 'USD', SAR: 'USD' }
/** A steady slide against the euro, per day, where the demo should show one. */
const DRIFT: Record<string, number> = { TRY: 0.0009 }

/** A deterministic sequence in [-1, 1) per currency, so every fresh demo draws the same lines. */
function noise(currency: string) {
  let state = [...currency].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 2_147_483_648, 7)
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return (state / 2_147_483_648) * 2 - 1
  }
}

/** Working days (Monday to Friday) strictly before `day`, newest first, as far back as `DAYS` calendar days. */
function workingDaysBefore(day: string): string[] {
  const end = Date.parse(`${day}T00:00:00Z`)
  return Array.from({ length: DAYS }, (_unused, index) => new Date(end - (index + 1) * DAY_MS)).flatMap((date) =>
    date.getUTCDay() % 6 === 0 ? [] : [date.toISOString().slice(0, 10)],
  )
}

/** Factors (newest first) that walk each day's rate back from the next one's: up to ±0.35 % a day, plus any drift. */
function walk(currency: string, days: number): number[] {
  const next = noise(currency)
  const factors: number[] = []
  let factor = 1
  for (let index = 0; index < days; index++) {
    factor /= 1 + next() * 0.0035 + (DRIFT[currency] ?? 0)
    factors.push(factor)
  }
  return factors
}

/** Seeds the history once, before each currency's newest seed rate: skipped when any older rate is stored (this history, or real ones). */
export async function seedDemoFxHistory(): Promise<void> {
  const db = database()
  const anchors = await db
    .selectDistinctOn([fxRates.currency], { currency: fxRates.currency, asOf: fxRates.asOf, ratePerEur: fxRates.ratePerEur })
    .from(fxRates)
    .where(eq(fxRates.source, 'seed'))
    .orderBy(fxRates.currency, desc(fxRates.asOf))
  const oldest = anchors.map((anchor) => anchor.asOf).sort()[0]
  if (!oldest) return
  const [older] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fxRates)
    .where(lt(fxRates.asOf, oldest))
  if ((older?.n ?? 0) > 0) return
  const rows = anchors.flatMap((anchor) => {
    const leader = anchor.currency in PEGGED ? (PEGGED[anchor.currency] ?? null) : anchor.currency
    const factors = leader === null ? [] : walk(leader, DAYS)
    return workingDaysBefore(anchor.asOf).map((asOf, index) => ({
      currency: anchor.currency,
      asOf,
      ratePerEur: (Number(anchor.ratePerEur) * (factors[index] ?? 1)).toFixed(4),
      source: 'seed' as const,
    }))
  })
  await db.insert(fxRates).values(rows).onConflictDoNothing()
  ratesChanged()
  logger().info({ currencies: anchors.length, rates: rows.length }, 'demo exchange-rate history seeded')
}
