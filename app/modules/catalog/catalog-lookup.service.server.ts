import { and, desc, eq, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database } from '../../platform/db/index.server'
import type { Locale } from '../../platform/i18n/locales'
import { localized } from './catalog.constants'
import { products } from './catalog.tables.server'
import { visibleProduct } from './product-visibility.server'
import { searchProducts } from './search.service.server'
import { listSuppliers } from './supplier-directory.service.server'

/** A product of the actor's own catalogue, found by SKU or name. */
export type OwnProductLookup = { id: string; sku: string; name: string; status: string; href: string }
/** A published product of the marketplace. */
export type MarketplaceProductLookup = { id: string; name: string; supplierName: string; href: string }
/** A supplier of the public directory. */
export type SupplierLookup = { id: string; name: string; country: string; city: string; verified: boolean; href: string }

/**
 * The actor's company's products (any status) whose SKU or name in any locale contains `q`, most recently changed
 * first. The (organization, SKU) index narrows the rows to the company's own. Without a company there is nothing to find.
 */
export async function findOwnProducts(ctx: ServiceContext, input: { q: string; limit: number }): Promise<OwnProductLookup[]> {
  const companyId = ctx.actor.companyId
  const q = input.q.trim()
  if (!companyId || !q) return []
  const pattern = containsPattern(q)
  const rows = await database()
    .select({
      id: products.id,
      sku: products.sku,
      nameEn: products.nameEn,
      nameZhHans: products.nameZhHans,
      nameZhHant: products.nameZhHant,
      status: products.status,
    })
    .from(products)
    .where(
      and(
        eq(products.organizationId, companyId),
        visibleProduct(),
        or(
          sql`lower(${products.sku}) like ${pattern}`,
          sql`lower(${products.nameEn}) like ${pattern}`,
          sql`lower(${products.nameZhHans}) like ${pattern}`,
          sql`lower(${products.nameZhHant}) like ${pattern}`,
        ),
      ),
    )
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(input.limit)
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: localized({ en: row.nameEn, 'zh-Hans': row.nameZhHans, 'zh-Hant': row.nameZhHant }, ctx.locale),
    status: row.status,
    href: `/app/products/edit?id=${encodeURIComponent(row.id)}`,
  }))
}

/** The best marketplace matches for `q`: the public product search's first page (published products of live companies). */
export async function findMarketplaceProducts(input: { q: string; limit: number; locale: Locale }): Promise<MarketplaceProductLookup[]> {
  const q = input.q.trim()
  if (!q) return []
  const result = await searchProducts({ q, limit: input.limit, offset: 0, locale: input.locale })
  return result.items.map((item) => ({ id: item.id, name: item.name, supplierName: item.supplier.name, href: `/b2b/product/${encodeURIComponent(item.id)}` }))
}

/** Suppliers of the public directory whose name (or main products) contains `q`, verified ones first. */
export async function findSuppliers(input: { q: string; limit: number }): Promise<SupplierLookup[]> {
  const q = input.q.trim()
  if (!q) return []
  const page = await listSuppliers({ q, limit: input.limit })
  return page.items.map((supplier) => ({
    id: supplier.id,
    name: supplier.name,
    country: supplier.country,
    city: supplier.city,
    verified: supplier.verified,
    href: `/b2b/company/${encodeURIComponent(supplier.id)}`,
  }))
}
