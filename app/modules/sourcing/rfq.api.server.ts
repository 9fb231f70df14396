import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import {
  allowedRfqSteps,
  AnswerQuestionInput,
  AskQuestionInput,
  BuyingRequestQuery,
  CreateRfqInput,
  DeclineRfqInput,
  INVITATION_STATUSES,
  RFQ_DIRECT_ACTIONS,
  RFQ_STATUSES,
  RFQ_VISIBILITIES,
  RfqInboxQuery,
  RfqListQuery,
  RfqTransitionInput,
  UpdateRfqInput,
} from './index'
import {
  answerQuestion,
  askQuestion,
  createRfq,
  declineRfq,
  getRfq,
  getRfqForSupplier,
  listBuyingRequests,
  listRfqInbox,
  listRfqs,
  transitionRfq,
  updateRfq,
  type RfqDetail,
  type SupplierRfqView,
} from './index.server'
import { INCOTERMS } from '../../platform/trade-terms'
import { currentLocale } from '../../platform/request-scope.server'
import { companyServiceContext } from '../companies/index.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import {
  access,
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

const decimal = (description: string) => decimalString(description, '18.0000')

const RfqLineSchema = z
  .object({
    id: z.string(),
    position: z.number().int(),
    requirement_id: z.string().nullable(),
    title: z.string(),
    specification: z.string(),
    quantity: z.number().int(),
    unit: z.string(),
    target_unit_price: decimal('Target price per unit in the RFQ currency').nullable(),
    hs_code: z.string().nullable(),
    category_id: z.string().nullable(),
    required_by: z.string().nullable(),
  })
  .openapi('RfqLine')

const AttachmentSchema = z.object({ id: z.string(), name: z.string(), content_type: z.string(), size_bytes: z.number().int() })

const RfqSummarySchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ example: 'RFQ-2026-00007' }),
    title: z.string(),
    status: z.enum(RFQ_STATUSES),
    visibility: z.enum(RFQ_VISIBILITIES).openapi({ description: 'invited suppliers only, or a public buying request' }),
    sealed: z.boolean().openapi({ description: 'Quotations stay hidden from the buyer until the deadline' }),
    quote_deadline: z.string(),
    quoting_open: z.boolean().openapi({ description: 'Open and before the deadline' }),
    currency: z.string(),
    incoterm: z.enum(INCOTERMS),
    project_id: z.string().nullable(),
    project_name: z.string().nullable(),
    line_count: z.number().int(),
    invitee_count: z.number().int(),
    quotation_count: z.number().int().openapi({ description: 'Quotations received (never the suppliers’ drafts)' }),
    published_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    version: z.number().int().openapi({ description: 'Send it back with every change (409 stale_version when it moved on)' }),
  })
  .openapi('RfqSummary')

const RfqDetailSchema = RfqSummarySchema.extend({
  description: z.string(),
  incoterm_place: z.string(),
  delivery_date: z.string().nullable(),
  destination: z.string(),
  category_id: z.string().nullable(),
  status_reason: z.string(),
  closed_at: z.string().nullable(),
  lines: z.array(RfqLineSchema),
  invitees: z.array(
    z.object({
      supplier_company_id: z.string(),
      name: z.string(),
      country: z.string().nullable(),
      status: z.enum(INVITATION_STATUSES).openapi({ description: 'While sealed, a supplier that quoted shows as viewed' }),
      decline_reason: z.string(),
      invited_at: z.string(),
      viewed_at: z.string().nullable(),
      responded_at: z.string().nullable(),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      answer: z.string().nullable(),
      asked_by_company_name: z.string().nullable(),
      created_at: z.string(),
      answered_at: z.string().nullable(),
    }),
  ),
  attachments: z.array(AttachmentSchema),
  quotations: z
    .object({
      sealed: z.boolean(),
      count: z.number().int(),
      items: z
        .array(
          z.object({
            id: z.string(),
            supplier_company_id: z.string(),
            supplier_name: z.string(),
            status: z.string(),
            revision: z.number().int(),
            currency: z.string(),
            incoterm: z.enum(INCOTERMS),
            total: decimal('Σ unit price × RFQ quantity, in the quotation currency'),
            valid_until: z.string(),
            submitted_at: z.string().nullable(),
          }),
        )
        .nullable()
        .openapi({ description: 'null while the RFQ is sealed (before its deadline): counts only' }),
    })
    .openapi({ description: 'The quotations received' }),
  actions: z.array(z.enum(RFQ_DIRECT_ACTIONS)).openapi({ description: 'The lifecycle steps the buyer may take now' }),
}).openapi('Rfq')

const SupplierRfqSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.enum(RFQ_STATUSES),
    visibility: z.enum(RFQ_VISIBILITIES),
    sealed: z.boolean(),
    quote_deadline: z.string(),
    quoting_open: z.boolean(),
    currency: z.string(),
    incoterm: z.enum(INCOTERMS),
    incoterm_place: z.string(),
    delivery_date: z.string().nullable(),
    destination: z.string(),
    category_id: z.string().nullable(),
    published_at: z.string().nullable(),
    buyer: z.object({ id: z.string(), name: z.string(), country: z.string().nullable() }),
    invitation: z.object({
      status: z.enum(INVITATION_STATUSES),
      decline_reason: z.string(),
      invited_at: z.string(),
      viewed_at: z.string().nullable(),
      responded_at: z.string().nullable(),
    }),
    lines: z.array(RfqLineSchema),
    questions: z.array(
      z.object({
        id: z.string(),
        question: z.string(),
        answer: z.string().nullable(),
        mine: z.boolean().openapi({ description: 'Asked by the caller’s company; who else asked is never shown' }),
        created_at: z.string(),
        answered_at: z.string().nullable(),
      }),
    ),
    attachments: z.array(AttachmentSchema),
    can_ask: z.boolean(),
    can_decline: z.boolean(),
  })
  .openapi('SupplierRfq')

const InboxItemSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    title: z.string(),
    buyer_name: z.string(),
    status: z.enum(RFQ_STATUSES),
    visibility: z.enum(RFQ_VISIBILITIES),
    sealed: z.boolean(),
    quote_deadline: z.string(),
    quoting_open: z.boolean(),
    currency: z.string(),
    incoterm: z.enum(INCOTERMS),
    line_count: z.number().int(),
    invitation_status: z.enum(INVITATION_STATUSES),
    invited_at: z.string(),
  })
  .openapi('RfqInboxItem')

const BuyingRequestSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    buyer_country: z.string().nullable().openapi({ description: 'ISO 3166-1 alpha-2; the buyer’s name is never public' }),
    category_id: z.string().nullable(),
    category_name: z.string().nullable(),
    first_line: z.object({ title: z.string(), quantity: z.number().int(), unit: z.string() }).nullable(),
    line_count: z.number().int(),
    currency: z.string(),
    incoterm: z.enum(INCOTERMS),
    quote_deadline: z.string(),
    published_at: z.string().nullable(),
    detail_path: z.string().openapi({ description: 'The signed-in supplier page of the request', example: '/app/supplier/portal/rfq/3f2a…' }),
  })
  .openapi('BuyingRequest')

const Paging = z.object({
  limit: z.string().max(6).optional().openapi({ description: '1–100, default 25' }),
  offset: z.string().max(8).optional().openapi({ description: 'default 0' }),
})
const ListFilters = Paging.extend({
  status: z.enum(RFQ_STATUSES).optional(),
  visibility: z.enum(RFQ_VISIBILITIES).optional(),
  project_id: z.string().max(64).optional(),
  q: z.string().max(100).optional().openapi({ description: 'Searches the number and the title' }),
})
const InboxFilters = Paging.extend({ status: z.enum(INVITATION_STATUSES).optional().openapi({ description: 'The caller’s own status on the RFQ' }) })
const BoardFilters = Paging.extend({ q: z.string().max(100).optional().openapi({ description: 'Searches titles' }), category: z.string().max(64).optional() })
const QuestionParams = z.object({ id: z.string().min(1).max(64), qid: z.string().min(1).max(64) })

const RFQ_EXAMPLE = {
  project_id: null,
  title: 'Lighting for the Rotterdam showroom',
  description: 'Warm white, CE marked.',
  quote_deadline: '2027-01-15T17:00:00Z',
  currency: 'USD',
  incoterm: 'FOB',
  incoterm_place: 'Shenzhen',
  delivery_date: '2027-03-01',
  destination: 'Rotterdam, NL',
  sealed: true,
  visibility: 'invited',
  supplier_ids: ['b3c1…'],
  requirement_ids: [],
  lines: [{ title: 'LED panel light 600×600', specification: '40 W, 4000 K', quantity: 400, unit: 'pcs', target_unit_price: '18.00' }],
  attachment_file_ids: [],
}
const BODIES = {
  CreateRfq: snakeCaseBodySchema(CreateRfqInput, RFQ_EXAMPLE),
  UpdateRfq: snakeCaseBodySchema(UpdateRfqInput, { ...RFQ_EXAMPLE, version: 1 }),
  RfqTransition: snakeCaseBodySchema(RfqTransitionInput, { action: 'extend', version: 2, reason: '', deadline: '2027-01-22T17:00:00Z' }),
  AskRfqQuestion: snakeCaseBodySchema(AskQuestionInput, { question: 'Is a 3000 K colour temperature acceptable?' }),
  AnswerRfqQuestion: snakeCaseBodySchema(AnswerQuestionInput, { answer: 'Yes, 3000 K or 4000 K.' }),
  DeclineRfq: snakeCaseBodySchema(DeclineRfqInput, { reason: 'Out of capacity until March' }),
}

const tags = ['RFQs']
const write = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422] }
const listErrors = { 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] }
const readErrors = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] }

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/rfqs',
    tags,
    summary: 'The company’s RFQs (as buyer), newest first, filtered and paged',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: ListFilters },
    responses: { 200: jsonResponse(pageSchema(RfqSummarySchema), 'A page of RFQs'), ...listErrors },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/rfqs',
    tags,
    summary: 'Create an RFQ as a draft: lines written or copied from requirements (requirement_ids), invitees, terms',
    description:
      'The quote deadline must be in the future. Invitees must be supplying companies other than the caller’s. Field errors come under lines.<index>.<field>, requirement_ids.<index>, supplier_ids.<index>.',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateRfq') },
    responses: { 201: jsonResponse(RfqDetailSchema, 'The draft RFQ'), 400: errorResponses[400], ...write },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/rfqs/{id}',
    tags,
    summary: 'One of the company’s RFQs with its lines, invitees, Q&A and quotations (counts only while sealed)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(RfqDetailSchema, 'The RFQ'), ...readErrors },
  }),
  update: createRoute({
    method: 'put',
    path: '/v1/rfqs/{id}',
    tags,
    summary: 'Replace a draft’s terms, lines and invitees (drafts only; with the version loaded)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('UpdateRfq') },
    responses: { 200: jsonResponse(RfqDetailSchema, 'The stored RFQ'), ...write },
  }),
  transition: createRoute({
    method: 'post',
    path: '/v1/rfqs/{id}/transitions',
    tags,
    summary: 'Publish, close early, extend (a later deadline; reopens a closed RFQ) or cancel (with a reason)',
    description:
      'Publishing sends the invitations (and lists a public RFQ on the board). A sealed RFQ cannot be extended once its deadline has passed. A step the status does not allow is 409 invalid_transition; an outdated version 409 stale_version.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('RfqTransition') },
    responses: {
      200: jsonResponse(RfqDetailSchema, 'The RFQ after the step'),
      ...write,
      402: { ...errorResponses[402], description: 'plan_limit_reached: publishing would pass the RFQs a month of the plan; the RFQ stays a draft' },
    },
  }),
  ask: createRoute({
    method: 'post',
    path: '/v1/rfqs/{id}/questions',
    tags,
    summary: 'Ask the buyer a clarification question (an invitee, while quoting is open); every invitee sees it without the asker',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('AskRfqQuestion') },
    responses: { 201: jsonResponse(SupplierRfqSchema, 'The RFQ as the supplier sees it'), ...write },
  }),
  answer: createRoute({
    method: 'post',
    path: '/v1/rfqs/{id}/questions/{qid}/answer',
    tags,
    summary: 'Answer (or correct the answer to) a clarification question (the buyer); invitees are notified',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: QuestionParams, body: bodyRef('AnswerRfqQuestion') },
    responses: { 200: jsonResponse(RfqDetailSchema, 'The RFQ'), ...write },
  }),
  inbox: createRoute({
    method: 'get',
    path: '/v1/rfq-inbox',
    tags,
    summary: 'The RFQs the company is invited to quote on, and public ones it opened, newest first',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: InboxFilters },
    responses: { 200: jsonResponse(pageSchema(InboxItemSchema), 'A page of RFQs'), ...listErrors },
  }),
  inboxGet: createRoute({
    method: 'get',
    path: '/v1/rfq-inbox/{id}',
    tags,
    summary: 'An RFQ as the supplier sees it (marks the invitation viewed; opening an open public RFQ joins it)',
    description: 'Never shows other suppliers or their quotations. Not invited to a non-public RFQ: 404.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(SupplierRfqSchema, 'The RFQ'), ...readErrors },
  }),
  decline: createRoute({
    method: 'post',
    path: '/v1/rfq-inbox/{id}/decline',
    tags,
    summary: 'Decline to quote (while quoting is open and before quoting); the buyer is notified',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('DeclineRfq') },
    responses: { 200: jsonResponse(SupplierRfqSchema, 'The RFQ'), ...write },
  }),
  board: createRoute({
    method: 'get',
    path: '/v1/buying-requests',
    tags,
    summary: 'The public board: open public buying requests with a future deadline, the soonest first (no sign-in)',
    description: 'Cards show the buyer’s country, never its name; details need a signed-in supplying company.',
    ...access({ level: 'public' }),
    request: { query: BoardFilters },
    responses: { 200: jsonResponse(pageSchema(BuyingRequestSchema), 'A page of buying requests'), 422: errorResponses[422] },
  }),
}

// The wire keeps its lists of steps and its can_* flags; the services answer the allowed actions as one object.
const rfqWire = (rfq: RfqDetail) => toWire(RfqDetailSchema, { ...rfq, actions: allowedRfqSteps(rfq.actions) })
const supplierRfqWire = (view: SupplierRfqView) => toWire(SupplierRfqSchema, { ...view, canAsk: view.actions.ask, canDecline: view.actions.decline })

export function registerRfqRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('rfqs', RfqListQuery, camelCaseKeys(c.req.query()), async (input) => input)
    const result = await listRfqs(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: result.items.map((rfq) => toWire(RfqSummarySchema, rfq)), total: result.total, limit: query.limit, offset: query.offset }, 200)
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseBody(await readJsonBody(c))
    return c.json(rfqWire(await parseAndRun('rfqs', CreateRfqInput, body, (input) => createRfq(ctx, input, idempotencyOf(c)))), 201)
  })

  api.openapi(routes.get, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(rfqWire(await getRfq(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.update, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseBody(await readJsonBody(c))
    return c.json(rfqWire(await parseAndRun('rfqs', UpdateRfqInput, body, (input) => updateRfq(ctx, c.req.valid('param').id, input))), 200)
  })

  api.openapi(routes.transition, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(rfqWire(await parseAndRun('rfqs', RfqTransitionInput, body, (input) => transitionRfq(ctx, c.req.valid('param').id, input))), 200)
  })

  api.openapi(routes.ask, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      supplierRfqWire(await parseAndRun('rfqs', AskQuestionInput, body, (input) => askQuestion(ctx, c.req.valid('param').id, input, idempotencyOf(c)))),
      201,
    )
  })

  api.openapi(routes.answer, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, qid } = c.req.valid('param')
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(rfqWire(await parseAndRun('rfqs', AnswerQuestionInput, body, (input) => answerQuestion(ctx, id, qid, input))), 200)
  })

  api.openapi(routes.inbox, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('rfqs', RfqInboxQuery, c.req.query(), async (input) => input)
    const result = await listRfqInbox(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: result.items.map((item) => toWire(InboxItemSchema, item)), total: result.total, limit: query.limit, offset: query.offset }, 200)
  })

  api.openapi(routes.inboxGet, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(supplierRfqWire(await getRfqForSupplier(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.decline, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(supplierRfqWire(await parseAndRun('rfqs', DeclineRfqInput, body, (input) => declineRfq(ctx, c.req.valid('param').id, input.reason))), 200)
  })

  api.openapi(routes.board, async (c) => {
    const query = await parseAndRun('rfqs', BuyingRequestQuery, c.req.query(), async (input) => input)
    const result = await listBuyingRequests(query, currentLocale())
    c.header('Cache-Control', 'public, max-age=60')
    return c.json(
      {
        items: result.items.map((card) => toWire(BuyingRequestSchema, { ...card, detailPath: `/app/supplier/portal/rfq/${card.id}` })),
        total: result.total,
        limit: query.limit,
        offset: query.offset,
      },
      200,
    )
  })
}
