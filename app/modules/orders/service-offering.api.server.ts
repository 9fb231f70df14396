import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { serviceContext } from '../../platform/api/caller.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { access, bodyRef, camelCaseKeys, errorResponses, IdParam, jsonResponse, pageSchema, SIGNED_IN, snakeCaseBodySchema } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'
import { OFFERING_PRICE_BASES, ORDERABLE_SERVICES, ServiceOfferingInput, ServiceOfferingListQuery, UpdateServiceOfferingInput } from './index'
import { createServiceOffering, deleteServiceOffering, getServiceOffering, listServiceOfferings, updateServiceOffering } from './index.server'

const tags = ['Service offerings']

const priceFields = {
  price: z.string().nullable().openapi({ description: 'Exact decimal as a string (never a float); null: quoted on request', example: '180' }),
  currency: z.string().nullable().openapi({ description: 'ISO 4217; null with the price', example: 'USD' }),
  price_basis: z.enum(OFFERING_PRICE_BASES).nullable().openapi({ description: 'What the price is counted per; null with the price' }),
}

/** An offering as the public provider list shows it (`GET /v1/service-providers`). */
export const ProviderOfferingSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    worldwide: z.boolean(),
    countries: z.array(z.string()).openapi({ description: 'ISO 3166-1 alpha-2 codes served; empty when worldwide' }),
    ...priceFields,
    lead_time_days: z.number().int(),
  })
  .openapi('ProviderOffering')

const ServiceOfferingSchema = z
  .object({
    id: z.string(),
    service_type: z.enum(ORDERABLE_SERVICES),
    title: z.string(),
    description: z.string(),
    worldwide: z.boolean(),
    countries: z.array(z.string()).openapi({ description: 'ISO 3166-1 alpha-2 codes served; empty when worldwide' }),
    ...priceFields,
    lead_time_days: z.number().int().openapi({ description: 'Days from order to the service done (1–365)' }),
    version: z.number().int().openapi({ description: 'Send it back with a change: a change made meanwhile makes yours stale (409)' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('ServiceOffering')

const OFFERING_EXAMPLE = {
  service_type: 'inspection',
  title: 'Pre-shipment inspection (AQL 2.5)',
  description: 'One inspector, one day on site, report with photos within 24 hours.',
  worldwide: false,
  countries: ['CN', 'VN'],
  price: '280',
  currency: 'USD',
  price_basis: 'per_day',
  lead_time_days: 3,
}

const BODIES = {
  CreateServiceOffering: snakeCaseBodySchema(ServiceOfferingInput, OFFERING_EXAMPLE),
  UpdateServiceOffering: snakeCaseBodySchema(UpdateServiceOfferingInput, { ...OFFERING_EXAMPLE, version: 1 }),
}

const writeResponses = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422] }

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/service-offerings',
    tags,
    summary: 'The services the active company offers, newest first (any member; a buying company has none)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    request: { query: ServiceOfferingListQuery },
    responses: {
      200: jsonResponse(pageSchema(ServiceOfferingSchema), 'A page of offerings'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/service-offerings',
    tags,
    summary: 'Offer a service (admins and owners of a supplier or service provider): it is listed on /services/{type} at once',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateServiceOffering') },
    responses: { 201: jsonResponse(ServiceOfferingSchema, 'The new offering'), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/service-offerings/{id}',
    tags,
    summary: 'One offering of the active company',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(ServiceOfferingSchema, 'The offering'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  update: createRoute({
    method: 'put',
    path: '/v1/service-offerings/{id}',
    tags,
    summary: 'Replace an offering (admins and owners) against the version read; a stale version is 409',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('UpdateServiceOffering') },
    responses: { 200: jsonResponse(ServiceOfferingSchema, 'The stored offering'), ...writeResponses },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/v1/service-offerings/{id}',
    tags,
    summary: 'Stop offering a service (admins and owners); it leaves the public lists at once',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 204: { description: 'Deleted' }, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
}

export function registerServiceOfferingRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const query = c.req.valid('query')
    const page = await listServiceOfferings(await serviceContext(c), query)
    c.header('Cache-Control', 'no-store')
    return c.json(
      { items: page.items.map((offering) => toWire(ServiceOfferingSchema, offering)), total: page.total, limit: page.limit, offset: page.offset },
      200,
    )
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    const created = await parseAndRun('offerings', ServiceOfferingInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      createServiceOffering(ctx, input, idempotencyOf(c)),
    )
    return c.json(toWire(ServiceOfferingSchema, created), 201)
  })

  api.openapi(routes.get, async (c) => {
    const offering = await getServiceOffering(await serviceContext(c), c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(ServiceOfferingSchema, offering), 200)
  })

  api.openapi(routes.update, async (c) => {
    const ctx = await serviceContext(c)
    const stored = await parseAndRun('offerings', UpdateServiceOfferingInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      updateServiceOffering(ctx, c.req.valid('param').id, input),
    )
    return c.json(toWire(ServiceOfferingSchema, stored), 200)
  })

  api.openapi(routes.remove, async (c) => {
    await deleteServiceOffering(await serviceContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
}
