// The module's REST operations, mounted by server/api/router.ts; kept out of index.server.ts, which they use (ADR 035).
export { registerOrderRoutes } from './purchase-order.api.server'
export { registerServiceOrderRoutes } from './service-order.api.server'
export { registerServiceOfferingRoutes } from './service-offering.api.server'
