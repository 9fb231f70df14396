// Sourcing's price benchmark compares quotations with what the marketplace asks; catalog answers the asking prices
// so that no other module reads its products and price lists.
import { and, asc, eq, inArray, isNull, like, type SQL, sql } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { publicCompanyCards as companies } from '../companies/index.server'
import { priceListLines, priceLists, products } from './catalog.tables.server'
import { visibleProduct } from './product-visibility.server'

/** An asking price: amount and currency, and the month (`YYYY-MM`, UTC) its price list last changed. */
export type CataloguePrice = { amount: string; currency: string; month: string }

/**
 * The base unit price (smallest quantity break of the active list) of each published product of a live company, under
 * an HS code prefix and in some categories when given.
 */
export async function cataloguePrices(scope: { hsCode?: string; categoryIds: string[] | null }): Promise<CataloguePrice[]> {
  const conditions: SQL[] = [eq(products.status, 'published'), visibleProduct(), eq(priceLists.isActive, true), isNull(companies.deletedAt)]
  if (scope.hsCode) conditions.push(like(products.hsCode, `${scope.hsCode}%`))
  if (scope.categoryIds) conditions.push(inArray(products.categoryId, scope.categoryIds))
  return database()
    .selectDistinctOn([products.id], {
      amount: priceListLines.unitPrice,
      currency: priceLists.currency,
      month: sql<string>`to_char(${priceLists.updatedAt} at time zone 'UTC', 'YYYY-MM')`,
    })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.organizationId))
    .innerJoin(priceLists, eq(priceLists.organizationId, products.organizationId))
    .innerJoin(priceListLines, and(eq(priceListLines.priceListId, priceLists.id), eq(priceListLines.productId, products.id)))
    .where(and(...conditions))
    .orderBy(asc(products.id), asc(priceListLines.minQuantity))
}
