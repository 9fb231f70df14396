import { type FacetCount, listSuppliers, marketplaceHome } from '../../modules/catalog/index.server'
import type { Locale } from '../../platform/i18n/locales'

/** What the sourcing page counts, live: the marketplace's verified suppliers, and its categories and products. */
export type SourcingFigures = {
  /** Listed supplying companies whose verification was accepted (the directory's "verified only" total). */
  verifiedSuppliers: number
  /** Top-level categories holding published products, each with its count, in the tree's order. */
  categories: FacetCount[]
  publishedProducts: number
}

/** Read through the catalog's public services (the directory and the marketplace home, which keeps its figures a while). */
export async function sourcingFigures(locale: Locale): Promise<SourcingFigures> {
  const [verified, home] = await Promise.all([listSuppliers({ verifiedOnly: true, limit: 1 }), marketplaceHome(locale)])
  return { verifiedSuppliers: verified.total, categories: home.categories, publishedProducts: home.productTotal }
}
