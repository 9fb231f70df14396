import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import {
  CreateProductInput,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  PRODUCT_UNITS,
  type ProductUnit,
  ProductImagesInput,
  ProductStatusInput,
  QuickEditProductInput,
  UpdateProductInput,
} from './index'
import {
  categoryTree,
  createProduct,
  getProduct,
  listProducts,
  quickEditProduct,
  setProductImages,
  setProductStatus,
  updateProduct,
  type Product,
  type ProductImage,
} from './index.server'
import { currentLocale } from '../../platform/request-scope.server'
import { serviceContext } from '../../platform/api/caller.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { access, bodyRef, camelCaseKeys, errorResponses, IdParam, jsonResponse, pageSchema, SIGNED_IN, snakeCaseBodySchema } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const ProductImageSchema = z.object({ id: z.string(), file_id: z.string(), position: z.number().int(), alt: z.string() }).openapi('ProductImage')

const ProductSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    name_en: z.string(),
    name_zh_hans: z.string().nullable(),
    name_zh_hant: z.string().nullable(),
    description_en: z.string(),
    description_zh_hans: z.string().nullable(),
    description_zh_hant: z.string().nullable(),
    category_id: z.string(),
    hs_code: z.string().nullable(),
    origin_country: z.string(),
    unit: z.enum(PRODUCT_UNITS),
    moq: z.number().int(),
    lead_time_days: z.number().int().nullable(),
    attributes: z.array(
      z
        .object({
          name: z.string(),
          value: z.string(),
          name_zh_hans: z.string().optional(),
          value_zh_hans: z.string().optional(),
          name_zh_hant: z.string().optional(),
          value_zh_hant: z.string().optional(),
        })
        .openapi({ description: 'English name and value, with optional Chinese translations' }),
    ),
    status: z.enum(PRODUCT_STATUSES),
    published_at: z.string().nullable(),
    from_price: z.string().nullable(),
    from_price_currency: z.string().nullable(),
    version: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    images: z.array(ProductImageSchema).optional(),
  })
  .openapi('Product')

type CategoryJson = { id: string; name: string; children: CategoryJson[] }
const CategorySchema: z.ZodType<CategoryJson> = z
  .object({ id: z.string(), name: z.string(), children: z.array(z.lazy(() => CategorySchema)) })
  .openapi('Category')

const PRODUCT_EXAMPLE = {
  name_en: 'LED panel light 600×600 mm',
  name_zh_hans: 'LED 面板灯 600×600 毫米',
  description_en: 'Flicker-free 40 W panel for offices.',
  sku: 'LED-PANEL-600',
  category_id: 'lighting',
  hs_code: '940511',
  origin_country: 'CN',
  unit: 'piece',
  moq: 100,
  lead_time_days: 20,
  attributes: [{ name: 'Wattage', value: '40 W' }],
}

/** A product body in snake_case (camelCase accepted), its attributes' translations included. */
function productBody(raw: unknown): unknown {
  const body = camelCaseKeys(raw)
  if (!body || typeof body !== 'object' || !('attributes' in body) || !Array.isArray(body.attributes)) return body
  return { ...body, attributes: body.attributes.map(camelCaseKeys) }
}

const BODIES = {
  CreateProduct: snakeCaseBodySchema(CreateProductInput, PRODUCT_EXAMPLE),
  UpdateProduct: snakeCaseBodySchema(UpdateProductInput, { ...PRODUCT_EXAMPLE, version: 1 }),
  ProductStatus: snakeCaseBodySchema(ProductStatusInput, { ids: ['00000000-0000-4000-8000-000000000000'], status: 'archived' }),
  ProductImages: snakeCaseBodySchema(ProductImagesInput, { images: [{ file_id: '00000000-0000-4000-8000-000000000000', alt: 'Front view' }] }),
  QuickEditProduct: snakeCaseBodySchema(QuickEditProductInput, { version: 1, moq: 200, status: 'archived', unit_price: '12.50' }),
}

/** Image entries arrive as snake_case objects too. */
const imagesBody = (raw: unknown) => {
  const input = camelCaseKeys(raw) as { images?: unknown }
  return Array.isArray(input.images) ? { ...input, images: input.images.map(camelCaseKeys) } : input
}

/** A product (with its images where the operation answers them); its unit column is plain text, holding a known unit. */
const productWire = (product: Product & { images?: ProductImage[] }) => toWire(ProductSchema, { ...product, unit: product.unit as ProductUnit })

const tags = ['Products']
const ListQuery = z.object({
  q: z.string().max(100).optional().openapi({ description: 'Matches SKU or a name in any locale' }),
  status: z.enum(PRODUCT_STATUSES).optional(),
  category_id: z.string().max(64).optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/products',
    tags,
    summary: 'The active company’s products, filtered, sorted and paged',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    request: { query: ListQuery },
    responses: {
      200: jsonResponse(pageSchema(ProductSchema), 'A page of products'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/products',
    tags,
    summary: 'Add a draft product (admins and owners); the SKU is unique within the company',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateProduct') },
    responses: { 201: jsonResponse(ProductSchema, 'The new product'), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
  }),
  byId: createRoute({
    method: 'get',
    path: '/v1/products/{id}',
    tags,
    summary: 'One of the active company’s products, with its images',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(ProductSchema, 'The product'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  update: createRoute({
    method: 'put',
    path: '/v1/products/{id}',
    tags,
    summary: 'Replace a product’s details (admins and owners); `version` must be the one read, else 409',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('UpdateProduct') },
    responses: {
      200: jsonResponse(ProductSchema, 'The stored product'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  images: createRoute({
    method: 'put',
    path: '/v1/products/{id}/images',
    tags,
    summary: 'Replace a product’s gallery, in order (admins and owners); files are images uploaded by the company',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('ProductImages') },
    responses: {
      200: jsonResponse(z.object({ items: z.array(ProductImageSchema) }), 'The gallery'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  quickEdit: createRoute({
    method: 'patch',
    path: '/v1/products/{id}/quick',
    tags,
    summary: 'Change a product’s MOQ, status or base unit price at once (admins and owners); `version` must be the one read, else 409',
    description:
      'Omitted fields stay as they are. `unit_price` (exact decimal string) is the lowest-quantity price in the active price list, in its currency: without a break one from 1 unit is added; without an active list it is a 422. Publishing follows the publish rule (403 publish_not_allowed).',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('QuickEditProduct') },
    responses: {
      200: jsonResponse(ProductSchema, 'The stored product'),
      401: errorResponses[401],
      402: errorResponses[402],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  status: createRoute({
    method: 'post',
    path: '/v1/products/status',
    tags,
    summary: 'Publish, archive or return to draft several products (admins and owners); publishing needs a verified or pending supplier',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { body: bodyRef('ProductStatus') },
    responses: {
      200: jsonResponse(z.object({ updated: z.number().int() }), 'How many products changed'),
      401: errorResponses[401],
      402: errorResponses[402],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  categories: createRoute({
    method: 'get',
    path: '/v1/categories',
    tags,
    summary: 'The product category tree, names in the request’s locale',
    ...access({ level: 'public' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(CategorySchema) }), 'Top-level categories with their children') },
  }),
}

export function registerProductRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const ctx = await serviceContext(c)
    const { category_id: categoryId, ...query } = c.req.valid('query')
    const page = await listProducts(ctx, { ...query, categoryId })
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map((product) => productWire(product)), total: page.total, limit: page.limit, offset: page.offset }, 200)
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    const created = await parseAndRun('catalog', CreateProductInput, productBody(await readJsonBody(c)), (input) => createProduct(ctx, input, idempotencyOf(c)))
    return c.json(productWire(created), 201)
  })

  api.openapi(routes.byId, async (c) => {
    const product = await getProduct(await serviceContext(c), c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json(productWire(product), 200)
  })

  api.openapi(routes.update, async (c) => {
    const ctx = await serviceContext(c)
    const updated = await parseAndRun('catalog', UpdateProductInput, productBody(await readJsonBody(c)), (input) =>
      updateProduct(ctx, c.req.valid('param').id, input),
    )
    return c.json(productWire(updated), 200)
  })

  api.openapi(routes.images, async (c) => {
    const ctx = await serviceContext(c)
    const images = await parseAndRun('catalog', ProductImagesInput, imagesBody(await readJsonBody(c)), (input) =>
      setProductImages(ctx, c.req.valid('param').id, input),
    )
    return c.json({ items: images.map((image) => toWire(ProductImageSchema, image)) }, 200)
  })

  api.openapi(routes.quickEdit, async (c) => {
    const ctx = await serviceContext(c)
    const updated = await parseAndRun('catalog', QuickEditProductInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      quickEditProduct(ctx, c.req.valid('param').id, input),
    )
    return c.json(productWire(updated), 200)
  })

  api.openapi(routes.status, async (c) => {
    const ctx = await serviceContext(c)
    return c.json(await parseAndRun('catalog', ProductStatusInput, camelCaseKeys(await readJsonBody(c)), (input) => setProductStatus(ctx, input)), 200)
  })

  api.openapi(routes.categories, async (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    return c.json({ items: (await categoryTree(currentLocale())).map((node) => toWire(CategorySchema, node)) }, 200)
  })
}
