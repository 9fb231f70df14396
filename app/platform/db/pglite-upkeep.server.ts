import { setImmediate as nextTurn } from 'node:timers/promises'
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

/** `table` is schema-qualified outside `public` (the job queue's `pgboss.job`, ADR 027). */
export type UpkeepNeed = { table: string; vacuum: boolean }

type TableStats = { schemaname: string; relname: string; n_live_tup: number | string; n_dead_tup: number | string; n_mod_since_analyze: number | string }

/**
 * The embedded PGlite runs no autovacuum (it is one process without background workers), so rows that updates and deletes
 * leave behind were never reclaimed and the planner's statistics never refreshed: after a 120,000-row import updated every
 * product, searches read twice the pages and took 2.5× as long, for good. The application does autovacuum's job instead:
 * every minute it asks the statistics which tables passed autovacuum's thresholds and vacuums or analyses those, one
 * table at a time with a turn of the event loop between them, the job queue's tables too (they churn with every job).
 * PostgreSQL does this itself: there it does nothing.
 */
export async function tablesNeedingUpkeep(): Promise<UpkeepNeed[]> {
  const handle = databaseHandle()
  if (handle.kind !== 'pglite') return []
  // Statistics of this backend reach pg_stat_user_tables at its next report; ask for that report now.
  await handle.db.execute(sql`select pg_stat_force_next_flush()`)
  await handle.db.execute(sql`select 1`)
  const result = await handle.db.execute(sql`select schemaname, relname, n_live_tup, n_dead_tup, n_mod_since_analyze from pg_stat_user_tables where schemaname in ('public', ${JOBS_SCHEMA}) order by schemaname desc, relname`)
  const rows = (Array.isArray(result) ? result : (result as { rows: TableStats[] }).rows) as TableStats[]
  return rows.flatMap((row) => {
    const live = Number(row.n_live_tup)
    const vacuum = Number(row.n_dead_tup) > VACUUM_THRESHOLD + VACUUM_SCALE * live
    const analyze = Number(row.n_mod_since_analyze) > ANALYZE_THRESHOLD + ANALYZE_SCALE * live
    const table = row.schemaname === 'public' ? row.relname : `${row.schemaname}.${row.relname}`
    return vacuum || analyze ? [{ table, vacuum }] : []
  })
}

/** Vacuums (and analyses) or analyses every table that needs it; answers what it did. */
export async function pgliteUpkeep(): Promise<UpkeepNeed[]> {
  const needs = await tablesNeedingUpkeep()
  for (const { table, vacuum } of needs) {
    const started = performance.now()
    const target = sql.join(table.split('.').map((part) => sql.identifier(part)), sql.raw('.'))
    await databaseHandle().db.execute(vacuum ? sql`vacuum (analyze) ${target}` : sql`analyze ${target}`)
    logger().debug({ table, vacuum, ms: Math.round(performance.now() - started) }, 'embedded database upkeep')
    await nextTurn()
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
