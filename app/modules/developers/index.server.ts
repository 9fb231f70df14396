// What the server, the API and the pages may use of the developer hub (API keys, webhooks; ADR 053).
export {
  createApiKey,
  getApiKey,
  hashApiKey,
  listApiKeys,
  resetApiKeyCache,
  revokeApiKey,
  verifyApiKey,
  type ApiKeyView,
  type VerifiedApiKey,
} from './api-key.service.server'
export { operationMatcher, type OperationRule, type ScopeRequirement } from './api-key-scopes'
export {
  attemptDelivery,
  drainEndpoint,
  drainWebhookJob,
  endpointsWithDueDeliveries,
  queueWebhookDeliveries,
  resetWebhookCaches,
  sweepWebhooksJob,
  WEBHOOK_JOBS,
} from './webhook-dispatch.server'
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from './webhook.service.server'
export { verifyWebhook } from './webhook-signing.server'
export * from './index'
