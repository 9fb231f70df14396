import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { CreateImportInput, EXPORT_FORMATS, IMPORT_COLUMNS, IMPORT_JOB_STATUSES, type ImportRowError, PRODUCT_STATUSES } from './index'
import {
  createImport,
  dryRunImport,
  exportProducts,
  getImport,
  importErrorReport,
  listImports,
  previewImport,
  setImportMapping,
  startImport,
  type ImportJob,
} from './index.server'
import { translator } from '../../platform/i18n/translate.server'
import { currentLocale } from '../../platform/request-scope.server'
import { serviceContext } from '../../platform/api/caller.server'
import { readJsonBody, withFieldMessages } from '../../platform/api/errors.server'
import {
  access,
  bodyRef,
  camelCaseKeys,
  ErrorSchema,
  errorResponses,
  IdParam,
  jsonResponse,
  PageQuery,
  pageSchema,
  SIGNED_IN,
  snakeCaseBodySchema,
  snakeCaseName,
} from '../../platform/api/schemas'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { toWire } from '../../platform/api/wire'

const MappingSchema = z
  .record(z.string(), z.string())
  .openapi({ description: 'Import column → header of the file', example: { sku: 'SKU', name_en: 'Product name', category: 'Category' } })

const ImportJobSchema = z
  .object({
    id: z.string(),
    file_name: z.string(),
    status: z.enum(IMPORT_JOB_STATUSES),
    mapping: MappingSchema,
    total_rows: z.number().int(),
    processed_rows: z.number().int(),
    created_count: z.number().int(),
    updated_count: z.number().int(),
    error_count: z.number().int(),
    failure_reason: z.string().nullable().openapi({ description: 'Why a failed import failed (code)' }),
    failure_message: z.string().nullable().openapi({ description: 'The reason in the caller’s language' }),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    headers: z.array(z.string()).optional().openapi({ description: 'The file’s header row (when the import is created)' }),
  })
  .openapi('ProductImport')

const RowErrorSchema = z
  .object({
    row: z.number().int().openapi({ description: 'Spreadsheet row; the header is row 1' }),
    column: z.string(),
    value: z.string(),
    code: z.string(),
    message: z.string(),
  })
  .openapi('ProductImportRowError')

const PreviewSchema = z
  .object({
    headers: z.array(z.string()),
    mapping: MappingSchema,
    rows: z.array(z.object({ row: z.number().int(), cells: z.record(z.string(), z.string()) })),
    errors: z.array(RowErrorSchema),
    error_count: z.number().int(),
    total_rows: z.number().int(),
  })
  .openapi('ProductImportPreview')

const DryRunSchema = z
  .object({
    total_rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    errors: z.array(RowErrorSchema),
    error_count: z.number().int(),
  })
  .openapi('ProductImportDryRun')

const MappingBody = z.object({ mapping: z.partialRecord(z.enum(IMPORT_COLUMNS), z.string().max(200)) })
const BODIES = {
  CreateProductImport: snakeCaseBodySchema(CreateImportInput, { file_id: '00000000-0000-4000-8000-000000000000' }),
  ProductImportMapping: snakeCaseBodySchema(MappingBody, {
    mapping: { sku: 'SKU', name_en: 'Product name', category: 'Category', origin_country: 'Origin', unit: 'Unit', moq: 'MOQ' },
  }),
}

const text = (description: string, type: string) => ({ description, content: { [type]: { schema: { type: 'string' as const } } } })
const fileResponse = (description: string) => ({
  description,
  content: {
    'text/csv': { schema: { type: 'string' as const, format: 'binary' } },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string' as const, format: 'binary' } },
  },
})

/** An import with the reason of a failure in the caller's language. */
function jobWire(job: ImportJob & { headers?: string[] }) {
  const failureMessage = job.failureReason ? translator(currentLocale(), 'productImport')(job.failureReason) : null
  return toWire(ImportJobSchema, { ...job, failureMessage })
}

/** Row errors name the column and the message's catalog key (code) beside its translation. */
function rowErrors(errors: ImportRowError[]) {
  const t = translator(currentLocale(), 'productImport')
  return errors.map((error) => ({ row: error.row, column: error.field, value: error.value ?? '', code: error.message, message: t(error.message) }))
}

const tags = ['Product imports']
const importerAccess = (resource?: 'id') => access({ level: 'company', minRole: 'admin', ...(resource ? { resource } : {}) })
const SUPPLIERS_ONLY = 'Admins and owners of a supplying company.'

const routes = {
  create: createRoute({
    method: 'post',
    path: '/v1/product-imports',
    tags,
    summary: 'Open an import of a CSV or XLSX file uploaded to /v1/files with purpose product_import',
    description: `${SUPPLIERS_ONLY} Answers the file’s headers and a mapping guessed from them (English or Chinese header names). A file of more than 200,000 rows is refused (422); CSV must be UTF-8.`,
    security: SIGNED_IN,
    ...importerAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateProductImport') },
    responses: {
      201: jsonResponse(ImportJobSchema, 'The new import'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
      415: { description: 'The file is not CSV or XLSX', content: { 'application/json': { schema: ErrorSchema } } },
      422: errorResponses[422],
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/v1/product-imports',
    tags,
    summary: 'The company’s imports, newest first',
    description: SUPPLIERS_ONLY,
    security: SIGNED_IN,
    ...importerAccess(),
    request: { query: PageQuery },
    responses: {
      200: jsonResponse(pageSchema(ImportJobSchema), 'A page of imports'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  byId: createRoute({
    method: 'get',
    path: '/v1/product-imports/{id}',
    tags,
    summary: 'One import with its progress (processed_rows grows while it runs)',
    description: SUPPLIERS_ONLY,
    security: SIGNED_IN,
    ...importerAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(ImportJobSchema, 'The import'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  mapping: createRoute({
    method: 'put',
    path: '/v1/product-imports/{id}/mapping',
    tags,
    summary: 'Set which header each column comes from (before the import starts)',
    description: `${SUPPLIERS_ONLY} sku, name_en, category, origin_country, unit and moq are required; a header may be used once. A started import is a 409.`,
    security: SIGNED_IN,
    ...importerAccess('id'),
    request: { params: IdParam, body: bodyRef('ProductImportMapping') },
    responses: {
      200: jsonResponse(ImportJobSchema, 'The import'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  preview: createRoute({
    method: 'get',
    path: '/v1/product-imports/{id}/preview',
    tags,
    summary: 'The first 20 rows as mapped, and every row’s errors (the first 10,000)',
    description: SUPPLIERS_ONLY,
    security: SIGNED_IN,
    ...importerAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(PreviewSchema, 'The preview'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  dryRun: createRoute({
    method: 'post',
    path: '/v1/product-imports/{id}/dry-run',
    tags,
    summary: 'Check every row and count the products that would be created and updated (by SKU); changes no product',
    description: SUPPLIERS_ONLY,
    security: SIGNED_IN,
    ...importerAccess('id'),
    request: { params: IdParam },
    responses: {
      200: jsonResponse(DryRunSchema, 'What the import would do'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
    },
  }),
  start: createRoute({
    method: 'post',
    path: '/v1/product-imports/{id}/start',
    tags,
    summary: 'Start the import in the background; refused (422, details.errorCount) while any row is invalid',
    description: `${SUPPLIERS_ONLY} All rows are applied in one transaction: a failed import changes nothing. Poll GET /v1/product-imports/{id} for progress. An import interrupted by a restart runs again from its file.`,
    security: SIGNED_IN,
    ...importerAccess('id'),
    request: { params: IdParam },
    responses: {
      202: jsonResponse(ImportJobSchema, 'The running import'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  errors: createRoute({
    method: 'get',
    path: '/v1/product-imports/{id}/errors.csv',
    tags,
    summary: 'The import’s row errors as CSV (row, column, value, message) in the caller’s language',
    description: SUPPLIERS_ONLY,
    security: SIGNED_IN,
    ...importerAccess('id'),
    request: { params: IdParam },
    responses: { 200: text('The error report', 'text/csv'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  export: createRoute({
    method: 'get',
    path: '/v1/product-export',
    tags,
    summary: 'All the company’s products (or those of one status) as CSV or XLSX, with the import’s columns',
    description: `${SUPPLIERS_ONLY} The file re-imports as it is.`,
    security: SIGNED_IN,
    ...importerAccess(),
    request: { query: z.object({ format: z.enum(EXPORT_FORMATS).default('csv'), status: z.enum(PRODUCT_STATUSES).optional() }) },
    responses: { 200: fileResponse('The export'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
}

const download = (name: string) => ({
  'Content-Disposition': `attachment; filename="${name}"`,
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
})

export function registerImportRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    const body = camelCaseKeys(await readJsonBody(c)) as Partial<CreateImportInput>
    const job = await withFieldMessages('productImport', () => createImport(ctx, { fileId: body.fileId ?? '' }, idempotencyOf(c)), snakeCaseName)
    return c.json(jobWire(job), 201)
  })

  api.openapi(routes.list, async (c) => {
    const page = await listImports(await serviceContext(c), c.req.valid('query'))
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map((job) => jobWire(job)), total: page.total, limit: page.limit, offset: page.offset }, 200)
  })

  api.openapi(routes.byId, async (c) => {
    const job = await getImport(await serviceContext(c), c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json(jobWire(job), 200)
  })

  api.openapi(routes.mapping, async (c) => {
    const ctx = await serviceContext(c)
    const body = (await readJsonBody(c)) as { mapping?: unknown }
    const mapping = body.mapping && typeof body.mapping === 'object' ? body.mapping : {}
    const job = await withFieldMessages('productImport', () => setImportMapping(ctx, c.req.valid('param').id, mapping))
    return c.json(jobWire(job), 200)
  })

  api.openapi(routes.preview, async (c) => {
    const preview = await previewImport(await serviceContext(c), c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(PreviewSchema, { ...preview, errors: rowErrors(preview.errors) }), 200)
  })

  api.openapi(routes.dryRun, async (c) => {
    const result = await dryRunImport(await serviceContext(c), c.req.valid('param').id)
    return c.json(toWire(DryRunSchema, { ...result, errors: rowErrors(result.errors) }), 200)
  })

  api.openapi(routes.start, async (c) => {
    const ctx = await serviceContext(c)
    const job = await withFieldMessages('productImport', () => startImport(ctx, c.req.valid('param').id))
    return c.json(jobWire(job), 202)
  })

  api.openapi(routes.errors, async (c) => {
    const report = await importErrorReport(await serviceContext(c), c.req.valid('param').id)
    return c.body(report.csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', ...download(report.fileName) })
  })

  api.openapi(routes.export, async (c) => {
    const file = await exportProducts(await serviceContext(c), c.req.valid('query'))
    return c.body(new Uint8Array(file.bytes), 200, { 'Content-Type': file.contentType, ...download(file.fileName) })
  })
}
