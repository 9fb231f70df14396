// A supplier's first steps in its catalogue (the getting-started guide) and where it stands (the supplier home).
import { and, count, eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { requireCompany } from '../companies/index'
import { PRODUCT_STATUSES, type ProductStatus } from './catalog.constants'
import { priceLists, products } from './catalog.tables.server'
import { cachedProductCount } from './product-counts.server'
import { visibleProductOf } from './product-visibility.server'

/** Whether the company has a product and a price list, and how many products it published, counted up to `publishedGoal`. */
export type CatalogueProgress = { hasProducts: boolean; published: number; hasPriceList: boolean }

/** Catalogues can be huge: existence checks, and a count that stops at the goal. */
export async function catalogueProgress(ctx: ServiceContext, publishedGoal: number): Promise<CatalogueProgress> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  const own = and(eq(products.organizationId, companyId), await visibleProductOf(companyId))
  const publishedUpToGoal = db
    .select({ id: products.id })
    .from(products)
    .where(and(own, eq(products.status, 'published')))
    .limit(publishedGoal)
    .as('published_up_to_goal')
  const [any, published, priceList] = await Promise.all([
    db.select({ id: products.id }).from(products).where(own).limit(1),
    db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(publishedUpToGoal),
    db.select({ id: priceLists.id }).from(priceLists).where(eq(priceLists.organizationId, companyId)).limit(1),
  ])
  return { hasProducts: any.length > 0, published: published[0]?.count ?? 0, hasPriceList: priceList.length > 0 }
}

/** The supplier home's catalogue card: products per status, and the price lists with the one that feeds public prices. */
export type CatalogueSummary = {
  products: Record<ProductStatus, number>
  priceLists: number
  activePriceList: { id: string; name: string; currency: string } | null
}

/**
 * Counts per status are the product list's own (the same cache keys): kept until the catalogue changes, so a big
 * catalogue is counted once per change, not on every visit.
 */
export async function catalogueSummary(ctx: ServiceContext): Promise<CatalogueSummary> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  const visible = await visibleProductOf(companyId)
  const countOf = (status: ProductStatus) =>
    cachedProductCount(companyId, JSON.stringify(['own', status, null, null]), async () => {
      const [row] = await db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.organizationId, companyId), visible, eq(products.status, status)))
      return row?.n ?? 0
    })
  const [counts, lists] = await Promise.all([
    Promise.all(PRODUCT_STATUSES.map(async (status) => [status, await countOf(status)] as const)),
    db
      .select({ id: priceLists.id, name: priceLists.name, currency: priceLists.currency, isActive: priceLists.isActive })
      .from(priceLists)
      .where(eq(priceLists.organizationId, companyId)),
  ])
  const active = lists.find((list) => list.isActive)
  return {
    products: Object.fromEntries(counts) as Record<ProductStatus, number>,
    priceLists: lists.length,
    activePriceList: active ? { id: active.id, name: active.name, currency: active.currency } : null,
  }
}
