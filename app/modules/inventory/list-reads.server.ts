// How the inventory's lists are read on every page view: statements built once, counts that stop at a cap. A
// warehouse's ledger only grows, and counting its 50,000 movements cost more than reading the page itself.
import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { Database } from '../../platform/db/index.server'

/**
 * Lists count this far (or to the end of the page shown, when that is deeper), and a longer one reads "more than
 * 1,000": nobody pages through 40 pages of 25 before searching, and counting a warehouse's 10,000 levels on every
 * page more than halved what the stock page could serve (measured in `npm run bench:logistics`).
 */
export const LIST_COUNT_CAP = 1_000

/** A list's length: exact, or when `totalIsCapped` a lower bound (more than `total` rows match). */
export type ListTotal = { total: number; totalIsCapped: boolean }

/** How far to count for a page: the cap, or to the end of the page when it lies deeper, so a next page is always known. */
export const countWindow = ({ offset, limit }: { offset: number; limit: number }) => Math.max(LIST_COUNT_CAP, offset + limit)

/** The rows a select yields, counted to `countTo` at most (one past the window): its index is walked no further. */
export const countedTo = (rows: PgSelect, countTo: number | Placeholder): SQL<number> =>
  sql<number>`(select count(*) from ${rows.limit(countTo).as('counted')})::int`.mapWith(Number)

/** The list's length from rows counted to one past the window. */
export function listTotal(counted: number, window: number): ListTotal {
  return counted > window ? { total: window, totalIsCapped: true } : { total: counted, totalIsCapped: false }
}

/**
 * A list's statements built once per database and shape of filters, then run with each request's values (placeholders):
 * building them took the server longer than PostgreSQL took to run them.
 */
export function preparedPerShape<Shape, Statements>(
  keyOf: (shape: Shape) => string,
  build: (db: Database, shape: Shape, key: string) => Statements,
): (db: Database, shape: Shape) => Statements {
  const built = new WeakMap<Database, Map<string, Statements>>()
  return (db, shape) => {
    let byKey = built.get(db)
    if (!byKey) built.set(db, (byKey = new Map()))
    const key = keyOf(shape)
    let statements = byKey.get(key)
    if (!statements) byKey.set(key, (statements = build(db, shape, key)))
    return statements
  }
}
