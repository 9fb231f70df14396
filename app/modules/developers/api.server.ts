import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { serviceContext } from '../../platform/api/caller.server'
import { readJsonBody, withFieldMessages } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { access, bodyRef, camelCaseKeys, errorResponses, jsonResponse, snakeCaseBodySchema, snakeCaseName, SIGNED_IN } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'
import { API_SCOPES, DELIVERY_STATUSES, WEBHOOK_TOPICS } from './developers.constants'
import { CreateApiKeyInput, CreateWebhookInput, UpdateWebhookInput } from './developers.inputs'
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from './api-key.service.server'
import {
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
} from './webhook.service.server'

// The developer hub's own API (ADR 053): keys and webhooks are managed signed in, by owners and admins; API keys
// cannot call these operations (their tag is in no key area).

const tags = ['Developer hub']
const admin = access({ level: 'company', minRole: 'admin' })
const adminOf = (resource: string) => access({ level: 'company', minRole: 'admin', resource })
const Id = z.object({ id: z.string().min(1).max(64) })
const who = z.object({ id: z.string(), name: z.string() }).nullable()

const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ description: 'The key’s visible start; the rest is shown once, at creation', example: 'tpk_AbCdEfGh' }),
    scopes: z.array(z.enum(API_SCOPES as [string, ...string[]])),
    allowed_ips: z.array(z.string()),
    expires_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
    last_used_ip: z.string().nullable(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
    created_by: who,
    status: z.enum(['active', 'expired', 'revoked']),
  })
  .openapi('ApiKey')

const CreatedApiKeySchema = z
  .object({
    key: ApiKeySchema,
    secret: z.string().nullable().openapi({
      description: 'The key, shown this once (send it as `Authorization: Bearer <secret>`); null when an Idempotency-Key retry answers a key created before',
      example: 'tpk_AbCdEfGh…',
    }),
  })
  .openapi('CreatedApiKey')

const EndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    topics: z.array(z.enum(WEBHOOK_TOPICS)),
    enabled: z.boolean(),
    disabled_reason: z.enum(['manual', 'failing']).nullable(),
    disabled_at: z.string().nullable(),
    failing_since: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    created_by: who,
  })
  .openapi('WebhookEndpoint')

const SecretSchema = z.object({ secret: z.string().openapi({ example: 'whsec_…' }) }).openapi('WebhookSecret')

const DeliverySchema = z
  .object({
    id: z.string(),
    endpoint_id: z.string(),
    endpoint_url: z.string(),
    message_id: z.string().openapi({ description: 'The `webhook-id` header: the same on every attempt and replay of a message' }),
    event_type: z.string().openapi({ example: 'order.confirm' }),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
    test: z.boolean(),
    replay_of: z.string().nullable(),
    request: z.object({ headers: z.record(z.string(), z.string()).nullable(), body: z.string() }),
    response: z.object({ status: z.number().int().nullable(), body: z.string().nullable(), ms: z.number().int().nullable(), error: z.string().nullable() }),
  })
  .openapi('WebhookDelivery')

const KeyListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
const DeliveryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  endpoint_id: z.string().min(1).max(64).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
})

const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })

const routes = {
  listKeys: createRoute({
    method: 'get',
    path: '/v1/api-keys',
    tags,
    summary: 'The company’s API keys, newest first (revoked and expired ones marked)',
    security: SIGNED_IN,
    ...admin,
    request: { query: KeyListQuery },
    responses: { 200: jsonResponse(page(ApiKeySchema), 'A page of keys'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  createKey: createRoute({
    method: 'post',
    path: '/v1/api-keys',
    tags,
    summary: 'Create an API key with scopes, an optional expiry and IP allow-list; its secret is answered once',
    security: SIGNED_IN,
    ...admin,
    request: { headers: IdempotencyHeader, body: bodyRef('CreateApiKey') },
    responses: {
      201: jsonResponse(CreatedApiKeySchema, 'The key and its secret'),
      401: errorResponses[401],
      403: errorResponses[403],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  getKey: createRoute({
    method: 'get',
    path: '/v1/api-keys/{id}',
    tags,
    summary: 'One API key (never its secret)',
    security: SIGNED_IN,
    ...adminOf('id'),
    request: { params: Id },
    responses: { 200: jsonResponse(ApiKeySchema, 'The key'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  revokeKey: createRoute({
    method: 'post',
    path: '/v1/api-keys/{id}/revoke',
    tags,
    summary: 'Revoke an API key at once; requests with it are refused from then on (401)',
    security: SIGNED_IN,
    ...adminOf('id'),
    request: { params: Id },
    responses: { 200: jsonResponse(ApiKeySchema, 'The revoked key'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  listEndpoints: createRoute({
    method: 'get',
    path: '/v1/webhooks',
    tags,
    summary: 'The company’s webhook endpoints',
    security: SIGNED_IN,
    ...admin,
    responses: { 200: jsonResponse(z.object({ items: z.array(EndpointSchema) }), 'The endpoints'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  createEndpoint: createRoute({
    method: 'post',
    path: '/v1/webhooks',
    tags,
    summary: 'Add a webhook endpoint (https, public address) for some topics; answers its signing secret',
    security: SIGNED_IN,
    ...admin,
    request: { headers: IdempotencyHeader, body: bodyRef('CreateWebhookEndpoint') },
    responses: {
      201: jsonResponse(z.object({ endpoint: EndpointSchema, secret: z.string() }).openapi('CreatedWebhookEndpoint'), 'The endpoint and its secret'),
      401: errorResponses[401],
      403: errorResponses[403],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  getEndpoint: createRoute({
    method: 'get',
    path: '/v1/webhooks/{id}',
    tags,
    summary: 'One webhook endpoint',
    security: SIGNED_IN,
    ...adminOf('id'),
    request: { params: Id },
    responses: { 200: jsonResponse(EndpointSchema, 'The endpoint'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  updateEndpoint: createRoute({
    method: 'patch',
    path: '/v1/webhooks/{id}',
    tags,
    summary: 'Change an endpoint’s URL, description or topics, or switch it off or on (on again: its waiting deliveries go out)',
    security: SIGNED_IN,
    ...adminOf('id'),
    request: { params: Id, body: bodyRef('UpdateWebhookEndpoint') },
    responses: {
      200: jsonResponse(EndpointSchema, 'The endpoint'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  deleteEndpoint: createRoute({
    method: 'delete',
    path: '/v1/webhooks/{id}',
    tags,
    summary: 'Delete an endpoint and its delivery log',
    security: SIGNED_IN,
    ...adminOf('id'),
    request: { params: Id },
    responses: { 204: { description: 'Deleted' }, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  secret: createRoute({
    method: 'get',
    path: '/v1/webhooks/{id}/secret',
    tags,
    summary: 'The endpoint’s signing secret (`whsec_…`, Standard Webhooks)',
    security: SIGNED_IN,
    ...adminOf('id'),
    request: { params: Id },
    responses: { 200: jsonResponse(SecretSchema, 'The secret'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  rotate: createRoute({
    method: 'post',
    path: '/v1/webhooks/{id}/rotate-secret',
    tags,
    summary: 'Replace the signing secret; the next attempt is signed with the new one',
    security: SIGNED_IN,
    ...adminOf('id'),
    request: { params: Id },
    responses: { 200: jsonResponse(SecretSchema, 'The new secret'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  test: createRoute({
    method: 'post',
    path: '/v1/webhooks/{id}/test',
    tags,
    summary: 'Send a signed `webhook.test` message now and answer the delivery with the receiver’s answer',
    security: SIGNED_IN,
    ...adminOf('id'),
    request: { params: Id, headers: IdempotencyHeader },
    responses: { 201: jsonResponse(DeliverySchema, 'The delivery'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  listDeliveries: createRoute({
    method: 'get',
    path: '/v1/webhook-deliveries',
    tags,
    summary: 'The delivery log: each message with its request, the receiver’s answer and what happens next, newest first',
    security: SIGNED_IN,
    ...admin,
    request: { query: DeliveryQuery },
    responses: {
      200: jsonResponse(page(DeliverySchema), 'A page of deliveries'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  getDelivery: createRoute({
    method: 'get',
    path: '/v1/webhook-deliveries/{id}',
    tags,
    summary: 'One delivery with its request and answer',
    security: SIGNED_IN,
    ...adminOf('id'),
    request: { params: Id },
    responses: { 200: jsonResponse(DeliverySchema, 'The delivery'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  replay: createRoute({
    method: 'post',
    path: '/v1/webhook-deliveries/{id}/replay',
    tags,
    summary: 'Send a delivery’s message again (same webhook-id and body) as a new delivery',
    security: SIGNED_IN,
    ...adminOf('id'),
    request: { params: Id, headers: IdempotencyHeader },
    responses: {
      201: jsonResponse(DeliverySchema, 'The new delivery'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
    },
  }),
}

export function registerDeveloperRoutes(api: ApiRouter) {
  api.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'tpk_…',
    description:
      'A company API key from the developer hub (/dev/list), as `Authorization: Bearer tpk_…`. It acts as the member who created it, within its scopes (`<area>:read`, `<area>:write`, which includes read); each operation names the scope it needs. Keys have their own rate limit (429 with Retry-After).',
  })
  registerBodies(api, {
    CreateApiKey: snakeCaseBodySchema(CreateApiKeyInput, {
      name: 'ERP order sync',
      scopes: ['orders:read', 'catalog:write'],
      expires_at: '2027-12-31T00:00:00Z',
      allowed_ips: ['203.0.113.0/24'],
    }),
    CreateWebhookEndpoint: snakeCaseBodySchema(CreateWebhookInput, {
      url: 'https://erp.example.com/hooks/tradeport',
      description: 'ERP',
      topics: ['order', 'shipment'],
    }),
    UpdateWebhookEndpoint: snakeCaseBodySchema(UpdateWebhookInput, { description: 'ERP (production)', enabled: true }),
  })

  const wireKey = (key: Parameters<typeof toWire<typeof ApiKeySchema>>[1]) => toWire(ApiKeySchema, key)
  const wireDelivery = (delivery: Parameters<typeof toWire<typeof DeliverySchema>>[1]) => toWire(DeliverySchema, delivery)
  const wireEndpoint = (endpoint: Parameters<typeof toWire<typeof EndpointSchema>>[1]) => toWire(EndpointSchema, endpoint)

  api.openapi(routes.listKeys, async (c) => {
    const query = c.req.valid('query')
    const result = await listApiKeys(await serviceContext(c), query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: result.items.map(wireKey), total: result.total, limit: query.limit, offset: query.offset }, 200)
  })

  api.openapi(routes.createKey, async (c) => {
    const ctx = await serviceContext(c)
    const idempotency = idempotencyOf(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const created = await withFieldMessages('developers', () => createApiKey(ctx, body, idempotency), snakeCaseName)
    c.header('Cache-Control', 'no-store')
    return c.json({ key: wireKey(created.key), secret: created.secret }, 201)
  })

  api.openapi(routes.getKey, async (c) => c.json(wireKey(await getApiKey(await serviceContext(c), c.req.valid('param').id)), 200))

  api.openapi(routes.revokeKey, async (c) => c.json(wireKey(await revokeApiKey(await serviceContext(c), c.req.valid('param').id)), 200))

  api.openapi(routes.listEndpoints, async (c) => {
    const items = await listWebhookEndpoints(await serviceContext(c))
    c.header('Cache-Control', 'no-store')
    return c.json({ items: items.map(wireEndpoint) }, 200)
  })

  api.openapi(routes.createEndpoint, async (c) => {
    const ctx = await serviceContext(c)
    const idempotency = idempotencyOf(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const created = await withFieldMessages('developers', () => createWebhookEndpoint(ctx, body, idempotency), snakeCaseName)
    c.header('Cache-Control', 'no-store')
    return c.json({ endpoint: wireEndpoint(created.endpoint), secret: created.secret }, 201)
  })

  api.openapi(routes.getEndpoint, async (c) => c.json(wireEndpoint(await getWebhookEndpoint(await serviceContext(c), c.req.valid('param').id)), 200))

  api.openapi(routes.updateEndpoint, async (c) => {
    const ctx = await serviceContext(c)
    const id = c.req.valid('param').id
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(wireEndpoint(await withFieldMessages('developers', () => updateWebhookEndpoint(ctx, id, body), snakeCaseName)), 200)
  })

  api.openapi(routes.deleteEndpoint, async (c) => {
    await deleteWebhookEndpoint(await serviceContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.secret, async (c) => {
    const secret = await revealWebhookSecret(await serviceContext(c), c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json({ secret }, 200)
  })

  api.openapi(routes.rotate, async (c) => {
    const secret = await rotateWebhookSecret(await serviceContext(c), c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json({ secret }, 200)
  })

  api.openapi(routes.test, async (c) => {
    const ctx = await serviceContext(c)
    return c.json(wireDelivery(await sendTestEvent(ctx, c.req.valid('param').id, idempotencyOf(c))), 201)
  })

  api.openapi(routes.listDeliveries, async (c) => {
    const ctx = await serviceContext(c)
    const query = c.req.valid('query')
    const result = await listWebhookDeliveries(ctx, { limit: query.limit, offset: query.offset, endpointId: query.endpoint_id, status: query.status })
    c.header('Cache-Control', 'no-store')
    return c.json({ items: result.items.map(wireDelivery), total: result.total, limit: query.limit, offset: query.offset }, 200)
  })

  api.openapi(routes.getDelivery, async (c) => c.json(wireDelivery(await getWebhookDelivery(await serviceContext(c), c.req.valid('param').id)), 200))

  api.openapi(routes.replay, async (c) => {
    const ctx = await serviceContext(c)
    return c.json(wireDelivery(await replayWebhookDelivery(ctx, c.req.valid('param').id, idempotencyOf(c))), 201)
  })
}
