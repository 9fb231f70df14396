import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany, requireRole } from '../companies/index'
import { companyProfiles, files, organizations } from '../companies/index.server'
import type { ProductAttribute, ProductStatus } from './catalog.constants'
import { categories, hsCodes, productImages, products } from './catalog.tables.server'
import { type CreateProductInput, type ProductImagesInput, ProductListQuery, type ProductSort, type ProductStatusInput, type UpdateProductInput } from './product.inputs'
import { canPublishProducts } from './product.policy'
import { buildSearchDocument } from './search-document'

export type Product = typeof products.$inferSelect
export type ProductImage = { id: string; fileId: string; position: number; alt: string }
export type ProductDetail = Product & { images: ProductImage[] }
export type ProductPage = { items: Product[]; total: number; limit: number; offset: number }

/** Image files a product may show: the company's own product images, factory photos and (older uploads) attachments. */
const IMAGE_PURPOSES = ['product_image', 'factory_photo', 'attachment'] as const

const ORDER: Record<ProductSort, SQL[]> = {
  updated_desc: [desc(products.updatedAt), asc(products.id)],
  created_desc: [desc(products.createdAt), asc(products.id)],
  name_asc: [asc(products.nameEn), asc(products.id)],
  name_desc: [desc(products.nameEn), asc(products.id)],
  sku_asc: [asc(products.sku), asc(products.id)],
}

const fieldError = (field: string, key: string, message: string) => new AppError('validation_failed', message, { fields: { [field]: [key] } })

async function findProduct(db: Database | Transaction, companyId: string, id: string): Promise<Product> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.organizationId, companyId)))
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

/** Serialises SKU checks of one company, so two concurrent saves cannot both take a free SKU. */
async function lockCatalog(tx: Transaction, companyId: string): Promise<void> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, companyId)).for('no key update')
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
  const attributes: ProductAttribute[] = input.attributes.map(({ name, value }) => ({ name, value }))
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

/** Adds a draft product to the active company's catalogue (admins and owners). */
export async function createProduct(ctx: ServiceContext, input: CreateProductInput): Promise<Product> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    await lockCatalog(tx, companyId)
    await assertValidReferences(tx, companyId, input)
    const [row] = await tx
      .insert(products)
      .values({ id: randomUUID(), organizationId: companyId, ...columnsOf(input) })
      .returning()
    if (!row) throw new AppError('internal', 'Product not stored')
    return row
  })
}

/** Replaces a product's details (admins and owners); a save based on an older version is a 409. */
export async function updateProduct(ctx: ServiceContext, id: string, input: UpdateProductInput): Promise<Product> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    await findProduct(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    await lockCatalog(tx, companyId)
    await assertValidReferences(tx, companyId, input, id)
    const [row] = await tx
      .update(products)
      .set({ ...columnsOf(input), version: input.version + 1, updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.organizationId, companyId), eq(products.version, input.version)))
      .returning()
    if (!row) throw new AppError('conflict', 'The product changed since it was loaded', { reason: 'stale_version' })
    return row
  })
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
  const filters: SQL[] = [eq(products.organizationId, ctx.actor.companyId)]
  if (query.status) filters.push(eq(products.status, query.status))
  if (query.categoryId) filters.push(eq(products.categoryId, query.categoryId))
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    const match = or(ilike(products.sku, pattern), ilike(products.nameEn, pattern), ilike(products.nameZhHans, pattern), ilike(products.nameZhHant, pattern))
    if (match) filters.push(match)
  }
  const where = and(...filters)
  const [items, [total]] = await Promise.all([
    database()
      .select()
      .from(products)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.limit)
      .offset(query.offset),
    database().select({ value: count() }).from(products).where(where),
  ])
  return { items, total: total?.value ?? 0, limit: query.limit, offset: query.offset }
}

async function assertMayPublish(companyId: string): Promise<void> {
  const [profile] = await database()
    .select({ kind: companyProfiles.kind, verificationStatus: companyProfiles.verificationStatus })
    .from(companyProfiles)
    .where(eq(companyProfiles.organizationId, companyId))
  if (!profile || !canPublishProducts(profile)) throw new AppError('publish_not_allowed', 'Only verified or pending suppliers may publish products')
}

/** Publishes, archives or returns to draft several of the company's products at once (admins and owners). */
export async function setProductStatus(ctx: ServiceContext, input: ProductStatusInput): Promise<{ updated: number }> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const ids = [...new Set(input.ids)]
  const owned = await database()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organizationId, companyId), inArray(products.id, ids)))
  if (owned.length !== ids.length) throw new AppError('not_found', 'Product not found')
  if (input.status === 'published') await assertMayPublish(companyId)
  const status: ProductStatus = input.status
  const now = new Date()
  return database().transaction(async (tx) => {
    const changed = await tx
      .update(products)
      .set({ status, updatedAt: now, ...(status === 'published' ? { publishedAt: now } : {}) })
      .where(and(eq(products.organizationId, companyId), inArray(products.id, ids), ne(products.status, status)))
      .returning({ id: products.id })
    return { updated: changed.length }
  })
}

/** Replaces a product's gallery, in the given order (admins and owners); each file must be an image of the company. */
export async function setProductImages(ctx: ServiceContext, id: string, input: ProductImagesInput): Promise<ProductImage[]> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    await findProduct(tx, companyId, id)
    requireRole(ctx.actor, 'admin')
    const fileIds = [...new Set(input.images.map((image) => image.fileId))]
    if (fileIds.length !== input.images.length) throw fieldError('images', 'validation.duplicateImage', 'An image is listed twice')
    if (fileIds.length > 0) {
      const usable = await tx
        .select({ id: files.id, contentType: files.contentType })
        .from(files)
        .where(and(eq(files.organizationId, companyId), inArray(files.id, fileIds), inArray(files.purpose, [...IMAGE_PURPOSES])))
      if (usable.length !== fileIds.length || usable.some((file) => !file.contentType.startsWith('image/'))) throw fieldError('images', 'validation.image', 'Not an image of the company')
    }
    await tx.delete(productImages).where(eq(productImages.productId, id))
    if (input.images.length > 0) {
      await tx.insert(productImages).values(input.images.map((image, position) => ({ id: randomUUID(), productId: id, fileId: image.fileId, position, alt: image.alt })))
    }
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id))
    return imagesOf(tx, id)
  })
}
