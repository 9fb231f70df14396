import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import {
  BulkRequirementsInput,
  CreateProjectInput,
  CreateRequirementInput,
  MANUAL_PROJECT_ACTIONS,
  PROJECT_STATUSES,
  ProjectListQuery,
  ProjectTransitionInput,
  REQUIREMENT_STATUSES,
  RequirementListQuery,
  UpdateProjectInput,
  UpdateRequirementInput,
} from './index'
import {
  createProject,
  createRequirement,
  getRequirement,
  listProjects,
  listRequirements,
  projectSummary,
  saveProjectRequirements,
  transitionProject,
  updateProject,
  updateRequirement,
} from './index.server'
import { companyServiceContext } from '../companies/index.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import {
  bodyRef,
  camelCaseBody,
  camelCaseKeys,
  decimalString,
  errorResponses,
  IdParam,
  jsonResponse,
  memberAccess,
  pageSchema,
  SIGNED_IN,
  snakeCaseBodySchema,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const decimal = (description: string) => decimalString(description, '120000.0000')
const day = (description: string) =>
  z
    .string()
    .nullable()
    .openapi({ description: `${description} (YYYY-MM-DD)`, example: '2027-03-31' })

const ProjectSchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ example: 'PRJ-2026-00012' }),
    name: z.string(),
    description: z.string(),
    status: z.enum(PROJECT_STATUSES),
    currency: z.string().openapi({ description: 'ISO 4217' }),
    budget: decimal('The budget').nullable(),
    deadline: day('The deadline'),
    status_reason: z.string().openapi({ description: 'Why it was cancelled' }),
    version: z.number().int().openapi({ description: 'Send it back with every change (optimistic lock: 409 stale_version when it moved on)' }),
    actions: z.array(z.enum(MANUAL_PROJECT_ACTIONS)).openapi({ description: 'The steps the caller may take now' }),
    editable: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('PurchaseProject')

const ProjectListItemSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    name: z.string(),
    status: z.enum(PROJECT_STATUSES),
    currency: z.string(),
    budget: decimal('The budget').nullable(),
    deadline: day('The deadline'),
    requirement_count: z.number().int().openapi({ description: 'Requirements not cancelled' }),
    awarded_count: z.number().int().openapi({ description: 'Of which awarded (progress)' }),
    created_at: z.string(),
  })
  .openapi('PurchaseProjectListItem')

const RequirementSchema = z
  .object({
    id: z.string(),
    project_id: z.string(),
    project_number: z.string(),
    project_name: z.string(),
    position: z.number().int(),
    title: z.string(),
    specification: z.string(),
    category_id: z.string().nullable(),
    category_name: z.string().nullable(),
    hs_code: z.string().nullable().openapi({ description: 'HS 2022 subheading (6 digits)', example: '940521' }),
    quantity: z.number().int(),
    unit: z.string(),
    target_unit_price: decimal('Target price per unit').nullable(),
    target_currency: z.string().nullable(),
    required_by: day('Needed by'),
    destination: z.string(),
    status: z.enum(REQUIREMENT_STATUSES),
    version: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Requirement')

const RequirementDetailSchema = RequirementSchema.extend({
  attachments: z.array(z.object({ id: z.string(), name: z.string(), content_type: z.string(), size_bytes: z.number().int() })),
  editable: z.boolean(),
  cancellable: z.boolean(),
}).openapi('RequirementDetail')

const ProjectDetailSchema = z
  .object({
    project: ProjectSchema,
    requirements: z.array(
      z.object({
        id: z.string(),
        position: z.number().int(),
        title: z.string(),
        quantity: z.number().int(),
        unit: z.string(),
        target_unit_price: z.string().nullable(),
        target_currency: z.string().nullable(),
        required_by: z.string().nullable(),
        status: z.enum(REQUIREMENT_STATUSES),
      }),
    ),
    rfqs: z.array(
      z.object({
        id: z.string(),
        number: z.string(),
        title: z.string(),
        status: z.string(),
        quote_deadline: z.string(),
        sealed: z.boolean(),
        quotation_count: z.number().int(),
      }),
    ),
    orders: z.array(
      z.object({
        purchase_order_id: z.string().nullable(),
        supplier_company_id: z.string(),
        supplier_name: z.string(),
        currency: z.string(),
        amount: decimal('Awarded quantity × unit price'),
        line_count: z.number().int(),
      }),
    ),
    spend: z.object({
      currency: z.string(),
      spent: decimal('Awarded amounts converted to the project currency'),
      budget: z.string().nullable(),
      ratio: z.number().nullable().openapi({ description: 'spent / budget' }),
      rates_as_of: z.string().nullable(),
      unconverted: z.array(z.string()).openapi({ description: 'Award currencies without a rate (left out of spent)' }),
    }),
    events: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        actor_name: z.string().nullable(),
        note: z.string(),
        data: z.record(z.string(), z.unknown()),
        created_at: z.string(),
      }),
    ),
  })
  .openapi('PurchaseProjectDetail')

const BulkResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  requirements: z.array(RequirementSchema),
})

const optionalText = (description: string) => z.string().max(100).optional().openapi({ description })
const Paging = z.object({
  limit: z.string().max(6).optional().openapi({ description: '1–100, default 25' }),
  offset: z.string().max(8).optional().openapi({ description: 'default 0' }),
})

const REQUIREMENT_EXAMPLE = {
  title: 'LED downlight 12 W',
  specification: '4000 K, CRI > 90, IP44',
  category_id: 'lighting',
  hs_code: '940521',
  quantity: 300,
  unit: 'pcs',
  target_unit_price: '4.20',
  target_currency: 'USD',
  required_by: '2027-02-01',
  destination: 'Rotterdam, NL',
}
const PROJECT_EXAMPLE = {
  name: 'Showroom lighting refresh',
  description: 'Rotterdam showroom, phase 1',
  currency: 'EUR',
  budget: '120000',
  deadline: '2027-03-31',
}
const BODIES = {
  CreatePurchaseProject: snakeCaseBodySchema(CreateProjectInput, PROJECT_EXAMPLE),
  UpdatePurchaseProject: snakeCaseBodySchema(UpdateProjectInput, { ...PROJECT_EXAMPLE, version: 1 }),
  PurchaseProjectTransition: snakeCaseBodySchema(ProjectTransitionInput, { action: 'activate', version: 1, reason: '' }),
  CreateRequirement: snakeCaseBodySchema(CreateRequirementInput, { project_id: '6f1c…', ...REQUIREMENT_EXAMPLE, attachment_file_ids: [] }),
  UpdateRequirement: snakeCaseBodySchema(UpdateRequirementInput, { ...REQUIREMENT_EXAMPLE, attachment_file_ids: [], version: 1 }),
  BulkRequirements: snakeCaseBodySchema(BulkRequirementsInput, {
    rows: [
      { id: '0b7e…', version: 2, ...REQUIREMENT_EXAMPLE },
      { ...REQUIREMENT_EXAMPLE, title: 'Track spotlight 20 W', quantity: 120 },
    ],
  }),
}

const tags = ['Sourcing: projects']
const writeErrors = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422] }

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/projects',
    tags,
    summary: 'The company’s purchase projects, newest first, with progress (requirements awarded of all not cancelled)',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: z.object({ status: z.enum(PROJECT_STATUSES).optional(), q: optionalText('Searches the number and name') }).merge(Paging) },
    responses: {
      200: jsonResponse(pageSchema(ProjectListItemSchema), 'A page of projects'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/projects',
    tags,
    summary: 'Create a purchase project (a draft numbered PRJ-YYYY-NNNNN)',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('CreatePurchaseProject') },
    responses: {
      201: jsonResponse(ProjectSchema, 'The project'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/projects/{id}',
    tags,
    summary: 'A project with its requirements, RFQs (with quotation counts), awarded orders, spend against budget in the project currency, and timeline',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(ProjectDetailSchema, 'The project'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  update: createRoute({
    method: 'put',
    path: '/v1/projects/{id}',
    tags,
    summary: 'Replace a project’s terms (not once closed or cancelled; with the version loaded)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('UpdatePurchaseProject') },
    responses: { 200: jsonResponse(ProjectSchema, 'The stored project'), ...writeErrors },
  }),
  transition: createRoute({
    method: 'post',
    path: '/v1/projects/{id}/transitions',
    tags,
    summary: 'Take a step: activate, close, reopen, or cancel (with a reason)',
    description:
      'sourcing and awarded follow from RFQs and awards. A step the status does not allow is 409 invalid_transition; an outdated version is 409 stale_version.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('PurchaseProjectTransition') },
    responses: { 200: jsonResponse(ProjectSchema, 'The project after the step'), ...writeErrors },
  }),
  listRequirements: createRoute({
    method: 'get',
    path: '/v1/requirements',
    tags,
    summary: 'The company’s requirements across projects, newest first, filtered and paged',
    security: SIGNED_IN,
    ...memberAccess(),
    request: {
      query: z
        .object({
          project: optionalText('A project id'),
          status: z.enum(REQUIREMENT_STATUSES).optional(),
          category: optionalText('A category id'),
          q: optionalText('Searches titles, specifications and HS codes'),
        })
        .merge(Paging),
    },
    responses: {
      200: jsonResponse(pageSchema(RequirementSchema), 'A page of requirements'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  createRequirement: createRoute({
    method: 'post',
    path: '/v1/requirements',
    tags,
    summary: 'Add a requirement to a project (category from the catalogue tree, HS 2022 subheading, attachments: the company’s files of purpose attachment)',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateRequirement') },
    responses: {
      201: jsonResponse(RequirementDetailSchema, 'The requirement'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  getRequirement: createRoute({
    method: 'get',
    path: '/v1/requirements/{id}',
    tags,
    summary: 'One requirement with its attachments',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(RequirementDetailSchema, 'The requirement'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  updateRequirement: createRoute({
    method: 'put',
    path: '/v1/requirements/{id}',
    tags,
    summary: 'Rewrite an open requirement (with the version loaded)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('UpdateRequirement') },
    responses: { 200: jsonResponse(RequirementDetailSchema, 'The stored requirement'), ...writeErrors },
  }),
  bulk: createRoute({
    method: 'put',
    path: '/v1/projects/{id}/requirements/bulk',
    tags,
    summary: 'Save a project’s requirements as a whole, in one transaction',
    description:
      'Rows without id are created; rows with id and version are updated when they changed (an outdated version is 409 stale_version with details.rows, and nothing is written); open requirements missing from rows are deleted, those already sent for quotation stay. Field errors come under rows.<index>.<field>.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('BulkRequirements') },
    responses: {
      200: jsonResponse(BulkResultSchema, 'What was saved and the requirements now'),
      ...writeErrors,
    },
  }),
}

export function registerProjectRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('projects', ProjectListQuery, c.req.query(), async (input) => input)
    const result = await listProjects(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json(
      { items: result.items.map((item) => toWire(ProjectListItemSchema, item)), total: result.total, limit: query.limit, offset: query.offset },
      200,
    )
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(toWire(ProjectSchema, await parseAndRun('projects', CreateProjectInput, body, (input) => createProject(ctx, input, idempotencyOf(c)))), 201)
  })

  api.openapi(routes.get, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(ProjectDetailSchema, await projectSummary(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.update, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      toWire(ProjectSchema, await parseAndRun('projects', UpdateProjectInput, body, (input) => updateProject(ctx, c.req.valid('param').id, input))),
      200,
    )
  })

  api.openapi(routes.transition, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      toWire(ProjectSchema, await parseAndRun('projects', ProjectTransitionInput, body, (input) => transitionProject(ctx, c.req.valid('param').id, input))),
      200,
    )
  })

  api.openapi(routes.listRequirements, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('projects', RequirementListQuery, c.req.query(), async (input) => input)
    const result = await listRequirements(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: result.items.map((item) => toWire(RequirementSchema, item)), total: result.total, limit: query.limit, offset: query.offset }, 200)
  })

  api.openapi(routes.createRequirement, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      toWire(RequirementDetailSchema, await parseAndRun('projects', CreateRequirementInput, body, (input) => createRequirement(ctx, input, idempotencyOf(c)))),
      201,
    )
  })

  api.openapi(routes.getRequirement, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(RequirementDetailSchema, await getRequirement(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.updateRequirement, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      toWire(
        RequirementDetailSchema,
        await parseAndRun('projects', UpdateRequirementInput, body, (input) => updateRequirement(ctx, c.req.valid('param').id, input)),
      ),
      200,
    )
  })

  api.openapi(routes.bulk, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseBody(await readJsonBody(c), 'rows')
    const result = await parseAndRun('projects', BulkRequirementsInput, body, (input) => saveProjectRequirements(ctx, c.req.valid('param').id, input))
    return c.json(toWire(BulkResultSchema, result), 200)
  })
}
