// The module's REST operations, mounted by server/api/router.ts; kept out of index.server.ts, which they use (ADR 035).
export { registerShipmentRoutes } from './shipment.api.server'
export { registerTrackingRoutes } from './tracking.api.server'
