// Tables stay private (issue 17); other modules use these services and the published read models (ADR 036).
export { publishedProducts } from './catalog.views.server'
export { cataloguePrices, type CataloguePrice } from './catalogue-prices.server'
export {
  createProduct,
  getProduct,
  listProducts,
  setProductImages,
  setProductStatus,
  updateProduct,
  type Product,
  type ProductDetail,
  type ProductImage,
  type ProductPage,
} from './product.service.server'
export { categoryTree, flattenCategories, knownCategoryIds, type CategoryNode } from './category.service.server'
export { hsCodeDescription, hsNomenclatureRows, knownHsCodes } from './hs-code.service.server'
export {
  activatePriceList,
  createPriceList,
  deactivatePriceList,
  deletePriceList,
  getPriceList,
  listPriceLists,
  priceableProducts,
  priceTiersFor,
  refreshFromPrices,
  refreshWindowedPrices,
  setPriceListLines,
  updatePriceList,
} from './price-list.service.server'
export {
  categoriesChanged,
  categoryNames,
  loadCategories,
  SEARCH_CANDIDATE_CAP,
  searchProducts,
  type FacetCount,
  type MarketProduct,
  type SearchResult,
} from './search.service.server'
export { categoryName } from './search-counts.server'
export { marketCurrencies } from './market-currencies.server'
export { getPublicProduct, isPublicProductId, PUBLIC_PRODUCT_ID, type PublicProduct } from './product-page.service.server'
export { FEATURED_SUPPLIERS_LIMIT, marketplaceHome, NEW_PRODUCTS_LIMIT, type FeaturedSupplier, type MarketplaceHome } from './marketplace-home.service.server'
export {
  DIRECTORY_KINDS,
  getSupplierProfile,
  listSuppliers,
  supplierCountries,
  type DirectorySupplier,
  type PublicSupplierProfile,
  type SupplierDirectoryPage,
} from './supplier-directory.service.server'
export {
  resetSitemapCache,
  SITEMAP_KINDS,
  SITEMAP_MAX_URLS,
  SITEMAP_RECORDS_PER_PAGE,
  sitemapIndexXml,
  sitemapPage,
  sitemapPageCounts,
  staticSitemapEntries,
  STATIC_SITEMAP_PATHS,
  urlSetXml,
  type SitemapEntry,
  type SitemapKind,
} from './sitemap.service.server'
export {
  createImport,
  dryRunImport,
  getImport,
  importErrorReport,
  importHeaders,
  listImports,
  previewImport,
  setImportMapping,
  startImport,
  uploadImport,
  type DryRunResult,
  type ImportJob,
  type ImportJobPage,
  type ImportPreview,
} from './product-import.service.server'
export { importSettled, productImportJob, queueStrandedImports } from './product-import.jobs.server'
export { closeProductCounts } from './product-counts.server'
export { closeProductVisibility } from './product-visibility.server'
export { visibleProduct } from './product-visibility.server'
export { exportProducts, type ProductExport } from './product-export.service.server'
export { productCovers, quickEditProduct } from './product.service.server'
export {
  categoryAdminTree,
  createCategory,
  deleteCategory,
  moveCategory,
  renameCategory,
  reorderCategory,
  type AdminCategoryNode,
} from './category.service.server'
export { baseUnitPrices, type ActivePriceList } from './price-list.service.server'
export {
  findMarketplaceProducts,
  findOwnProducts,
  findSuppliers,
  type MarketplaceProductLookup,
  type OwnProductLookup,
  type SupplierLookup,
} from './catalog-lookup.service.server'
export { orderableProducts, searchOrderableProducts, type OrderableProduct, type OrderPriceList } from './order-pricing.service.server'
export { catalogueProgress, catalogueSummary, type CatalogueProgress, type CatalogueSummary } from './catalogue-progress.service.server'
export {
  companiesWithProductChangesSince,
  productsForCompliance,
  streamProductsForCompliance,
  type ComplianceProduct,
  type ComplianceProductFilter,
} from './compliance-products.service.server'
