// The WTO ePing REST operations (issue 22): notifications with filters and the company's matches and marks, the
// company's subscription, its open comment deadlines, one product's notices, and the sync runs for platform admins.
// Every notification carries its `source`: `sample` marks the bundled offline examples, which are not WTO records.
import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { serviceContext } from '../../platform/api/caller.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import {
  access,
  bodyRef,
  camelCaseKeys,
  errorResponses,
  IdParam,
  jsonResponse,
  memberAccess,
  pageSchema,
  SIGNED_IN,
  snakeCaseBodySchema,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'
import { EPING_AREAS, EPING_REVIEW_STATUSES, EPING_SOURCES, EPING_SYNC_STATUSES } from './compliance.constants'
import {
  epingDeadlines,
  epingMembers,
  type EpingNotificationSummary,
  getEpingNotification,
  listEpingNotifications,
  listEpingSyncRuns,
  productEpingNotices,
} from './eping-reads.service.server'
import { clearEpingReview, getEpingSubscription, reviewEpingNotification, updateEpingSubscription } from './eping.service.server'
import { EPING_REVIEW_FILTERS, EpingListQuery, EpingReviewInput, EpingSubscriptionInput } from './eping.inputs'

const tags = ['WTO ePing']
const read = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] }
const write = { ...read, 422: errorResponses[422] }

const ReasonSchema = z
  .object({
    kind: z.enum(['product_hs', 'product_words', 'subscription_hs', 'subscription_member', 'subscription_keyword']),
    value: z.string().openapi({ description: 'The HS code, words, member or keyword behind it', example: '6912' }),
    product_id: z.string().optional().openapi({ description: 'The product (product reasons only)' }),
  })
  .openapi('EpingMatchReason')

const MatchSchema = z
  .object({
    product_count: z.number().int().openapi({ description: 'How many of the company’s products it concerns' }),
    reasons: z.array(ReasonSchema),
    matched_at: z.string(),
  })
  .openapi('EpingMatch')

const ReviewSchema = z.object({ status: z.enum(EPING_REVIEW_STATUSES), note: z.string(), reviewed_at: z.string() }).openapi('EpingReview')

const summaryFields = {
  id: z.string(),
  document_symbol: z.string().openapi({ example: 'G/TBT/N/EU/1164' }),
  area: z.enum(EPING_AREAS),
  member_code: z.string().openapi({ example: 'EU', description: 'ISO 3166 alpha-2, or EU' }),
  member_name: z.string(),
  title: z.string(),
  products: z.string().openapi({ description: 'The products covered, as notified' }),
  hs_codes: z.array(z.string()).openapi({ example: ['6911', '6912'] }),
  distributed_on: z.string().openapi({ example: '2026-10-21' }),
  comment_deadline: z.string().nullable(),
  open: z.boolean().openapi({ description: 'The comment deadline is today or later' }),
  source: z.enum(EPING_SOURCES).openapi({ description: '`sample`: a bundled offline example, not a WTO record' }),
  match: MatchSchema.nullable().openapi({ description: 'Why it concerns the caller’s company; null when it does not' }),
  review: ReviewSchema.nullable().openapi({ description: 'The caller’s company’s mark' }),
}
const SummarySchema = z.object(summaryFields).openapi('EpingNotificationSummary')

const DetailSchema = z
  .object({
    ...summaryFields,
    description: z.string(),
    objectives: z.array(z.string()),
    adopted_on: z.string().nullable(),
    in_force_on: z.string().nullable(),
    links: z.array(z.object({ label: z.string().openapi({ example: 'notification' }), url: z.string() })),
    matched_products: z.array(z.object({ id: z.string(), name: z.string(), hs_code: z.string().nullable() })),
  })
  .openapi('EpingNotificationDetail')

const SubscriptionSchema = z
  .object({ hs_codes: z.array(z.string()), member_codes: z.array(z.string()), keywords: z.array(z.string()), updated_at: z.string().nullable() })
  .openapi('EpingSubscription')

const SyncRunSchema = z
  .object({
    id: z.string(),
    source: z.enum(EPING_SOURCES),
    since: z.string().nullable(),
    status: z.enum(EPING_SYNC_STATUSES),
    pages: z.number().int(),
    stored: z.number().int(),
    error: z.string().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi('EpingSyncRun')

const BODIES = {
  EpingReviewBody: snakeCaseBodySchema(EpingReviewInput, { status: 'relevant', note: 'Our glaze supplier confirms the new lead limits.' }),
  EpingSubscriptionBody: snakeCaseBodySchema(EpingSubscriptionInput, { hs_codes: ['6912', '9405'], member_codes: ['EU', 'US'], keywords: ['food contact'] }),
}

const listQuery = z.object({
  member: z.string().optional().openapi({ example: 'EU', description: 'The notifying member’s code' }),
  area: z.string().optional().openapi({ example: 'TBT', description: 'SPS or TBT' }),
  hs: z.string().optional().openapi({ example: '6912', description: 'HS code prefix (2–6 digits): notified under it or over it' }),
  q: z.string().optional().openapi({ example: 'lead', description: 'Words of the title, description, products or objectives (at most 200 characters)' }),
  from: z.string().optional().openapi({ example: '2026-06-01', description: 'First distribution day' }),
  to: z.string().optional().openapi({ example: '2026-11-30', description: 'Last distribution day' }),
  open: z.string().optional().openapi({ example: 'true', description: 'Only those whose comment deadline is today or later' }),
  matched: z.string().optional().openapi({ example: 'true', description: 'Only those that concern the caller’s company' }),
  review: z
    .string()
    .optional()
    .openapi({ description: `The company’s mark: ${EPING_REVIEW_FILTERS.join(', ')}` }),
  limit: z.string().optional().openapi({ example: '20' }),
  offset: z.string().optional().openapi({ example: '0' }),
})

const NotificationParam = IdParam
const ProductParam = z.object({ productId: z.string().min(1).max(64) })

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/eping/notifications',
    tags,
    summary: 'WTO ePing SPS and TBT notifications, newest first, with the caller’s company’s match and mark',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: listQuery },
    responses: { 200: jsonResponse(pageSchema(SummarySchema), 'A page of notifications'), ...write },
  }),
  detail: createRoute({
    method: 'get',
    path: '/v1/eping/notifications/{id}',
    tags,
    summary: 'One notification in full, with the caller’s company’s products it concerns and its mark',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { params: NotificationParam },
    responses: { 200: jsonResponse(DetailSchema, 'The notification'), ...read },
  }),
  review: createRoute({
    method: 'put',
    path: '/v1/eping/notifications/{id}/review',
    tags,
    summary: 'Mark a notification reviewed, relevant or not relevant for the company, with a note (any member)',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { params: NotificationParam, body: bodyRef('EpingReviewBody') },
    responses: { 200: jsonResponse(ReviewSchema, 'The mark'), ...write },
  }),
  clearReview: createRoute({
    method: 'delete',
    path: '/v1/eping/notifications/{id}/review',
    tags,
    summary: 'Clear the company’s mark on a notification (any member)',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { params: NotificationParam },
    responses: { 204: { description: 'Cleared (or there was none)' }, ...read },
  }),
  subscription: createRoute({
    method: 'get',
    path: '/v1/eping/subscription',
    tags,
    summary: 'What the company follows: HS codes, notifying members and keywords',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: {
      200: jsonResponse(SubscriptionSchema, 'The subscription (empty lists before the first save)'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  updateSubscription: createRoute({
    method: 'put',
    path: '/v1/eping/subscription',
    tags,
    summary: 'Change what the company follows (owners and admins); the company is matched again against stored notifications',
    description:
      'hs_codes: up to 200 codes of 2–6 digits; member_codes: up to 100 ISO alpha-2 codes or EU; keywords: up to 50 of 1–60 characters. A longer list is refused whole (422 with the field’s error), nothing stored. Notifications already stored raise no notice: the list shows them.',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { body: bodyRef('EpingSubscriptionBody') },
    responses: {
      200: jsonResponse(
        SubscriptionSchema.extend({ matched: z.number().int().openapi({ description: 'Notifications that concern the company now' }) }),
        'Saved',
      ),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  deadlines: createRoute({
    method: 'get',
    path: '/v1/eping/deadlines',
    tags,
    summary: 'The notifications concerning the company whose comment deadline is still open, soonest first',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: {
      200: jsonResponse(z.object({ items: z.array(SummarySchema) }), 'Up to 50, soonest deadline first'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  members: createRoute({
    method: 'get',
    path: '/v1/eping/members',
    tags,
    summary: 'The notifying members present, with their notification counts (for the member filter)',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: {
      200: jsonResponse(z.object({ items: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })) }), 'By name'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  productNotices: createRoute({
    method: 'get',
    path: '/v1/eping/products/{productId}/notices',
    tags,
    summary: 'The notifications that concern one of the company’s products (for its edit page)',
    security: SIGNED_IN,
    ...memberAccess('productId'),
    request: { params: ProductParam },
    responses: {
      200: jsonResponse(
        z.object({
          items: z.array(SummarySchema),
          total: z.number().int(),
          open: z.number().int().openapi({ description: 'Of them, with an open comment deadline' }),
        }),
        'Newest first (up to 100)',
      ),
      ...read,
    },
  }),
  syncRuns: createRoute({
    method: 'get',
    path: '/v1/eping/sync-runs',
    tags,
    summary: 'The latest ePing sync runs, newest first (platform admins)',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(SyncRunSchema) }), 'Up to 50 runs'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
}

const summaryWire = (item: EpingNotificationSummary) => toWire(SummarySchema, item)

export function registerEpingRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const ctx = await serviceContext(c)
    const query = await parseAndRun('eping', EpingListQuery, c.req.query(), async (input) => input)
    const page = await listEpingNotifications(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map(summaryWire), total: page.total, limit: query.limit, offset: query.offset }, 200)
  })

  api.openapi(routes.detail, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(DetailSchema, await getEpingNotification(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.review, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    const body = camelCaseKeys(await readJsonBody(c))
    const mark = await parseAndRun('eping', EpingReviewInput, body, (input) => reviewEpingNotification(ctx, id, input))
    return c.json(toWire(ReviewSchema, mark), 200)
  })

  api.openapi(routes.clearReview, async (c) => {
    const ctx = await serviceContext(c)
    await clearEpingReview(ctx, c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.subscription, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(SubscriptionSchema, await getEpingSubscription(ctx)), 200)
  })

  api.openapi(routes.updateSubscription, async (c) => {
    const ctx = await serviceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const saved = await parseAndRun('eping', EpingSubscriptionInput, body, (input) => updateEpingSubscription(ctx, input))
    return c.json({ ...toWire(SubscriptionSchema, saved.subscription), matched: saved.matched }, 200)
  })

  api.openapi(routes.deadlines, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: (await epingDeadlines(ctx)).map(summaryWire) }, 200)
  })

  api.openapi(routes.members, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: await epingMembers(ctx) }, 200)
  })

  api.openapi(routes.productNotices, async (c) => {
    const ctx = await serviceContext(c)
    const notices = await productEpingNotices(ctx, c.req.valid('param').productId)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: notices.items.map(summaryWire), total: notices.total, open: notices.open }, 200)
  })

  api.openapi(routes.syncRuns, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: (await listEpingSyncRuns(ctx)).map((run) => toWire(SyncRunSchema, run)) }, 200)
  })
}
