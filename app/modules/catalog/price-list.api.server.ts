import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { CreatePriceListInput, MAX_PRICE_LIST_LINES, SetPriceListLinesInput, UpdatePriceListInput } from './index'
import { activatePriceList, createPriceList, deletePriceList, getPriceList, listPriceLists, setPriceListLines, updatePriceList } from './index.server'
import { serviceContext } from '../../platform/api/caller.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { access, bodyRef, camelCaseBody, errorResponses, IdParam, jsonResponse, SIGNED_IN, snakeCaseBodySchema } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const PriceListSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string().openapi({ description: 'ISO 4217' }),
    valid_from: z.string().nullable().openapi({ description: 'First day the list applies (YYYY-MM-DD); null: open-ended' }),
    valid_to: z.string().nullable().openapi({ description: 'Last day the list applies (YYYY-MM-DD); null: open-ended' }),
    is_active: z.boolean().openapi({ description: 'The list that feeds public prices; at most one per company' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('PriceList')

const PriceListLineSchema = z
  .object({
    id: z.string(),
    product_id: z.string(),
    sku: z.string(),
    product_name: z.string(),
    min_quantity: z.number().int().openapi({ description: 'From this many units on, each unit costs unit_price' }),
    unit_price: z.string().openapi({ description: 'Exact decimal (up to 4 decimals), as a string', example: '12.5000' }),
  })
  .openapi('PriceListLine')

const PriceListDetailSchema = PriceListSchema.extend({ lines: z.array(PriceListLineSchema) }).openapi('PriceListDetail')

const LIST_EXAMPLE = { name: 'Wholesale 2026', currency: 'USD', valid_from: '2026-01-01', valid_to: '2026-12-31' }
const BODIES = {
  CreatePriceList: snakeCaseBodySchema(CreatePriceListInput, LIST_EXAMPLE),
  UpdatePriceList: snakeCaseBodySchema(UpdatePriceListInput, LIST_EXAMPLE),
  SetPriceListLines: {
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        maxItems: MAX_PRICE_LIST_LINES,
        items: {
          type: 'object',
          properties: {
            product_id: { type: 'string', maxLength: 64 },
            min_quantity: { type: 'integer', minimum: 1 },
            unit_price: { type: 'string', pattern: '^\\d+(\\.\\d{1,4})?$', description: 'Exact decimal, at most 4 decimals' },
          },
          required: ['product_id', 'min_quantity', 'unit_price'],
        },
      },
    },
    required: ['lines'],
    example: { lines: [] },
  },
}

const tags = ['Price lists']

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/price-lists',
    tags,
    summary: 'The active company’s price lists, the active one first',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(PriceListSchema) }), 'Price lists'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/price-lists',
    tags,
    summary: 'Add a price list (admins and owners); it starts inactive',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { headers: IdempotencyHeader, body: bodyRef('CreatePriceList') },
    responses: {
      201: jsonResponse(PriceListSchema, 'The new list'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/price-lists/{id}',
    tags,
    summary: 'A price list with its quantity breaks, by SKU then quantity',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(PriceListDetailSchema, 'The list'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  update: createRoute({
    method: 'put',
    path: '/v1/price-lists/{id}',
    tags,
    summary: 'Replace a list’s name, currency and validity window (admins and owners)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('UpdatePriceList') },
    responses: {
      200: jsonResponse(PriceListSchema, 'The stored list'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/v1/price-lists/{id}',
    tags,
    summary: 'Delete a list and its lines (admins and owners); deleting the active list clears public prices',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 204: { description: 'Deleted' }, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  setLines: createRoute({
    method: 'put',
    path: '/v1/price-lists/{id}/lines',
    tags,
    summary: 'Replace all quantity breaks of a list (admins and owners); errors come under lines.<index>.<field>',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('SetPriceListLines') },
    responses: {
      200: jsonResponse(PriceListDetailSchema, 'The list with its new lines'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  activate: createRoute({
    method: 'post',
    path: '/v1/price-lists/{id}/activate',
    tags,
    summary: 'Make the list the one that feeds public prices (admins and owners); the previous one is deactivated',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(PriceListSchema, 'The now active list'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
}

export function registerPriceListRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => c.json({ items: (await listPriceLists(await serviceContext(c))).map((list) => toWire(PriceListSchema, list)) }, 200))

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    const created = await parseAndRun('pricing', CreatePriceListInput, camelCaseBody(await readJsonBody(c)), (input) =>
      createPriceList(ctx, input, idempotencyOf(c)),
    )
    return c.json(toWire(PriceListSchema, created), 201)
  })

  api.openapi(routes.get, async (c) => c.json(toWire(PriceListDetailSchema, await getPriceList(await serviceContext(c), c.req.valid('param').id)), 200))

  api.openapi(routes.update, async (c) => {
    const ctx = await serviceContext(c)
    const updated = await parseAndRun('pricing', UpdatePriceListInput, camelCaseBody(await readJsonBody(c)), (input) =>
      updatePriceList(ctx, c.req.valid('param').id, input),
    )
    return c.json(toWire(PriceListSchema, updated), 200)
  })

  api.openapi(routes.remove, async (c) => {
    await deletePriceList(await serviceContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.setLines, async (c) => {
    const ctx = await serviceContext(c)
    const detail = await parseAndRun('pricing', SetPriceListLinesInput, camelCaseBody(await readJsonBody(c)), (input) =>
      setPriceListLines(ctx, c.req.valid('param').id, input),
    )
    return c.json(toWire(PriceListDetailSchema, detail), 200)
  })

  api.openapi(routes.activate, async (c) => c.json(toWire(PriceListSchema, await activatePriceList(await serviceContext(c), c.req.valid('param').id)), 200))
}
