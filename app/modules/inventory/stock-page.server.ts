// The stock page's statements: a page of a warehouse's levels, and the warehouse's row with the counts.
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm'
import { stockLevels, warehouses } from './inventory.tables.server'
import { countedTo, preparedPerShape } from './list-reads.server'

/** One request's values; `pattern` is the search's LIKE pattern (unused without a search). */
export type StockPageValues = { warehouseId: string; companyId: string; pattern: string; limit: number; offset: number; countTo: number }

/** Which filters a stock page has: a search of SKU and description, only the low levels. */
export type StockPageShape = { search: boolean; lowOnly: boolean }

const at = (name: keyof StockPageValues) => sql.placeholder(name)

/** Available stock under the threshold: the flag every write keeps (a check holds it), read from its partial index. */
const isLow = sql`${stockLevels.belowThreshold}`

/** The statements of one shape of stock page, prepared with placeholders for StockPageValues. */
export const stockPageStatements = preparedPerShape(
  ({ search, lowOnly }: StockPageShape) => `${search ? 'search' : 'all'}_${lowOnly ? 'low' : 'any'}`,
  (db, { search, lowOnly }, key) => {
    // The warehouse's levels are the company's: the counts need no company column, so they stay in the indexes.
    const matching = and(
      eq(stockLevels.warehouseId, at('warehouseId')),
      search ? or(ilike(stockLevels.sku, at('pattern')), ilike(stockLevels.description, at('pattern'))) : undefined,
      lowOnly ? isLow : undefined,
    )
    const matchingLevels = db
      .select({ one: sql`1` })
      .from(stockLevels)
      .where(matching)
      .$dynamic()
    const lowLevels = db
      .select({ n: count() })
      .from(stockLevels)
      .where(and(eq(stockLevels.warehouseId, at('warehouseId')), isLow))
    return {
      page: db
        .select()
        .from(stockLevels)
        .where(and(eq(stockLevels.organizationId, at('companyId')), matching))
        .orderBy(sql`lower(${stockLevels.description})`, asc(stockLevels.sku), asc(stockLevels.id))
        .limit(at('limit'))
        .offset(at('offset'))
        .prepare(`stock_page_${key}`),
      // The warehouse's row, the company's or none, with both counts: one round trip checks the warehouse and counts.
      counts: db
        .select({ counted: countedTo(matchingLevels, at('countTo')), low: sql<number>`(${lowLevels})::int`.mapWith(Number) })
        .from(warehouses)
        .where(and(eq(warehouses.id, at('warehouseId')), eq(warehouses.organizationId, at('companyId'))))
        .prepare(`stock_page_counts_${key}`),
    }
  },
)
