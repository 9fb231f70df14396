import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { fieldErrorsOf } from '../../platform/validation'
import { type Address, AddressInput, type AddressListQuery, type CreateAddressInput, MAX_ADDRESSES_PER_TYPE, type UpdateAddressInput } from './address.inputs'
import { changedFields, recordAudit } from '../kernel/index.server'
import type { AddressType } from './companies.constants'
import { addresses } from './companies.tables.server'
import { lockCompany } from './company-lookups.server'
import { requireCompany, requireRole } from './policies'

const columns = {
  id: addresses.id,
  type: addresses.type,
  label: addresses.label,
  recipient: addresses.recipient,
  phone: addresses.phone,
  line1: addresses.line1,
  line2: addresses.line2,
  city: addresses.city,
  region: addresses.region,
  postalCode: addresses.postalCode,
  country: addresses.country,
  isDefault: addresses.isDefault,
  createdAt: addresses.createdAt,
  updatedAt: addresses.updatedAt,
}

/** What the audit log keeps of an address. */
function snapshot(address: Omit<Address, 'id' | 'createdAt' | 'updatedAt'>) {
  const { type, label, recipient, phone, line1, line2, city, region, postalCode, country, isDefault } = address
  return { type, label, recipient, phone, line1, line2, city, region, postalCode, country, isDefault }
}

/** The company's address book, billing then shipping then warehouse, each with its default first (any member). */
export async function listAddresses(ctx: ServiceContext, query: AddressListQuery = {}): Promise<Address[]> {
  requireCompany(ctx.actor)
  const filters: SQL[] = [eq(addresses.organizationId, ctx.actor.companyId)]
  if (query.type) filters.push(eq(addresses.type, query.type))
  return (
    database()
      .select(columns)
      .from(addresses)
      .where(and(...filters))
      // The types sort alphabetically in the order of ADDRESS_TYPES.
      .orderBy(asc(addresses.type), desc(addresses.isDefault), asc(sql`lower(${addresses.label})`), asc(addresses.createdAt))
  )
}

async function findAddress(db: Database | Transaction, companyId: string, id: string): Promise<Address> {
  const row = await companyAddress(companyId, id, db)
  if (!row) throw new AppError('not_found', 'Address not found')
  return row
}

/** One of the company's addresses, or null (unknown, or another company's): for records that copy it, like an order's ship-to. */
export async function companyAddress(companyId: string, id: string, db: Database | Transaction = database()): Promise<Address | null> {
  const [row] = await db
    .select(columns)
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.organizationId, companyId)))
  return row ?? null
}

/** One address of the active company (any member); another company's is not found. */
export async function getAddress(ctx: ServiceContext, id: string): Promise<Address> {
  requireCompany(ctx.actor)
  return findAddress(database(), ctx.actor.companyId, id)
}

async function assertRoomFor(tx: Transaction, companyId: string, type: AddressType): Promise<void> {
  const [row] = await tx
    .select({ value: count() })
    .from(addresses)
    .where(and(eq(addresses.organizationId, companyId), eq(addresses.type, type)))
  if ((row?.value ?? 0) >= MAX_ADDRESSES_PER_TYPE) {
    throw new AppError('validation_failed', 'Too many addresses of this type', { fields: { type: ['validation.typeFull'] }, max: MAX_ADDRESSES_PER_TYPE })
  }
}

async function hasDefault(tx: Transaction, companyId: string, type: AddressType): Promise<boolean> {
  const [row] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.organizationId, companyId), eq(addresses.type, type), eq(addresses.isDefault, true)))
  return Boolean(row)
}

async function clearDefault(tx: Transaction, companyId: string, type: AddressType): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(addresses.organizationId, companyId), eq(addresses.type, type), eq(addresses.isDefault, true)))
}

/** After the default of a type left it: the oldest remaining address of the type takes over. */
async function promoteOldest(tx: Transaction, ctx: ServiceContext, companyId: string, type: AddressType): Promise<void> {
  const [oldest] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.organizationId, companyId), eq(addresses.type, type)))
    .orderBy(asc(addresses.createdAt), asc(addresses.id))
    .limit(1)
  if (!oldest) return
  await tx.update(addresses).set({ isDefault: true, updatedAt: new Date() }).where(eq(addresses.id, oldest.id))
  await recordAudit(tx, ctx, {
    companyId,
    action: 'address.updated',
    targetType: 'address',
    targetId: oldest.id,
    before: { isDefault: false },
    after: { isDefault: true },
  })
}

/** Adds an address (admins and owners), once per idempotency key; the first of its type, or one marked default, becomes the default. */
export async function createAddress(ctx: ServiceContext, input: CreateAddressInput, options: IdempotencyOption = {}): Promise<Address> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const { id } = await createIdempotently(`address:${companyId}`, options, input, async (tx, addressId) => {
    await lockCompany(tx, companyId)
    await assertRoomFor(tx, companyId, input.type)
    const isDefault = input.isDefault || !(await hasDefault(tx, companyId, input.type))
    if (isDefault) await clearDefault(tx, companyId, input.type)
    const [row] = await tx
      .insert(addresses)
      .values({ id: addressId, organizationId: companyId, ...input, isDefault })
      .returning(columns)
    if (!row) throw new AppError('internal', 'Address not stored')
    await recordAudit(tx, ctx, { companyId, action: 'address.created', targetType: 'address', targetId: row.id, after: snapshot(row) })
  })
  return getAddress(ctx, id)
}

/** The merged address, checked as a whole: a new country may invalidate the postal code kept from before. */
function mergedAddress(current: Address, patch: UpdateAddressInput): AddressInput {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
  const parsed = AddressInput.safeParse({ ...current, ...defined })
  if (!parsed.success)
    throw new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(parsed.error), country: patch.country ?? current.country })
  return parsed.data
}

/**
 * Changes an address (admins and owners). Moving it to another type hands its default role to the
 * oldest address left behind, and makes it the new type's default when that type has none.
 */
export async function updateAddress(ctx: ServiceContext, id: string, patch: UpdateAddressInput): Promise<Address> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    await lockCompany(tx, companyId)
    const current = await findAddress(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    const next = mergedAddress(current, patch)
    const movesType = next.type !== current.type
    if (movesType) await assertRoomFor(tx, companyId, next.type)
    const isDefault = movesType ? !(await hasDefault(tx, companyId, next.type)) : current.isDefault
    const diff = changedFields(snapshot(current), snapshot({ ...next, isDefault }))
    if (!diff) return current
    const [row] = await tx
      .update(addresses)
      .set({ ...next, isDefault, updatedAt: new Date() })
      .where(eq(addresses.id, id))
      .returning(columns)
    if (!row) throw new AppError('internal', 'Address not stored')
    await recordAudit(tx, ctx, { companyId, action: 'address.updated', targetType: 'address', targetId: id, ...diff })
    if (movesType && current.isDefault) await promoteOldest(tx, ctx, companyId, current.type)
    return row
  })
}

/** Removes an address (admins and owners) and answers what it was; a removed default hands over to the oldest one left of its type. */
export async function deleteAddress(ctx: ServiceContext, id: string): Promise<Address> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    await lockCompany(tx, companyId)
    const current = await findAddress(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    await tx.delete(addresses).where(eq(addresses.id, id))
    await recordAudit(tx, ctx, { companyId, action: 'address.deleted', targetType: 'address', targetId: id, before: snapshot(current) })
    if (current.isDefault) await promoteOldest(tx, ctx, companyId, current.type)
    return current
  })
}

/** Makes an address its type's default (admins and owners); the previous default stays in the book. */
export async function setDefaultAddress(ctx: ServiceContext, id: string): Promise<Address> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    await lockCompany(tx, companyId)
    const current = await findAddress(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    if (current.isDefault) return current
    await clearDefault(tx, companyId, current.type)
    const [row] = await tx.update(addresses).set({ isDefault: true, updatedAt: new Date() }).where(eq(addresses.id, id)).returning(columns)
    if (!row) throw new AppError('internal', 'Address not stored')
    await recordAudit(tx, ctx, {
      companyId,
      action: 'address.updated',
      targetType: 'address',
      targetId: id,
      before: { isDefault: false },
      after: { isDefault: true },
    })
    return row
  })
}
