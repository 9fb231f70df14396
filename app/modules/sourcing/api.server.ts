// The module's REST operations, mounted by server/api/router.ts; kept out of index.server.ts, which they use (ADR 035).
export { registerComparisonRoutes } from './comparison.api.server'
export { registerProjectRoutes } from './project.api.server'
export { registerQuotationRoutes } from './quotation.api.server'
export { registerRfqRoutes } from './rfq.api.server'
export { registerShortlistRoutes } from './shortlist.api.server'
