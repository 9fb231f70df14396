import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** A timestamp column as ISO 8601 text in UTC ("2026-11-25T09:30:00Z"), which every browser parses the same way. */
export const isoText = (column: PgColumn | SQL): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

/**
 * `group by 1`: groups by the first selected expression. A bucket such as `to_char(at at time zone $1, $2)` is sent
 * with parameters, so repeating it in GROUP BY would not be the same expression ($3, $4) to PostgreSQL.
 */
export const FIRST_COLUMN: SQL = sql.raw('1')
