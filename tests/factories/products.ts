import { randomUUID } from 'node:crypto'
import type { ProductAttribute, ProductStatus } from '../../app/modules/catalog/index'
import { priceListLines, priceLists, products } from '../../app/modules/catalog/index.server'
import { buildSearchDocument } from '../../app/modules/catalog/search-document'
import { database } from '../../app/platform/db/index.server'

export type ProductFactoryInput = {
  companyId: string
  nameEn: string
  nameZhHans?: string | null
  nameZhHant?: string | null
  descriptionEn?: string
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

/** Inserts a product row directly, with its search document, for tests and seeds. */
export async function createProduct(input: ProductFactoryInput) {
  const id = randomUUID()
  const sku = input.sku ?? `SKU-${id.slice(0, 8)}`
  const status = input.status ?? 'published'
  const row = {
    id,
    organizationId: input.companyId,
    sku,
    nameEn: input.nameEn,
    nameZhHans: input.nameZhHans ?? null,
    nameZhHant: input.nameZhHant ?? null,
    descriptionEn: input.descriptionEn ?? '',
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
  await database().insert(products).values(row)
  return row
}

/** An active price list of the company with the given quantity breaks for one product. */
export async function createPriceList(input: { companyId: string; currency?: string; validFrom?: string | null; validTo?: string | null; isActive?: boolean; lines: Array<{ productId: string; minQuantity: number; unitPrice: string }> }) {
  const id = randomUUID()
  await database()
    .insert(priceLists)
    .values({ id, organizationId: input.companyId, name: `List ${id.slice(0, 6)}`, currency: input.currency ?? 'USD', validFrom: input.validFrom ?? null, validTo: input.validTo ?? null, isActive: input.isActive ?? true })
  if (input.lines.length > 0) await database().insert(priceListLines).values(input.lines.map((line) => ({ id: randomUUID(), priceListId: id, ...line })))
  return { id }
}
