import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import {
  AcceptQuoteInput,
  CreateLogisticOrderInput,
  CreateServiceOrderInput,
  FREIGHT_MODES,
  FREIGHT_QUOTE_STATUSES,
  INCOTERMS,
  ORDERABLE_SERVICES,
  SERVICE_ORDER_KINDS,
  SERVICE_ORDER_ROLES,
  SERVICE_ORDER_STATUSES,
  FreightQuoteInput,
  ServiceOrderTransitionInput,
} from './index'
import {
  acceptFreightQuote,
  createLogisticOrder,
  createServiceOrder,
  getServiceOrder,
  listOpenFreightRequests,
  listServiceOrders,
  listServiceProviders,
  submitFreightQuote,
  transitionServiceOrder,
  withdrawFreightQuote,
  type ServiceOrderDetail,
} from './index.server'
import { serviceContext } from '../../platform/api/caller.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { access, bodyRef, camelCaseKeys, errorResponses, IdParam, jsonResponse, pageSchema, SIGNED_IN, snakeCaseBodySchema } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'
import { ProviderOfferingSchema } from './service-offering.api.server'

const Party = z.object({ id: z.string().nullable(), name: z.string() })

const ServiceOrderSummarySchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ example: 'SO-2026-00007' }),
    kind: z.enum(SERVICE_ORDER_KINDS),
    service_type: z.enum(ORDERABLE_SERVICES),
    status: z.enum(SERVICE_ORDER_STATUSES),
    viewer: z
      .enum(['buyer', 'provider', 'quoting'])
      .openapi({ description: 'The caller’s side; `quoting`: a logistics provider pricing an open freight request (the buyer is not named)' }),
    buyer: Party,
    provider: Party,
    currency: z.string().nullable(),
    price: z.string().nullable().openapi({ description: 'Exact decimal as a string; null until agreed' }),
    service_date: z.string().nullable(),
    route: z.object({ origin: z.string(), destination: z.string(), mode: z.string() }).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('ServiceOrderSummary')

const FreightSchema = z
  .object({
    origin: z.string(),
    origin_country: z.string(),
    destination: z.string(),
    destination_country: z.string(),
    mode: z.enum(FREIGHT_MODES),
    packages: z.number().int(),
    weight_kg: z.string(),
    volume_m3: z.string(),
    dangerous_goods: z.boolean(),
    ready_date: z.string(),
    incoterm: z.enum(INCOTERMS),
    cargo_description: z.string(),
  })
  .openapi('FreightDetails')

const FreightQuoteSchema = z
  .object({
    id: z.string(),
    provider_company_id: z.string(),
    provider_name: z.string(),
    provider_verified: z.boolean(),
    status: z.enum(FREIGHT_QUOTE_STATUSES),
    currency: z.string(),
    price: z.string(),
    transit_days: z.number().int(),
    valid_until: z.string(),
    note: z.string(),
    includes_insurance: z.boolean(),
    created_at: z.string(),
  })
  .openapi('FreightQuote')

const ServiceOrderDetailSchema = ServiceOrderSummarySchema.extend({
  scope: z.string(),
  location: z.string(),
  linked_purchase_order: z.object({ id: z.string(), number: z.string() }).nullable(),
  freight: FreightSchema.nullable(),
  status_reason: z.string(),
  version: z.number().int().openapi({ description: 'Send it back with every change (optimistic lock)' }),
  events: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      from_status: z.string().nullable(),
      to_status: z.string().nullable(),
      actor_name: z.string().nullable(),
      actor_company_name: z.string().nullable(),
      note: z.string(),
      created_at: z.string(),
    }),
  ),
  quotes: z.array(FreightQuoteSchema),
  actions: z.array(z.string()),
  can_quote: z.boolean(),
}).openapi('ServiceOrderDetail')

const ProviderSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    country: z.string(),
    city: z.string(),
    verified: z.boolean(),
    offerings: z.array(ProviderOfferingSchema).openapi({ description: 'Its offerings of the service, cheapest first (at most 3)' }),
    offering_count: z.number().int(),
  })
  .openapi('ServiceProvider')

const FREIGHT_EXAMPLE = {
  origin: 'Ningbo',
  origin_country: 'CN',
  destination: 'Rotterdam',
  destination_country: 'NL',
  mode: 'sea',
  packages: 12,
  weight_kg: '850.5',
  volume_m3: '4.2',
  dangerous_goods: false,
  ready_date: '2027-03-01',
  incoterm: 'FOB',
  cargo_description: 'Brass desk lamps on 2 pallets',
}
const BODIES = {
  CreateServiceOrder: snakeCaseBodySchema(CreateServiceOrderInput, {
    service_type: 'inspection',
    provider_company_id: 'company-id',
    scope: 'Pre-shipment inspection, AQL 2.5',
    location: 'Ningbo',
    service_date: '2027-02-10',
  }),
  CreateLogisticOrder: snakeCaseBodySchema(CreateLogisticOrderInput, FREIGHT_EXAMPLE),
  ServiceOrderTransition: snakeCaseBodySchema(ServiceOrderTransitionInput, { action: 'accept', version: 1, reason: '', price: '300.00', currency: 'USD' }),
  SubmitFreightQuote: snakeCaseBodySchema(FreightQuoteInput, {
    price: '1850.00',
    currency: 'USD',
    transit_days: 32,
    valid_until: '2099-12-31',
    note: 'Door to port',
    includes_insurance: false,
  }),
  AcceptFreightQuote: snakeCaseBodySchema(AcceptQuoteInput, { quote_id: 'quote-id', version: 1 }),
}

/** A service order with the steps the caller may take and whether it may quote, as the API has always sent them. */
const serviceOrderWire = (order: ServiceOrderDetail) =>
  toWire(ServiceOrderDetailSchema, { ...order, actions: order.actions.steps, canQuote: order.actions.quote })

const tags = ['Service orders']
const PageParams = { limit: z.coerce.number().int().min(1).max(100).default(25), offset: z.coerce.number().int().min(0).default(0) }
const QuoteParam = z.object({ id: z.string().min(1).max(64), quoteId: z.string().min(1).max(64) })
const conflictResponses = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422] }

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/service-orders',
    tags,
    summary: 'The company’s service and logistic orders, as buyer or provider, newest first',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    request: {
      query: z.object({
        kind: z.enum(SERVICE_ORDER_KINDS).optional(),
        status: z.enum(SERVICE_ORDER_STATUSES).optional(),
        role: z.enum(SERVICE_ORDER_ROLES).default('all'),
        ...PageParams,
      }),
    },
    responses: {
      200: jsonResponse(pageSchema(ServiceOrderSummarySchema), 'A page of orders'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/service-orders',
    tags,
    summary: 'Order a service (inspection, customs, certification, sourcing agent, logistics) from a provider; it starts `requested`',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateServiceOrder') },
    responses: { 201: jsonResponse(ServiceOrderDetailSchema, 'The new order'), ...conflictResponses },
  }),
  createLogistic: createRoute({
    method: 'post',
    path: '/v1/logistic-orders',
    tags,
    summary: 'Ask logistics providers for a freight price; the request starts `quoting` without a provider',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateLogisticOrder') },
    responses: { 201: jsonResponse(ServiceOrderDetailSchema, 'The new freight request'), ...conflictResponses },
  }),
  openRequests: createRoute({
    method: 'get',
    path: '/v1/freight-requests',
    tags,
    summary: 'Open freight requests a logistics provider may price (empty for other companies)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    request: { query: z.object(PageParams) },
    responses: {
      200: jsonResponse(pageSchema(ServiceOrderSummarySchema), 'A page of requests'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/service-orders/{id}',
    tags,
    summary: 'One order with its timeline, quotes and the actions the caller may take',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(ServiceOrderDetailSchema, 'The order'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  transition: createRoute({
    method: 'post',
    path: '/v1/service-orders/{id}/transitions',
    tags,
    summary: 'Take a step: accept (with an optional price), decline, start, complete, cancel, dispute, resolve; 409 when not allowed now or stale',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('ServiceOrderTransition') },
    responses: { 200: jsonResponse(ServiceOrderDetailSchema, 'The order after the step'), ...conflictResponses },
  }),
  quote: createRoute({
    method: 'post',
    path: '/v1/service-orders/{id}/quotes',
    tags,
    summary: 'Price an open freight request (logistics providers; one pending quote each)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('SubmitFreightQuote') },
    responses: { 201: jsonResponse(ServiceOrderDetailSchema, 'The request with the caller’s quote'), ...conflictResponses },
  }),
  withdrawQuote: createRoute({
    method: 'post',
    path: '/v1/service-orders/{id}/quotes/{quoteId}/withdraw',
    tags,
    summary: 'Withdraw the caller’s pending quote',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: QuoteParam },
    responses: {
      200: jsonResponse(ServiceOrderDetailSchema, 'The request'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
    },
  }),
  acceptQuote: createRoute({
    method: 'post',
    path: '/v1/service-orders/{id}/accept-quote',
    tags,
    summary: 'The buyer accepts one quote: the order gets that provider and price; the other quotes are rejected',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('AcceptFreightQuote') },
    responses: { 200: jsonResponse(ServiceOrderDetailSchema, 'The accepted order'), ...conflictResponses },
  }),
  providers: createRoute({
    method: 'get',
    path: '/v1/service-providers',
    tags,
    summary: 'Providers of a service, verified first',
    ...access({ level: 'public' }),
    request: {
      query: z.object({
        type: z.enum(ORDERABLE_SERVICES).openapi({ example: 'inspection' }),
        area: z
          .string()
          .length(2)
          .transform((value) => value.toUpperCase())
          .optional()
          .openapi({ description: 'Only providers with an offering that serves this country (ISO 3166-1 alpha-2)', example: 'DE' }),
        ...PageParams,
      }),
    },
    responses: {
      200: jsonResponse(pageSchema(ProviderSchema), 'A page of providers'),
      422: errorResponses[422],
    },
  }),
}

export function registerServiceOrderRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const query = c.req.valid('query')
    const page = await listServiceOrders(await serviceContext(c), query)
    return c.json(
      { items: page.items.map((order) => toWire(ServiceOrderSummarySchema, order)), total: page.total, limit: query.limit, offset: query.offset },
      200,
    )
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    const created = await parseAndRun('services', CreateServiceOrderInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      createServiceOrder(ctx, input, idempotencyOf(c)),
    )
    return c.json(serviceOrderWire(created), 201)
  })

  api.openapi(routes.createLogistic, async (c) => {
    const ctx = await serviceContext(c)
    const created = await parseAndRun('services', CreateLogisticOrderInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      createLogisticOrder(ctx, input, idempotencyOf(c)),
    )
    return c.json(serviceOrderWire(created), 201)
  })

  api.openapi(routes.openRequests, async (c) => {
    const query = c.req.valid('query')
    const page = await listOpenFreightRequests(await serviceContext(c), query)
    return c.json(
      { items: page.items.map((order) => toWire(ServiceOrderSummarySchema, order)), total: page.total, limit: query.limit, offset: query.offset },
      200,
    )
  })

  api.openapi(routes.get, async (c) => c.json(serviceOrderWire(await getServiceOrder(await serviceContext(c), c.req.valid('param').id)), 200))

  api.openapi(routes.transition, async (c) => {
    const ctx = await serviceContext(c)
    const order = await parseAndRun('services', ServiceOrderTransitionInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      transitionServiceOrder(ctx, c.req.valid('param').id, input),
    )
    return c.json(serviceOrderWire(order), 200)
  })

  api.openapi(routes.quote, async (c) => {
    const ctx = await serviceContext(c)
    const order = await parseAndRun('services', FreightQuoteInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      submitFreightQuote(ctx, c.req.valid('param').id, input, idempotencyOf(c)),
    )
    return c.json(serviceOrderWire(order), 201)
  })

  api.openapi(routes.withdrawQuote, async (c) => {
    const { id, quoteId } = c.req.valid('param')
    return c.json(serviceOrderWire(await withdrawFreightQuote(await serviceContext(c), id, quoteId)), 200)
  })

  api.openapi(routes.acceptQuote, async (c) => {
    const ctx = await serviceContext(c)
    const order = await parseAndRun('services', AcceptQuoteInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      acceptFreightQuote(ctx, c.req.valid('param').id, input),
    )
    return c.json(serviceOrderWire(order), 200)
  })

  api.openapi(routes.providers, async (c) => {
    const { type, area, limit, offset } = c.req.valid('query')
    const page = await listServiceProviders(type, { limit, offset, area })
    return c.json({ items: page.items.map((provider) => toWire(ProviderSchema, provider)), total: page.total, limit: page.limit, offset: page.offset }, 200)
  })
}
