export * from './catalog.constants'
export { buildSearchDocument, searchQueryTerms, type SearchDocumentInput } from './search-document'
export {
  CreateProductInput,
  MAX_PRODUCT_ATTRIBUTES,
  MAX_PRODUCT_IMAGES,
  PRODUCT_SORTS,
  ProductImagesInput,
  ProductInput,
  ProductListQuery,
  ProductStatusInput,
  UpdateProductInput,
  type ProductSort,
} from './product.inputs'
export { canPublishProducts, SUPPLYING_KINDS } from './product.policy'
export {
  CreatePriceListInput,
  MAX_PRICE_LIST_LINES,
  SetPriceListLinesInput,
  UpdatePriceListInput,
  type PriceList,
  type PriceListDetail,
  type PriceListLine,
  type PriceListLineInput,
  type PriceTier,
} from './price-list.inputs'
export {
  breakFor,
  currencyDigits,
  displayUnitPrice,
  isDecimalText,
  lineTotal,
  lowestUnitPrice,
  priceFor,
  roundToCurrency,
  unitPriceFor,
  type PriceBreak,
} from './pricing'
export { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_MAX_OFFSET, SEARCH_SORTS, type SearchSort } from './search.constants'
export { lenientSearchQuery, SearchQuery, searchInputOf, type SearchProductsInput } from './search.inputs'
export { PriceLinesEditor, type PriceableProduct } from './components/price-lines-editor'
export { ProductCard, ProductGrid } from './components/product-card'
export { ProductGallery } from './components/product-gallery'
export { ProductPlaceholder } from './components/product-placeholder'
export { PriceTiersTable } from './components/price-tiers-table'
export { AvailabilityBadge } from './components/availability-badge'
export { useUnitName } from './components/use-unit-name'
export { productUnitFrom } from './product-units'
export { SearchFacets, SortSelect, type CurrencyChoice, type MarketFilters } from './components/search-facets'
export { productJsonLd, supplierJsonLd, type JsonLd } from './product-json-ld'
export { toMarketCard, type MarketCard } from './market-card'
export {
  DIRECTORY_DEFAULT_LIMIT,
  DIRECTORY_MAX_LIMIT,
  DIRECTORY_SORTS,
  DirectoryQuery,
  directoryInputOf,
  lenientQuery,
  PROFILE_PRODUCTS_DEFAULT_LIMIT,
  ProfileProductsQuery,
  type DirectoryInput,
  type DirectorySort,
} from './supplier-directory.inputs'
export {
  CreateImportInput,
  EXPORT_FORMATS,
  guessMapping,
  IMPORT_COLUMNS,
  IMPORT_PREVIEW_ROWS,
  ImportMappingInput,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_IMPORT_ERRORS,
  ProductExportQuery,
  REQUIRED_IMPORT_COLUMNS,
  type ExportFormat,
  type ImportColumn,
  type ImportRowError,
} from './product-import.inputs'
export { canImportProducts } from './product-import.policy'
export { QuickEditProductInput } from './product.inputs'
export {
  CATEGORY_DIRECTIONS,
  CATEGORY_NAME_LOCALES,
  CATEGORY_NAME_MAX,
  CATEGORY_SLUG_MAX,
  CATEGORY_SLUG_PATTERN,
  CreateCategoryInput,
  MoveCategoryInput,
  RenameCategoryInput,
  ReorderCategoryInput,
  type CategoryDirection,
  type CategoryNameLocale,
} from './category.inputs'
export { productListFilters, productListHref, productListQueryFrom, type ProductListFilters } from './product-list-params'
export { PRODUCT_VIEWS, ProductFilters, ProductsEmptyState, ProductStatusBadge, ProductViewSwitch, type ProductView } from './components/product-filters'
export { ProductQuickEditCard, type GridProduct, type QuickEditResult } from './components/product-quick-edit-card'
export { CategoryEditor, CategoryTree, CreateCategoryForm, type EditedCategory } from './components/category-admin'
export { placeName, SupplierCard, SupplierLogo, usePlaceName } from './components/supplier-card'
export { supplierProfileJsonLd } from './supplier-json-ld'
export { FactoryPhotoGallery, SupplierCertifications, SupplierContactCard, SupplierFacts, VerificationNote } from './components/supplier-profile'
