// The ledger of a warehouse: its movements newest first, filtered, a page at a time or as a CSV file.
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database } from '../../platform/db/index.server'
import { csvDocument } from '../../platform/format/csv'
import { userNames } from '../identity/index.server'
import type { MovementKind } from './inventory.constants'
import { stockLevels, stockMovements } from './inventory.tables.server'
import { MAX_CSV_MOVEMENT_ROWS, type MovementFilters, type MovementQuery } from './stock.inputs'
import { requireOwnWarehouse } from './stock.service.server'

/** One line of the ledger with its item; unit cost as exact decimal text. */
export type StockMovement = {
  id: string
  levelId: string
  sku: string
  description: string
  unit: string
  kind: MovementKind
  quantity: number
  balanceAfter: number
  reason: string
  note: string
  referenceType: string
  referenceId: string
  reference: string
  transferId: string | null
  unitCost: string | null
  currency: string | null
  createdByName: string | null
  createdAt: Date
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)

/** A kind and whole UTC days from and to (inclusive), on the movements alone. */
function movementConditions(filters: Omit<MovementFilters, 'q'>): SQL[] {
  const conditions: SQL[] = []
  if (filters.kind) conditions.push(eq(stockMovements.kind, filters.kind))
  if (filters.from) conditions.push(gte(stockMovements.createdAt, new Date(`${filters.from}T00:00:00Z`)))
  if (filters.to) conditions.push(lt(stockMovements.createdAt, nextDay(filters.to)))
  return conditions
}

/** The item search: SKU or description of the movement's level. */
const itemSearch = (q: string) => or(ilike(stockLevels.sku, containsPattern(q)), ilike(stockLevels.description, containsPattern(q)))!

/** The filters as SQL: the company's warehouse, a kind, an item search, whole UTC days from and to (inclusive). */
function movementFilters(companyId: string, warehouseId: string, { q, ...filters }: MovementFilters): SQL {
  const conditions = [eq(stockMovements.organizationId, companyId), eq(stockMovements.warehouseId, warehouseId), ...movementConditions(filters)]
  if (q) conditions.push(itemSearch(q))
  return and(...conditions)!
}

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

async function movementRows(companyId: string, warehouseId: string, filters: MovementFilters, limit: number, offset: number): Promise<StockMovement[]> {
  const rows = await database()
    .select(columns)
    .from(stockMovements)
    .innerJoin(stockLevels, eq(stockLevels.id, stockMovements.levelId))
    .where(movementFilters(companyId, warehouseId, filters))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit)
    .offset(offset)
  const names = await userNames(rows.map((row) => row.createdBy))
  return rows.map(({ createdBy, ...row }) => ({ ...row, createdByName: createdBy ? (names.get(createdBy) ?? null) : null }))
}

/** A page of a warehouse's movements, newest first (any member); another company's warehouse is not found. */
export async function listMovements(ctx: ServiceContext, warehouseId: string, query: MovementQuery): Promise<{ items: StockMovement[]; total: number }> {
  await requireOwnWarehouse(ctx, warehouseId)
  const companyId = ctx.actor.companyId!
  const [items, total] = await Promise.all([movementRows(companyId, warehouseId, query, query.limit, query.offset), movementCount(warehouseId, query)])
  return { items, total }
}

/**
 * How many movements the filters match. The warehouse is the company's (checked by the caller), and only an item search
 * needs the levels: without one the count is read from the warehouse's indexes alone, not from 50,000 joined rows.
 */
async function movementCount(warehouseId: string, filters: MovementFilters): Promise<number> {
  const { q, ...movementOnly } = filters
  const conditions = [eq(stockMovements.warehouseId, warehouseId), ...movementConditions(movementOnly)]
  const counted = q
    ? database()
        .select({ n: count() })
        .from(stockMovements)
        .innerJoin(stockLevels, eq(stockLevels.id, stockMovements.levelId))
        .where(and(...conditions, itemSearch(q)))
    : database()
        .select({ n: count() })
        .from(stockMovements)
        .where(and(...conditions))
  const [row] = await counted
  return Number(row?.n ?? 0)
}

export const MOVEMENT_CSV_COLUMNS = [
  'created_at',
  'kind',
  'sku',
  'description',
  'unit',
  'quantity',
  'balance_after',
  'reason',
  'reference',
  'note',
  'unit_cost',
  'currency',
  'created_by',
] as const

/** The ledger as CSV with the list's filters (no paging; at most MAX_CSV_MOVEMENT_ROWS, newest first). */
export async function exportMovementsCsv(ctx: ServiceContext, warehouseId: string, filters: MovementFilters): Promise<string> {
  await requireOwnWarehouse(ctx, warehouseId)
  const rows = await movementRows(ctx.actor.companyId!, warehouseId, filters, MAX_CSV_MOVEMENT_ROWS, 0)
  return csvDocument(
    MOVEMENT_CSV_COLUMNS,
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.kind,
      row.sku,
      row.description,
      row.unit,
      row.quantity,
      row.balanceAfter,
      row.reason,
      row.reference,
      row.note,
      row.unitCost,
      row.currency,
      row.createdByName,
    ]),
  )
}
