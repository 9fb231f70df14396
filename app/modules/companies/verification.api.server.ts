import { createRoute, z } from '@hono/zod-openapi'
import type { ApiRouter } from '../../platform/api/api-env'
import type * as zod from 'zod'
import {
  APPLICATION_FILTER_STATUSES,
  APPLICATION_STATUSES,
  ApplicationQuery,
  COMPANY_KINDS,
  DECISIONS,
  DecisionInput,
  requirePlatformAdmin,
  requireRole,
  SubmitApplicationInput,
  SUPPLIER_TYPES,
  UpdateSupplierProfileInput,
  VERIFICATION_STATUSES,
} from './index'
import { fileContentUrl, withFileUrls } from '../kernel/index'
import {
  decideApplication,
  getApplication,
  getSupplierProfile,
  listApplications,
  myApplications,
  submitApplication,
  updateSupplierProfile,
  type ApplicationDetail,
  type SupplierProfile,
} from './index.server'
import type { ServiceContext } from '../../platform/actor'
import { AppError, isAppError } from '../../platform/errors'
import { translator } from '../../platform/i18n/translate.server'
import { fieldErrorsOf } from '../../platform/validation'
import { serviceContext } from '../../platform/api/caller.server'
import { readJsonBody } from '../../platform/api/errors.server'
import { access, bodyRef, errorResponses, IdParam, jsonResponse, pageSchema, SIGNED_IN } from '../../platform/api/schemas'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { toWire } from '../../platform/api/wire'

const FileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    content_url: z.string(),
    thumbnail_url: z.string().nullable(),
  })
  .openapi('SupplierFile')

const DescriptionSchema = z
  .object({ en: z.string().optional(), 'zh-Hans': z.string().optional(), 'zh-Hant': z.string().optional() })
  .openapi({ description: 'Per product locale' })

const SupplierProfileSchema = z
  .object({
    company_id: z.string(),
    display_name: z.string(),
    kind: z.enum(COMPANY_KINDS),
    supplier_type: z.enum(SUPPLIER_TYPES).nullable(),
    capabilities: z.array(z.string()),
    export_markets: z.array(z.string()).openapi({ description: 'ISO 3166-1 alpha-2 codes' }),
    description: DescriptionSchema,
    factory_photos: z.array(FileSchema),
    banner_file_id: z.string().nullable().openapi({ description: 'The profile banner (a public file of purpose banner), or null' }),
    verification_status: z.enum(VERIFICATION_STATUSES),
    verified_at: z.string().nullable(),
  })
  .openapi('SupplierProfile')

const MyApplicationSchema = z
  .object({
    id: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    supplier_type: z.enum(SUPPLIER_TYPES),
    document_count: z.number().int(),
    message: z.string(),
    submitted_at: z.string(),
    submitted_by_name: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    review_note: z.string().nullable(),
  })
  .openapi('SupplierApplication')

const PersonSchema = z.object({ name: z.string().nullable(), email: z.string().nullable() })

const QueueItemSchema = z
  .object({
    id: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    supplier_type: z.enum(SUPPLIER_TYPES),
    document_count: z.number().int(),
    submitted_at: z.string(),
    reviewed_at: z.string().nullable(),
    submitted_by: PersonSchema,
    company: z.object({ id: z.string(), name: z.string(), legal_name: z.string(), country: z.string(), verification_status: z.enum(VERIFICATION_STATUSES) }),
  })
  .openapi('VerificationQueueItem')

const ReviewDetailSchema = z
  .object({
    id: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    supplier_type: z.enum(SUPPLIER_TYPES),
    message: z.string(),
    submitted_at: z.string(),
    submitted_by: PersonSchema,
    reviewed_at: z.string().nullable(),
    reviewed_by_name: z.string().nullable(),
    review_note: z.string().nullable(),
    documents: z.array(FileSchema),
    company: z.object({
      id: z.string(),
      display_name: z.string(),
      legal_name: z.string(),
      kind: z.enum(COMPANY_KINDS),
      country: z.string(),
      city: z.string(),
      website: z.string().nullable(),
      size: z.string().nullable(),
      year_founded: z.number().int().nullable(),
      main_products: z.array(z.string()),
      main_markets: z.array(z.string()),
      capabilities: z.array(z.string()),
      export_markets: z.array(z.string()),
      description: DescriptionSchema,
      verification_status: z.enum(VERIFICATION_STATUSES),
      verified_at: z.string().nullable(),
      created_at: z.string(),
    }),
    factory_photos: z.array(FileSchema),
    certifications: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        issuer: z.string(),
        certificate_number: z.string(),
        valid_until: z.string().nullable(),
        file_url: z.string().nullable(),
      }),
    ),
    previous: z.array(
      z.object({
        id: z.string(),
        status: z.enum(APPLICATION_STATUSES),
        supplier_type: z.enum(SUPPLIER_TYPES),
        submitted_at: z.string(),
        reviewed_at: z.string().nullable(),
        reviewed_by_name: z.string().nullable(),
        review_note: z.string().nullable(),
      }),
    ),
  })
  .openapi('VerificationReview')

const DecisionResultSchema = z
  .object({ id: z.string(), status: z.enum(APPLICATION_STATUSES), reviewed_at: z.string().nullable(), review_note: z.string().nullable() })
  .openapi('VerificationDecisionResult')

const UpdateSupplierProfileBody = z
  .object({
    supplier_type: z.enum(SUPPLIER_TYPES).optional(),
    capabilities: z.array(z.string()).optional(),
    export_markets: z.array(z.string()).optional().openapi({ description: 'ISO 3166-1 alpha-2 codes' }),
    factory_photo_file_ids: z
      .array(z.string())
      .optional()
      .openapi({ description: 'Files of the company uploaded with purpose factory_photo, in display order' }),
    banner_file_id: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: 'A file of the company uploaded with purpose banner, shown across the top of the public profile; null removes it' }),
    description: DescriptionSchema.optional(),
  })
  .openapi('UpdateSupplierProfile', {
    description: 'Only the fields given change; an empty description text clears it. A supplier type makes a buying company buy and supply.',
    example: {
      supplier_type: 'manufacturer',
      capabilities: ['Injection moulding', 'OEM'],
      export_markets: ['US', 'DE'],
      description: { en: 'LED lighting factory in Shenzhen.' },
    },
  })

const SubmitApplicationBody = z
  .object({
    supplier_type: z.enum(SUPPLIER_TYPES),
    document_file_ids: z.array(z.string()).openapi({ description: 'Files of the company uploaded with purpose verification (business licence…)' }),
    message: z.string().optional(),
  })
  .openapi('SubmitSupplierApplication', {
    example: {
      supplier_type: 'manufacturer',
      document_file_ids: ['00000000-0000-4000-8000-000000000000'],
      message: 'Business licence and ISO 9001 certificate attached.',
    },
  })

const DecisionBody = z
  .object({ decision: z.enum(DECISIONS), note: z.string().optional().openapi({ description: 'Required to reject; the supplier reads it' }) })
  .openapi('VerificationDecision', { example: { decision: 'reject', note: 'The business licence has expired; please upload the renewed one.' } })

const QueueQuery = z.object({
  status: z.enum(APPLICATION_FILTER_STATUSES).optional().openapi({ description: 'Defaults to pending' }),
  supplier_type: z.enum(SUPPLIER_TYPES).optional(),
  country: z.string().length(2).optional().openapi({ description: 'The company’s country (ISO 3166-1 alpha-2)' }),
  q: z.string().max(100).optional().openapi({ description: 'Part of the company’s display or legal name' }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})

/** Who submitted an application, as the API nests it. */
const submittedBy = (application: { submittedByName: string | null; submittedByEmail: string | null }) => ({
  name: application.submittedByName,
  email: application.submittedByEmail,
})

const profileWire = (profile: SupplierProfile) => toWire(SupplierProfileSchema, { ...profile, factoryPhotos: profile.factoryPhotos.map(withFileUrls) })

function reviewWire({ application, company, documents, factoryPhotos, certifications, previous }: ApplicationDetail) {
  return toWire(ReviewDetailSchema, {
    ...application,
    submittedBy: submittedBy(application),
    documents: documents.map(withFileUrls),
    company,
    factoryPhotos: factoryPhotos.map(withFileUrls),
    certifications: certifications.map((certification) => ({
      ...certification,
      fileUrl: certification.fileId ? fileContentUrl(certification.fileId) : null,
    })),
    previous,
  })
}

/** Service field names as the API spells them. */
const WIRE_NAMES: Record<string, string> = {
  supplierType: 'supplier_type',
  exportMarkets: 'export_markets',
  factoryPhotoFileIds: 'factory_photo_file_ids',
  bannerFileId: 'banner_file_id',
  documentFileIds: 'document_file_ids',
  descriptionEn: 'description.en',
  descriptionZhHans: 'description.zh-Hans',
  descriptionZhHant: 'description.zh-Hant',
}

const wireName = (field: string) => {
  const [head = field, ...rest] = field.split('.')
  return [WIRE_NAMES[head] ?? head, ...rest].join('.')
}

/** A validation failure with the API's field names and messages in the caller's locale. */
function validationError(ctx: ServiceContext, fields: Record<string, string[]>): AppError {
  const t = translator(ctx.locale, 'suppliers')
  return new AppError('validation_failed', 'Validation failed', {
    fields: Object.fromEntries(Object.entries(fields).map(([field, keys]) => [wireName(field), keys.map((key) => t(key))])),
  })
}

function parseBody<S extends zod.ZodType>(ctx: ServiceContext, schema: S, input: unknown): zod.infer<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  throw validationError(ctx, fieldErrorsOf(parsed.error))
}

/** Runs a service call; the field errors it raises get the same names and translation. */
async function translatingValidation<T>(ctx: ServiceContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (!isAppError(error) || error.code !== 'validation_failed' || !error.details?.fields) throw error
    throw validationError(ctx, error.details.fields as Record<string, string[]>)
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

function profileInputFrom(raw: unknown) {
  const wire = record(raw)
  const description = 'description' in wire ? record(wire.description) : {}
  return {
    supplierType: wire.supplier_type,
    capabilities: wire.capabilities,
    exportMarkets: wire.export_markets,
    factoryPhotoFileIds: wire.factory_photo_file_ids,
    bannerFileId: wire.banner_file_id,
    descriptionEn: description.en,
    descriptionZhHans: description['zh-Hans'],
    descriptionZhHant: description['zh-Hant'],
  }
}

const supplierTags = ['Suppliers']
const verificationTags = ['Verification']

const routes = {
  profile: createRoute({
    method: 'get',
    path: '/v1/supplier/profile',
    tags: supplierTags,
    summary: 'The active company’s supplier profile: type, capabilities, export markets, factory photos, verification',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    responses: { 200: jsonResponse(SupplierProfileSchema, 'The supplier profile'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  updateProfile: createRoute({
    method: 'put',
    path: '/v1/supplier/profile',
    tags: supplierTags,
    summary: 'Change the supplier profile (admins and owners); changes are audited',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { body: bodyRef('UpdateSupplierProfile') },
    responses: { 200: jsonResponse(SupplierProfileSchema, 'The stored profile'), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
  }),
  myApplications: createRoute({
    method: 'get',
    path: '/v1/supplier/applications',
    tags: supplierTags,
    summary: 'The active company’s verification applications, newest first, with the reviewers’ notes',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(MyApplicationSchema) }), 'Applications'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  submit: createRoute({
    method: 'post',
    path: '/v1/supplier/applications',
    tags: supplierTags,
    summary: 'Apply for verification (admins and owners): while unverified or after a rejection, one pending application at a time',
    description: 'Upload the documents first through POST /api/v1/files with purpose verification. 409 application_pending while one is under review.',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { headers: IdempotencyHeader, body: bodyRef('SubmitSupplierApplication') },
    responses: {
      201: jsonResponse(MyApplicationSchema, 'The pending application'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  queue: createRoute({
    method: 'get',
    path: '/v1/admin/verifications',
    tags: verificationTags,
    summary: 'The verification review queue, newest first (platform admins)',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    request: { query: QueueQuery },
    responses: {
      200: jsonResponse(pageSchema(QueueItemSchema), 'A page of applications'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  review: createRoute({
    method: 'get',
    path: '/v1/admin/verifications/{id}',
    tags: verificationTags,
    summary: 'One application with the company, its documents, photos, certifications and earlier decisions (platform admins)',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(ReviewDetailSchema, 'The application'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  decide: createRoute({
    method: 'post',
    path: '/v1/admin/verifications/{id}/decision',
    tags: verificationTags,
    summary: 'Accept or reject a pending application (platform admins); a rejection needs a note. The company’s owners and admins are mailed.',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    request: { params: IdParam, body: bodyRef('VerificationDecision') },
    responses: {
      200: jsonResponse(DecisionResultSchema, 'The decided application'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
}

export function registerVerificationRoutes(api: ApiRouter) {
  api.openAPIRegistry.register('UpdateSupplierProfile', UpdateSupplierProfileBody)
  api.openAPIRegistry.register('SubmitSupplierApplication', SubmitApplicationBody)
  api.openAPIRegistry.register('VerificationDecision', DecisionBody)

  api.openapi(routes.profile, async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json(profileWire(await getSupplierProfile(await serviceContext(c))), 200)
  })

  api.openapi(routes.updateProfile, async (c) => {
    const ctx = await serviceContext(c)
    // The role is checked before the body, so a member learns 403 whatever they send.
    requireRole(ctx.actor, 'admin')
    const input = parseBody(ctx, UpdateSupplierProfileInput, profileInputFrom(await readJsonBody(c)))
    return c.json(profileWire(await translatingValidation(ctx, () => updateSupplierProfile(ctx, input))), 200)
  })

  api.openapi(routes.myApplications, async (c) => {
    const items = await myApplications(await serviceContext(c))
    c.header('Cache-Control', 'no-store')
    return c.json({ items: items.map((application) => toWire(MyApplicationSchema, application)) }, 200)
  })

  api.openapi(routes.submit, async (c) => {
    const ctx = await serviceContext(c)
    requireRole(ctx.actor, 'admin')
    const wire = record(await readJsonBody(c))
    const input = parseBody(ctx, SubmitApplicationInput, { supplierType: wire.supplier_type, documentFileIds: wire.document_file_ids, message: wire.message })
    const { id } = await translatingValidation(ctx, () => submitApplication(ctx, input, idempotencyOf(c)))
    const created = (await myApplications(ctx)).find((application) => application.id === id)
    if (!created) throw new AppError('internal', 'The application was not stored')
    return c.json(toWire(MyApplicationSchema, created), 201)
  })

  api.openapi(routes.queue, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const wire = c.req.valid('query')
    const query = parseBody(ctx, ApplicationQuery, {
      status: wire.status,
      supplierType: wire.supplier_type,
      country: wire.country,
      q: wire.q,
      limit: wire.limit,
      offset: wire.offset,
    })
    const page = await listApplications(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        items: page.items.map((item) => {
          const company = {
            id: item.companyId,
            name: item.companyName,
            legalName: item.legalName,
            country: item.country,
            verificationStatus: item.verificationStatus,
          }
          return toWire(QueueItemSchema, { ...item, submittedBy: submittedBy(item), company })
        }),
        total: page.total,
        limit: page.limit,
        offset: page.offset,
      },
      200,
    )
  })

  api.openapi(routes.review, async (c) => {
    const detail = await getApplication(await serviceContext(c), c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json(reviewWire(detail), 200)
  })

  api.openapi(routes.decide, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const input = parseBody(ctx, DecisionInput, await readJsonBody(c))
    const decided = await decideApplication(ctx, c.req.valid('param').id, input)
    return c.json(toWire(DecisionResultSchema, decided), 200)
  })
}
