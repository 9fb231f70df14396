// The public HS code API (issue 22): search, browse and classify the HS 2022 nomenclature, rate-limited per client
// address. Descriptions come in the request's locale (Chinese where the nomenclature has a Chinese text, else English
// with `fallback: true`).
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type ApiEnv, type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { access, bodyRef, errorResponses, jsonResponse, snakeCaseBodySchema } from '../../platform/api/schemas'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { rateLimitStore } from '../../platform/rate-limit.server'
import { currentLocale } from '../../platform/request-scope.server'
import { classifyProduct, hsCodePage, hsSection, hsSections, searchHsCodes, type HsCodeSummary } from './hs.service.server'
import { ClassifyInput, HsSearchQuery } from './hs.inputs'
import { isHsCodeShape } from './hs-text'

const tags = ['HS codes']
const publicAccess = access({ level: 'public' })

const CodeSchema = z
  .object({
    code: z.string().openapi({ example: '6912' }),
    level: z.number().int().openapi({ description: '2 chapter, 4 heading, 6 subheading' }),
    section: z.string().openapi({ example: 'XIII' }),
    description: z.string(),
    fallback: z.boolean().openapi({ description: 'True when the description is English because the code has no text in the request’s language' }),
  })
  .openapi('HsCode')
const SearchHitSchema = CodeSchema.extend({
  matched: z.array(z.string()).openapi({ description: 'The query’s words found in the description' }),
  corrected: z.array(z.object({ typed: z.string(), found: z.string() })).openapi({ description: 'Query words read as a near spelling' }),
}).openapi('HsSearchHit')
const SectionSchema = z.object({ section: z.string(), name: z.string(), chapters: z.array(CodeSchema) }).openapi('HsSection')
const ProductCardSchema = z.object({ id: z.string(), name: z.string(), supplier: z.object({ id: z.string(), name: z.string(), verified: z.boolean() }) })
const CodePageSchema = CodeSchema.extend({
  section_name: z.string(),
  ancestors: z.array(CodeSchema),
  children: z.array(CodeSchema),
  products: z.array(ProductCardSchema),
  product_total: z.number().int(),
  suppliers: z.array(z.object({ id: z.string(), name: z.string() })),
}).openapi('HsCodePage')
const SuggestionSchema = z
  .object({ heading: CodeSchema, subheading: CodeSchema.nullable(), score: z.number(), reasons: z.array(z.string()) })
  .openapi('HsSuggestion')

const BODIES = { HsClassifyBody: snakeCaseBodySchema(ClassifyInput, { description: 'Porcelain coffee mug, 350 ml' }) }

const limited = { 429: { description: 'Too many lookups from this address; Retry-After says when to try again' } }

const routes = {
  search: createRoute({
    method: 'get',
    path: '/v1/hs-codes',
    tags,
    summary: 'HS 2022 codes by words (English or Chinese, typos forgiven) or by code prefix',
    ...publicAccess,
    request: {
      query: z.object({ q: z.string().optional().openapi({ example: 'porcelain mug' }), level: z.string().optional(), limit: z.string().optional() }),
    },
    responses: { 200: jsonResponse(z.object({ items: z.array(SearchHitSchema) }), 'The best matches first'), 422: errorResponses[422], ...limited },
  }),
  sections: createRoute({
    method: 'get',
    path: '/v1/hs-codes/sections',
    tags,
    summary: 'The 21 sections of the nomenclature with their chapters',
    ...publicAccess,
    responses: { 200: jsonResponse(z.object({ items: z.array(SectionSchema) }), 'Sections I–XXI'), ...limited },
  }),
  section: createRoute({
    method: 'get',
    path: '/v1/hs-codes/sections/{section}',
    tags,
    summary: 'One section with its chapters',
    ...publicAccess,
    request: { params: z.object({ section: z.string().openapi({ example: 'XIII' }) }) },
    responses: { 200: jsonResponse(SectionSchema, 'The section'), 404: errorResponses[404], ...limited },
  }),
  code: createRoute({
    method: 'get',
    path: '/v1/hs-codes/{code}',
    tags,
    summary: 'A code with its parents, children and the marketplace’s products and verified suppliers listed under it',
    ...publicAccess,
    request: { params: z.object({ code: z.string().openapi({ example: '6912' }) }) },
    responses: {
      200: jsonResponse(CodePageSchema, 'The code'),
      404: { description: 'No such code; details.suggestions lists nearby codes', content: errorResponses[404].content },
      ...limited,
    },
  }),
  classify: createRoute({
    method: 'post',
    path: '/v1/hs-codes/classify',
    tags,
    summary: 'Ranked heading suggestions for a product description, with the words behind each',
    ...publicAccess,
    request: { body: bodyRef('HsClassifyBody') },
    responses: { 200: jsonResponse(z.object({ items: z.array(SuggestionSchema) }), 'Up to five headings, best first'), 422: errorResponses[422], ...limited },
  }),
}

/** Counts one lookup for the caller's address (HS_RATE_LIMIT_MAX per HS_RATE_LIMIT_WINDOW_SECONDS). */
async function enforceLookupLimit(c: Context<ApiEnv>): Promise<void> {
  const config = env()
  const decision = await rateLimitStore().hit(`hs-lookup:${c.get('clientIp')}`, config.HS_RATE_LIMIT_WINDOW_SECONDS, config.HS_RATE_LIMIT_MAX)
  if (!decision.allowed) throw new AppError('rate_limited', 'Too many lookups', { retryAfterSeconds: decision.retryAfterSeconds })
}

const CACHE = 'public, max-age=300'

export function registerHsCodeRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.search, async (c) => {
    await enforceLookupLimit(c)
    const items = await parseAndRun('hsLookup', HsSearchQuery, c.req.query(), (query) =>
      searchHsCodes({ q: query.q, level: query.level ? (Number(query.level) as 2 | 4 | 6) : undefined, limit: query.limit }, currentLocale()),
    )
    c.header('Cache-Control', CACHE)
    return c.json({ items }, 200)
  })

  api.openapi(routes.sections, async (c) => {
    await enforceLookupLimit(c)
    c.header('Cache-Control', CACHE)
    return c.json({ items: await hsSections(currentLocale()) }, 200)
  })

  api.openapi(routes.section, async (c) => {
    await enforceLookupLimit(c)
    c.header('Cache-Control', CACHE)
    return c.json(await hsSection(c.req.valid('param').section, currentLocale()), 200)
  })

  api.openapi(routes.code, async (c) => {
    await enforceLookupLimit(c)
    const { code } = c.req.valid('param')
    if (!isHsCodeShape(code)) throw new AppError('not_found', 'No such HS code', { suggestions: [] })
    const page = await hsCodePage(code, currentLocale())
    c.header('Cache-Control', 'public, max-age=60')
    return c.json(
      {
        ...codeWire(page),
        section_name: page.sectionName,
        ancestors: page.ancestors.map(codeWire),
        children: page.children.map(codeWire),
        products: page.products.map((product) => ({ id: product.id, name: product.name, supplier: product.supplier })),
        product_total: page.productTotal,
        suppliers: page.suppliers,
      },
      200,
    )
  })

  api.openapi(routes.classify, async (c) => {
    await enforceLookupLimit(c)
    const body = await readJsonBody(c)
    const items = await parseAndRun('hsLookup', ClassifyInput, body, (input) => classifyProduct(input.description, currentLocale()))
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        items: items.map((item) => ({
          heading: codeWire(item.heading),
          subheading: item.subheading ? codeWire(item.subheading) : null,
          score: item.score,
          reasons: item.reasons,
        })),
      },
      200,
    )
  })
}

const codeWire = (code: HsCodeSummary) => ({
  code: code.code,
  level: code.level,
  section: code.section,
  description: code.description,
  fallback: code.fallback,
})
