// The module's REST operations, mounted by server/api/router.ts; kept out of index.server.ts, which they use (ADR 035).
export { registerCategoryRoutes } from './category.api.server'
export { registerPriceListRoutes } from './price-list.api.server'
export { registerImportRoutes } from './product-import.api.server'
export { registerProductRoutes } from './product.api.server'
export { registerSearchRoutes } from './search.api.server'
export { registerDirectoryRoutes } from './supplier-directory.api.server'
