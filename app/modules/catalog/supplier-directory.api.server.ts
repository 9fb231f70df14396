import { createRoute, z } from '@hono/zod-openapi'
import type { ApiRouter } from '../../platform/api/api-env'
import { DirectoryQuery, directoryInputOf, ProfileProductsQuery } from './index'
import { getSupplierProfile, listSuppliers } from './index.server'
import { AppError } from '../../platform/errors'
import { currentLocale } from '../../platform/request-scope.server'
import { access, errorResponses, jsonResponse, pageSchema } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const tags = ['Marketplace']
/** Public answers carry no personal data: shared caches may keep them for a minute. */
const PUBLIC_CACHE = 'public, max-age=60'

const SupplierCardSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    logo_url: z.string().nullable(),
    verified: z.boolean(),
    country: z.string().openapi({ example: 'CN' }),
    city: z.string(),
    supplier_type: z.string().nullable().openapi({ example: 'manufacturer' }),
    main_products: z.array(z.string()),
    product_count: z.number().int().openapi({ description: 'Published products' }),
  })
  .openapi('SupplierCard')
const DirectoryPageSchema = z
  .object({ items: z.array(SupplierCardSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .openapi('SupplierDirectoryPage')
const SupplierProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    thumbnail_url: z.string().nullable(),
    from_price: z.string().nullable().openapi({ example: '2.5000', description: 'Exact decimal, never a float' }),
    from_price_currency: z.string().nullable(),
    moq: z.number().int(),
    unit: z.string(),
  })
  .openapi('SupplierProduct')
const SupplierProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    logo_url: z.string().nullable(),
    banner_url: z.string().nullable(),
    description: z.string().openapi({ description: 'In the request’s locale, English when that locale has none' }),
    website: z.string().nullable(),
    country: z.string(),
    city: z.string(),
    supplier_type: z.string().nullable(),
    size: z.string().nullable().openapi({ example: '51-200' }),
    year_founded: z.number().int().nullable(),
    main_products: z.array(z.string()),
    main_markets: z.array(z.string()),
    capabilities: z.array(z.string()),
    export_markets: z.array(z.string()),
    verification_status: z.string().openapi({ example: 'accept' }),
    verified: z.boolean(),
    verified_at: z.string().nullable(),
    member_since: z.string(),
    certifications: z
      .array(z.object({ id: z.string(), name: z.string(), issuer: z.string(), valid_until: z.string().nullable() }))
      .openapi({ description: 'Names only: certificate files are private' }),
    factory_photos: z.array(z.object({ id: z.string(), url: z.string(), thumbnail_url: z.string() })),
    products: pageSchema(SupplierProductSchema),
  })
  .openapi('SupplierProfile')

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/marketplace/companies',
    tags,
    summary: 'The supplier directory: live supplying companies by name or main products, country, supplier type, verification and product category',
    security: [{}],
    ...access({ level: 'public' }),
    request: { query: DirectoryQuery },
    responses: { 200: jsonResponse(DirectoryPageSchema, 'One page of suppliers'), 422: errorResponses[422] },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/marketplace/companies/{id}',
    tags,
    summary: 'A supplier’s public profile with a page of its published products (limit/offset); buyer-only, deleted, unknown or malformed ids are 404',
    security: [{}],
    ...access({ level: 'public' }),
    request: { params: z.object({ id: z.string().max(200) }), query: ProfileProductsQuery },
    responses: { 200: jsonResponse(SupplierProfileSchema, 'The supplier'), 404: errorResponses[404], 422: errorResponses[422] },
  }),
}

export function registerDirectoryRoutes(api: ApiRouter) {
  api.openapi(routes.list, async (c) => {
    const page = await listSuppliers(directoryInputOf(c.req.valid('query')))
    c.header('Cache-Control', PUBLIC_CACHE)
    c.header('Vary', 'Accept-Language, Cookie')
    return c.json(toWire(DirectoryPageSchema, page), 200)
  })

  api.openapi(routes.get, async (c) => {
    const id = c.req.valid('param').id
    const profile = await getSupplierProfile(id, currentLocale(), c.req.valid('query'))
    if (!profile) throw new AppError('not_found', `Company not found: ${id}`)
    c.header('Cache-Control', PUBLIC_CACHE)
    c.header('Vary', 'Accept-Language, Cookie')
    return c.json(toWire(SupplierProfileSchema, profile), 200)
  })
}
