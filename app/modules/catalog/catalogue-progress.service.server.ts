// A supplier's first steps in its catalogue, for the getting-started guide.
import { and, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { requireCompany } from '../companies/index'
import { priceLists, products } from './catalog.tables.server'
import { visibleProductOf } from './product-visibility.server'

/** Whether the company has a product, a published one, and an active price list (existence only: catalogues can be huge). */
export type CatalogueProgress = { hasProducts: boolean; hasPublished: boolean; activePriceList: boolean }

export async function catalogueProgress(ctx: ServiceContext): Promise<CatalogueProgress> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  const own = and(eq(products.organizationId, companyId), await visibleProductOf(companyId))
  const [any, published, active] = await Promise.all([
    db.select({ id: products.id }).from(products).where(own).limit(1),
    db
      .select({ id: products.id })
      .from(products)
      .where(and(own, eq(products.status, 'published')))
      .limit(1),
    db
      .select({ id: priceLists.id })
      .from(priceLists)
      .where(and(eq(priceLists.organizationId, companyId), eq(priceLists.isActive, true)))
      .limit(1),
  ])
  return { hasProducts: any.length > 0, hasPublished: published.length > 0, activePriceList: active.length > 0 }
}
