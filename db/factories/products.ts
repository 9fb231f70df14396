import { randomUUID } from 'node:crypto'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { ProductAttribute, ProductStatus } from '../../app/modules/catalog/index'
import { priceListLines, priceLists, products } from '../../app/modules/catalog/catalog.tables.server'
import { buildSearchDocument } from '../../app/modules/catalog/index'
import { database } from '../../app/platform/db/index.server'

export type ProductFactoryInput = {
  id?: string
  companyId: string
  nameEn: string
  nameZhHans?: string | null
  nameZhHant?: string | null
  descriptionEn?: string
  descriptionZhHans?: string | null
  descriptionZhHant?: string | null
  sku?: string
  categoryId?: string
  hsCode?: string | null
  originCountry?: string
  unit?: string
  moq?: number
  leadTimeDays?: number | null
  attributes?: ProductAttribute[]
  status?: ProductStatus
  publishedAt?: Date
  fromPrice?: string | null
  fromPriceCurrency?: string | null
}

/** A product row with its search document, ready to insert (seeds insert many at once). */
export function productRow(input: ProductFactoryInput): typeof products.$inferInsert & { id: string; sku: string } {
  const id = input.id ?? randomUUID()
  const sku = input.sku ?? `SKU-${id.slice(0, 8)}`
  const status = input.status ?? 'published'
  return {
    id,
    organizationId: input.companyId,
    sku,
    nameEn: input.nameEn,
    nameZhHans: input.nameZhHans ?? null,
    nameZhHant: input.nameZhHant ?? null,
    descriptionEn: input.descriptionEn ?? '',
    descriptionZhHans: input.descriptionZhHans ?? null,
    descriptionZhHant: input.descriptionZhHant ?? null,
    categoryId: input.categoryId ?? 'mugs-cups',
    hsCode: input.hsCode === undefined ? '691200' : input.hsCode,
    originCountry: input.originCountry ?? 'CN',
    unit: input.unit ?? 'piece',
    moq: input.moq ?? 100,
    leadTimeDays: input.leadTimeDays ?? 30,
    attributes: input.attributes ?? [],
    status,
    publishedAt: status === 'published' ? (input.publishedAt ?? new Date()) : null,
    fromPrice: input.fromPrice ?? null,
    fromPriceCurrency: input.fromPrice ? (input.fromPriceCurrency ?? 'USD') : null,
    searchDocument: buildSearchDocument({ ...input, sku }),
  }
}

/** Inserts a product row directly, with its search document, for tests and seeds. */
export async function createProduct(input: ProductFactoryInput) {
  const row = productRow(input)
  await database().insert(products).values(row)
  return row
}

/** Inserts rows in multi-row statements of `chunkSize` (PostgreSQL allows 65,535 parameters per statement). */
export async function insertRows<T extends PgTable>(table: T, rows: Array<T['$inferInsert']>, chunkSize = 500): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) {
    await database()
      .insert(table)
      .values(rows.slice(start, start + chunkSize))
  }
}

/** An active price list of the company with the given quantity breaks for one product. */
export async function createPriceList(input: {
  companyId: string
  name?: string
  currency?: string
  validFrom?: string | null
  validTo?: string | null
  isActive?: boolean
  lines: Array<{ productId: string; minQuantity: number; unitPrice: string }>
}) {
  const id = randomUUID()
  await database()
    .insert(priceLists)
    .values({
      id,
      organizationId: input.companyId,
      name: input.name ?? `List ${id.slice(0, 6)}`,
      currency: input.currency ?? 'USD',
      validFrom: input.validFrom ?? null,
      validTo: input.validTo ?? null,
      isActive: input.isActive ?? true,
    })
  await insertRows(
    priceListLines,
    input.lines.map((line) => ({ id: randomUUID(), priceListId: id, ...line })),
  )
  return { id }
}
