import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'

/** A timestamp column as ISO 8601 text in UTC ("2026-11-25T09:30:00Z"), which every browser parses the same way. */
export const isoText = (column: PgColumn | SQL): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

/**
 * `group by 1`: groups by the first selected expression. A bucket such as `to_char(at at time zone $1, $2)` is sent
 * with parameters, so repeating it in GROUP BY would not be the same expression ($3, $4) to PostgreSQL.
 */
export const FIRST_COLUMN: SQL = sql.raw('1')

/** Queues stop counting here: a longer one reads "100+", and its own list pages through the rest. */
export const QUEUE_COUNT_CAP = 100

/**
 * How long a queue is, counted to one past QUEUE_COUNT_CAP, as a column (`queued`) of the query that reads its first rows:
 * one round trip for both, and a queue of 50,000 costs what a queue of 101 does. `from`, `where` and `order` are the
 * queue's own, as in the outer query: read in the queue's order, the count walks the index that serves the list (a
 * plain LIMIT may be planned as a table scan that hopes to meet the rows early). An empty queue returns no row, so its
 * length is 0 without this column.
 */
export const queueLength = (from: SQL | PgTable, where: SQL | undefined, order: SQL): SQL<number> =>
  sql<number>`(select count(*) from (select 1 from ${from} where ${where ?? sql`true`} order by ${order} limit ${sql.raw(String(QUEUE_COUNT_CAP + 1))}) as queue)::int`.mapWith(
    Number,
  )

/** A queue (its length, whether it goes on past the cap, its first items) from its first rows read with `queueLength` as `queued`. */
export function queueOf<T extends { queued: number }>(rows: T[]): { count: number; more: boolean; items: Array<Omit<T, 'queued'>> } {
  const queued = rows[0]?.queued ?? 0
  return { count: Math.min(queued, QUEUE_COUNT_CAP), more: queued > QUEUE_COUNT_CAP, items: rows.map(({ queued: _, ...item }) => item) }
}
