// The module's REST operations, mounted by server/api/router.ts; kept out of index.server.ts, which they use (ADR 035).
export { registerFinanceRoutes } from './finance.api.server'
export { registerFinanceSetupRoutes } from './finance-setup.api.server'
export { registerFinanceAdminRoutes } from './finance-admin.api.server'
