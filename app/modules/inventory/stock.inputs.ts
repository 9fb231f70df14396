import { z } from '../../platform/zod'
import { ADJUSTMENT_REASONS, MOVEMENT_KINDS } from './inventory.constants'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)
const note = z.preprocess((value) => value ?? '', z.string('validation.note').trim().max(500, 'validation.noteTooLong'))

/** The most units one movement moves (a typo guard far above any real shelf). */
export const MAX_MOVEMENT_QUANTITY = 1_000_000
export const STOCK_LIST_DEFAULT_LIMIT = 25
export const STOCK_LIST_MAX_LIMIT = 100
export const MOVEMENT_LIST_DEFAULT_LIMIT = 25
export const MOVEMENT_LIST_MAX_LIMIT = 100
export const MAX_CSV_MOVEMENT_ROWS = 10_000

const quantity = z.coerce
  .number('validation.quantity')
  .int('validation.quantityWhole')
  .min(1, 'validation.quantity')
  .max(MAX_MOVEMENT_QUANTITY, 'validation.quantityTooLarge')

const paging = (defaultLimit: number, maxLimit: number) => ({
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number('validation.limit').int('validation.limit').min(1, 'validation.limit').max(maxLimit, 'validation.limit').default(defaultLimit),
  ),
  offset: z.preprocess(
    blankToUndefined,
    z.coerce.number('validation.offset').int('validation.offset').min(0, 'validation.offset').max(1_000_000, 'validation.offset').default(0),
  ),
})
const search = z.preprocess(blankToUndefined, z.string().trim().max(100, 'validation.queryTooLong').optional())
const flag = z.preprocess(blankToUndefined, z.enum(['true', 'false', '1', '0', 'on']).optional())
export const isOn = (value: string | undefined) => value === 'true' || value === '1' || value === 'on'

/** A warehouse's stock as its URL asks for it: a search of SKU and description, only the low ones, a page. */
export const StockLevelQuery = z.object({ q: search, low: flag, ...paging(STOCK_LIST_DEFAULT_LIMIT, STOCK_LIST_MAX_LIMIT) })
export type StockLevelQuery = z.infer<typeof StockLevelQuery>

const isoDay = z.preprocess(blankToUndefined, z.iso.date('validation.date').optional())

/** The ledger's filters: kind, an item search, a date range (whole days, inclusive), a page. */
export const MovementQuery = z
  .object({ kind: z.preprocess(blankToUndefined, z.enum(MOVEMENT_KINDS, 'validation.kind').optional()), q: search, from: isoDay, to: isoDay })
  .extend(paging(MOVEMENT_LIST_DEFAULT_LIMIT, MOVEMENT_LIST_MAX_LIMIT))
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'validation.dateRange', path: ['to'] })
export type MovementQuery = z.infer<typeof MovementQuery>
export type MovementFilters = Omit<MovementQuery, 'limit' | 'offset'>

/** The level's alert threshold: below this many available units the company is told; blank for no alert. */
export const ThresholdInput = z.object({
  lowStockThreshold: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.coerce
      .number('validation.threshold')
      .int('validation.threshold')
      .min(0, 'validation.threshold')
      .max(MAX_MOVEMENT_QUANTITY, 'validation.threshold')
      .nullable(),
  ),
})
export type ThresholdInput = z.infer<typeof ThresholdInput>

/** Units taken out of a level: used, sold, scrapped. */
export const IssueStockInput = z.object({ levelId: id('validation.level'), quantity, note })
export type IssueStockInput = z.infer<typeof IssueStockInput>

/** A count that differs from the books, up or down, with its reason. */
export const AdjustStockInput = z.object({
  levelId: id('validation.level'),
  quantity: z.coerce
    .number('validation.quantity')
    .int('validation.quantityWhole')
    .min(-MAX_MOVEMENT_QUANTITY, 'validation.quantityTooLarge')
    .max(MAX_MOVEMENT_QUANTITY, 'validation.quantityTooLarge')
    .refine((value) => value !== 0, 'validation.quantityNonZero'),
  reason: z.enum(ADJUSTMENT_REASONS, 'validation.reason'),
  note,
})
export type AdjustStockInput = z.infer<typeof AdjustStockInput>

/** Units moved from a level to another warehouse of the company. */
export const TransferStockInput = z.object({ levelId: id('validation.level'), toWarehouseId: id('validation.toWarehouse'), quantity, note })
export type TransferStockInput = z.infer<typeof TransferStockInput>

/** One line of goods received (a shipment's, by the receiving workflow). */
export type ReceiptLine = {
  productId: string | null
  sku: string
  description: string
  unit: string
  quantity: number
  unitCost: string | null
  currency: string | null
  note?: string
}

/** Goods received into a warehouse, with what caused it as the reader knows it (a shipment's number). */
export type ReceiptInput = { warehouseId: string; reference: { type: string; id: string; label: string }; lines: ReceiptLine[] }
