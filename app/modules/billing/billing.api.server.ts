// Plans over REST (issue 24, ADR 051): the plans on offer (public), the company's plan, usage and history, changing it
// (owners and admins), and the platform admin's plan catalogue and assignments. Prices are exact decimal strings.
import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { serviceContext } from '../../platform/api/caller.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { access, bodyRef, camelCaseKeys, errorResponses, ErrorSchema, IdParam, jsonResponse, SIGNED_IN, snakeCaseBodySchema } from '../../platform/api/schemas'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { PLAN_CHANGE_KINDS, PLAN_FEATURES, PLAN_LIMITS, PLAN_PERIODS, type PlanLimit } from './billing.constants'
import { limitsOf, pricesOf } from './plan-limits'
import { ChangePlanInput, CreatePlanInput, UpdatePlanInput } from './plan.inputs'
import {
  assignPlan,
  changePlan,
  companyPlan,
  type CompanyPlan,
  createPlan,
  listPlans,
  makeDefaultPlan,
  type Plan,
  planHistory,
  planUsage,
  retirePlan,
  updatePlan,
} from './plan.service.server'

const tags = ['Plans']
const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })
const platformAdmin = { security: SIGNED_IN, ...access({ level: 'platform_admin' }) }
const adminRead = { 401: errorResponses[401], 403: error('Not a platform admin'), 404: errorResponses[404] }
const adminWrite = { ...adminRead, 409: errorResponses[409], 422: errorResponses[422] }

const localized = (description: string) =>
  z
    .object({ en: z.string(), 'zh-Hans': z.string(), 'zh-Hant': z.string() })
    .openapi({ description, example: { en: 'Business', 'zh-Hans': '商业版', 'zh-Hant': '商業版' } })

const LimitsSchema = z
  .object(Object.fromEntries(PLAN_LIMITS.map((key) => [key, z.number().int().nullable()])) as Record<PlanLimit, z.ZodNullable<z.ZodNumber>>)
  .openapi('PlanLimits', {
    description: 'Each limit of the plan; null is no limit. storage_bytes in bytes; rfqs and assistant requests per UTC month, API calls per UTC day',
  })

const PlanSchema = z
  .object({
    id: z.string().openapi({ example: 'business' }),
    name: localized('The plan’s name in each product language'),
    description: localized('One sentence on who the plan is for'),
    currency: z.string().openapi({ example: 'USD' }),
    monthly_price: z.string().openapi({ description: 'Decimal string in the currency', example: '49.00' }),
    yearly_price: z.string().openapi({ description: 'Decimal string in the currency', example: '490.00' }),
    limits: LimitsSchema,
    features: z.array(z.enum(PLAN_FEATURES)),
    is_default: z.boolean().openapi({ description: 'New companies start on it' }),
    position: z.number().int().openapi({ description: 'Its column in the comparison table' }),
    retired_at: z.string().nullable().openapi({ description: 'Retired plans keep their companies and take no new ones' }),
    version: z.number().int().openapi({ description: 'Send it back with an edit' }),
  })
  .openapi('Plan')

const CompanyPlanSchema = z
  .object({
    plan: PlanSchema,
    period: z.enum(PLAN_PERIODS),
    period_start: z.string(),
    period_end: z.string(),
    next: z
      .object({ plan_id: z.string(), period: z.enum(PLAN_PERIODS) })
      .nullable()
      .openapi({ description: 'A downgrade waiting for the end of the period' }),
    usage: z.record(z.string(), z.number().int()).openapi({
      description: 'What the company uses of each limit that is counted (api_calls_per_day arrives with API keys)',
      example: { members: 3, rfqs_per_month: 4 },
    }),
  })
  .openapi('CompanyPlan')

const PlanChangeSchema = z
  .object({
    kind: z.enum(PLAN_CHANGE_KINDS),
    from_plan_id: z.string().nullable(),
    to_plan_id: z.string(),
    period: z.enum(PLAN_PERIODS),
    effective_at: z.string(),
    changed_by: z.string().nullable().openapi({ description: 'The user who made the change; null when the platform did' }),
    created_at: z.string(),
  })
  .openapi('PlanChange')

const planExample = {
  id: 'growth',
  name: { en: 'Growth', 'zh-Hans': '成长版', 'zh-Hant': '成長版' },
  description: { en: 'For teams that source every month.', 'zh-Hans': '适合每月都有采购的团队。', 'zh-Hant': '適合每月都有採購的團隊。' },
  currency: 'USD',
  monthly_price: '29',
  yearly_price: '290',
  max_members: 8,
  max_published_products: 200,
  max_rfqs_per_month: 40,
  max_assistant_requests_per_month: 400,
  max_api_calls_per_day: null,
  max_storage_mb: 5120,
  features: ['escrow_payments', 'sourcing_assistant', 'price_lists'],
  position: 1,
}
const { id: _id, ...updateExample } = planExample

const BODIES = {
  CreatePlan: snakeCaseBodySchema(CreatePlanInput, planExample),
  UpdatePlan: snakeCaseBodySchema(UpdatePlanInput, { ...updateExample, version: 1 }),
  ChangePlan: snakeCaseBodySchema(ChangePlanInput, { plan_id: 'business', period: 'yearly' }),
}

const planWire = (plan: Plan) => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  currency: plan.currency,
  monthly_price: pricesOf(plan).monthly,
  yearly_price: pricesOf(plan).yearly,
  limits: limitsOf(plan),
  features: plan.features,
  is_default: plan.isDefault,
  position: plan.position,
  retired_at: plan.retiredAt?.toISOString() ?? null,
  version: plan.version,
})

const companyPlanWire = (current: CompanyPlan, usage: Partial<Record<PlanLimit, number>>) => ({
  plan: planWire(current.plan),
  period: current.period,
  period_start: current.periodStart.toISOString(),
  period_end: current.periodEnd.toISOString(),
  next: current.next ? { plan_id: current.next.plan.id, period: current.next.period } : null,
  usage: usage as Record<string, number>,
})

const routes = {
  plans: createRoute({
    method: 'get',
    path: '/v1/plans',
    tags,
    summary: 'The plans on offer, in table order (public)',
    security: [],
    ...access({ level: 'public' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(PlanSchema) }), 'The plans') },
  }),
  current: createRoute({
    method: 'get',
    path: '/v1/billing/plan',
    tags,
    summary: 'The active company’s plan, period, a waiting downgrade and its usage of each limit',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    responses: { 200: jsonResponse(CompanyPlanSchema, 'The plan and usage'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  change: createRoute({
    method: 'put',
    path: '/v1/billing/plan',
    tags,
    summary: 'Choose the company’s plan (owners and admins): a dearer one at once, a cheaper one at the end of the period',
    description: [
      'A dearer plan (or yearly billing of the same plan) applies at once and starts a new period. A cheaper plan waits for',
      'the end of the period (`next`), refused with 409 plan_downgrade_blocked while the company has more than it allows',
      '(details.over lists each limit with usage and the plan’s limit). Choosing the current plan and period again cancels a',
      'waiting downgrade. A retired plan: 409 plan_unavailable; an unknown one: 404.',
    ].join('\n'),
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { body: bodyRef('ChangePlan') },
    responses: {
      200: jsonResponse(CompanyPlanSchema, 'The plan as it now stands'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: error('plan_downgrade_blocked (details.over) or plan_unavailable'),
      422: errorResponses[422],
    },
  }),
  history: createRoute({
    method: 'get',
    path: '/v1/billing/plan/history',
    tags,
    summary: 'The company’s plan changes, newest first (at most 50)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(PlanChangeSchema) }), 'The changes'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  adminList: createRoute({
    method: 'get',
    path: '/v1/admin/plans',
    tags,
    summary: 'Every plan, retired ones too (platform admins)',
    ...platformAdmin,
    responses: { 200: jsonResponse(z.object({ items: z.array(PlanSchema) }), 'The plans'), 401: errorResponses[401], 403: error('Not a platform admin') },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/admin/plans',
    tags,
    summary: 'Create a plan (platform admins); the same Idempotency-Key answers the plan again, another request for a taken id is 409',
    ...platformAdmin,
    request: { headers: IdempotencyHeader, body: bodyRef('CreatePlan') },
    responses: {
      201: jsonResponse(PlanSchema, 'The new plan'),
      401: errorResponses[401],
      403: error('Not a platform admin'),
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  update: createRoute({
    method: 'put',
    path: '/v1/admin/plans/{id}',
    tags,
    summary: 'Change a plan’s names, prices, limits and features against the version read (409 stale_version)',
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('UpdatePlan') },
    responses: { 200: jsonResponse(PlanSchema, 'The plan'), ...adminWrite },
  }),
  retire: createRoute({
    method: 'post',
    path: '/v1/admin/plans/{id}/retire',
    tags,
    summary: 'Retire a plan: its companies keep it, no one else can choose it (the default plan: 409 default_plan_required)',
    ...platformAdmin,
    request: { params: IdParam },
    responses: { 200: jsonResponse(PlanSchema, 'The retired plan'), ...adminWrite },
  }),
  makeDefault: createRoute({
    method: 'post',
    path: '/v1/admin/plans/{id}/default',
    tags,
    summary: 'Make a plan the one new companies start on (a retired plan: 409 plan_unavailable)',
    ...platformAdmin,
    request: { params: IdParam },
    responses: { 200: jsonResponse(PlanSchema, 'The new default'), ...adminWrite },
  }),
  assign: createRoute({
    method: 'put',
    path: '/v1/admin/companies/{id}/plan',
    tags,
    summary: 'Put a company on a plan at once, for a new period (platform admins; a retired plan too)',
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('ChangePlan') },
    responses: { 204: { description: 'Assigned' }, ...adminWrite },
  }),
}

export function registerBillingRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.plans, async (c) => {
    c.header('Cache-Control', 'public, max-age=60')
    return c.json({ items: (await listPlans()).map(planWire) }, 200)
  })

  api.openapi(routes.current, async (c) => {
    const ctx = await serviceContext(c)
    const [current, usage] = await Promise.all([companyPlan(ctx), planUsage(ctx)])
    c.header('Cache-Control', 'no-store')
    return c.json(companyPlanWire(current, usage), 200)
  })

  api.openapi(routes.change, async (c) => {
    const ctx = await serviceContext(c)
    const changed = await parseAndRun('billing', ChangePlanInput, camelCaseKeys(await readJsonBody(c)), (input) => changePlan(ctx, input))
    return c.json(companyPlanWire(changed, await planUsage(ctx)), 200)
  })

  api.openapi(routes.history, async (c) => {
    const ctx = await serviceContext(c)
    const items = (await planHistory(ctx)).map((change) => ({
      kind: change.kind,
      from_plan_id: change.fromPlanId,
      to_plan_id: change.toPlanId,
      period: change.period,
      effective_at: change.effectiveAt.toISOString(),
      changed_by: change.changedBy,
      created_at: change.createdAt.toISOString(),
    }))
    c.header('Cache-Control', 'no-store')
    return c.json({ items }, 200)
  })

  api.openapi(routes.adminList, async (c) => {
    requirePlatformAdmin((await serviceContext(c)).actor)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: (await listPlans({ includeRetired: true })).map(planWire) }, 200)
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const plan = await parseAndRun('billing', CreatePlanInput, camelCaseKeys(await readJsonBody(c)), (input) => createPlan(ctx, input, idempotencyOf(c)))
    return c.json(planWire(plan), 201)
  })

  api.openapi(routes.update, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const { id } = c.req.valid('param')
    const plan = await parseAndRun('billing', UpdatePlanInput, camelCaseKeys(await readJsonBody(c)), (input) => updatePlan(ctx, id, input))
    return c.json(planWire(plan), 200)
  })

  api.openapi(routes.retire, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    return c.json(planWire(await retirePlan(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.makeDefault, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    return c.json(planWire(await makeDefaultPlan(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.assign, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const { id } = c.req.valid('param')
    await parseAndRun('billing', ChangePlanInput, camelCaseKeys(await readJsonBody(c)), (input) => assignPlan(ctx, id, input))
    return c.body(null, 204)
  })
}
