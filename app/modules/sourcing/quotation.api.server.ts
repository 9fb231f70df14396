import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import {
  allowedQuotationSteps,
  MyQuotationsQuery,
  QUOTATION_ACTIONS,
  QUOTATION_STATUSES,
  QuotationDecisionInput,
  QuotationStepInput,
  ReviseQuotationInput,
  RFQ_VISIBILITIES,
  SaveQuotationInput,
} from './index'
import {
  decideQuotation,
  getMyQuotationForRfq,
  getQuotation,
  listMyQuotations,
  listQuotationsForRfq,
  quotationHistory,
  reviseQuotation,
  saveQuotation,
  submitQuotation,
  withdrawQuotation,
  type QuotationDetail,
  type QuotationRevisionEntry,
} from './index.server'
import { INCOTERMS, PAYMENT_TERMS } from '../../platform/trade-terms'
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
  SIGNED_IN,
  snakeCaseBodySchema,
  snakeCaseName,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const decimal = (description: string) => decimalString(description, '17.5000')

const QuotationLineSchema = z.object({
  rfq_line_id: z.string(),
  position: z.number().int(),
  title: z.string(),
  specification: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  target_unit_price: decimal('The buyer’s target price; null for the supplier').nullable(),
  no_offer: z.boolean().openapi({ description: 'The supplier skipped this line' }),
  unit_price: decimal('Price per unit').nullable(),
  moq: z.number().int().nullable(),
  lead_time_days: z.number().int().nullable(),
  note: z.string(),
  alternative_description: z.string().nullable(),
  alternative_unit_price: decimal('Unit price of the alternative offer').nullable(),
  line_total: decimal('quantity × unit price, rounded to the currency').nullable(),
})

const QuotationSchema = z
  .object({
    id: z.string(),
    rfq: z.object({
      id: z.string(),
      number: z.string(),
      title: z.string(),
      sealed: z.boolean(),
      quote_deadline: z.string(),
      visibility: z.enum(RFQ_VISIBILITIES),
      quoting_open: z.boolean(),
    }),
    side: z.enum(['buyer', 'supplier']).openapi({ description: 'The caller’s side' }),
    buyer: z.object({ id: z.string(), name: z.string() }),
    supplier: z.object({ id: z.string(), name: z.string() }),
    status: z.enum(QUOTATION_STATUSES).openapi({ description: 'submitted is what the buyer sees as pending' }),
    revision: z.number().int().openapi({ description: '0 for a draft, then 1, 2, … per submitted round' }),
    currency: z.string(),
    incoterm: z.enum(INCOTERMS),
    incoterm_place: z.string(),
    freight_amount: decimal('Freight priced separately').nullable(),
    insurance_amount: decimal('Insurance priced separately').nullable(),
    payment_terms: z.enum(PAYMENT_TERMS),
    valid_until: z.string(),
    notes: z.string(),
    decision_reason: z.string().openapi({ description: 'The buyer’s reason for a decision, or the supplier’s for a withdrawal' }),
    submitted_at: z.string().nullable(),
    decided_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    version: z.number().int().openapi({ description: 'Send it back with every change (optimistic lock: 409 stale_version when it moved on)' }),
    total: decimal('Sum of the priced lines, without freight and insurance'),
    lines: z.array(QuotationLineSchema),
    attachments: z.array(z.object({ id: z.string(), name: z.string(), content_type: z.string(), size_bytes: z.number().int() })),
    actions: z.array(z.enum(QUOTATION_ACTIONS)).openapi({ description: 'What the caller may do now' }),
    can_edit: z.boolean().openapi({ description: 'The supplier may still save the draft' }),
  })
  .openapi('Quotation')

const RfqQuotationsSchema = z
  .object({
    sealed: z.boolean().openapi({ description: 'true while a sealed RFQ is before its deadline: only the count comes back' }),
    count: z.number().int().openapi({ description: 'Quotations sent (drafts are not counted)' }),
    quote_deadline: z.string(),
    items: z.array(QuotationSchema).optional().openapi({ description: 'Absent while sealed' }),
  })
  .openapi('RfqQuotations')

const RevisionSchema = z
  .object({
    revision: z.number().int(),
    submitted_at: z.string(),
    submitted_by_name: z.string().nullable(),
    changes: z
      .array(
        z.object({
          field: z.string(),
          rfq_line_id: z.string().nullable(),
          line_title: z.string().nullable(),
          before: z.string().nullable(),
          after: z.string().nullable(),
        }),
      )
      .openapi({ description: 'What changed against the previous round (empty for the first)' }),
  })
  .openapi('QuotationRevision')

const MyQuotationSchema = z
  .object({
    id: z.string(),
    rfq_id: z.string(),
    rfq_number: z.string(),
    rfq_title: z.string(),
    visibility: z.enum(RFQ_VISIBILITIES),
    buyer_name: z.string().nullable().openapi({ description: 'null for a public request' }),
    status: z.enum(QUOTATION_STATUSES),
    revision: z.number().int(),
    currency: z.string(),
    total: decimal('Sum of the priced lines'),
    line_count: z.number().int(),
    valid_until: z.string(),
    quote_deadline: z.string(),
    submitted_at: z.string().nullable(),
    updated_at: z.string(),
    version: z.number().int(),
  })
  .openapi('MyQuotation')

const TERMS_EXAMPLE = {
  currency: 'USD',
  incoterm: 'FOB',
  incoterm_place: 'Shenzhen',
  freight_amount: null,
  insurance_amount: null,
  payment_terms: 'tt_30_70',
  valid_until: '2099-12-31',
  notes: 'Carton packing included',
  attachment_file_ids: [],
}
const LINES_EXAMPLE = [{ rfq_line_id: 'c2a1…', unit_price: '17.5000', moq: 100, lead_time_days: 30, note: '' }]
const BODIES = {
  SaveQuotation: snakeCaseBodySchema(SaveQuotationInput, { ...TERMS_EXAMPLE, lines: LINES_EXAMPLE }),
  ReviseQuotation: snakeCaseBodySchema(ReviseQuotationInput, { ...TERMS_EXAMPLE, lines: LINES_EXAMPLE, version: 2 }),
  QuotationStep: snakeCaseBodySchema(QuotationStepInput, { version: 1, reason: '' }),
  QuotationDecision: snakeCaseBodySchema(QuotationDecisionInput, { decision: 'reject', reason: 'Price above our target' }),
}

/** A quotation with its allowed steps as the API has always sent them: a list, and whether the supplier may edit it. */
const withSteps = (quotation: QuotationDetail) => ({ ...quotation, actions: allowedQuotationSteps(quotation.actions), canEdit: quotation.actions.edit })
const quotationWire = (quotation: QuotationDetail) => toWire(QuotationSchema, withSteps(quotation))

/** A round of a quotation; a changed field is named as the API spells it. */
const revisionWire = (entry: QuotationRevisionEntry) =>
  toWire(RevisionSchema, { ...entry, changes: entry.changes.map((change) => ({ ...change, field: snakeCaseName(change.field) })) })

const tags = ['Quotations']
const write = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422] }
const read = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] }

const routes = {
  mine: createRoute({
    method: 'get',
    path: '/v1/rfq-inbox/{id}/quotation',
    tags,
    summary: 'The caller’s quotation for an RFQ it was invited to (or a public request); null when it has none yet',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(QuotationSchema.nullable(), 'The quotation, or null'), ...read },
  }),
  save: createRoute({
    method: 'put',
    path: '/v1/rfq-inbox/{id}/quotation',
    tags,
    summary: 'Create or update the caller’s draft quotation for an RFQ (only while quoting is open)',
    description:
      'Every RFQ line is priced (unit_price, moq, lead_time_days, note, optional alternative_description + alternative_unit_price) or sent with no_offer: true. valid_until is today or later. Send the version you loaded when a draft exists (409 stale_version otherwise). After the deadline: 409 invalid_transition (details.reason quoting_closed). A submitted quotation is revised instead (409).',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('SaveQuotation') },
    responses: { 200: jsonResponse(QuotationSchema, 'The stored draft'), ...write },
  }),
  submit: createRoute({
    method: 'post',
    path: '/v1/quotations/{id}/submit',
    tags,
    summary: 'Send the draft to the buyer (revision 1); the buyer is notified (without supplier or price while the RFQ is sealed)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('QuotationStep') },
    responses: { 200: jsonResponse(QuotationSchema, 'The submitted quotation'), ...write },
  }),
  revise: createRoute({
    method: 'post',
    path: '/v1/quotations/{id}/revise',
    tags,
    summary: 'A new round of a submitted quotation (revision + 1, kept for the history) before the deadline',
    description:
      'The whole content again, as for saving a draft, with the version loaded. An accepted, rejected, withdrawn or expired quotation is never revised (409 invalid_transition).',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('ReviseQuotation') },
    responses: { 200: jsonResponse(QuotationSchema, 'The revised quotation'), ...write },
  }),
  withdraw: createRoute({
    method: 'post',
    path: '/v1/quotations/{id}/withdraw',
    tags,
    summary: 'Withdraw a draft or pending quotation before the buyer decides (the reason goes to the buyer)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('QuotationStep') },
    responses: { 200: jsonResponse(QuotationSchema, 'The withdrawn quotation'), ...write },
  }),
  forRfq: createRoute({
    method: 'get',
    path: '/v1/rfqs/{id}/quotations',
    tags,
    summary: 'The quotations on the caller’s RFQ (the buyer); only their count while a sealed RFQ is before its deadline',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(RfqQuotationsSchema, 'The quotations, or the count while sealed'), ...read },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/quotations/{id}',
    tags,
    summary: 'One quotation: the supplier’s own, or a sent one on the buyer’s RFQ (403 details.reason sealed before the deadline of a sealed RFQ)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(QuotationSchema, 'The quotation'), ...read },
  }),
  decide: createRoute({
    method: 'post',
    path: '/v1/quotations/{id}/decision',
    tags,
    summary: 'The buyer accepts or rejects a pending quotation; a rejection needs a reason. The supplier is notified with the reason.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('QuotationDecision') },
    responses: { 200: jsonResponse(QuotationSchema, 'The decided quotation'), ...write },
  }),
  history: createRoute({
    method: 'get',
    path: '/v1/quotations/{id}/history',
    tags,
    summary: 'Every submitted round, newest first, with what changed against the previous one (line prices, MOQ, lead time, terms)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(z.object({ items: z.array(RevisionSchema) }), 'The rounds'), ...read },
  }),
  myList: createRoute({
    method: 'get',
    path: '/v1/my-quotations',
    tags,
    summary: 'The caller’s quotations (as supplier), newest first, with counts per status; public_only for replies to public requests',
    security: SIGNED_IN,
    ...memberAccess(),
    request: {
      query: z.object({
        status: z.enum(QUOTATION_STATUSES).optional(),
        public_only: z.enum(['true', 'false']).optional(),
        limit: z.string().max(6).optional().openapi({ description: '1–100, default 25' }),
        offset: z.string().max(8).optional().openapi({ description: 'default 0' }),
      }),
    },
    responses: {
      200: jsonResponse(
        z.object({
          items: z.array(MyQuotationSchema),
          total: z.number().int(),
          limit: z.number().int(),
          offset: z.number().int(),
          counts: z.record(z.string(), z.number().int()),
        }),
        'A page of quotations',
      ),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
}

export function registerQuotationRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.mine, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    const quotation = await getMyQuotationForRfq(ctx, c.req.valid('param').id)
    return c.json(quotation ? quotationWire(quotation) : null, 200)
  })

  api.openapi(routes.save, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseBody(await readJsonBody(c))
    return c.json(
      quotationWire(await parseAndRun('quotations', SaveQuotationInput, body, (input) => saveQuotation(ctx, c.req.valid('param').id, input, idempotencyOf(c)))),
      200,
    )
  })

  api.openapi(routes.submit, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      quotationWire(await parseAndRun('quotations', QuotationStepInput, body, (input) => submitQuotation(ctx, c.req.valid('param').id, input))),
      200,
    )
  })

  api.openapi(routes.revise, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseBody(await readJsonBody(c))
    return c.json(
      quotationWire(
        await parseAndRun('quotations', ReviseQuotationInput, body, (input) => reviseQuotation(ctx, c.req.valid('param').id, input, idempotencyOf(c))),
      ),
      200,
    )
  })

  api.openapi(routes.withdraw, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      quotationWire(await parseAndRun('quotations', QuotationStepInput, body, (input) => withdrawQuotation(ctx, c.req.valid('param').id, input))),
      200,
    )
  })

  api.openapi(routes.forRfq, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    const result = await listQuotationsForRfq(ctx, c.req.valid('param').id)
    return c.json(toWire(RfqQuotationsSchema, result.sealed ? result : { ...result, items: result.items.map(withSteps) }), 200)
  })

  api.openapi(routes.get, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(quotationWire(await getQuotation(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.decide, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      quotationWire(await parseAndRun('quotations', QuotationDecisionInput, body, (input) => decideQuotation(ctx, c.req.valid('param').id, input))),
      200,
    )
  })

  api.openapi(routes.history, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: (await quotationHistory(ctx, c.req.valid('param').id)).map(revisionWire) }, 200)
  })

  api.openapi(routes.myList, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('quotations', MyQuotationsQuery, camelCaseKeys(c.req.query()), async (input) => input)
    const result = await listMyQuotations(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        items: result.items.map((item) => toWire(MyQuotationSchema, item)),
        total: result.total,
        limit: query.limit,
        offset: query.offset,
        counts: result.counts,
      },
      200,
    )
  })
}
