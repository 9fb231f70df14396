// What the compliance module may know of products (issue 22): the live products' codes and names, to match WTO ePing
// notifications against, read a page at a time in id order so a catalogue of any size streams through in bounded memory.
import { and, asc, eq, gt, gte, inArray, ne, type SQL } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { products } from './catalog.tables.server'
import { visibleProduct } from './product-visibility.server'

/** A live (not archived, not in an unfinished import) product as compliance matching sees it. */
export type ComplianceProduct = {
  id: string
  organizationId: string
  hsCode: string | null
  nameEn: string
  nameZhHans: string | null
  nameZhHant: string | null
}

export const COMPLIANCE_PRODUCT_PAGE = 2_000

export type ComplianceProductFilter = {
  /** One company's products only. */
  companyId?: string
  /** Only these products (of `companyId`, when given). */
  productIds?: readonly string[]
}

const live = (filter: ComplianceProductFilter): SQL[] => {
  const conditions: SQL[] = [ne(products.status, 'archived'), visibleProduct()]
  if (filter.companyId) conditions.push(eq(products.organizationId, filter.companyId))
  if (filter.productIds) conditions.push(inArray(products.id, [...filter.productIds]))
  return conditions
}

/** One page of live products after `afterId` (keyset on id), at most `limit`. */
export async function productsForCompliance(filter: ComplianceProductFilter & { afterId?: string | null; limit?: number } = {}): Promise<ComplianceProduct[]> {
  if (filter.productIds?.length === 0) return []
  const conditions = live(filter)
  if (filter.afterId) conditions.push(gt(products.id, filter.afterId))
  return database()
    .select({
      id: products.id,
      organizationId: products.organizationId,
      hsCode: products.hsCode,
      nameEn: products.nameEn,
      nameZhHans: products.nameZhHans,
      nameZhHant: products.nameZhHant,
    })
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.id))
    .limit(filter.limit ?? COMPLIANCE_PRODUCT_PAGE)
}

/** Every live product of the filter, a page at a time. */
export async function* streamProductsForCompliance(filter: ComplianceProductFilter = {}): AsyncGenerator<ComplianceProduct[]> {
  let afterId: string | null = null
  for (;;) {
    const page: ComplianceProduct[] = await productsForCompliance({ ...filter, afterId })
    if (page.length > 0) yield page
    if (page.length < COMPLIANCE_PRODUCT_PAGE) return
    afterId = page[page.length - 1]!.id
  }
}

/** The companies whose products were added or changed (archiving included) since `since`: their matches may be stale. */
export async function companiesWithProductChangesSince(since: Date): Promise<string[]> {
  const rows = await database().selectDistinct({ companyId: products.organizationId }).from(products).where(gte(products.updatedAt, since))
  return rows.map((row) => row.companyId)
}
