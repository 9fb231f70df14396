// The ledger's statements: a page of a warehouse's movements with their items, and the warehouse's row with the count.
import { and, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm'
import { stockLevels, stockMovements, warehouses } from './inventory.tables.server'
import { countedTo, preparedPerShape } from './list-reads.server'

/**
 * One request's values; a filter's value is unused by the shapes without it. `from` and `until` are ISO instants: the
 * first day's start and the start of the day after the last.
 */
export type LedgerValues = {
  warehouseId: string
  companyId: string
  kind: string
  pattern: string
  from: string
  until: string
  limit: number
  offset: number
  countTo: number
}

/** Which filters a ledger page has: a kind, an item search (SKU or description), a first day, a last day. */
export type LedgerShape = { kind: boolean; search: boolean; from: boolean; to: boolean }

const at = (name: keyof LedgerValues) => sql.placeholder(name)

const columns = {
  id: stockMovements.id,
  levelId: stockMovements.levelId,
  sku: stockLevels.sku,
  description: stockLevels.description,
  unit: stockLevels.unit,
  kind: stockMovements.kind,
  quantity: stockMovements.quantity,
  balanceAfter: stockMovements.balanceAfter,
  reason: stockMovements.reason,
  note: stockMovements.note,
  referenceType: stockMovements.referenceType,
  referenceId: stockMovements.referenceId,
  reference: stockMovements.reference,
  transferId: stockMovements.transferId,
  unitCost: stockMovements.unitCost,
  currency: stockMovements.currency,
  createdBy: stockMovements.createdBy,
  createdAt: stockMovements.createdAt,
}

/** The statements of one shape of ledger page, prepared with placeholders for LedgerValues. */
export const ledgerStatements = preparedPerShape(
  (shape: LedgerShape) =>
    Object.entries(shape)
      .flatMap(([filter, on]) => (on ? [filter] : []))
      .join('_') || 'all',
  (db, shape, key) => {
    const movementOnly = and(
      eq(stockMovements.warehouseId, at('warehouseId')),
      shape.kind ? eq(stockMovements.kind, at('kind')) : undefined,
      shape.from ? gte(stockMovements.createdAt, at('from')) : undefined,
      shape.to ? lt(stockMovements.createdAt, at('until')) : undefined,
    )
    const itemSearch = shape.search ? or(ilike(stockLevels.sku, at('pattern')), ilike(stockLevels.description, at('pattern'))) : undefined
    // The warehouse is the company's (the count's own condition), and only an item search needs the levels: without
    // one the movements are counted in the warehouse's indexes alone.
    const counted = db
      .select({ one: sql`1` })
      .from(stockMovements)
      .$dynamic()
    const matching = shape.search
      ? counted.innerJoin(stockLevels, eq(stockLevels.id, stockMovements.levelId)).where(and(movementOnly, itemSearch))
      : counted.where(movementOnly)
    return {
      rows: db
        .select(columns)
        .from(stockMovements)
        .innerJoin(stockLevels, eq(stockLevels.id, stockMovements.levelId))
        .where(and(eq(stockMovements.organizationId, at('companyId')), movementOnly, itemSearch))
        .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
        .limit(at('limit'))
        .offset(at('offset'))
        .prepare(`ledger_rows_${key}`),
      // The warehouse's row, the company's or none, with the count: one round trip checks the warehouse and counts.
      count: db
        .select({ counted: countedTo(matching, at('countTo')) })
        .from(warehouses)
        .where(and(eq(warehouses.id, at('warehouseId')), eq(warehouses.organizationId, at('companyId'))))
        .prepare(`ledger_count_${key}`),
    }
  },
)
