// The ledger of a warehouse: its movements newest first, filtered, a page at a time or as a CSV file.
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { csvDocument } from '../../platform/format/csv'
import { userNames } from '../identity/index.server'
import { requireCompany } from '../companies/index'
import type { MovementKind } from './inventory.constants'
import { type LedgerValues, ledgerStatements } from './ledger-page.server'
import { countWindow, type ListTotal, listTotal } from './list-reads.server'
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

/** A page of the ledger and how many movements match (capped: see ListTotal). */
export type MovementPage = ListTotal & { items: StockMovement[] }

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`)
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000)

/**
 * The ledger's statements for these filters, and the values that run them: whole UTC days from and to (inclusive), the
 * page, and how far its count goes.
 */
function ledgerQuery(companyId: string, warehouseId: string, filters: MovementFilters, page: { limit: number; offset: number }) {
  const { kind, q, from, to } = filters
  const values: LedgerValues = {
    warehouseId,
    companyId,
    kind: kind ?? '',
    pattern: q ? containsPattern(q) : '',
    from: from ? dayStart(from).toISOString() : '',
    until: to ? nextDay(to).toISOString() : '',
    limit: page.limit,
    offset: page.offset,
    countTo: countWindow(page) + 1,
  }
  return { statements: ledgerStatements(database(), { kind: Boolean(kind), search: Boolean(q), from: Boolean(from), to: Boolean(to) }), values }
}

/** The movements with their items and who made them. */
async function withNames(rows: Array<Omit<StockMovement, 'createdByName'> & { createdBy: string | null }>): Promise<StockMovement[]> {
  const names = await userNames(rows.map((row) => row.createdBy))
  return rows.map(({ createdBy, ...row }) => ({ ...row, createdByName: createdBy ? (names.get(createdBy) ?? null) : null }))
}

/**
 * A page of a warehouse's movements, newest first (any member); another company's warehouse is not found. The page is
 * read in the company's scope while the warehouse's own row, the company's or none, brings the count.
 */
export async function listMovements(ctx: ServiceContext, warehouseId: string, query: MovementQuery): Promise<MovementPage> {
  requireCompany(ctx.actor)
  const { statements, values } = ledgerQuery(ctx.actor.companyId, warehouseId, query, query)
  const [rows, [counts]] = await Promise.all([statements.rows.execute(values), statements.count.execute(values)])
  if (!counts) throw new AppError('not_found', 'Warehouse not found')
  return { items: await withNames(rows), ...listTotal(counts.counted, countWindow(query)) }
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
  const { statements, values } = ledgerQuery(ctx.actor.companyId!, warehouseId, filters, { limit: MAX_CSV_MOVEMENT_ROWS, offset: 0 })
  const rows = await withNames(await statements.rows.execute(values))
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
