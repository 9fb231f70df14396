// The module's REST operations, mounted by server/api/router.ts; kept out of index.server.ts, which they use (ADR 035).
export { registerStockRoutes } from './stock.api.server'
export { registerWarehouseRoutes } from './warehouse.api.server'
