import { createRoute, z } from '@hono/zod-openapi'
import type { ApiRouter } from '../../platform/api/api-env'
import type { Context } from 'hono'
import { requireCompany } from '../../platform/member-roles'
import { FILE_PURPOSES, FileListQuery, UploadFileInput } from './index'
import { withFileUrls } from './file-urls'
import { deleteFile, getFile, listFiles, openFile, uploadFile, type FileVariant, type StoredFile } from './index.server'
import type { ServiceContext } from '../../platform/actor'
import { AppError, isAppError } from '../../platform/errors'
import { uploadFromForm } from '../../platform/files/upload-form.server'
import { translator } from '../../platform/i18n/translate.server'
import { fieldErrorsOf } from '../../platform/validation'
import { optionalServiceContext, serviceContext } from '../../platform/api/caller.server'
import { sendDownload } from '../../platform/api/file-responses.server'
import { access, errorResponses, ErrorSchema, IdParam, jsonResponse, pageSchema, SIGNED_IN } from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'

const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })
const BINARY = { type: 'string', format: 'binary' } as const

const FileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    purpose: z.enum(FILE_PURPOSES),
    has_thumbnail: z.boolean(),
    content_url: z.string(),
    thumbnail_url: z.string().nullable(),
    uploaded_by: z.string().nullable(),
    company_id: z.string(),
    created_at: z.string(),
  })
  .openapi('File')

/** The multipart body of an upload: documented here, read by hand so authentication comes before the body. */
const UploadFileBody = z
  .object({
    file: z.string().openapi({ ...BINARY, description: 'The file. Its type is sniffed from the content and must match its name’s extension.' }),
    purpose: z.enum(FILE_PURPOSES).openapi({
      description:
        'logo, banner, factory_photo and product_image: PNG, JPEG, WebP (5 MB). certification and verification: also PDF (10 MB). attachment: also XLSX and DOCX.',
    }),
  })
  .openapi('UploadFile', { example: { file: 'factory-gate.png', purpose: 'factory_photo' } })

const tags = ['Files']

const downloadResponses = (description: string) => ({
  200: { description, content: { 'application/octet-stream': { schema: BINARY } } },
  304: { description: 'Unchanged since the ETag in If-None-Match' },
  400: errorResponses[400],
  401: error('A bearer token or session cookie was sent but is not valid'),
  404: errorResponses[404],
})

const routes = {
  upload: createRoute({
    method: 'post',
    path: '/v1/files',
    tags,
    summary: 'Upload a file for the active company (any member)',
    description:
      'multipart/form-data with the fields `file` and `purpose`. The type is sniffed from the bytes (an .exe renamed .png is refused with 415 file_type_not_allowed); too large → 413 file_too_large with details.limitMb; empty → 422. Images get a 320 px WebP thumbnail. Nothing is stored unless the whole upload succeeds.',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    request: {
      headers: IdempotencyHeader,
      body: { required: true, content: { 'multipart/form-data': { schema: { $ref: '#/components/schemas/UploadFile' } } } },
    },
    responses: {
      201: jsonResponse(FileSchema, 'The stored file'),
      400: errorResponses[400],
      402: { ...errorResponses[402], description: 'plan_limit_reached: the file would pass the plan’s storage (details.key storage_bytes)' },
      401: errorResponses[401],
      403: errorResponses[403],
      413: error('The file is larger than its type’s limit (file_too_large, details.limitMb) or the body over the request limit (payload_too_large)'),
      409: errorResponses[409],
      415: error('Not multipart/form-data (unsupported_media_type), or a type the purpose does not accept or a name that disguises it (file_type_not_allowed)'),
      422: errorResponses[422],
      503: error('File storage is unavailable'),
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/v1/files',
    tags,
    summary: 'The active company’s files by name (limit 100 by default and at most, offset 0), optionally of one purpose',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    request: { query: FileListQuery },
    responses: {
      200: jsonResponse(pageSchema(FileSchema), 'A page of files'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/files/{id}',
    tags,
    summary: 'A file’s metadata (members of its company; platform admins: any)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(FileSchema, 'The file'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  content: createRoute({
    method: 'get',
    path: '/v1/files/{id}/content',
    tags,
    summary:
      'A file’s bytes. Public: a company’s logo and factory photos are served to anyone; every other file answers 404 to all but its company’s members and platform admins',
    description:
      'Served with its stored type, Content-Disposition (inline for images and PDF), X-Content-Type-Options: nosniff, Cache-Control max-age=3600 (public for company imagery, private otherwise) and an ETag; If-None-Match answers 304.',
    security: [{}, ...SIGNED_IN],
    ...access({ level: 'public' }),
    request: { params: IdParam },
    responses: downloadResponses('The bytes'),
  }),
  thumbnail: createRoute({
    method: 'get',
    path: '/v1/files/{id}/thumbnail',
    tags,
    summary: 'An image’s 320 px WebP thumbnail, readable like its content (public imagery to anyone, other files 404 to strangers); 404 when there is none',
    security: [{}, ...SIGNED_IN],
    ...access({ level: 'public' }),
    request: { params: IdParam },
    responses: downloadResponses('The thumbnail (image/webp)'),
  }),
  remove: createRoute({
    method: 'delete',
    path: '/v1/files/{id}',
    tags,
    summary: 'Delete a file: its uploader, or an admin or owner of the company',
    description: 'A file of a pending supplier verification application cannot be deleted until the review ends (409).',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 204: { description: 'Deleted' }, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409] },
  }),
}

/** A file's record with the links to its content and thumbnail, which are computed from its id. */
const fileWire = (file: StoredFile) => toWire(FileSchema, withFileUrls(file))

/** Field errors of the upload form, translated (their keys live in the `ui` catalog). */
function uploadFieldError(ctx: ServiceContext, fields: Record<string, string[]>): AppError {
  const t = translator(ctx.locale, 'ui')
  return new AppError('validation_failed', 'Validation failed', {
    fields: Object.fromEntries(Object.entries(fields).map(([field, keys]) => [field, keys.map((key) => t(key))])),
  })
}

async function readUploadForm(c: Context, ctx: ServiceContext) {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data')
  const form = await c.req.formData().catch(() => {
    throw new AppError('bad_request', 'Malformed multipart body')
  })
  const fields = UploadFileInput.safeParse({ purpose: form.get('purpose') ?? undefined })
  const upload = await uploadFromForm(form.get('file'))
  if (!fields.success || !upload) {
    const problems = fields.success ? {} : fieldErrorsOf(fields.error)
    throw uploadFieldError(ctx, upload ? problems : { ...problems, file: ['validation.fileRequired'] })
  }
  return { purpose: fields.data.purpose, ...upload }
}

async function download(c: Context, variant: FileVariant): Promise<Response> {
  const viewer = await optionalServiceContext(c)
  const file = await openFile(viewer, c.req.param('id') ?? '', variant)
  const name = variant === 'thumbnail' ? file.file.name.replace(/\.[^.]+$/, '.webp') : file.file.name
  return sendDownload(c, { name, contentType: file.contentType, etag: file.etag, inline: file.inline, read: file.read }, file.cacheScope)
}

export function registerFileRoutes(api: ApiRouter) {
  api.openAPIRegistry.register('UploadFile', UploadFileBody)

  api.openapi(routes.upload, async (c) => {
    const ctx = await serviceContext(c)
    // A caller without a company is refused before their upload is read.
    requireCompany(ctx.actor)
    const idempotency = idempotencyOf(c)
    const upload = await readUploadForm(c, ctx)
    try {
      return c.json(fileWire(await uploadFile(ctx, upload, idempotency)), 201)
    } catch (thrown) {
      const fields = isAppError(thrown) && thrown.code === 'validation_failed' ? (thrown.details?.fields as Record<string, string[]> | undefined) : undefined
      throw fields ? uploadFieldError(ctx, fields) : thrown
    }
  })

  api.openapi(routes.list, async (c) => {
    const page = await listFiles(await serviceContext(c), c.req.valid('query'))
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map(fileWire), total: page.total, limit: page.limit, offset: page.offset }, 200)
  })

  api.openapi(routes.get, async (c) => c.json(fileWire(await getFile(await serviceContext(c), c.req.valid('param').id)), 200))

  api.openapi(routes.content, (c) => download(c, 'original'))
  api.openapi(routes.thumbnail, (c) => download(c, 'thumbnail'))

  api.openapi(routes.remove, async (c) => {
    await deleteFile(await serviceContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
}
