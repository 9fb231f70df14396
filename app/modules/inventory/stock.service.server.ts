// Stock levels of a warehouse and the movements people make on them: issue, adjust, transfer, and the receipt a
// shipment's workflow posts in its own transaction. Every write locks the level it changes (stock-ledger.server.ts).
import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { claimIdempotencyKey, fingerprintOf, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { stockItemKey } from '../../platform/stock-item'
import { requireCompany, requireRole } from '../companies/index'
import type { Notice } from '../companies/index.server'
import { MAX_RECEIPT_LINES } from './inventory.constants'
import { stockLevels, stockMovements, warehouses } from './inventory.tables.server'
import { countWindow, type ListTotal, listTotal } from './list-reads.server'
import { availableOf, isBelowThreshold } from './stock-arithmetic'
import { type StockPageValues, stockPageStatements } from './stock-page.server'
import { applyMovement, fieldError, type LevelRow, lockLevel, lockWarehouseForMovement, warehouseOfLevel } from './stock-ledger.server'
import {
  type AdjustStockInput,
  type IssueStockInput,
  isOn,
  MAX_MOVEMENT_QUANTITY,
  type ReceiptInput,
  type ReceiptLine,
  type StockLevelQuery,
  type ThresholdInput,
  type TransferStockInput,
} from './stock.inputs'

/** One item's stock in a warehouse; the unit cost is exact decimal text (the last receipt's). */
export type StockLevel = {
  id: string
  warehouseId: string
  itemKey: string
  productId: string | null
  sku: string
  description: string
  unit: string
  onHand: number
  reserved: number
  available: number
  lowStockThreshold: number | null
  low: boolean
  unitCost: string | null
  currency: string | null
  updatedAt: Date
}

/** A page of levels, how many match (capped: see ListTotal) and how many of the warehouse's levels are low (exact). */
export type StockLevelPage = ListTotal & { items: StockLevel[]; lowCount: number }

/** What a movement answers: the level after it, and the movements written (two for a transfer). */
export type MovementResult = { level: StockLevel; movementIds: string[] }

export function toStockLevel(row: LevelRow): StockLevel {
  const available = availableOf(row)
  return {
    id: row.id,
    warehouseId: row.warehouseId,
    itemKey: row.itemKey,
    productId: row.productId,
    sku: row.sku,
    description: row.description,
    unit: row.unit,
    onHand: row.onHand,
    reserved: row.reserved,
    available,
    lowStockThreshold: row.lowStockThreshold,
    low: isBelowThreshold(available, row.lowStockThreshold),
    unitCost: row.unitCost,
    currency: row.currency,
    updatedAt: row.updatedAt,
  }
}

/** The company's warehouse (any state) or not found: reads are scoped by it. */
export async function requireOwnWarehouse(ctx: ServiceContext, warehouseId: string): Promise<void> {
  requireCompany(ctx.actor)
  const [warehouse] = await database()
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.id, warehouseId), eq(warehouses.organizationId, ctx.actor.companyId)))
  if (!warehouse) throw new AppError('not_found', 'Warehouse not found')
}

/**
 * A page of a warehouse's stock by description, searched by SKU and description, optionally the low items only (any
 * member). Another company's warehouse is not found: the page is read in the company's scope while the warehouse's own
 * row, the company's or none, brings both counts.
 */
export async function listStockLevels(ctx: ServiceContext, warehouseId: string, query: StockLevelQuery): Promise<StockLevelPage> {
  requireCompany(ctx.actor)
  const window = countWindow(query)
  const statements = stockPageStatements(database(), { search: Boolean(query.q), lowOnly: isOn(query.low) })
  const values: StockPageValues = {
    warehouseId,
    companyId: ctx.actor.companyId,
    pattern: query.q ? containsPattern(query.q) : '',
    limit: query.limit,
    offset: query.offset,
    countTo: window + 1,
  }
  const [rows, [counts]] = await Promise.all([statements.page.execute(values), statements.counts.execute(values)])
  if (!counts) throw new AppError('not_found', 'Warehouse not found')
  return { items: rows.map(toStockLevel), ...listTotal(counts.counted, window), lowCount: counts.low }
}

/** One level of the company (any member), for the page that moves it; another company's is not found. */
export async function getStockLevel(ctx: ServiceContext, levelId: string): Promise<StockLevel> {
  requireCompany(ctx.actor)
  const [row] = await database()
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.id, levelId), eq(stockLevels.organizationId, ctx.actor.companyId)))
  if (!row) throw new AppError('not_found', 'Stock level not found')
  return toStockLevel(row)
}

/** What a retried request answers: the movement the first one wrote (both halves of a transfer) and its level now. */
async function replayedMovement(tx: Transaction, companyId: string, movementId: string): Promise<MovementResult> {
  const [first] = await tx
    .select({ levelId: stockMovements.levelId, transferId: stockMovements.transferId })
    .from(stockMovements)
    .where(and(eq(stockMovements.id, movementId), eq(stockMovements.organizationId, companyId)))
  if (!first) throw new AppError('not_found', 'Movement not found')
  const ids = first.transferId
    ? (
        await tx
          .select({ id: stockMovements.id })
          .from(stockMovements)
          .where(eq(stockMovements.transferId, first.transferId))
          .orderBy(asc(stockMovements.quantity))
      ).map((row) => row.id)
    : [movementId]
  const [level] = await tx.select().from(stockLevels).where(eq(stockLevels.id, first.levelId))
  return { level: toStockLevel(level!), movementIds: ids }
}

/**
 * Runs a movement in one transaction, at most once per idempotency key (a retry answers with the first movement and
 * its level as it is now); the low-stock notices it raises are mailed after commit.
 */
async function inMovementTransaction(
  companyId: string,
  options: IdempotencyOption,
  request: unknown,
  write: (tx: Transaction, notices: Notice[], movementId: string) => Promise<MovementResult>,
): Promise<MovementResult> {
  const events: OutboxEventId[] = []
  const movementId = randomUUID()
  const result = await database().transaction(async (tx) => {
    if (options.idempotencyKey) {
      const claim = { scope: `stock_movement:${companyId}`, key: options.idempotencyKey, fingerprint: fingerprintOf(request), resourceId: movementId }
      const earlier = await claimIdempotencyKey(tx, claim)
      if (earlier) return replayedMovement(tx, companyId, earlier)
    }
    const notices: Notice[] = []
    const value = await write(tx, notices, movementId)
    if (notices.length > 0) events.push(await recordEvent(tx, { name: 'stock.low', notices }))
    return value
  })
  await relayEvents(events)
  return result
}

/** The level's warehouse locked for a movement (not archived), then the level itself, in that order. */
async function lockForMovement(tx: Transaction, companyId: string, levelId: string) {
  const warehouse = await lockWarehouseForMovement(tx, companyId, await warehouseOfLevel(tx, companyId, levelId))
  return { warehouse, level: await lockLevel(tx, companyId, levelId) }
}

/** Takes units out of a level (any member): used, sold, scrapped. More than available is a 422 on `quantity`. */
export async function issueStock(ctx: ServiceContext, input: IssueStockInput, options: IdempotencyOption = {}): Promise<MovementResult> {
  requireRole(ctx.actor, 'member')
  const companyId = ctx.actor.companyId
  return inMovementTransaction(companyId, options, { issue: input }, async (tx, notices, id) => {
    const { warehouse, level } = await lockForMovement(tx, companyId, input.levelId)
    const written = await applyMovement(tx, ctx, warehouse, level, { id, kind: 'issue', quantity: -input.quantity, note: input.note }, notices)
    return { level: toStockLevel(written.level), movementIds: [written.movementId] }
  })
}

/** Corrects a level up or down with a reason (any member); down by more than is available is a 422 on `quantity`. */
export async function adjustStock(ctx: ServiceContext, input: AdjustStockInput, options: IdempotencyOption = {}): Promise<MovementResult> {
  requireRole(ctx.actor, 'member')
  const companyId = ctx.actor.companyId
  return inMovementTransaction(companyId, options, { adjustment: input }, async (tx, notices, id) => {
    const { warehouse, level } = await lockForMovement(tx, companyId, input.levelId)
    const written = await applyMovement(
      tx,
      ctx,
      warehouse,
      level,
      { id, kind: 'adjustment', quantity: input.quantity, reason: input.reason, note: input.note },
      notices,
    )
    return { level: toStockLevel(written.level), movementIds: [written.movementId] }
  })
}

/** The destination's level of the same item, created empty when missing, and locked. */
async function ensureLevel(
  tx: Transaction,
  companyId: string,
  warehouseId: string,
  item: Omit<
    LevelRow,
    'id' | 'organizationId' | 'warehouseId' | 'onHand' | 'reserved' | 'lowStockThreshold' | 'belowThreshold' | 'updatedAt' | 'unitCost' | 'currency'
  >,
): Promise<string> {
  await tx
    .insert(stockLevels)
    .values({ id: randomUUID(), organizationId: companyId, warehouseId, ...item })
    .onConflictDoNothing({ target: [stockLevels.warehouseId, stockLevels.itemKey] })
  const [row] = await tx
    .select({ id: stockLevels.id })
    .from(stockLevels)
    .where(and(eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.itemKey, item.itemKey)))
  return row!.id
}

/** What a level of the company holds, read without a lock (the item never changes). */
async function levelItem(tx: Transaction, companyId: string, levelId: string) {
  const [item] = await tx
    .select({
      itemKey: stockLevels.itemKey,
      productId: stockLevels.productId,
      sku: stockLevels.sku,
      description: stockLevels.description,
      unit: stockLevels.unit,
    })
    .from(stockLevels)
    .where(and(eq(stockLevels.id, levelId), eq(stockLevels.organizationId, companyId)))
  if (!item) throw new AppError('not_found', 'Stock level not found')
  return item
}

/**
 * Moves units of a level to another active warehouse of the company (any member): a transfer_out and a transfer_in
 * sharing one transfer id, both in one transaction. More than available is a 422 on `quantity`; an archived warehouse
 * on either side is a 409; the same warehouse or one that is not the company's is a 422 on `toWarehouseId`.
 */
export async function transferStock(ctx: ServiceContext, input: TransferStockInput, options: IdempotencyOption = {}): Promise<MovementResult> {
  requireRole(ctx.actor, 'member')
  const companyId = ctx.actor.companyId
  return inMovementTransaction(companyId, options, { transfer: input }, async (tx, notices, id) => {
    const fromId = await warehouseOfLevel(tx, companyId, input.levelId)
    if (fromId === input.toWarehouseId) throw fieldError({ toWarehouseId: ['validation.sameWarehouse'] })
    // Both warehouses, then both levels, each pair in id order: two transfers in opposite directions cannot deadlock.
    const [first, second] = [fromId, input.toWarehouseId].sort()
    const locked = new Map<string, Awaited<ReturnType<typeof lockWarehouseForMovement>>>()
    for (const id of [first!, second!]) locked.set(id, await lockWarehouseForMovement(tx, companyId, id, id === fromId ? 'warehouseId' : 'toWarehouseId'))
    // The item is read unlocked; both levels are then locked in id order, so opposite transfers cannot deadlock either.
    const item = await levelItem(tx, companyId, input.levelId)
    const targetId = await ensureLevel(tx, companyId, input.toWarehouseId, item)
    const levels = new Map<string, LevelRow>()
    for (const id of [input.levelId, targetId].sort()) levels.set(id, await lockLevel(tx, companyId, id))
    const source = levels.get(input.levelId)!
    const target = levels.get(targetId)!
    const transferId = randomUUID()
    const cost = source.unitCost && source.currency ? { amount: source.unitCost, currency: source.currency } : null
    const from = locked.get(fromId)!
    const to = locked.get(input.toWarehouseId)!
    const out = await applyMovement(
      tx,
      ctx,
      from,
      source,
      {
        id,
        kind: 'transfer_out',
        quantity: -input.quantity,
        note: input.note,
        transferId,
        unitCost: cost,
        reference: { type: 'warehouse', id: to.id, label: to.code },
      },
      notices,
    )
    const into = await applyMovement(
      tx,
      ctx,
      to,
      target,
      {
        kind: 'transfer_in',
        quantity: input.quantity,
        note: input.note,
        transferId,
        unitCost: cost,
        setsLevelCost: target.unitCost === null,
        reference: { type: 'warehouse', id: from.id, label: from.code },
      },
      notices,
    )
    return { level: toStockLevel(out.level), movementIds: [out.movementId, into.movementId] }
  })
}

/** The level's alert threshold (any member; null: no alert). Whether it is already low is noted without a notice: the person sees it. */
export async function setLowStockThreshold(ctx: ServiceContext, levelId: string, input: ThresholdInput): Promise<StockLevel> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    const level = await lockLevel(tx, companyId, levelId)
    requireRole(ctx.actor, 'member')
    const threshold = input.lowStockThreshold
    const [row] = await tx
      .update(stockLevels)
      .set({ lowStockThreshold: threshold, belowThreshold: isBelowThreshold(availableOf(level), threshold), updatedAt: new Date() })
      .where(eq(stockLevels.id, level.id))
      .returning()
    return toStockLevel(row!)
  })
}

/** A receipt line's problems, by field (the workflow checked its own input; this is the ledger's guard). */
function lineProblems(line: ReceiptLine, index: number): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_MOVEMENT_QUANTITY)
    fields[`lines.${index}.quantity`] = ['validation.quantity']
  if (!line.description.trim()) fields[`lines.${index}.description`] = ['validation.description']
  if (!line.unit.trim()) fields[`lines.${index}.unit`] = ['validation.unit']
  if ((line.unitCost === null) !== (line.currency === null) || (line.unitCost !== null && !/^\d{1,14}(\.\d{1,4})?$/.test(line.unitCost)))
    fields[`lines.${index}.unitCost`] = ['validation.unitCost']
  return fields
}

/**
 * Posts goods received into a warehouse of the actor's company, in the caller's transaction (the receive-shipment
 * workflow): the warehouse is locked (archived: 409) and each line's level, created when the item is new there; each
 * line is a `receipt` movement with the reference, and a priced line sets its level's unit cost. Lines are locked in
 * item order, so two receipts into one warehouse cannot deadlock. Receipts only add: they raise no low-stock notice.
 */
export async function postReceipt(tx: Transaction, ctx: ServiceContext, input: ReceiptInput): Promise<{ movementIds: string[] }> {
  requireRole(ctx.actor, 'member')
  const companyId = ctx.actor.companyId
  if (input.lines.length === 0 || input.lines.length > MAX_RECEIPT_LINES) throw fieldError({ lines: ['validation.receiptLines'] })
  const problems = Object.assign({}, ...input.lines.map(lineProblems)) as Record<string, string[]>
  if (Object.keys(problems).length > 0) throw fieldError(problems)
  const warehouse = await lockWarehouseForMovement(tx, companyId, input.warehouseId)
  const keyed = input.lines.map((line) => ({ line, itemKey: stockItemKey(line) })).sort((a, b) => (a.itemKey < b.itemKey ? -1 : a.itemKey > b.itemKey ? 1 : 0))
  const movementIds: string[] = []
  const notices: Notice[] = []
  for (const { line, itemKey } of keyed) {
    const levelId = await ensureLevel(tx, companyId, warehouse.id, {
      itemKey,
      productId: line.productId,
      sku: line.sku.trim(),
      description: line.description.trim(),
      unit: line.unit.trim(),
    })
    const level = await lockLevel(tx, companyId, levelId)
    const cost = line.unitCost !== null && line.currency !== null ? { amount: line.unitCost, currency: line.currency } : null
    const written = await applyMovement(
      tx,
      ctx,
      warehouse,
      level,
      { kind: 'receipt', quantity: line.quantity, note: line.note ?? '', reference: input.reference, unitCost: cost, setsLevelCost: cost !== null },
      notices,
    )
    movementIds.push(written.movementId)
  }
  return { movementIds }
}
