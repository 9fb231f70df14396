import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { AddCertificationInput, CreateCompanyInput, UpdateCompanyInput } from './index'
import { AuditQuery } from '../kernel/index'
import {
  addCertification,
  createCompany,
  deleteCompany,
  getCompanyById,
  getCompanyProfile,
  listCertifications,
  removeCertification,
  restoreCompany,
  switchActiveCompany,
  updateCompanyProfile,
  companyContextOf,
} from './index.server'
import { listCompanyAudit } from '../kernel/index.server'
import { serviceContext } from '../../platform/api/caller.server'
import { parseAndRun, readJsonBody, withFieldMessages } from '../../platform/api/errors.server'
import {
  access,
  bodyRef,
  camelCaseKeys,
  errorResponses,
  IdParam,
  jsonResponse,
  pageSchema,
  SIGNED_IN,
  snakeCaseBodySchema,
  snakeCaseName,
} from '../../platform/api/schemas'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { toWire, withAuditActor } from '../../platform/api/wire'

const MembershipSchema = z
  .object({
    company_id: z.string(),
    name: z.string(),
    role: z.enum(['owner', 'admin', 'member']),
    kind: z.enum(['buyer', 'supplier', 'both', 'service_provider']),
    verification_status: z.enum(['unverified', 'pending', 'accept', 'reject']),
    logo_file_id: z.string().nullable(),
    active: z.boolean(),
  })
  .openapi('Membership')

const CompanySchema = z
  .object({
    id: z.string(),
    display_name: z.string(),
    legal_name: z.string(),
    kind: z.string(),
    services: z.array(z.string()),
    country: z.string(),
    city: z.string(),
    website: z.string().nullable(),
    size: z.string().nullable(),
    year_founded: z.number().int().nullable(),
    main_products: z.array(z.string()),
    main_markets: z.array(z.string()),
    description: z.record(z.string(), z.string()),
    supplier_type: z.string().nullable(),
    verification_status: z.string(),
    verified_at: z.string().nullable(),
    logo_file_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Company')

const CertificationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    issuer: z.string(),
    certificate_number: z.string(),
    valid_until: z.string().nullable(),
    file_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Certification')

const AuditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
  })
  .openapi('AuditEntry')

const PurgeSchema = z.object({ purge_after: z.string() })

const BODIES = {
  CreateCompany: snakeCaseBodySchema(CreateCompanyInput, {
    kind: 'buyer',
    legal_name: 'Harbour Lantern Trading Co., Ltd.',
    display_name: 'Harbour Lantern',
    country: 'HK',
    city: 'Hong Kong',
    website: 'https://harbour-lantern.example',
    size: '11-50',
    year_founded: 2012,
    main_products: ['LED lighting'],
    main_markets: ['EU', 'US'],
  }),
  UpdateCompany: snakeCaseBodySchema(UpdateCompanyInput, {
    legal_name: 'Harbour Lantern Trading Co., Ltd.',
    display_name: 'Harbour Lantern',
    country: 'HK',
    city: 'Hong Kong',
    main_products: ['LED lighting'],
    main_markets: ['EU'],
    description_en: 'Importer of lighting.',
    description_zh_hans: '照明产品进口商。',
  }),
  AddCertification: snakeCaseBodySchema(AddCertificationInput, {
    name: 'ISO 9001:2015',
    issuer: 'SGS',
    certificate_number: 'CN-12345',
    valid_until: '2028-06-30',
  }),
  SwitchCompany: {
    type: 'object',
    properties: { company_id: { type: 'string', maxLength: 64 } },
    required: ['company_id'],
    example: { company_id: '00000000-0000-4000-8000-000000000000' },
  },
}
const SwitchCompanyBody = z.object({ companyId: z.string().min(1, 'validation.company').max(64, 'validation.company') })

const tags = ['Companies']

const routes = {
  listMine: createRoute({
    method: 'get',
    path: '/v1/companies',
    tags,
    summary: 'The companies the caller belongs to, with the one the session acts for',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(MembershipSchema) }), 'Memberships, oldest first'), 401: errorResponses[401] },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/companies',
    tags,
    summary: 'Create a company with the caller as owner; it becomes the session’s active company',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateCompany') },
    responses: {
      201: jsonResponse(CompanySchema, 'The new company'),
      400: errorResponses[400],
      401: errorResponses[401],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  current: createRoute({
    method: 'get',
    path: '/v1/companies/current',
    tags,
    summary: 'The active company’s profile',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    responses: { 200: jsonResponse(CompanySchema, 'The company'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  update: createRoute({
    method: 'put',
    path: '/v1/companies/current',
    tags,
    summary: 'Replace the active company’s profile (admins and owners); changes are audited',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { body: bodyRef('UpdateCompany') },
    responses: { 200: jsonResponse(CompanySchema, 'The stored profile'), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/v1/companies/current',
    tags,
    summary: 'Delete the active company (owners); restorable for 30 days',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'owner' }),
    request: {
      query: z.object({
        confirm_name: z.string().min(1).max(200).openapi({ description: 'The company’s display name, typed to confirm', example: 'Harbour Lantern' }),
      }),
    },
    responses: {
      200: jsonResponse(PurgeSchema, 'Deleted; purged after this time'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  restore: createRoute({
    method: 'post',
    path: '/v1/companies/{id}/restore',
    tags,
    summary: 'Restore a deleted company within its 30-day recovery window (its owners)',
    security: SIGNED_IN,
    ...access({ level: 'user', resource: 'id' }),
    request: { params: IdParam },
    responses: { 204: { description: 'Restored and made active' }, 401: errorResponses[401], 404: errorResponses[404] },
  }),
  byId: createRoute({
    method: 'get',
    path: '/v1/companies/{id}',
    tags,
    summary: 'A company the caller belongs to (platform admins: any)',
    security: SIGNED_IN,
    ...access({ level: 'user', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(CompanySchema, 'The company'), 401: errorResponses[401], 404: errorResponses[404] },
  }),
  switchActive: createRoute({
    method: 'put',
    path: '/v1/session/company',
    tags,
    summary: 'Make the session act for another of the caller’s companies',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    request: { body: bodyRef('SwitchCompany') },
    responses: {
      200: jsonResponse(MembershipSchema, 'The now active membership'),
      401: errorResponses[401],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  certifications: createRoute({
    method: 'get',
    path: '/v1/companies/current/certifications',
    tags,
    summary: 'The active company’s certifications, by name',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(CertificationSchema) }), 'Certifications'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  addCertification: createRoute({
    method: 'post',
    path: '/v1/companies/current/certifications',
    tags,
    summary: 'Add a certification (admins and owners); file_id must be a file of the company',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { headers: IdempotencyHeader, body: bodyRef('AddCertification') },
    responses: {
      201: jsonResponse(CertificationSchema, 'The certification'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  removeCertification: createRoute({
    method: 'delete',
    path: '/v1/companies/current/certifications/{id}',
    tags,
    summary: 'Remove a certification (admins and owners)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 204: { description: 'Removed' }, 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  audit: createRoute({
    method: 'get',
    path: '/v1/companies/current/audit',
    tags,
    summary: 'The active company’s activity log, newest first (admins and owners)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { query: AuditQuery },
    responses: {
      200: jsonResponse(pageSchema(AuditEntrySchema), 'A page of entries'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
}

export function registerCompanyRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)
  api.openapi(routes.listMine, async (c) => {
    const ctx = await serviceContext(c)
    const { memberships, active } = await companyContextOf(ctx.actor.userId, ctx.actor.sessionId)
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        items: memberships.map((m) => toWire(MembershipSchema, { ...m, active: m.companyId === active?.companyId })),
      },
      200,
    )
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    const { companyId } = await parseAndRun('companies', CreateCompanyInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      createCompany(ctx, input, idempotencyOf(c)),
    )
    return c.json(toWire(CompanySchema, await getCompanyById(ctx, companyId)), 201)
  })

  api.openapi(routes.current, async (c) => c.json(toWire(CompanySchema, await getCompanyProfile(await serviceContext(c))), 200))

  api.openapi(routes.update, async (c) => {
    const ctx = await serviceContext(c)
    const updated = await parseAndRun('companies', UpdateCompanyInput, camelCaseKeys(await readJsonBody(c)), (input) => updateCompanyProfile(ctx, input))
    return c.json(toWire(CompanySchema, updated), 200)
  })

  api.openapi(routes.remove, async (c) => {
    const ctx = await serviceContext(c)
    const deleted = await withFieldMessages('companies', () => deleteCompany(ctx, c.req.valid('query').confirm_name), snakeCaseName)
    return c.json(toWire(PurgeSchema, deleted), 200)
  })

  api.openapi(routes.restore, async (c) => {
    await restoreCompany(await serviceContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.byId, async (c) => c.json(toWire(CompanySchema, await getCompanyById(await serviceContext(c), c.req.valid('param').id)), 200))

  api.openapi(routes.switchActive, async (c) => {
    const ctx = await serviceContext(c)
    const m = await parseAndRun('companies', SwitchCompanyBody, camelCaseKeys(await readJsonBody(c)), (input) => switchActiveCompany(ctx, input.companyId))
    return c.json(toWire(MembershipSchema, { ...m, active: true }), 200)
  })

  api.openapi(routes.certifications, async (c) =>
    c.json({ items: (await listCertifications(await serviceContext(c))).map((certification) => toWire(CertificationSchema, certification)) }, 200),
  )

  api.openapi(routes.addCertification, async (c) => {
    const ctx = await serviceContext(c)
    const added = await parseAndRun('companies', AddCertificationInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      addCertification(ctx, input, idempotencyOf(c)),
    )
    return c.json(toWire(CertificationSchema, added), 201)
  })

  api.openapi(routes.removeCertification, async (c) => {
    await removeCertification(await serviceContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.audit, async (c) => {
    const page = await listCompanyAudit(await serviceContext(c), c.req.valid('query'))
    return c.json(
      {
        items: page.items.map((entry) => toWire(AuditEntrySchema, withAuditActor(entry))),
        total: page.total,
        limit: page.limit,
        offset: page.offset,
      },
      200,
    )
  })
}
