import { randomUUID } from 'node:crypto'
import { requireVersion, staleVersion } from '../../platform/versioning'
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { requireCompany, requireRole } from '../companies/index'
import { type AuditAction } from '../kernel/index'
import { companyStanding, lockCompany } from '../companies/index.server'
import { attachedFiles, changedFields, recordAudit } from '../kernel/index.server'
import type { ProductAttribute, ProductStatus } from './catalog.constants'
import { categories, hsCodes, productImages, products } from './catalog.tables.server'
import { afterCatalogueWrite, cachedProductCount } from './product-counts.server'
import { visibleProduct, visibleProductOf } from './product-visibility.server'
import { setBaseUnitPrice } from './price-list.service.server'
import {
  type CreateProductInput,
  type ProductImagesInput,
  ProductListQuery,
  type ProductSort,
  type ProductStatusInput,
  type QuickEditProductInput,
  type UpdateProductInput,
} from './product.inputs'
import { canPublishProducts } from './product.policy'
import { enforcePublishedLimit } from './product-usage.server'
import { buildSearchDocument } from './search-document'
import { afterMarketplaceWrite } from './search.service.server'

export type Product = typeof products.$inferSelect
export type ProductImage = { id: string; fileId: string; position: number; alt: string }
export type ProductDetail = Product & { images: ProductImage[] }
export type ProductPage = { items: Product[]; total: number; limit: number; offset: number }

/** Image files a product may show: the company's own product images, factory photos and (older uploads) attachments. */
const IMAGE_PURPOSES = ['product_image', 'factory_photo', 'attachment'] as const

/** A write that can change what the marketplace shows and how the company's products are counted. */
const afterProductWrite = <T>(companyId: string, write: Promise<T>) => afterCatalogueWrite(companyId, afterMarketplaceWrite(write))

const ORDER: Record<ProductSort, SQL[]> = {
  updated_desc: [desc(products.updatedAt), asc(products.id)],
  created_desc: [desc(products.createdAt), asc(products.id)],
  name_asc: [asc(products.nameEn), asc(products.id)],
  name_desc: [desc(products.nameEn), asc(products.id)],
  sku_asc: [asc(products.sku), asc(products.id)],
}

const fieldError = (field: string, key: string, message: string) => new AppError('validation_failed', message, { fields: { [field]: [key] } })

/** The edited fields as the activity log shows them (attributes as "name: value" text). */
const auditedFields = (product: Product) => ({
  sku: product.sku,
  nameEn: product.nameEn,
  nameZhHans: product.nameZhHans,
  nameZhHant: product.nameZhHant,
  descriptionEn: product.descriptionEn,
  descriptionZhHans: product.descriptionZhHans,
  descriptionZhHant: product.descriptionZhHant,
  categoryId: product.categoryId,
  hsCode: product.hsCode,
  originCountry: product.originCountry,
  unit: product.unit,
  moq: product.moq,
  leadTimeDays: product.leadTimeDays,
  attributes: product.attributes.map((attribute) => `${attribute.name}: ${attribute.value}`),
})

/** A product change in the activity log; `after` always names the SKU so the entry says which product it was. */
const auditProduct = (
  tx: Transaction,
  ctx: ServiceContext,
  action: AuditAction,
  product: Pick<Product, 'id' | 'sku'>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) =>
  recordAudit(tx, ctx, { companyId: ctx.actor.companyId, action, targetType: 'product', targetId: product.id, before, after: { sku: product.sku, ...after } })

async function findProduct(db: Database | Transaction, companyId: string, id: string): Promise<Product> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.organizationId, companyId), visibleProduct()))
  if (!row) throw new AppError('not_found', 'Product not found')
  return row
}

async function imagesOf(db: Database | Transaction, productId: string): Promise<ProductImage[]> {
  return db
    .select({ id: productImages.id, fileId: productImages.fileId, position: productImages.position, alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position))
}

/** The references a product names exist and its SKU is free in the company; field errors otherwise. */
async function assertValidReferences(tx: Transaction, companyId: string, input: CreateProductInput, productId?: string): Promise<void> {
  const fields: Record<string, string[]> = {}
  const skuFilters = [eq(products.organizationId, companyId), eq(products.sku, input.sku)]
  if (productId) skuFilters.push(ne(products.id, productId))
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(...skuFilters))
  if (taken) fields.sku = ['validation.skuTaken']
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId))
  if (!category) fields.categoryId = ['validation.category']
  if (input.hsCode) {
    const [code] = await tx
      .select({ code: hsCodes.code })
      .from(hsCodes)
      .where(and(eq(hsCodes.code, input.hsCode), eq(hsCodes.level, 6)))
    if (!code) fields.hsCode = ['validation.hsCode']
  }
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', 'Invalid product', { fields })
}

function columnsOf(input: CreateProductInput) {
  // Translations are kept only when given, so an attribute without them stays { name, value }.
  const attributes: ProductAttribute[] = input.attributes.map(({ name, value, ...translations }) => ({
    name,
    value,
    ...Object.fromEntries(Object.entries(translations).filter(([, text]) => text)),
  }))
  return {
    sku: input.sku,
    nameEn: input.nameEn,
    nameZhHans: input.nameZhHans ?? null,
    nameZhHant: input.nameZhHant ?? null,
    descriptionEn: input.descriptionEn,
    descriptionZhHans: input.descriptionZhHans ?? null,
    descriptionZhHant: input.descriptionZhHant ?? null,
    categoryId: input.categoryId,
    hsCode: input.hsCode ?? null,
    originCountry: input.originCountry,
    unit: input.unit,
    moq: input.moq,
    leadTimeDays: input.leadTimeDays ?? null,
    attributes,
    searchDocument: buildSearchDocument({ ...input, attributes }),
  }
}

/** Adds a draft product to the active company's catalogue (admins and owners), once per idempotency key. */
export async function createProduct(ctx: ServiceContext, input: CreateProductInput, options: IdempotencyOption = {}): Promise<ProductDetail> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const { id } = await afterCatalogueWrite(
    companyId,
    createIdempotently(`product:${companyId}`, options, input, async (tx, productId) => {
      await lockCompany(tx, companyId)
      await assertValidReferences(tx, companyId, input)
      const [row] = await tx
        .insert(products)
        .values({ id: productId, organizationId: companyId, ...columnsOf(input) })
        .returning()
      if (!row) throw new AppError('internal', 'Product not stored')
      await auditProduct(tx, ctx, 'product.created', row, null, { nameEn: row.nameEn, categoryId: row.categoryId, moq: row.moq, status: row.status })
    }),
  )
  return getProduct(ctx, id)
}

/** Replaces a product's details (admins and owners); a save based on an older version is a 409. */
export async function updateProduct(ctx: ServiceContext, id: string, input: UpdateProductInput): Promise<Product> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return afterProductWrite(
    companyId,
    database().transaction(async (tx) => {
      const current = await findProduct(tx, companyId, id)
      requireRole(ctx.actor, 'admin')
      await lockCompany(tx, companyId)
      await assertValidReferences(tx, companyId, input, id)
      const [row] = await tx
        .update(products)
        .set({ ...columnsOf(input), version: input.version + 1, updatedAt: new Date() })
        .where(and(eq(products.id, id), eq(products.organizationId, companyId), eq(products.version, input.version)))
        .returning()
      if (!row) throw staleVersion('product')
      const diff = changedFields(auditedFields(current), auditedFields(row))
      if (diff) await auditProduct(tx, ctx, 'product.updated', row, diff.before, diff.after)
      return row
    }),
  )
}

/** One product of the active company with its images (any member); another company's is not found. */
export async function getProduct(ctx: ServiceContext, id: string): Promise<ProductDetail> {
  requireCompany(ctx.actor)
  const product = await findProduct(database(), ctx.actor.companyId, id)
  return { ...product, images: await imagesOf(database(), id) }
}

/** A page of the active company's products, filtered and sorted (any member). */
export async function listProducts(ctx: ServiceContext, rawQuery: ProductListQuery = {}): Promise<ProductPage> {
  requireCompany(ctx.actor)
  const query = ProductListQuery.parse(rawQuery)
  const filters: SQL[] = [eq(products.organizationId, ctx.actor.companyId), await visibleProductOf(ctx.actor.companyId)]
  if (query.status) filters.push(eq(products.status, query.status))
  if (query.categoryId) filters.push(eq(products.categoryId, query.categoryId))
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    const match = or(ilike(products.sku, pattern), ilike(products.nameEn, pattern), ilike(products.nameZhHans, pattern), ilike(products.nameZhHant, pattern))
    if (match) filters.push(match)
  }
  const where = and(...filters)
  const countKey = JSON.stringify(['own', query.status ?? null, query.categoryId ?? null, query.q ?? null])
  const [items, total] = await Promise.all([
    database()
      .select()
      .from(products)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.limit)
      .offset(query.offset),
    cachedProductCount(ctx.actor.companyId, countKey, async () => (await database().select({ value: count() }).from(products).where(where))[0]?.value ?? 0),
  ])
  return { items, total, limit: query.limit, offset: query.offset }
}

async function assertMayPublish(db: Database | Transaction, companyId: string): Promise<void> {
  const profile = await companyStanding(companyId, db)
  if (!profile || !canPublishProducts(profile)) throw new AppError('publish_not_allowed', 'Only verified or pending suppliers may publish products')
}

/** Publishes, archives or returns to draft several of the company's products at once (admins and owners). */
export async function setProductStatus(ctx: ServiceContext, input: ProductStatusInput): Promise<{ updated: number }> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const ids = [...new Set(input.ids)]
  const status: ProductStatus = input.status
  const now = new Date()
  return afterProductWrite(
    companyId,
    database().transaction(async (tx) => {
      const owned = await tx
        .select({ id: products.id, status: products.status })
        .from(products)
        .where(and(eq(products.organizationId, companyId), inArray(products.id, ids), visibleProduct()))
        .for('update')
      if (owned.length !== ids.length) throw new AppError('not_found', 'Product not found')
      if (status === 'published') {
        await assertMayPublish(tx, companyId)
        await enforcePublishedLimit(tx, companyId, owned.filter((row) => row.status !== 'published').length)
      }
      const previous = new Map(owned.map((row) => [row.id, row.status]))
      const changed = await tx
        .update(products)
        .set({ status, updatedAt: now, ...(status === 'published' ? { publishedAt: now } : {}) })
        .where(and(eq(products.organizationId, companyId), inArray(products.id, ids), ne(products.status, status)))
        .returning({ id: products.id, sku: products.sku })
      for (const row of changed) await auditProduct(tx, ctx, 'product.status_changed', row, { status: previous.get(row.id) }, { status })
      return { updated: changed.length }
    }),
  )
}

/** Replaces a product's gallery, in the given order (admins and owners); each file must be an image of the company. */
export async function setProductImages(ctx: ServiceContext, id: string, input: ProductImagesInput): Promise<ProductImage[]> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return afterMarketplaceWrite(
    database().transaction(async (tx) => {
      const product = await findProduct(tx, companyId, id)
      requireRole(ctx.actor, 'admin')
      const fileIds = [...new Set(input.images.map((image) => image.fileId))]
      if (fileIds.length !== input.images.length) throw fieldError('images', 'validation.duplicateImage', 'An image is listed twice')
      if (fileIds.length > 0) {
        const usable = await attachedFiles(fileIds, { companyId, purposes: IMAGE_PURPOSES, db: tx })
        if (usable.length !== fileIds.length || usable.some((file) => !file.contentType.startsWith('image/')))
          throw fieldError('images', 'validation.image', 'Not an image of the company')
      }
      const previous = await imagesOf(tx, id)
      await tx.delete(productImages).where(eq(productImages.productId, id))
      if (input.images.length > 0) {
        await tx
          .insert(productImages)
          .values(input.images.map((image, position) => ({ id: randomUUID(), productId: id, fileId: image.fileId, position, alt: image.alt })))
      }
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id))
      await auditProduct(tx, ctx, 'product.images_changed', product, { images: previous.length }, { images: input.images.length })
      return imagesOf(tx, id)
    }),
  )
}

/**
 * The grid's quick edit of MOQ, status and base unit price (admins and owners), in one transaction:
 * a stale `version` is a 409, publishing follows the publish rule, the price goes into the active
 * price list (public from prices follow). Nothing changed leaves the product (and its version) as it was.
 */
export async function quickEditProduct(ctx: ServiceContext, id: string, input: QuickEditProductInput): Promise<Product> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return afterProductWrite(
    companyId,
    database().transaction(async (tx) => {
      await lockCompany(tx, companyId)
      const current = await findProduct(tx, companyId, id)
      requireRole(ctx.actor, 'admin')
      requireVersion('product', current.version, input.version)
      const status = input.status !== undefined && input.status !== current.status ? input.status : undefined
      const moq = input.moq !== undefined && input.moq !== current.moq ? input.moq : undefined
      if (status === 'published') {
        await assertMayPublish(tx, companyId)
        await enforcePublishedLimit(tx, companyId, 1)
      }
      const price = input.unitPrice === undefined ? null : await setBaseUnitPrice(tx, companyId, id, input.unitPrice)
      if (status === undefined && moq === undefined && !price) return current
      const now = new Date()
      const [row] = await tx
        .update(products)
        .set({
          ...(moq === undefined ? {} : { moq }),
          ...(status === undefined ? {} : { status, ...(status === 'published' ? { publishedAt: now } : {}) }),
          version: current.version + 1,
          updatedAt: now,
        })
        .where(and(eq(products.id, id), eq(products.version, current.version)))
        .returning()
      if (!row) throw staleVersion('product')
      if (status !== undefined) await auditProduct(tx, ctx, 'product.status_changed', row, { status: current.status }, { status })
      if (moq !== undefined || price) {
        const before = { ...(moq === undefined ? {} : { moq: current.moq }), ...(price ? { unitPrice: price.before } : {}) }
        const after = { ...(moq === undefined ? {} : { moq }), ...(price ? { unitPrice: price.after, currency: price.currency } : {}) }
        await auditProduct(tx, ctx, 'product.updated', row, before, after)
      }
      return row
    }),
  )
}

/** The first image of each of the company's products that has one, by product id (any member; for cards). */
export async function productCovers(ctx: ServiceContext, productIds: string[]): Promise<Record<string, string>> {
  requireCompany(ctx.actor)
  if (productIds.length === 0) return {}
  const rows = await database()
    .selectDistinctOn([productImages.productId], { productId: productImages.productId, fileId: productImages.fileId })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(and(eq(products.organizationId, ctx.actor.companyId), inArray(productImages.productId, productIds)))
    .orderBy(asc(productImages.productId), asc(productImages.position))
  return Object.fromEntries(rows.map((row) => [row.productId, row.fileId]))
}
