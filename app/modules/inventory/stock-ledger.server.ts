// The one way stock changes: a movement written with its level in the same transaction, the level locked first, so
// concurrent writers queue on it and stock never goes below what is available. The services compose these steps.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import type { Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { type Notice, recordNotice } from '../companies/index.server'
import type { MovementKind } from './inventory.constants'
import { stockLevels, stockMovements, warehouses } from './inventory.tables.server'
import { afterMovement } from './stock-arithmetic'

export type LevelRow = typeof stockLevels.$inferSelect
export type WarehouseFacts = { id: string; code: string; name: string; archivedAt: Date | null }

export const fieldError = (fields: Record<string, string[]>, details: Record<string, unknown> = {}) =>
  new AppError('validation_failed', 'Validation failed', { ...details, fields })

/** The path of a warehouse's page (without locale). */
export const warehouseLink = (id: string) => `/app/warehouse/detail?id=${encodeURIComponent(id)}`

/**
 * The company's warehouse, share-locked for the rest of the transaction (movements run side by side; archiving waits for
 * them). Unknown or another company's: not found, or a field error when the warehouse is a choice in a form (`field`).
 * Archived: a 409 conflict naming the field, as it takes no movement.
 */
export async function lockWarehouseForMovement(tx: Transaction, companyId: string, id: string, field = 'warehouseId'): Promise<WarehouseFacts> {
  const [warehouse] = await tx
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, archivedAt: warehouses.archivedAt })
    .from(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.organizationId, companyId)))
    .for('share')
  if (!warehouse) {
    if (field === 'warehouseId') throw new AppError('not_found', 'Warehouse not found')
    throw fieldError({ [field]: ['validation.warehouse'] })
  }
  if (warehouse.archivedAt)
    throw new AppError('conflict', 'The warehouse is archived: it takes no stock movements', {
      reason: 'warehouse_archived',
      fields: { [field]: ['validation.warehouseArchived'] },
    })
  return warehouse
}

/** A level of the company, locked for update: the writer that holds it is the only one changing it. */
export async function lockLevel(tx: Transaction, companyId: string, levelId: string): Promise<LevelRow> {
  const [level] = await tx
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.id, levelId), eq(stockLevels.organizationId, companyId)))
    .for('update')
  if (!level) throw new AppError('not_found', 'Stock level not found')
  return level
}

/** The warehouse a level of the company is in (unlocked: the caller locks the warehouse, then the level). */
export async function warehouseOfLevel(tx: Transaction, companyId: string, levelId: string): Promise<string> {
  const [level] = await tx
    .select({ warehouseId: stockLevels.warehouseId })
    .from(stockLevels)
    .where(and(eq(stockLevels.id, levelId), eq(stockLevels.organizationId, companyId)))
  if (!level) throw new AppError('not_found', 'Stock level not found')
  return level.warehouseId
}

export type Movement = {
  kind: MovementKind
  /** Signed units. */
  quantity: number
  reason?: string
  note?: string
  reference?: { type: string; id: string; label: string }
  transferId?: string
  /** The cost of one unit it carries; a receipt's (or a transfer's into an unpriced level) becomes the level's. */
  unitCost?: { amount: string; currency: string } | null
  setsLevelCost?: boolean
  /** Known beforehand when an idempotency key must name it. */
  id?: string
}

/**
 * Writes one movement on a locked level and the level after it. Taking more than is available is a 422 on `quantity`
 * (nothing written; the transaction rolls back). The movement that takes available stock under the level's threshold
 * records a low-stock notice for the company's members and adds it to `notices` (to mail after commit).
 */
export async function applyMovement(
  tx: Transaction,
  ctx: ServiceContext,
  warehouse: WarehouseFacts,
  level: LevelRow,
  movement: Movement,
  notices: Notice[],
): Promise<{ movementId: string; level: LevelRow }> {
  const outcome = afterMovement(level, movement.quantity)
  if (!outcome.ok) throw fieldError({ quantity: ['validation.insufficientStock'] }, { available: outcome.available })
  const cost = movement.unitCost ?? null
  const now = new Date()
  const [updated] = await tx
    .update(stockLevels)
    .set({
      onHand: outcome.onHand,
      belowThreshold: outcome.belowThreshold,
      updatedAt: now,
      ...(cost && movement.setsLevelCost ? { unitCost: cost.amount, currency: cost.currency } : {}),
    })
    .where(eq(stockLevels.id, level.id))
    .returning()
  const movementId = movement.id ?? randomUUID()
  await tx.insert(stockMovements).values({
    id: movementId,
    organizationId: level.organizationId,
    warehouseId: level.warehouseId,
    levelId: level.id,
    kind: movement.kind,
    quantity: movement.quantity,
    balanceAfter: outcome.onHand,
    reason: movement.reason ?? '',
    note: movement.note ?? '',
    referenceType: movement.reference?.type ?? '',
    referenceId: movement.reference?.id ?? '',
    reference: movement.reference?.label ?? '',
    transferId: movement.transferId ?? null,
    unitCost: cost?.amount ?? null,
    currency: cost?.currency ?? null,
    createdBy: ctx.actor.userId,
    // The moment of the write under the level's lock, not the transaction's start: the ledger's order is the order of balances.
    createdAt: sql`clock_timestamp()`,
  })
  if (outcome.crossedBelow) {
    const notice: Notice = {
      companyId: level.organizationId,
      kind: 'stock.low',
      params: {
        item: level.sku ? `${level.sku} · ${level.description}` : level.description,
        warehouse: `${warehouse.code} · ${warehouse.name}`,
        available: String(outcome.available),
        threshold: String(level.lowStockThreshold),
        unit: level.unit,
      },
      link: `${warehouseLink(warehouse.id)}&low=1`,
    }
    await recordNotice(tx, notice)
    notices.push(notice)
  }
  return { movementId, level: updated! }
}
