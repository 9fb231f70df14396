import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { JOBS_SCHEMA } from '../jobs/job-system.server'
import { logger } from '../logger.server'
import { databaseHandle } from './index.server'

/**
 * PostgreSQL's autovacuum thresholds (autovacuum_vacuum_threshold/scale_factor, autovacuum_analyze_threshold/scale_factor):
 * a table is vacuumed once its dead rows pass 50 + 20 % of its live rows, analysed once its changed rows pass 50 + 10 %.
 */
const VACUUM_THRESHOLD = 50
const VACUUM_SCALE = 0.2
const ANALYZE_THRESHOLD = 50
const ANALYZE_SCALE = 0.1
/** How often the embedded database is looked after (autovacuum_naptime is one minute too). */
export const PGLITE_UPKEEP_INTERVAL_MS = 60_000

/** The longest the upkeep rests after a table before the next one, so two long ones never stop requests back to back. */
const MAX_REST_MS = 1000

/**
 * Tables the upkeep leaves alone (in `public`): a module's scratch table that it empties itself, whose statistics no plan needs
 * (the catalogue's import staging table, read only by its primary key and truncated when no import uses it). Vacuuming or
 * analysing one would stop every request for a second while an import fills it.
 */
const leftAlone = new Set<string>()

/** Leaves `table` (in `public`) out of the embedded database's upkeep. */
export function leaveOutOfPgliteUpkeep(table: string): void {
  leftAlone.add(table)
}

/** `table` is schema-qualified outside `public` (the job queue's `pgboss.job`, ADR 027). */
export type UpkeepNeed = { table: string; vacuum: boolean }

type TableStats = { schemaname: string; relname: string; n_live_tup: number | string; n_dead_tup: number | string; n_mod_since_analyze: number | string }

/**
 * The embedded PGlite runs no autovacuum (it is one process without background workers), so rows that updates and deletes
 * leave behind were never reclaimed and the planner's statistics never refreshed: after a 120,000-row import updated every
 * product, searches read twice the pages and took 2.5× as long, for good. The application does autovacuum's job instead:
 * every minute it asks the statistics which tables passed autovacuum's thresholds and vacuums or analyses those, one
 * table at a time, resting as long as each took before the next, the job queue's tables too (they churn with every job).
 * PostgreSQL does this itself: there it does nothing.
 */
export async function tablesNeedingUpkeep(): Promise<UpkeepNeed[]> {
  const handle = databaseHandle()
  if (handle.kind !== 'pglite') return []
  // Statistics of this backend reach pg_stat_user_tables at its next report; ask for that report now.
  await handle.db.execute(sql`select pg_stat_force_next_flush()`)
  await handle.db.execute(sql`select 1`)
  const result = await handle.db.execute(
    sql`select schemaname, relname, n_live_tup, n_dead_tup, n_mod_since_analyze from pg_stat_user_tables where schemaname in ('public', ${JOBS_SCHEMA}) order by schemaname desc, relname`,
  )
  const rows = (Array.isArray(result) ? result : (result as { rows: TableStats[] }).rows) as TableStats[]
  return rows.flatMap((row) => {
    if (row.schemaname === 'public' && leftAlone.has(row.relname)) return []
    const live = Number(row.n_live_tup)
    const vacuum = Number(row.n_dead_tup) > VACUUM_THRESHOLD + VACUUM_SCALE * live
    const analyze = Number(row.n_mod_since_analyze) > ANALYZE_THRESHOLD + ANALYZE_SCALE * live
    const table = row.schemaname === 'public' ? row.relname : `${row.schemaname}.${row.relname}`
    return vacuum || analyze ? [{ table, vacuum }] : []
  })
}

/**
 * The statistics target of the upkeep's ANALYZE (PostgreSQL's default is 100): it reads 300 × this many rows, and on PGlite
 * nothing else runs meanwhile — a 120,000-row catalogue took 0.6–0.9 s at 100. 30 keeps the most common values and
 * histograms the plans here rely on (companies, statuses, categories, countries) and takes about a third as long.
 */
const UPKEEP_STATISTICS_TARGET = 30

/** Runs one upkeep statement, then rests as long as it took (at most MAX_REST_MS): requests that queued meanwhile go first. */
async function step(table: string, what: 'vacuum' | 'analyze', run: () => Promise<unknown>): Promise<void> {
  const started = performance.now()
  await run()
  const ms = performance.now() - started
  logger().debug({ table, what, ms: Math.round(ms) }, 'embedded database upkeep')
  await sleep(Math.min(Math.ceil(ms), MAX_REST_MS))
}

/**
 * Vacuums (then analyses) or analyses every table that needs it, each statement on its own with a rest after it (PGlite runs
 * in this thread: while it vacuums nothing else runs); answers what it did.
 */
export async function pgliteUpkeep(): Promise<UpkeepNeed[]> {
  const needs = await tablesNeedingUpkeep()
  const db = databaseHandle().db
  for (const { table, vacuum } of needs) {
    const target = sql.join(
      table.split('.').map((part) => sql.identifier(part)),
      sql.raw('.'),
    )
    if (vacuum) await step(table, 'vacuum', () => db.execute(sql`vacuum ${target}`))
    await step(table, 'analyze', () =>
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local default_statistics_target = ${UPKEEP_STATISTICS_TARGET}`))
        await tx.execute(sql`analyze ${target}`)
      }),
    )
  }
  return needs
}

/** Runs the upkeep every PGLITE_UPKEEP_INTERVAL_MS on PGlite (never two at once); answers how to stop it. */
export function startPgliteUpkeep(intervalMs = PGLITE_UPKEEP_INTERVAL_MS): () => void {
  if (databaseHandle().kind !== 'pglite') return () => {}
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    pgliteUpkeep()
      .catch((error: unknown) => logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'embedded database upkeep failed'))
      .finally(() => {
        running = false
      })
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
