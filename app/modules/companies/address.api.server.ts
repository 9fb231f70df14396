import { createRoute, z } from '@hono/zod-openapi'
import type { ApiRouter } from '../../platform/api/api-env'
import type * as zod from 'zod'
import { ADDRESS_TYPES, AddressListQuery, addressMessageValues, CreateAddressInput, UpdateAddressInput } from './index'
import { createAddress, deleteAddress, getAddress, listAddresses, setDefaultAddress, updateAddress } from './index.server'
import type { ServiceContext } from '../../platform/actor'
import { AppError, isAppError } from '../../platform/errors'
import { translator } from '../../platform/i18n/translate.server'
import { fieldErrorsOf } from '../../platform/validation'
import { serviceContext } from '../../platform/api/caller.server'
import { readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { access, bodyRef, errorResponses, IdParam, jsonResponse, SIGNED_IN } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const tags = ['Addresses']

/** JSON names of the fields whose name differs from the service's. */
const WIRE_NAMES: Record<string, string> = { postalCode: 'postal_code', isDefault: 'is_default' }
const SERVICE_NAMES = Object.fromEntries(Object.entries(WIRE_NAMES).map(([service, wire]) => [wire, service]))

const AddressSchema = z
  .object({
    id: z.string(),
    type: z.enum(ADDRESS_TYPES),
    label: z.string(),
    recipient: z.string(),
    phone: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    region: z.string(),
    postal_code: z.string().openapi({ description: 'Normalised for the country (e.g. "SW1A 1AA"); empty where the country has none' }),
    country: z.string().openapi({ description: 'ISO 3166-1 alpha-2' }),
    is_default: z.boolean().openapi({ description: 'The default address of its type; each type that has addresses has exactly one' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Address')

const addressFields = {
  type: z.enum(ADDRESS_TYPES),
  label: z.string().min(1).max(80),
  recipient: z.string().max(120).optional(),
  phone: z.string().max(40).optional().openapi({ description: 'Digits, spaces and + - ( )' }),
  line1: z.string().min(1).max(200),
  line2: z.string().max(200).optional(),
  city: z.string().min(1).max(120),
  region: z.string().max(120).optional(),
  postal_code: z.string().max(20).optional().openapi({ description: 'Required and checked where the country uses a known format; ignored where it has none' }),
  country: z.string().length(2).openapi({ description: 'ISO 3166-1 alpha-2' }),
}

const CreateAddressBody = z
  .object({
    ...addressFields,
    is_default: z.boolean().optional().openapi({ description: 'Make it its type’s default; the first address of a type always is' }),
  })
  .openapi('CreateAddress', {
    example: {
      type: 'shipping',
      label: 'Shenzhen warehouse',
      recipient: 'Li Wei',
      phone: '+86 755 1234 5678',
      line1: '88 Keyuan Road',
      line2: 'Building 3, Floor 2',
      city: 'Shenzhen',
      region: 'Guangdong',
      postal_code: '518057',
      country: 'CN',
      is_default: true,
    },
  })

const UpdateAddressBody = z
  .object(addressFields)
  .partial()
  .openapi('UpdateAddress', {
    description: 'Only the fields given change; the whole address is checked again',
    example: { label: 'Head office', postal_code: '518000' },
  })

/** The request body with the service's field names (the camelCase names are accepted as well). */
function fromWire(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [SERVICE_NAMES[key] ?? key, value]))
}

/** A validation failure with wire field names and messages in the caller's locale. */
function validationError(ctx: ServiceContext, fields: Record<string, string[]>, country: unknown): AppError {
  const t = translator(ctx.locale, 'addresses')
  const values = addressMessageValues(typeof country === 'string' ? country.toUpperCase() : undefined)
  const translated = Object.fromEntries(Object.entries(fields).map(([field, keys]) => [WIRE_NAMES[field] ?? field, keys.map((key) => t(key, values))]))
  return new AppError('validation_failed', 'Validation failed', { fields: translated })
}

function parseBody<S extends zod.ZodType>(ctx: ServiceContext, schema: S, input: unknown): zod.infer<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  throw validationError(ctx, fieldErrorsOf(parsed.error), (input as { country?: unknown } | null)?.country)
}

/** Runs a service call; its own validation failures (e.g. a patched country) get the same treatment. */
async function translatingValidation<T>(ctx: ServiceContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (!isAppError(error) || error.code !== 'validation_failed' || !error.details?.fields) throw error
    throw validationError(ctx, error.details.fields as Record<string, string[]>, error.details.country)
  }
}

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/addresses',
    tags,
    summary: 'The active company’s address book: billing, shipping, then warehouse; each type’s default first',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    request: { query: AddressListQuery },
    responses: {
      200: jsonResponse(z.object({ items: z.array(AddressSchema) }), 'Every address (at most 100 per type)'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/addresses',
    tags,
    summary: 'Add an address (admins and owners); the first of its type, or one sent with is_default, becomes the default',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateAddress') },
    responses: { 201: jsonResponse(AddressSchema, 'The new address'), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/addresses/{id}',
    tags,
    summary: 'One address of the active company',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(AddressSchema, 'The address'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  update: createRoute({
    method: 'patch',
    path: '/v1/addresses/{id}',
    tags,
    summary: 'Change an address (admins and owners); moving it to another type hands its default role to the oldest address left behind',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('UpdateAddress') },
    responses: {
      200: jsonResponse(AddressSchema, 'The stored address'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/v1/addresses/{id}',
    tags,
    summary: 'Delete an address (admins and owners); when it was the default, the oldest one left of its type takes over',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 204: { description: 'Deleted' }, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  setDefault: createRoute({
    method: 'post',
    path: '/v1/addresses/{id}/default',
    tags,
    summary: 'Make an address the default of its type (admins and owners)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(AddressSchema, 'The new default'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
}

export function registerAddressRoutes(api: ApiRouter) {
  api.openAPIRegistry.register('CreateAddress', CreateAddressBody)
  api.openAPIRegistry.register('UpdateAddress', UpdateAddressBody)

  api.openapi(routes.list, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: (await listAddresses(ctx, c.req.valid('query'))).map((address) => toWire(AddressSchema, address)) }, 200)
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    const input = parseBody(ctx, CreateAddressInput, fromWire(await readJsonBody(c)))
    return c.json(toWire(AddressSchema, await translatingValidation(ctx, () => createAddress(ctx, input, idempotencyOf(c)))), 201)
  })

  api.openapi(routes.get, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(AddressSchema, await getAddress(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.update, async (c) => {
    const ctx = await serviceContext(c)
    const patch = parseBody(ctx, UpdateAddressInput, fromWire(await readJsonBody(c)))
    return c.json(toWire(AddressSchema, await translatingValidation(ctx, () => updateAddress(ctx, c.req.valid('param').id, patch))), 200)
  })

  api.openapi(routes.remove, async (c) => {
    await deleteAddress(await serviceContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.setDefault, async (c) => {
    const ctx = await serviceContext(c)
    return c.json(toWire(AddressSchema, await setDefaultAddress(ctx, c.req.valid('param').id)), 200)
  })
}
