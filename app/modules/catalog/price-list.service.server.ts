import { randomUUID } from 'node:crypto'
import DecimalBase from 'decimal.js'
import { and, asc, count, eq, inArray, isNull, lte, gte, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { requireCompany, requireRole } from '../companies/index'
import { type AuditAction } from '../kernel/index'
import { lockCompany } from '../companies/index.server'
import { changedFields, recordAudit } from '../kernel/index.server'
import { localized } from './catalog.constants'
import { priceListLines, priceLists, products } from './catalog.tables.server'
import { visibleProduct, visibleProductOf } from './product-visibility.server'
import type {
  CreatePriceListInput,
  PriceList,
  PriceListDetail,
  PriceListLine,
  PriceTier,
  SetPriceListLinesInput,
  UpdatePriceListInput,
} from './price-list.inputs'
import { afterMarketplaceWrite } from './search.service.server'

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
const validOn = (day: string) =>
  and(or(isNull(priceLists.validFrom), lte(priceLists.validFrom, day)), or(isNull(priceLists.validTo), gte(priceLists.validTo, day)))

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
    .where(and(eq(products.organizationId, ctx.actor.companyId), sql`${products.status} <> 'archived'`, await visibleProductOf(ctx.actor.companyId)))
    .orderBy(asc(products.sku))
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: localized({ en: row.nameEn, 'zh-Hans': row.nameZhHans, 'zh-Hant': row.nameZhHant }, ctx.locale),
  }))
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
    await tx
      .update(products)
      .set({ fromPrice: null, fromPriceCurrency: null })
      .where(and(eq(products.organizationId, companyId), sql`${products.fromPrice} is not null`))
    return
  }
  const lowest = sql<
    string | null
  >`(select min(${priceListLines.unitPrice}) from ${priceListLines} where ${priceListLines.priceListId} = ${active.id} and ${priceListLines.productId} = ${products.id})`
  await tx
    .update(products)
    .set({ fromPrice: lowest, fromPriceCurrency: sql`case when ${lowest} is null then null else ${active.currency} end` })
    .where(eq(products.organizationId, companyId))
}

/**
 * Public prices follow the calendar: a list whose window has just opened or closed changes what "from" prices show.
 * Refreshes every company whose active list has a window (run at start and hourly); answers how many were refreshed.
 */
export async function refreshWindowedPrices(): Promise<number> {
  const windowed = await database()
    .selectDistinct({ companyId: priceLists.organizationId })
    .from(priceLists)
    .where(and(eq(priceLists.isActive, true), or(sql`${priceLists.validFrom} is not null`, sql`${priceLists.validTo} is not null`)))
  for (const { companyId } of windowed) {
    await afterMarketplaceWrite(
      database().transaction(async (tx) => {
        await lockCompany(tx, companyId)
        await refreshFromPrices(tx, companyId)
      }),
    )
  }
  return windowed.length
}

/** What the activity log shows of a list's settings. */
const settingsOf = (list: Pick<PriceList, 'name' | 'currency' | 'validFrom' | 'validTo'>) => ({
  name: list.name,
  currency: list.currency,
  validFrom: list.validFrom,
  validTo: list.validTo,
})

const auditList = (
  tx: Transaction,
  ctx: ServiceContext,
  action: AuditAction,
  list: Pick<PriceList, 'id' | 'name'>,
  change: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null } = {},
) =>
  recordAudit(tx, ctx, {
    companyId: ctx.actor.companyId,
    action,
    targetType: 'price_list',
    targetId: list.id,
    before: change.before ?? null,
    after: change.after === undefined ? { name: list.name } : change.after,
  })

/** Adds a list (admins and owners), once per idempotency key; it starts inactive. */
export async function createPriceList(ctx: ServiceContext, input: CreatePriceListInput, options: IdempotencyOption = {}): Promise<PriceList> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const { id } = await createIdempotently(`price_list:${companyId}`, options, input, async (tx, listId) => {
    const [row] = await tx
      .insert(priceLists)
      .values({
        id: listId,
        organizationId: companyId,
        name: input.name,
        currency: input.currency,
        validFrom: input.validFrom ?? null,
        validTo: input.validTo ?? null,
      })
      .returning(columns)
    if (!row) throw new AppError('internal', 'Price list not stored')
    await auditList(tx, ctx, 'price_list.created', row, { after: settingsOf(row) })
  })
  return findPriceList(database(), companyId, id)
}

/** Replaces a list's name, currency and window (admins and owners); public prices follow when it is the active one. */
export async function updatePriceList(ctx: ServiceContext, id: string, input: UpdatePriceListInput): Promise<PriceList> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return afterMarketplaceWrite(
    database().transaction(async (tx) => {
      await lockCompany(tx, companyId)
      const current = await findPriceList(tx, companyId, id)
      requireRole(ctx.actor, 'admin')
      const [row] = await tx
        .update(priceLists)
        .set({ name: input.name, currency: input.currency, validFrom: input.validFrom ?? null, validTo: input.validTo ?? null, updatedAt: new Date() })
        .where(eq(priceLists.id, id))
        .returning(columns)
      if (!row) throw new AppError('internal', 'Price list not stored')
      if (row.isActive) await refreshFromPrices(tx, companyId)
      const diff = changedFields(settingsOf(current), settingsOf(row))
      if (diff) await auditList(tx, ctx, 'price_list.updated', row, { before: diff.before, after: { name: row.name, ...diff.after } })
      return row
    }),
  )
}

/** Deletes a list and its lines (admins and owners); deleting the active list clears public prices. */
export async function deletePriceList(ctx: ServiceContext, id: string): Promise<PriceList> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return afterMarketplaceWrite(
    database().transaction(async (tx) => {
      await lockCompany(tx, companyId)
      const current = await findPriceList(tx, companyId, id)
      requireRole(ctx.actor, 'admin')
      await tx.delete(priceLists).where(eq(priceLists.id, id))
      if (current.isActive) await refreshFromPrices(tx, companyId)
      await auditList(tx, ctx, 'price_list.deleted', current, { before: { ...settingsOf(current), isActive: current.isActive }, after: null })
      return current
    }),
  )
}

/**
 * Replaces all lines of a list at once (admins and owners). Every product must be one of the
 * company's; a bad line is reported under `lines.<index>.<field>`.
 */
export async function setPriceListLines(ctx: ServiceContext, id: string, input: SetPriceListLinesInput): Promise<PriceListDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await afterMarketplaceWrite(
    database().transaction(async (tx) => {
      await lockCompany(tx, companyId)
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
                  .where(and(eq(products.organizationId, companyId), inArray(products.id, productIds), visibleProduct()))
              ).map((row) => row.id),
            )
      const fields: Record<string, string[]> = {}
      input.lines.forEach((line, index) => {
        if (!owned.has(line.productId)) fields[`lines.${index}.productId`] = ['validation.product']
      })
      if (Object.keys(fields).length > 0) throw new AppError('validation_failed', 'Validation failed', { fields })
      const [previous] = await tx.select({ total: count() }).from(priceListLines).where(eq(priceListLines.priceListId, id))
      await tx.delete(priceListLines).where(eq(priceListLines.priceListId, id))
      if (input.lines.length > 0) {
        await tx.insert(priceListLines).values(
          input.lines.map((line) => ({
            id: randomUUID(),
            priceListId: id,
            productId: line.productId,
            minQuantity: line.minQuantity,
            unitPrice: line.unitPrice,
          })),
        )
      }
      await tx.update(priceLists).set({ updatedAt: new Date() }).where(eq(priceLists.id, id))
      if (list.isActive) await refreshFromPrices(tx, companyId)
      await auditList(tx, ctx, 'price_list.lines_changed', list, {
        before: { lines: previous?.total ?? 0 },
        after: { name: list.name, lines: input.lines.length },
      })
    }),
  )
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
  return afterMarketplaceWrite(
    database().transaction(async (tx) => {
      await lockCompany(tx, companyId)
      const current = await findPriceList(tx, companyId, id)
      requireRole(ctx.actor, 'admin')
      if (current.isActive === active) return current
      if (active) {
        const replaced = await tx
          .update(priceLists)
          .set({ isActive: false, updatedAt: new Date() })
          .where(and(eq(priceLists.organizationId, companyId), eq(priceLists.isActive, true)))
          .returning(columns)
        for (const previous of replaced)
          await auditList(tx, ctx, 'price_list.deactivated', previous, { before: { isActive: true }, after: { name: previous.name, isActive: false } })
      }
      const [row] = await tx.update(priceLists).set({ isActive: active, updatedAt: new Date() }).where(eq(priceLists.id, id)).returning(columns)
      if (!row) throw new AppError('internal', 'Price list not stored')
      await refreshFromPrices(tx, companyId)
      await auditList(tx, ctx, active ? 'price_list.activated' : 'price_list.deactivated', row, {
        before: { isActive: !active },
        after: { name: row.name, isActive: active },
      })
      return row
    }),
  )
}

/** A product's public price breaks from its company's active list (valid today), ascending; empty when none. */
export async function priceTiersFor(productId: string): Promise<PriceTier[]> {
  return database()
    .select({ minQuantity: priceListLines.minQuantity, unitPrice: priceListLines.unitPrice, currency: priceLists.currency })
    .from(priceListLines)
    .innerJoin(priceLists, eq(priceLists.id, priceListLines.priceListId))
    .innerJoin(products, eq(products.id, priceListLines.productId))
    .where(
      and(eq(priceListLines.productId, productId), eq(priceLists.organizationId, products.organizationId), eq(priceLists.isActive, true), validOn(today())),
    )
    .orderBy(asc(priceListLines.minQuantity))
}

/** The company's active list (whatever its window: its prices are still edited) and its currency. */
export type ActivePriceList = { id: string; name: string; currency: string }

async function activeListOf(db: Database | Transaction, companyId: string): Promise<ActivePriceList | null> {
  const [row] = await db
    .select({ id: priceLists.id, name: priceLists.name, currency: priceLists.currency })
    .from(priceLists)
    .where(and(eq(priceLists.organizationId, companyId), eq(priceLists.isActive, true)))
  return row ?? null
}

/** The active list and each product's base unit price in it: the break with the lowest min quantity (any member). */
export async function baseUnitPrices(ctx: ServiceContext, productIds: string[]): Promise<{ list: ActivePriceList | null; prices: Record<string, string> }> {
  requireCompany(ctx.actor)
  const list = await activeListOf(database(), ctx.actor.companyId)
  if (!list || productIds.length === 0) return { list, prices: {} }
  const rows = await database()
    .selectDistinctOn([priceListLines.productId], { productId: priceListLines.productId, unitPrice: priceListLines.unitPrice })
    .from(priceListLines)
    .where(and(eq(priceListLines.priceListId, list.id), inArray(priceListLines.productId, productIds)))
    .orderBy(asc(priceListLines.productId), asc(priceListLines.minQuantity))
  return { list, prices: Object.fromEntries(rows.map((row) => [row.productId, row.unitPrice])) }
}

export type BasePriceChange = { before: string | null; after: string; currency: string }

/**
 * Sets a product's base unit price in the company's active list, in the transaction of the caller
 * (who checked the product is the company's): the lowest break changes, or a break from 1 unit is
 * added. Public from prices follow. Null when the price is unchanged; a field error without an active list.
 */
export async function setBaseUnitPrice(tx: Transaction, companyId: string, productId: string, unitPrice: string): Promise<BasePriceChange | null> {
  await lockCompany(tx, companyId)
  const list = await activeListOf(tx, companyId)
  if (!list) throw new AppError('validation_failed', 'No active price list', { fields: { unitPrice: ['validation.noActivePriceList'] } })
  const [base] = await tx
    .select({ id: priceListLines.id, unitPrice: priceListLines.unitPrice })
    .from(priceListLines)
    .where(and(eq(priceListLines.priceListId, list.id), eq(priceListLines.productId, productId)))
    .orderBy(asc(priceListLines.minQuantity))
    .limit(1)
  if (base && new DecimalBase(base.unitPrice).equals(unitPrice)) return null
  const [stored] = base
    ? await tx.update(priceListLines).set({ unitPrice }).where(eq(priceListLines.id, base.id)).returning({ unitPrice: priceListLines.unitPrice })
    : await tx
        .insert(priceListLines)
        .values({ id: randomUUID(), priceListId: list.id, productId, minQuantity: 1, unitPrice })
        .returning({ unitPrice: priceListLines.unitPrice })
  if (!stored) throw new AppError('internal', 'Price not stored')
  await tx.update(priceLists).set({ updatedAt: new Date() }).where(eq(priceLists.id, list.id))
  await refreshFromPrices(tx, companyId)
  return { before: base?.unitPrice ?? null, after: stored.unitPrice, currency: list.currency }
}
