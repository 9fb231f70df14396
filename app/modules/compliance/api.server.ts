// The module's REST operations, mounted by server/api/router.ts; kept out of index.server.ts, which they use (ADR 035).
export { registerHsCodeRoutes } from './hs.api.server'
export { registerEpingRoutes } from './eping.api.server'
