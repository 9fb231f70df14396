// What pages may use of the developer hub in the browser.
export * from './developers.constants'
export { CreateApiKeyInput, CreateWebhookInput, isIpOrRange, UpdateWebhookInput } from './developers.inputs'
export { EVENT_CATALOGUE, exampleBody, webhookEventOf } from './webhook-events'
export { scopeRequirement, scopesGrant } from './api-key-scopes'
