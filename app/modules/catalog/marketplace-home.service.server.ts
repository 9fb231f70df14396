import { and, asc, count, desc, eq, isNull } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { countryName } from '../../platform/countries'
import type { Locale } from '../../platform/i18n/locales'
import { publicCompanyCards as companies } from '../companies/index.server'
import { fileThumbnailUrl } from '../kernel/index.server'
import { products } from './catalog.tables.server'
import { visibleProduct } from './product-visibility.server'
import { type MarketCard, toMarketCard } from './market-card'
import { type FacetCount, memoizeMarketplace, searchProducts } from './search.service.server'

export const FEATURED_SUPPLIERS_LIMIT = 6
export const NEW_PRODUCTS_LIMIT = 8

export type FeaturedSupplier = { id: string; name: string; country: string; countryName: string; city: string; logoUrl: string | null; productCount: number }

export type MarketplaceHome = {
  /** Top-level categories holding published products, in the tree's order. */
  categories: FacetCount[]
  featuredSuppliers: FeaturedSupplier[]
  newProducts: MarketCard[]
  productTotal: number
}

/** Verified, live suppliers with the most published products: the marketplace's shop window. */
async function featuredSuppliers(locale: Locale): Promise<FeaturedSupplier[]> {
  const productCount = count(products.id)
  const rows = await database()
    .select({
      id: companies.id,
      name: companies.name,
      logoFileId: companies.logoFileId,
      country: companies.country,
      city: companies.city,
      productCount,
    })
    .from(companies)
    .innerJoin(products, and(eq(products.organizationId, companies.id), eq(products.status, 'published'), visibleProduct()))
    .where(and(eq(companies.verificationStatus, 'accept'), isNull(companies.deletedAt)))
    .groupBy(companies.id, companies.name, companies.logoFileId, companies.country, companies.city)
    .orderBy(desc(productCount), asc(companies.name), asc(companies.id))
    .limit(FEATURED_SUPPLIERS_LIMIT)
  return rows.map(({ logoFileId, productCount: total, ...row }) => ({
    ...row,
    countryName: countryName(row.country, locale),
    logoUrl: logoFileId ? fileThumbnailUrl(logoFileId) : null,
    productCount: Number(total),
  }))
}

/** What the marketplace home shows: the same search as /b2b/market (newest first, unfiltered) plus featured suppliers. */
export async function marketplaceHome(locale: Locale): Promise<MarketplaceHome> {
  const [newest, suppliers] = await Promise.all([
    searchProducts({ sort: 'newest', limit: NEW_PRODUCTS_LIMIT, locale }),
    memoizeMarketplace(`featured-suppliers:${locale}`, () => featuredSuppliers(locale)),
  ])
  return {
    categories: newest.facets.categories,
    featuredSuppliers: suppliers,
    newProducts: newest.items.map((product) => toMarketCard(product, locale)),
    productTotal: newest.total,
  }
}
