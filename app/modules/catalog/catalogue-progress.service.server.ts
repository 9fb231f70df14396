// A supplier's first steps in its catalogue, for the getting-started guide.
import { and, eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { requireCompany } from '../companies/index'
import { priceLists, products } from './catalog.tables.server'
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
