import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import {
  AddApprovedSupplierInput,
  AddShortlistInput,
  APPROVAL_STATUSES,
  ApprovedListQuery,
  BenchmarkQuery,
  ShortlistNoteInput,
  SupplierSearchQuery,
  UpdateApprovedSupplierInput,
} from './index'
import {
  addApprovedSupplier,
  addToShortlist,
  getShortlist,
  listApprovedSuppliers,
  priceBenchmarks,
  removeApprovedSupplier,
  removeFromShortlist,
  searchSupplierOptions,
  setShortlistNote,
  updateApprovedSupplier,
  type ApprovedSupplier,
} from './index.server'
import { companyServiceContext } from '../companies/index.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { bodyRef, camelCaseKeys, errorResponses, IdParam, jsonResponse, memberAccess, SIGNED_IN, snakeCaseBodySchema } from '../../platform/api/schemas'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { toWire } from '../../platform/api/wire'

const decimal = (description: string) =>
  z
    .string()
    .nullable()
    .openapi({ description: `${description} (exact decimal as a string; null without prices)`, example: '12.5000' })
const Approval = z.enum(APPROVAL_STATUSES).nullable().openapi({ description: 'The caller’s approved-supplier list status (null: not on the list)' })

const ShortlistEntrySchema = z
  .object({
    supplier_id: z.string(),
    name: z.string(),
    country: z.string(),
    verified: z.boolean(),
    main_products: z.array(z.string()),
    approval: Approval,
    note: z.string(),
    added_by_name: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('ShortlistEntry')

const ShortlistSchema = z
  .object({
    project: z.object({
      id: z.string(),
      number: z.string(),
      name: z.string(),
      status: z.string(),
      editable: z.boolean().openapi({ description: 'false once the project is closed or cancelled' }),
    }),
    entries: z.array(ShortlistEntrySchema),
  })
  .openapi('Shortlist')

const ApprovedSupplierSchema = z
  .object({
    supplier_id: z.string(),
    name: z.string(),
    country: z.string(),
    verified: z.boolean(),
    status: z.enum(APPROVAL_STATUSES),
    note: z.string(),
    documents: z.array(z.object({ id: z.string(), name: z.string(), content_type: z.string(), size_bytes: z.number().int(), content_url: z.string() })),
    updated_by_name: z.string().nullable(),
    updated_at: z.string(),
  })
  .openapi('ApprovedSupplier')

const SupplierOptionSchema = z
  .object({ id: z.string(), name: z.string(), country: z.string(), verified: z.boolean(), approval: Approval })
  .openapi('SupplierOption')

const StatsSchema = z.object({
  count: z.number().int(),
  min: decimal('Lowest unit price'),
  p25: decimal('25th percentile unit price (interpolated between neighbours, as percentile_cont)'),
  median: decimal('Median unit price'),
  p75: decimal('75th percentile unit price (interpolated between neighbours, as percentile_cont)'),
  max: decimal('Highest unit price'),
})
const BenchmarkSchema = z
  .object({
    currency: z.string(),
    rates_as_of: z.string().nullable().openapi({ description: 'The reference rates used for conversion' }),
    hs_code: z.string().nullable(),
    hs_description: z.string().nullable(),
    category_id: z.string().nullable(),
    category_name: z.string().nullable(),
    quotations: StatsSchema.openapi({ description: 'Unit prices of submitted and accepted quotations on the caller’s own RFQs' }),
    catalogue: StatsSchema.openapi({ description: 'Base unit prices of published catalogue products' }),
    combined: StatsSchema,
    trend: z.array(z.object({ month: z.string().openapi({ example: '2026-11' }), quotations: StatsSchema, catalogue: StatsSchema, combined: StatsSchema })),
    unconverted: z.number().int().openapi({ description: 'Prices left out for want of an exchange rate' }),
  })
  .openapi('PriceBenchmark')

const ShortlistParams = z.object({ id: z.string().min(1).max(64), supplierId: z.string().min(1).max(64) })
const SupplierParam = z.object({ supplierId: z.string().min(1).max(64) })

const BODIES = {
  AddShortlistEntry: snakeCaseBodySchema(AddShortlistInput, { supplier_company_id: 'b3c1…', note: 'Quoted fast last year' }),
  ShortlistNote: snakeCaseBodySchema(ShortlistNoteInput, { note: 'Ask for UL certificates' }),
  AddApprovedSupplier: snakeCaseBodySchema(AddApprovedSupplierInput, {
    supplier_company_id: 'b3c1…',
    status: 'trial',
    note: 'First order on trial',
    document_file_ids: [],
  }),
  UpdateApprovedSupplier: snakeCaseBodySchema(UpdateApprovedSupplierInput, { status: 'approved', note: 'Audit passed', document_file_ids: [] }),
}

/** An approved supplier with the download link of each document. */
const approvedWire = (supplier: ApprovedSupplier) =>
  toWire(ApprovedSupplierSchema, {
    ...supplier,
    documents: supplier.documents.map((file) => ({ ...file, contentUrl: `/api/v1/files/${file.id}/content` })),
  })

const tags = ['Sourcing']
const write = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422] }
const read = { 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] }

const routes = {
  shortlist: createRoute({
    method: 'get',
    path: '/v1/projects/{id}/shortlist',
    tags,
    summary: 'A project’s shortlisted suppliers with the buyer’s notes, verification and approved-list status',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(ShortlistSchema, 'The shortlist'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  addShortlist: createRoute({
    method: 'post',
    path: '/v1/projects/{id}/shortlist',
    tags,
    summary: 'Put a supplying company on the project’s shortlist',
    description:
      'A supplier already on it is 409 conflict; a blocked supplier (approved-supplier list) or a company that does not supply is 422; a closed or cancelled project is 409 invalid_transition.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('AddShortlistEntry') },
    responses: { 201: jsonResponse(ShortlistEntrySchema, 'The new entry'), ...write },
  }),
  noteShortlist: createRoute({
    method: 'put',
    path: '/v1/projects/{id}/shortlist/{supplierId}',
    tags,
    summary: 'Replace the buyer’s note on a shortlisted supplier',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: ShortlistParams, body: bodyRef('ShortlistNote') },
    responses: { 200: jsonResponse(ShortlistEntrySchema, 'The entry'), ...write },
  }),
  removeShortlist: createRoute({
    method: 'delete',
    path: '/v1/projects/{id}/shortlist/{supplierId}',
    tags,
    summary: 'Take a supplier off the project’s shortlist',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: ShortlistParams },
    responses: { 204: { description: 'Removed' }, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409] },
  }),
  approvedList: createRoute({
    method: 'get',
    path: '/v1/approved-suppliers',
    tags,
    summary: 'The company’s approved-supplier list (approved, on trial, blocked), by supplier name',
    security: SIGNED_IN,
    ...memberAccess(),
    request: {
      query: z.object({
        status: z.enum(APPROVAL_STATUSES).optional(),
        q: z.string().max(100).optional().openapi({ description: 'Searches supplier names' }),
        limit: z.string().max(6).optional().openapi({ description: '1–100, default 25' }),
        offset: z.string().max(8).optional().openapi({ description: 'default 0' }),
      }),
    },
    responses: {
      200: jsonResponse(
        z.object({
          items: z.array(ApprovedSupplierSchema),
          total: z.number().int(),
          limit: z.number().int(),
          offset: z.number().int(),
          counts: z.record(z.string(), z.number().int()),
        }),
        'A page of listed suppliers',
      ),
      ...read,
    },
  }),
  addApproved: createRoute({
    method: 'post',
    path: '/v1/approved-suppliers',
    tags,
    summary: 'Put a supplier on the approved-supplier list with a status, a note and documents',
    description: 'Documents are files of the caller’s company uploaded as attachment or certification. A supplier already listed is 409 conflict.',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('AddApprovedSupplier') },
    responses: { 201: jsonResponse(ApprovedSupplierSchema, 'The listed supplier'), ...write },
  }),
  updateApproved: createRoute({
    method: 'put',
    path: '/v1/approved-suppliers/{supplierId}',
    tags,
    summary: 'Change a listed supplier’s status, note and documents (replaced as a whole)',
    security: SIGNED_IN,
    ...memberAccess('supplierId'),
    request: { params: SupplierParam, body: bodyRef('UpdateApprovedSupplier') },
    responses: { 200: jsonResponse(ApprovedSupplierSchema, 'The listed supplier'), ...write },
  }),
  removeApproved: createRoute({
    method: 'delete',
    path: '/v1/approved-suppliers/{supplierId}',
    tags,
    summary: 'Take a supplier off the approved-supplier list',
    security: SIGNED_IN,
    ...memberAccess('supplierId'),
    request: { params: SupplierParam },
    responses: { 204: { description: 'Removed' }, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  supplierSearch: createRoute({
    method: 'get',
    path: '/v1/supplier-search',
    tags,
    summary: 'Supplying companies by name or main products, verified first, with the caller’s approved-list status (the supplier selector)',
    security: SIGNED_IN,
    ...memberAccess(),
    request: {
      query: z.object({
        q: z.string().max(100).optional().openapi({ example: 'lamp' }),
        limit: z.string().max(3).optional().openapi({ description: '1–25, default 10' }),
      }),
    },
    responses: { 200: jsonResponse(z.object({ items: z.array(SupplierOptionSchema) }), 'Matching suppliers'), ...read },
  }),
  benchmarks: createRoute({
    method: 'get',
    path: '/v1/price-benchmarks',
    tags,
    summary: 'Unit price benchmarks for an HS heading/subheading and/or a category: min, quartiles, max, and the same per month',
    description:
      'From the caller’s own submitted and accepted quotations (never another buyer’s; sealed quotes only after their deadline) and published catalogue base prices, converted to `currency` with the reference rates. hs_code or category is required.',
    security: SIGNED_IN,
    ...memberAccess(),
    request: {
      query: z.object({
        hs_code: z.string().max(6).optional().openapi({ description: '4 or 6 digits', example: '9405' }),
        category: z.string().max(64).optional().openapi({ example: 'lighting' }),
        currency: z.string().max(3).optional().openapi({ description: 'ISO 4217, default USD', example: 'EUR' }),
      }),
    },
    responses: { 200: jsonResponse(BenchmarkSchema, 'The benchmark'), ...read },
  }),
}

export function registerShortlistRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.shortlist, async (c) => {
    const ctx = await companyServiceContext(c)
    const shortlist = await getShortlist(ctx, c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(ShortlistSchema, shortlist), 200)
  })

  api.openapi(routes.addShortlist, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const entry = await parseAndRun('sourcing', AddShortlistInput, body, (input) => addToShortlist(ctx, c.req.valid('param').id, input, idempotencyOf(c)))
    return c.json(toWire(ShortlistEntrySchema, entry), 201)
  })

  api.openapi(routes.noteShortlist, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, supplierId } = c.req.valid('param')
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      toWire(ShortlistEntrySchema, await parseAndRun('sourcing', ShortlistNoteInput, body, (input) => setShortlistNote(ctx, id, supplierId, input))),
      200,
    )
  })

  api.openapi(routes.removeShortlist, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, supplierId } = c.req.valid('param')
    await removeFromShortlist(ctx, id, supplierId)
    return c.body(null, 204)
  })

  api.openapi(routes.approvedList, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('sourcing', ApprovedListQuery, c.req.query(), async (input) => input)
    const page = await listApprovedSuppliers(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map(approvedWire), total: page.total, limit: query.limit, offset: query.offset, counts: page.counts }, 200)
  })

  api.openapi(routes.addApproved, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      approvedWire(await parseAndRun('sourcing', AddApprovedSupplierInput, body, (input) => addApprovedSupplier(ctx, input, idempotencyOf(c)))),
      201,
    )
  })

  api.openapi(routes.updateApproved, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      approvedWire(
        await parseAndRun('sourcing', UpdateApprovedSupplierInput, body, (input) => updateApprovedSupplier(ctx, c.req.valid('param').supplierId, input)),
      ),
      200,
    )
  })

  api.openapi(routes.removeApproved, async (c) => {
    const ctx = await companyServiceContext(c)
    await removeApprovedSupplier(ctx, c.req.valid('param').supplierId)
    return c.body(null, 204)
  })

  api.openapi(routes.supplierSearch, async (c) => {
    const ctx = await companyServiceContext(c)
    const items = await parseAndRun('sourcing', SupplierSearchQuery, c.req.query(), (query) => searchSupplierOptions(ctx, query))
    c.header('Cache-Control', 'no-store')
    return c.json({ items: items.map((option) => toWire(SupplierOptionSchema, option)) }, 200)
  })

  api.openapi(routes.benchmarks, async (c) => {
    const ctx = await companyServiceContext(c)
    const raw = c.req.query()
    const benchmark = await parseAndRun('sourcing', BenchmarkQuery, { hsCode: raw.hs_code, category: raw.category, currency: raw.currency }, (query) =>
      priceBenchmarks(ctx, query),
    )
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(BenchmarkSchema, benchmark), 200)
  })
}
