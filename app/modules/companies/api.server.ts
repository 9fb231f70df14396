// The module's REST operations, mounted by server/api/router.ts; kept out of index.server.ts, which they use (ADR 035).
export { registerAddressRoutes } from './address.api.server'
export { registerCompanyRoutes } from './company.api.server'
export { registerTeamRoutes } from './team.api.server'
export { registerUserAdminRoutes } from './user-admin.api.server'
export { registerVerificationRoutes } from './verification.api.server'
