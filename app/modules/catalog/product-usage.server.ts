// What billing counts of the catalogue (issue 24, ADR 051): the company's published products, those an unfinished import
// inserted left out (they are not published until it completes, and its start checks them against the limit).
import { and, count, eq, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Transaction } from '../../platform/db/index.server'
import { enforcePlanLimit, registerUsageCounter } from '../billing/index.server'
import { products } from './catalog.tables.server'
import { visibleProduct } from './product-visibility.server'

const publishedProducts = (companyId: string) =>
  sql`${new QueryBuilder()
    .select({ published: count() })
    .from(products)
    .where(and(eq(products.organizationId, companyId), eq(products.status, 'published'), visibleProduct()))}`

registerUsageCounter('published_products', publishedProducts)

/** In the caller's transaction: refuses (402) when publishing `adding` more products would pass the company's plan. */
export async function enforcePublishedLimit(tx: Transaction, companyId: string, adding: number): Promise<void> {
  if (adding > 0) await enforcePlanLimit(tx, companyId, 'published_products', adding)
}
