import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { CreateCategoryInput, MoveCategoryInput, RenameCategoryInput, ReorderCategoryInput } from './index'
import { createCategory, deleteCategory, moveCategory, renameCategory, reorderCategory } from './index.server'
import { requirePlatformAdmin } from '../companies/index'
import type { ServiceContext } from '../../platform/actor'
import { serviceContext } from '../../platform/api/caller.server'
import { readJsonBody, withFieldMessages } from '../../platform/api/errors.server'
import {
  access,
  bodyRef,
  camelCaseKeys,
  errorResponses,
  IdParam,
  jsonResponse,
  SIGNED_IN,
  snakeCaseBodySchema,
  snakeCaseName,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'

// The public tree is GET /v1/categories (product.api.server.ts); these are the platform admins' edits.
const AdminCategorySchema = z
  .object({
    id: z.string().openapi({ description: 'The slug; products reference it, so it never changes', example: 'solar-panels' }),
    parent_id: z.string().nullable().openapi({ description: 'null: a top-level category' }),
    position: z.number().int().openapi({ description: 'Order among its siblings, from 0' }),
    name_en: z.string(),
    name_zh_hans: z.string().openapi({ description: 'Empty: the English name is shown' }),
    name_zh_hant: z.string().openapi({ description: 'Empty: the English name is shown' }),
    updated_at: z.string(),
  })
  .openapi('AdminCategory')

const NAMES_EXAMPLE = { name_en: 'Solar Panels', name_zh_hans: '太阳能电池板', name_zh_hant: '太陽能電池板' }
const BODIES = {
  CreateCategory: snakeCaseBodySchema(CreateCategoryInput, { id: 'solar-panels', parent_id: 'electrical', ...NAMES_EXAMPLE }),
  RenameCategory: snakeCaseBodySchema(RenameCategoryInput, NAMES_EXAMPLE),
  MoveCategory: snakeCaseBodySchema(MoveCategoryInput, { parent_id: null }),
  ReorderCategory: snakeCaseBodySchema(ReorderCategoryInput, { direction: 'down' }),
}

/**
 * Authorizes, then parses a snake_case body with a shared input (so a non-admin gets 403 before 422);
 * field errors come back translated, under their JSON names.
 */
async function parseAsAdmin<S extends z.ZodType, R>(ctx: ServiceContext, schema: S, body: unknown, run: (input: z.infer<S>) => Promise<R>): Promise<R> {
  requirePlatformAdmin(ctx.actor)
  return withFieldMessages('catalog', () => run(schema.parse(camelCaseKeys(body))), snakeCaseName)
}

const tags = ['Categories']
const platformAdmin = access({ level: 'platform_admin' })
const forbidden = { description: 'Not a platform admin', content: errorResponses[403].content }
const saved = (description: string) => jsonResponse(AdminCategorySchema, description)

const routes = {
  create: createRoute({
    method: 'post',
    path: '/v1/categories',
    tags,
    summary: 'Add a category, last among its siblings (platform admins); the slug id must be unused',
    security: SIGNED_IN,
    ...platformAdmin,
    request: { headers: IdempotencyHeader, body: bodyRef('CreateCategory') },
    responses: {
      201: saved('The new category'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: forbidden,
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  rename: createRoute({
    method: 'patch',
    path: '/v1/categories/{id}',
    tags,
    summary: 'Replace a category’s names in the three locales (platform admins)',
    security: SIGNED_IN,
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('RenameCategory') },
    responses: { 200: saved('The category'), 401: errorResponses[401], 403: forbidden, 404: errorResponses[404], 422: errorResponses[422] },
  }),
  move: createRoute({
    method: 'post',
    path: '/v1/categories/{id}/move',
    tags,
    summary: 'Hang a category (with its subcategories) under another parent, or at the top level (platform admins)',
    description: 'It goes last among its new siblings. A parent that is the category itself or one of its subcategories is a 422 (parent_id).',
    security: SIGNED_IN,
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('MoveCategory') },
    responses: { 200: saved('The category'), 401: errorResponses[401], 403: forbidden, 404: errorResponses[404], 422: errorResponses[422] },
  }),
  reorder: createRoute({
    method: 'post',
    path: '/v1/categories/{id}/reorder',
    tags,
    summary: 'Move a category one place up or down among its siblings (platform admins)',
    security: SIGNED_IN,
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('ReorderCategory') },
    responses: {
      200: saved('The category with its new position'),
      401: errorResponses[401],
      403: forbidden,
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/v1/categories/{id}',
    tags,
    summary: 'Delete a category without subcategories and products (platform admins)',
    description: 'Otherwise a 409 conflict whose details give the reason (category_has_children or category_in_use) and the count.',
    security: SIGNED_IN,
    ...platformAdmin,
    request: { params: IdParam },
    responses: { 204: { description: 'Deleted' }, 401: errorResponses[401], 403: forbidden, 404: errorResponses[404], 409: errorResponses[409] },
  }),
}

export function registerCategoryRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    const created = await parseAsAdmin(ctx, CreateCategoryInput, await readJsonBody(c), (input) => createCategory(ctx, input, idempotencyOf(c)))
    return c.json(toWire(AdminCategorySchema, created), 201)
  })

  api.openapi(routes.rename, async (c) => {
    const ctx = await serviceContext(c)
    const renamed = await parseAsAdmin(ctx, RenameCategoryInput, await readJsonBody(c), (input) => renameCategory(ctx, c.req.valid('param').id, input))
    return c.json(toWire(AdminCategorySchema, renamed), 200)
  })

  api.openapi(routes.move, async (c) => {
    const ctx = await serviceContext(c)
    const moved = await parseAsAdmin(ctx, MoveCategoryInput, await readJsonBody(c), (input) => moveCategory(ctx, c.req.valid('param').id, input))
    return c.json(toWire(AdminCategorySchema, moved), 200)
  })

  api.openapi(routes.reorder, async (c) => {
    const ctx = await serviceContext(c)
    const reordered = await parseAsAdmin(ctx, ReorderCategoryInput, await readJsonBody(c), (input) => reorderCategory(ctx, c.req.valid('param').id, input))
    return c.json(toWire(AdminCategorySchema, reordered), 200)
  })

  api.openapi(routes.delete, async (c) => {
    await deleteCategory(await serviceContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
}
