import { createRoute, z } from '@hono/zod-openapi'
import type { ApiRouter } from '../../platform/api/api-env'
import { SearchQuery, searchInputOf } from './index'
import { getPublicProduct, searchProducts } from './index.server'
import { AppError } from '../../platform/errors'
import { currentLocale } from '../../platform/request-scope.server'
import { access, errorResponses, jsonResponse } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const tags = ['Marketplace']
/** Public answers carry no personal data: shared caches may keep them for a minute. */
const PUBLIC_CACHE = 'public, max-age=60'

const Supplier = z.object({ id: z.string(), name: z.string(), verified: z.boolean() })
const ProductCard = z
  .object({
    id: z.string(),
    name: z.string(),
    thumbnail_url: z.string().nullable(),
    from_price: z.string().nullable().openapi({ example: '2.5000', description: 'Exact decimal, never a float' }),
    from_price_currency: z.string().nullable(),
    moq: z.number().int(),
    unit: z.string(),
    origin_country: z.string(),
    category_id: z.string(),
    supplier: Supplier,
    published_at: z.string().nullable(),
  })
  .openapi('MarketProduct')
const Facet = z.object({ value: z.string(), label: z.string(), count: z.number().int() })
const SearchResultSchema = z
  .object({
    items: z.array(ProductCard),
    total: z.number().int().openapi({ description: 'Number of matches, counted exactly; offsets up to 10,000 page through them' }),
    limit: z.number().int(),
    offset: z.number().int(),
    facets: z.object({
      categories: z.array(Facet),
      origin_countries: z.array(Facet),
      hs_chapters: z.array(Facet).openapi({ description: 'Matches per HS chapter (two digits), under every other filter' }),
      verified_suppliers: z.number().int().openapi({ description: 'Matches whose supplier is verified, under every other filter' }),
    }),
  })
  .openapi('MarketSearchResult')
const PublicProductSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    name: z.string(),
    description: z.string(),
    unit: z.string(),
    moq: z.number().int(),
    lead_time_days: z.number().int().nullable(),
    origin_country: z.string(),
    attributes: z.array(z.object({ name: z.string(), value: z.string() })),
    published_at: z.string().nullable(),
    hs_code: z.object({ code: z.string(), description: z.string() }).nullable(),
    categories: z.array(z.object({ id: z.string(), name: z.string() })),
    images: z.array(z.object({ id: z.string(), url: z.string(), thumbnail_url: z.string(), alt: z.string() })),
    supplier: z.object({ id: z.string(), name: z.string(), country: z.string(), city: z.string(), verification_status: z.string(), verified: z.boolean() }),
    price_tiers: z.object({ currency: z.string(), tiers: z.array(z.object({ min_quantity: z.number().int(), unit_price: z.string() })) }).nullable(),
  })
  .openapi('PublicProduct')

const routes = {
  search: createRoute({
    method: 'get',
    path: '/v1/marketplace/products',
    tags,
    summary: 'Search published products: full text in every locale (Chinese by characters and bigrams), typo-tolerant English names, facets',
    security: [{}],
    ...access({ level: 'public' }),
    request: { query: SearchQuery },
    responses: { 200: jsonResponse(SearchResultSchema, 'One page of matches with facet counts'), 422: errorResponses[422] },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/marketplace/products/{id}',
    tags,
    summary: 'A published product’s public page data; unknown, unpublished or malformed ids are 404',
    security: [{}],
    ...access({ level: 'public' }),
    request: { params: z.object({ id: z.string().max(200) }) },
    responses: { 200: jsonResponse(PublicProductSchema, 'The product'), 404: errorResponses[404] },
  }),
}

export function registerSearchRoutes(api: ApiRouter) {
  api.openapi(routes.search, async (c) => {
    const result = await searchProducts({ ...searchInputOf(c.req.valid('query')), locale: currentLocale() })
    c.header('Cache-Control', PUBLIC_CACHE)
    c.header('Vary', 'Accept-Language, Cookie')
    return c.json(toWire(SearchResultSchema, result), 200)
  })

  api.openapi(routes.get, async (c) => {
    const id = c.req.valid('param').id
    const product = await getPublicProduct(id, currentLocale())
    if (!product) throw new AppError('not_found', `Product not found: ${id}`)
    c.header('Cache-Control', PUBLIC_CACHE)
    c.header('Vary', 'Accept-Language, Cookie')
    return c.json(toWire(PublicProductSchema, product), 200)
  })
}
