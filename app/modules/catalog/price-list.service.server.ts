import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, lte, gte, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany, requireRole } from '../companies/index'
import { organizations } from '../companies/index.server'
import { localized } from './catalog.constants'
import { priceListLines, priceLists, products } from './catalog.tables.server'
import type { CreatePriceListInput, PriceList, PriceListDetail, PriceListLine, PriceTier, SetPriceListLinesInput, UpdatePriceListInput } from './price-list.inputs'

const columns = {
  id: priceLists.id,
  name: priceLists.name,
  currency: priceLists.currency,
  validFrom: priceLists.validFrom,
  validTo: priceLists.validTo,
  isActive: priceLists.isActive,
  createdAt: priceLists.createdAt,
  updatedAt: priceLists.updatedAt,
}

/** Today's date (UTC) as stored in the date columns, so both engines agree whatever their time zone. */
const today = () => new Date().toISOString().slice(0, 10)

/** The list's validity window includes `day` (a null bound is open-ended). */
const validOn = (day: string) => and(or(isNull(priceLists.validFrom), lte(priceLists.validFrom, day)), or(isNull(priceLists.validTo), gte(priceLists.validTo, day)))

/** The company's price lists, active first, then by name (any member). */
export async function listPriceLists(ctx: ServiceContext): Promise<PriceList[]> {
  requireCompany(ctx.actor)
  return database()
    .select(columns)
    .from(priceLists)
    .where(eq(priceLists.organizationId, ctx.actor.companyId))
    .orderBy(sql`${priceLists.isActive} desc`, asc(sql`lower(${priceLists.name})`), asc(priceLists.createdAt))
}

async function findPriceList(db: Database | Transaction, companyId: string, id: string): Promise<PriceList> {
  const [row] = await db
    .select(columns)
    .from(priceLists)
    .where(and(eq(priceLists.id, id), eq(priceLists.organizationId, companyId)))
  if (!row) throw new AppError('not_found', 'Price list not found')
  return row
}

/** One list of the active company with its lines by SKU then quantity (any member); another company's is not found. */
export async function getPriceList(ctx: ServiceContext, id: string): Promise<PriceListDetail> {
  requireCompany(ctx.actor)
  const list = await findPriceList(database(), ctx.actor.companyId, id)
  const rows = await database()
    .select({
      id: priceListLines.id,
      productId: priceListLines.productId,
      minQuantity: priceListLines.minQuantity,
      unitPrice: priceListLines.unitPrice,
      sku: products.sku,
      nameEn: products.nameEn,
      nameZhHans: products.nameZhHans,
      nameZhHant: products.nameZhHant,
    })
    .from(priceListLines)
    .innerJoin(products, eq(products.id, priceListLines.productId))
    .where(eq(priceListLines.priceListId, id))
    .orderBy(asc(products.sku), asc(priceListLines.minQuantity))
  const lines: PriceListLine[] = rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    sku: row.sku,
    productName: localized({ en: row.nameEn, 'zh-Hans': row.nameZhHans, 'zh-Hant': row.nameZhHant }, ctx.locale),
    minQuantity: row.minQuantity,
    unitPrice: row.unitPrice,
  }))
  return { ...list, lines }
}

/** The company's products a list may price, by SKU (any member; for the line editor). */
export async function priceableProducts(ctx: ServiceContext): Promise<Array<{ id: string; sku: string; name: string }>> {
  requireCompany(ctx.actor)
  const rows = await database()
    .select({ id: products.id, sku: products.sku, nameEn: products.nameEn, nameZhHans: products.nameZhHans, nameZhHant: products.nameZhHant })
    .from(products)
    .where(and(eq(products.organizationId, ctx.actor.companyId), sql`${products.status} <> 'archived'`))
    .orderBy(asc(products.sku))
  return rows.map((row) => ({ id: row.id, sku: row.sku, name: localized({ en: row.nameEn, 'zh-Hans': row.nameZhHans, 'zh-Hant': row.nameZhHant }, ctx.locale) }))
}

/** Serialises a company's price list changes, so "one active list" and from prices never race. */
async function lockPriceLists(tx: Transaction, companyId: string): Promise<void> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, companyId)).for('no key update')
}

/**
 * Sets every product's public "from" price of the company: the lowest unit price of the active list
 * when its window includes today, null otherwise. Call it in the transaction that changed the list.
 */
export async function refreshFromPrices(tx: Transaction, companyId: string): Promise<void> {
  const [active] = await tx
    .select({ id: priceLists.id, currency: priceLists.currency })
    .from(priceLists)
    .where(and(eq(priceLists.organizationId, companyId), eq(priceLists.isActive, true), validOn(today())))
  if (!active) {
    await tx.update(products).set({ fromPrice: null, fromPriceCurrency: null }).where(and(eq(products.organizationId, companyId), sql`${products.fromPrice} is not null`))
    return
  }
  const lowest = sql<string | null>`(select min(${priceListLines.unitPrice}) from ${priceListLines} where ${priceListLines.priceListId} = ${active.id} and ${priceListLines.productId} = ${products.id})`
  await tx
    .update(products)
    .set({ fromPrice: lowest, fromPriceCurrency: sql`case when ${lowest} is null then null else ${active.currency} end` })
    .where(eq(products.organizationId, companyId))
}

/** Adds a list (admins and owners); it starts inactive. */
export async function createPriceList(ctx: ServiceContext, input: CreatePriceListInput): Promise<PriceList> {
  requireRole(ctx.actor, 'admin')
  const [row] = await database()
    .insert(priceLists)
    .values({ id: randomUUID(), organizationId: ctx.actor.companyId, name: input.name, currency: input.currency, validFrom: input.validFrom ?? null, validTo: input.validTo ?? null })
    .returning(columns)
  if (!row) throw new AppError('internal', 'Price list not stored')
  return row
}

/** Replaces a list's name, currency and window (admins and owners); public prices follow when it is the active one. */
export async function updatePriceList(ctx: ServiceContext, id: string, input: UpdatePriceListInput): Promise<PriceList> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    await lockPriceLists(tx, companyId)
    await findPriceList(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    const [row] = await tx
      .update(priceLists)
      .set({ name: input.name, currency: input.currency, validFrom: input.validFrom ?? null, validTo: input.validTo ?? null, updatedAt: new Date() })
      .where(eq(priceLists.id, id))
      .returning(columns)
    if (!row) throw new AppError('internal', 'Price list not stored')
    if (row.isActive) await refreshFromPrices(tx, companyId)
    return row
  })
}

/** Deletes a list and its lines (admins and owners); deleting the active list clears public prices. */
export async function deletePriceList(ctx: ServiceContext, id: string): Promise<PriceList> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    await lockPriceLists(tx, companyId)
    const current = await findPriceList(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    await tx.delete(priceLists).where(eq(priceLists.id, id))
    if (current.isActive) await refreshFromPrices(tx, companyId)
    return current
  })
}

/**
 * Replaces all lines of a list at once (admins and owners). Every product must be one of the
 * company's; a bad line is reported under `lines.<index>.<field>`.
 */
export async function setPriceListLines(ctx: ServiceContext, id: string, input: SetPriceListLinesInput): Promise<PriceListDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    await lockPriceLists(tx, companyId)
    const list = await findPriceList(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    const productIds = [...new Set(input.lines.map((line) => line.productId))]
    const owned =
      productIds.length === 0
        ? new Set<string>()
        : new Set(
            (
              await tx
                .select({ id: products.id })
                .from(products)
                .where(and(eq(products.organizationId, companyId), inArray(products.id, productIds)))
            ).map((row) => row.id),
          )
    const fields: Record<string, string[]> = {}
    input.lines.forEach((line, index) => {
      if (!owned.has(line.productId)) fields[`lines.${index}.productId`] = ['validation.product']
    })
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', 'Validation failed', { fields })
    await tx.delete(priceListLines).where(eq(priceListLines.priceListId, id))
    if (input.lines.length > 0) {
      await tx.insert(priceListLines).values(input.lines.map((line) => ({ id: randomUUID(), priceListId: id, productId: line.productId, minQuantity: line.minQuantity, unitPrice: line.unitPrice })))
    }
    await tx.update(priceLists).set({ updatedAt: new Date() }).where(eq(priceLists.id, id))
    if (list.isActive) await refreshFromPrices(tx, companyId)
  })
  return getPriceList(ctx, id)
}

/** Makes a list the one that feeds public prices (admins and owners); the previous active list is deactivated. */
export async function activatePriceList(ctx: ServiceContext, id: string): Promise<PriceList> {
  return setActive(ctx, id, true)
}

/** Stops a list feeding public prices (admins and owners); products then show no price. */
export async function deactivatePriceList(ctx: ServiceContext, id: string): Promise<PriceList> {
  return setActive(ctx, id, false)
}

async function setActive(ctx: ServiceContext, id: string, active: boolean): Promise<PriceList> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    await lockPriceLists(tx, companyId)
    const current = await findPriceList(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    if (current.isActive === active) return current
    if (active) {
      await tx
        .update(priceLists)
        .set({ isActive: false, updatedAt: new Date() })
        .where(and(eq(priceLists.organizationId, companyId), eq(priceLists.isActive, true)))
    }
    const [row] = await tx.update(priceLists).set({ isActive: active, updatedAt: new Date() }).where(eq(priceLists.id, id)).returning(columns)
    if (!row) throw new AppError('internal', 'Price list not stored')
    await refreshFromPrices(tx, companyId)
    return row
  })
}

/** A product's public price breaks from its company's active list (valid today), ascending; empty when none. */
export async function priceTiersFor(productId: string): Promise<PriceTier[]> {
  return database()
    .select({ minQuantity: priceListLines.minQuantity, unitPrice: priceListLines.unitPrice, currency: priceLists.currency })
    .from(priceListLines)
    .innerJoin(priceLists, eq(priceLists.id, priceListLines.priceListId))
    .innerJoin(products, eq(products.id, priceListLines.productId))
    .where(and(eq(priceListLines.productId, productId), eq(priceLists.organizationId, products.organizationId), eq(priceLists.isActive, true), validOn(today())))
    .orderBy(asc(priceListLines.minQuantity))
}
