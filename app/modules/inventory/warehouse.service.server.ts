// Warehouses of a company: the list with what each holds, and the admin's writes (open, edit, archive, restore).
import { and, asc, count, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type Address, requireCompany, requireRole } from '../companies/index'
import { companyAddress, companyMemberships, listAddresses, listMembers, lockCompany } from '../companies/index.server'
import { userNames } from '../identity/index.server'
import { changedFields, recordAudit } from '../kernel/index.server'
import { MAX_WAREHOUSES } from './inventory.constants'
import { stockLevels, warehouses } from './inventory.tables.server'
import type { WarehouseInput } from './warehouse.inputs'

/** A warehouse as the list and the detail page show it; the stock value is per currency (exact decimal text). */
export type Warehouse = {
  id: string
  code: string
  name: string
  addressId: string | null
  address: Address | null
  managerUserId: string | null
  managerName: string | null
  notes: string
  /** Whether the market sees this warehouse's available stock of the company's catalogue products. */
  publishAvailability: boolean
  archivedAt: Date | null
  /** Items with units on hand. */
  itemCount: number
  stockValue: Array<{ currency: string; total: string }>
  createdAt: Date
  updatedAt: Date
}

/** An active warehouse to choose (receiving a shipment, the other end of a transfer). */
export type WarehouseOption = { id: string; code: string; name: string }

/** What the warehouse form offers: the company's addresses and members. */
export type WarehouseFormChoices = { addresses: Address[]; members: Array<{ userId: string; name: string }> }

type WarehouseRow = typeof warehouses.$inferSelect

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** What the audit log keeps of a warehouse. */
const snapshot = (row: Pick<WarehouseRow, 'code' | 'name' | 'addressId' | 'managerUserId' | 'notes' | 'publishAvailability'>) => {
  const { code, name, addressId, managerUserId, notes, publishAvailability } = row
  return { code, name, addressId, managerUserId, notes, publishAvailability }
}

/** The company's warehouse, locked for update (archive, restore, edit); not found for another company's. */
async function lockOwnWarehouse(tx: Transaction, companyId: string, id: string): Promise<WarehouseRow> {
  const [row] = await tx
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.organizationId, companyId)))
    .for('update')
  if (!row) throw new AppError('not_found', 'Warehouse not found')
  return row
}

/** Per warehouse: items on hand and the value of its stock per currency (units × the last receipt's unit cost). */
async function stockFigures(db: Database, companyId: string): Promise<Map<string, Pick<Warehouse, 'itemCount' | 'stockValue'>>> {
  const [items, values] = await Promise.all([
    db
      .select({ warehouseId: stockLevels.warehouseId, items: count() })
      .from(stockLevels)
      .where(and(eq(stockLevels.organizationId, companyId), gt(stockLevels.onHand, 0)))
      .groupBy(stockLevels.warehouseId),
    db
      .select({
        warehouseId: stockLevels.warehouseId,
        currency: sql<string>`${stockLevels.currency}`,
        total: sql<string>`sum(${stockLevels.onHand} * ${stockLevels.unitCost})::numeric(20, 2)::text`,
      })
      .from(stockLevels)
      .where(and(eq(stockLevels.organizationId, companyId), gt(stockLevels.onHand, 0), isNotNull(stockLevels.unitCost), isNotNull(stockLevels.currency)))
      .groupBy(stockLevels.warehouseId, stockLevels.currency)
      .orderBy(asc(stockLevels.currency)),
  ])
  const figures = new Map<string, Pick<Warehouse, 'itemCount' | 'stockValue'>>()
  const of = (id: string) => figures.get(id) ?? figures.set(id, { itemCount: 0, stockValue: [] }).get(id)!
  for (const row of items) of(row.warehouseId).itemCount = Number(row.items)
  for (const row of values) of(row.warehouseId).stockValue.push({ currency: row.currency, total: row.total })
  return figures
}

async function toWarehouses(ctx: ServiceContext, companyId: string, rows: WarehouseRow[]): Promise<Warehouse[]> {
  const [figures, addresses, managers] = await Promise.all([
    stockFigures(database(), companyId),
    rows.some((row) => row.addressId) ? listAddresses(ctx) : Promise.resolve([]),
    userNames(rows.map((row) => row.managerUserId)),
  ])
  const addressById = new Map(addresses.map((address) => [address.id, address]))
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    addressId: row.addressId,
    address: row.addressId ? (addressById.get(row.addressId) ?? null) : null,
    managerUserId: row.managerUserId,
    managerName: row.managerUserId ? (managers.get(row.managerUserId) ?? null) : null,
    notes: row.notes,
    publishAvailability: row.publishAvailability,
    archivedAt: row.archivedAt,
    itemCount: figures.get(row.id)?.itemCount ?? 0,
    stockValue: figures.get(row.id)?.stockValue ?? [],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }))
}

/** The company's warehouses, active ones first, each by code (any member). */
export async function listWarehouses(ctx: ServiceContext): Promise<Warehouse[]> {
  requireCompany(ctx.actor)
  const rows = await database()
    .select()
    .from(warehouses)
    .where(eq(warehouses.organizationId, ctx.actor.companyId))
    .orderBy(sql`${warehouses.archivedAt} is not null`, sql`lower(${warehouses.code})`)
    .limit(MAX_WAREHOUSES)
  return toWarehouses(ctx, ctx.actor.companyId, rows)
}

/** One of the company's warehouses (any member); another company's is not found. */
export async function getWarehouse(ctx: ServiceContext, id: string): Promise<Warehouse> {
  requireCompany(ctx.actor)
  const [row] = await database()
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.organizationId, ctx.actor.companyId)))
  if (!row) throw new AppError('not_found', 'Warehouse not found')
  const [warehouse] = await toWarehouses(ctx, ctx.actor.companyId, [row])
  return warehouse!
}

/** The company's active warehouses, by code: the choices of a receipt or a transfer. */
export async function warehouseOptions(ctx: ServiceContext): Promise<WarehouseOption[]> {
  requireCompany(ctx.actor)
  return database()
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name })
    .from(warehouses)
    .where(and(eq(warehouses.organizationId, ctx.actor.companyId), isNull(warehouses.archivedAt)))
    .orderBy(sql`lower(${warehouses.code})`)
    .limit(MAX_WAREHOUSES)
}

/** The addresses and members the warehouse form offers (any member may look; only admins write). */
export async function warehouseFormChoices(ctx: ServiceContext): Promise<WarehouseFormChoices> {
  requireCompany(ctx.actor)
  const [addresses, members] = await Promise.all([listAddresses(ctx), listMembers(ctx)])
  return { addresses, members: members.map((member) => ({ userId: member.userId, name: member.name })) }
}

/** The code is free in the company (whatever its case), the address is the company's and the manager one of its members. */
async function checkWarehouse(tx: Transaction, companyId: string, input: WarehouseInput, exceptId: string | null): Promise<void> {
  const fields: Record<string, string[]> = {}
  const [taken] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(
      and(eq(warehouses.organizationId, companyId), sql`lower(${warehouses.code}) = lower(${input.code})`, exceptId ? ne(warehouses.id, exceptId) : undefined),
    )
  if (taken) fields.code = ['validation.codeTaken']
  if (input.addressId && !(await companyAddress(companyId, input.addressId, tx))) fields.addressId = ['validation.address']
  if (input.managerUserId) {
    const [member] = await tx
      .select({ userId: companyMemberships.userId })
      .from(companyMemberships)
      .where(and(eq(companyMemberships.companyId, companyId), eq(companyMemberships.userId, input.managerUserId)))
    if (!member) fields.managerUserId = ['validation.manager']
  }
  if (Object.keys(fields).length > 0) throw fieldError(fields)
}

/** Opens a warehouse (admins and owners), once per idempotency key; a code already used in the company is a 422 on `code`. */
export async function createWarehouse(ctx: ServiceContext, input: WarehouseInput, options: IdempotencyOption = {}): Promise<Warehouse> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const { id } = await createIdempotently(`warehouse:${companyId}`, options, input, async (tx, warehouseId) => {
    // One writer of the company's warehouses at a time: the code check and the insert see the same list.
    await lockCompany(tx, companyId)
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(warehouses).where(eq(warehouses.organizationId, companyId))
    if (Number(total) >= MAX_WAREHOUSES) throw fieldError({ code: ['validation.tooManyWarehouses'] })
    await checkWarehouse(tx, companyId, input, null)
    await tx.insert(warehouses).values({ id: warehouseId, organizationId: companyId, ...input })
    await recordAudit(tx, ctx, { companyId, action: 'warehouse.created', targetType: 'warehouse', targetId: warehouseId, after: snapshot(input) })
  })
  return getWarehouse(ctx, id)
}

/** Changes a warehouse's code, name, address, manager, notes and publishing (admins and owners); an archived one too. */
export async function updateWarehouse(ctx: ServiceContext, id: string, input: WarehouseInput): Promise<Warehouse> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    await lockCompany(tx, companyId)
    const current = await lockOwnWarehouse(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    const diff = changedFields(snapshot(current), snapshot(input))
    if (!diff) return
    await checkWarehouse(tx, companyId, input, id)
    await tx
      .update(warehouses)
      .set({ ...input, version: current.version + 1, updatedAt: new Date() })
      .where(eq(warehouses.id, id))
    await recordAudit(tx, ctx, { companyId, action: 'warehouse.updated', targetType: 'warehouse', targetId: id, ...diff })
  })
  return getWarehouse(ctx, id)
}

/** Archives (true) or restores (false) a warehouse (admins and owners): an archived one keeps its stock and history and takes no movement. */
async function setArchived(ctx: ServiceContext, id: string, archived: boolean): Promise<Warehouse> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const current = await lockOwnWarehouse(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    if ((current.archivedAt !== null) === archived) return
    const archivedAt = archived ? new Date() : null
    await tx
      .update(warehouses)
      .set({ archivedAt, version: current.version + 1, updatedAt: new Date() })
      .where(eq(warehouses.id, id))
    await recordAudit(tx, ctx, {
      companyId,
      action: archived ? 'warehouse.archived' : 'warehouse.restored',
      targetType: 'warehouse',
      targetId: id,
      before: { archived: !archived },
      after: { archived },
    })
  })
  return getWarehouse(ctx, id)
}

export const archiveWarehouse = (ctx: ServiceContext, id: string) => setArchived(ctx, id, true)
export const restoreWarehouse = (ctx: ServiceContext, id: string) => setArchived(ctx, id, false)
