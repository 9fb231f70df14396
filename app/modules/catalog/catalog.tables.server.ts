import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { organizations } from '../companies/companies.tables.server'
import { files } from '../kernel/kernel.tables.server'
import { users } from '../identity/identity.tables.server'
import { IMPORT_JOB_PHASES, IMPORT_JOB_STATUSES, PRODUCT_STATUSES, type ProductAttribute } from './catalog.constants'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/** HS 2022 nomenclature: chapters (2 digits), headings (4) and subheadings (6); loaded by migration 0004. */
export const hsCodes = pgTable(
  'hs_codes',
  {
    code: text('code').primaryKey(),
    parentCode: text('parent_code'),
    level: integer('level').notNull(),
    section: text('section').notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('hs_codes_parent_idx').on(t.parentCode), index('hs_codes_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`)],
)

/** The product category tree, names in the three locales; seeded by migration 0004, editable by platform admins. */
export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    nameEn: text('name_en').notNull(),
    nameZhHans: text('name_zh_hans').notNull(),
    nameZhHant: text('name_zh_hant').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_parent_position_idx').on(t.parentId, t.position)],
)

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    nameEn: text('name_en').notNull(),
    nameZhHans: text('name_zh_hans'),
    nameZhHant: text('name_zh_hant'),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionZhHans: text('description_zh_hans'),
    descriptionZhHant: text('description_zh_hant'),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    hsCode: text('hs_code').references(() => hsCodes.code, { onDelete: 'restrict' }),
    originCountry: text('origin_country').notNull(),
    unit: text('unit').notNull(),
    moq: integer('moq').notNull().default(1),
    leadTimeDays: integer('lead_time_days'),
    attributes: jsonb('attributes').$type<ProductAttribute[]>().notNull().default([]),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * What search matches: the names and descriptions in every locale, lower-cased, with Chinese runs
     * expanded into single characters and bigrams (catalog search.ts), so 1–2 character Chinese queries
     * hit the full-text index.
     */
    searchDocument: text('search_document').notNull().default(''),
    /** The lowest unit price of the active price list (numeric, for sorting and price facets). */
    fromPrice: numeric('from_price', { precision: 18, scale: 4 }),
    fromPriceCurrency: text('from_price_currency'),
    version: integer('version').notNull().default(1),
    /** The import that created the product: while that import is unfinished the product stays out of every read (visibleProduct). */
    importId: text('import_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_organization_sku_key').on(t.organizationId, t.sku),
    index('products_organization_status_idx').on(t.organizationId, t.status, t.updatedAt),
    // The company's own list in its default order, and its public profile's published products newest first: a page is read
    // from the index without sorting the catalogue (DESC NULLS FIRST is what ORDER BY … DESC means).
    index('products_organization_updated_idx').on(t.organizationId, t.updatedAt.desc().nullsFirst(), t.id),
    index('products_organization_published_idx').on(t.organizationId, t.status, t.publishedAt.desc().nullsFirst(), t.id),
    // The same two orders without any imported product: while a company's first import runs, its lists and profile read these
    // and never meet the import's unseen products (visibleProductOf; ADR 028). Rows of a running import are not in them at all.
    index('products_organization_updated_shown_idx')
      .on(t.organizationId, t.updatedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.importId} is null`),
    index('products_organization_published_shown_idx')
      .on(t.organizationId, t.status, t.publishedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.importId} is null`),
    // The plan's published-products count (issue 24), read from the index alone on every guarded publish.
    index('products_published_count_idx')
      .on(t.organizationId, t.importId)
      .where(sql`${t.status} = 'published'`),
    index('products_status_category_idx').on(t.status, t.categoryId),
    index('products_status_origin_idx').on(t.status, t.originCountry),
    // text_pattern_ops: an HS code prefix (LIKE '6912%') uses the index under any database collation.
    index('products_status_hs_prefix_idx').on(t.status, t.hsCode.op('text_pattern_ops')),
    index('products_status_published_idx').on(t.status, t.publishedAt),
    index('products_status_from_price_idx').on(t.status, t.fromPrice),
    index('products_status_moq_idx').on(t.status, t.moq),
    check('products_status_check', sql`${t.status} in (${oneOf(PRODUCT_STATUSES)})`),
    check('products_moq_check', sql`${t.moq} >= 1`),
    check('products_lead_time_check', sql`${t.leadTimeDays} is null or ${t.leadTimeDays} >= 0`),
  ],
)

/**
 * What the marketplace search reads: one narrow row per published product, kept by triggers on products in the same
 * transaction as every write (migration 0022), so it is never behind. Its columns carry the names of products' own, and
 * the search reads it under the alias "products", so the same conditions serve both. The search document is stored out of
 * line (`toast_tuple_target` 128, and padded past the size at which PostgreSQL moves values out at all), every other column stays in the row (storage MAIN): about thirty rows
 * fit a page where four products do, and a search visits a tenth of the pages to count its matches (ADR 041).
 */
export const productSearch = pgTable(
  'product_search',
  {
    id: text('id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    categoryId: text('category_id').notNull(),
    originCountry: text('origin_country').notNull(),
    hsCode: text('hs_code'),
    moq: integer('moq').notNull(),
    fromPrice: numeric('from_price', { precision: 18, scale: 4 }),
    fromPriceCurrency: text('from_price_currency'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    importId: text('import_id'),
    nameEn: text('name_en').notNull(),
    nameZhHans: text('name_zh_hans'),
    nameZhHant: text('name_zh_hant'),
    /** products.search_document, padded with spaces (which full text ignores) so that it is always stored out of line. */
    searchDocument: text('search_document').notNull(),
  },
  (t) => [
    // Full text over an expression rather than a stored vector: a scan that would compute it per row is what the planner
    // sees as costly, so it keeps to the index even for common words. A short pending list keeps each search from reading
    // hundreds of pages of not-yet-merged entries after a bulk import.
    index('product_search_document_idx')
      .using('gin', sql`to_tsvector('simple'::regconfig, ${t.searchDocument})`)
      .with({ gin_pending_list_limit: 64 }),
    index('product_search_name_en_trgm_idx')
      .using('gin', sql`lower(${t.nameEn}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
    // text_pattern_ops: an HS code prefix (LIKE '6912%') uses the index under any database collation.
    index('product_search_hs_prefix_idx').on(t.hsCode.op('text_pattern_ops')),
    index('product_search_published_idx').on(t.publishedAt.desc().nullsFirst(), t.id),
    index('product_search_category_idx').on(t.categoryId),
    index('product_search_origin_idx').on(t.originCountry),
  ],
)

export const productImages = pgTable(
  'product_images',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    alt: text('alt').notNull().default(''),
  },
  (t) => [index('product_images_product_position_idx').on(t.productId, t.position)],
)

/** A supplier's named price list in one currency, valid over a window (open-ended when a bound is null). */
export const priceLists = pgTable(
  'price_lists',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    /** The list that feeds public prices; at most one per company. */
    isActive: boolean('is_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('price_lists_organization_idx').on(t.organizationId, t.name),
    uniqueIndex('price_lists_one_active_key')
      .on(t.organizationId)
      .where(sql`${t.isActive}`),
    check('price_lists_window_check', sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`),
  ],
)

/** Quantity breaks: from `min_quantity` units on, each unit costs `unit_price` (exact decimal). */
export const priceListLines = pgTable(
  'price_list_lines',
  {
    id: text('id').primaryKey(),
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 4 }).notNull(),
  },
  (t) => [
    uniqueIndex('price_list_lines_break_key').on(t.priceListId, t.productId, t.minQuantity),
    index('price_list_lines_product_idx').on(t.productId),
    check('price_list_lines_min_quantity_check', sql`${t.minQuantity} >= 1`),
    check('price_list_lines_unit_price_check', sql`${t.unitPrice} >= 0`),
  ],
)

/** A CSV/XLSX product import: uploaded, previewed, then run as a background job that survives restarts. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileId: text('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: IMPORT_JOB_STATUSES }).notNull().default('uploaded'),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').$type<Array<{ row: number; field: string; message: string }>>().notNull().default([]),
    failureReason: text('failure_reason'),
    /** Where a running job is (ADR 019): staging its rows, inserting its new products unseen, or applying its updates. */
    phase: text('phase', { enum: IMPORT_JOB_PHASES }).notNull().default('stage'),
    /** The first staged position the phase has not done yet: each committed batch moves it, so a restart resumes there. */
    cursor: integer('cursor').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_organization_created_idx').on(t.organizationId, t.createdAt),
    index('import_jobs_status_idx').on(t.status),
    check('import_jobs_status_check', sql`${t.status} in (${oneOf(IMPORT_JOB_STATUSES)})`),
    check('import_jobs_phase_check', sql`${t.phase} in (${oneOf(IMPORT_JOB_PHASES)})`),
  ],
)

/**
 * The checked rows of a running import, by their position in the file, until the import has applied them: no read of
 * products looks here. The references hold categories and HS codes in place while the import runs.
 */
export const productImportRows = pgTable(
  'product_import_rows',
  {
    importId: text('import_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    nameEn: text('name_en').notNull(),
    nameZhHans: text('name_zh_hans'),
    nameZhHant: text('name_zh_hant'),
    descriptionEn: text('description_en').notNull(),
    descriptionZhHans: text('description_zh_hans'),
    descriptionZhHant: text('description_zh_hant'),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    hsCode: text('hs_code').references(() => hsCodes.code, { onDelete: 'restrict' }),
    originCountry: text('origin_country').notNull(),
    unit: text('unit').notNull(),
    moq: integer('moq').notNull(),
    leadTimeDays: integer('lead_time_days'),
    attributes: jsonb('attributes').$type<ProductAttribute[]>().notNull(),
    searchDocument: text('search_document').notNull(),
    /** The status the row sets; null keeps an existing product's (a new one is a draft). */
    status: text('status', { enum: PRODUCT_STATUSES }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.position] })],
)
