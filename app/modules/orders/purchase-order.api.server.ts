import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import {
  ChangeDecisionInput,
  ChangeRequestInput,
  CreatePurchaseOrderInput,
  CustomerNoteInput,
  INCOTERMS,
  ORDER_SIDES,
  OrderListQuery,
  OrderTransitionInput,
  PAYMENT_TERMS,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  ReportQuery,
  UpdatePurchaseOrderInput,
} from './index'
import {
  createPurchaseOrder,
  decideChange,
  exportOrdersCsv,
  getPurchaseOrder,
  listCustomers,
  listOpenOrderLines,
  listPurchaseOrders,
  MAX_CSV_EXPORT_ROWS,
  openOrderAttachment,
  orderCounterparts,
  requestChange,
  setCustomerNote,
  transitionPurchaseOrder,
  updatePurchaseOrder,
  type PurchaseOrderDetail,
} from './index.server'
import { companyServiceContext } from '../companies/index.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { sendDownload } from '../../platform/api/file-responses.server'
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
  attachmentDownloadResponses,
  AttachmentParams,
  snakeCaseBodySchema,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const decimal = (description: string) => decimalString(description, '1611.2000')
const Party = z.enum(['buyer', 'supplier'])
const CompanyRef = z.object({ id: z.string().nullable().openapi({ description: 'null once the company is gone; the name stays' }), name: z.string() })

const OrderSummarySchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ example: 'PO-2026-00042' }),
    status: z.enum(PURCHASE_ORDER_STATUSES),
    side: Party.openapi({ description: 'The caller’s side of the order' }),
    buyer: CompanyRef,
    supplier: CompanyRef,
    counterpart: CompanyRef,
    currency: z.string().openapi({ description: 'ISO 4217' }),
    total: decimal('The order total'),
    line_count: z.number().int(),
    requested_delivery_date: z.string().nullable(),
    created_at: z.string(),
    placed_at: z.string().nullable(),
    updated_at: z.string(),
  })
  .openapi('PurchaseOrderSummary')

const OrderLineSchema = z
  .object({
    id: z.string(),
    position: z.number().int(),
    product_id: z.string().nullable(),
    sku: z.string(),
    description: z.string(),
    unit: z.string(),
    quantity: z.number().int(),
    unit_price: decimal('Price per unit'),
    line_total: decimal('quantity × unit price, rounded to the currency'),
    shipped_quantity: z.number().int(),
    received_quantity: z.number().int(),
  })
  .openapi('PurchaseOrderLine')

const ChangeRequestSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['change', 'cancel']),
    status: z.enum(['pending', 'accept', 'reject', 'withdrawn']),
    requested_by: Party.nullable(),
    requested_by_name: z.string().nullable(),
    reason: z.string(),
    proposal: z.record(z.string(), z.unknown()).openapi({ description: 'What the request proposes: lines (line_id, quantity, unit_price) and terms' }),
    before: z.record(z.string(), z.unknown()).openapi({ description: 'The terms and lines as they were when it was proposed' }),
    decision_note: z.string(),
    decided_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('PurchaseOrderChangeRequest')

const OrderDetailSchema = OrderSummarySchema.extend({
  incoterm: z.enum(INCOTERMS),
  incoterm_place: z.string(),
  payment_terms: z.enum(PAYMENT_TERMS),
  ship_to_address_id: z.string().nullable(),
  ship_to: z.record(z.string(), z.string()).nullable().openapi({ description: 'The ship-to address as it was when written' }),
  notes: z.string(),
  subtotal: decimal('The sum of the lines'),
  status_reason: z.string(),
  version: z.number().int().openapi({ description: 'Send it back with every change (optimistic lock: 409 stale_version when it moved on)' }),
  confirmed_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  events: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      from_status: z.string().nullable(),
      to_status: z.string().nullable(),
      actor_name: z.string().nullable(),
      actor_company_name: z.string().nullable(),
      note: z.string(),
      data: z.record(z.string(), z.unknown()),
      created_at: z.string(),
    }),
  ),
  change_requests: z.array(ChangeRequestSchema),
  attachments: z.array(z.object({ id: z.string(), name: z.string(), content_type: z.string(), size_bytes: z.number().int(), content_url: z.string() })),
  actions: z.array(z.enum(PURCHASE_ORDER_ACTIONS)).openapi({ description: 'The lifecycle steps the caller may take now' }),
  can_request_change: z.boolean(),
}).openapi('PurchaseOrder')

const OpenOrderLineSchema = z
  .object({
    line_id: z.string(),
    order_id: z.string(),
    order_number: z.string(),
    order_status: z.enum(PURCHASE_ORDER_STATUSES),
    buyer_id: z.string().nullable(),
    buyer_name: z.string(),
    requested_delivery_date: z.string().nullable(),
    sku: z.string(),
    description: z.string(),
    unit: z.string(),
    quantity: z.number().int(),
    shipped: z.number().int(),
    remaining: z.number().int(),
  })
  .openapi('OpenOrderLine')

const CustomerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    order_count: z.number().int(),
    volume: z
      .array(z.object({ currency: z.string(), total: decimal('Sum of order totals in this currency') }))
      .openapi({ description: 'Per currency; declined and cancelled orders left out' }),
    last_order_at: z.string(),
    note: z.string().openapi({ description: 'The supplier’s private note' }),
  })
  .openapi('Customer')

const CustomerNoteSchema = z.object({ customer_id: z.string(), note: z.string(), updated_at: z.string() })

const optionalText = (description: string, example?: string) =>
  z
    .string()
    .max(100)
    .optional()
    .openapi(example ? { description, example } : { description })
const ListFilters = z.object({
  side: z.enum(ORDER_SIDES).optional().openapi({ description: 'all (default), buyer or supplier' }),
  status: z.enum(PURCHASE_ORDER_STATUSES).optional(),
  counterpart: optionalText('The other company’s id'),
  from: optionalText('Created on or after (YYYY-MM-DD)', '2026-01-01'),
  to: optionalText('Created on or before (YYYY-MM-DD)', '2026-12-31'),
  q: optionalText('Searches the number and the company names'),
})
const Paging = z.object({
  limit: z.string().max(6).optional().openapi({ description: '1–100, default 25' }),
  offset: z.string().max(8).optional().openapi({ description: 'default 0' }),
})
const SearchPage = Paging.extend({ q: optionalText('Search text') })
const ChangeParams = z.object({ id: z.string().min(1).max(64), changeId: z.string().min(1).max(64) })

const LINE_EXAMPLE = { description: 'Custom gift box with logo', unit: 'pcs', unit_price: '0.8000', quantity: 160 }
const TERMS_EXAMPLE = {
  currency: 'USD',
  incoterm: 'FOB',
  incoterm_place: 'Ningbo',
  payment_terms: 'tt_30_70',
  requested_delivery_date: '2027-03-01',
  notes: '',
  lines: [LINE_EXAMPLE],
}
const BODIES = {
  CreatePurchaseOrder: snakeCaseBodySchema(CreatePurchaseOrderInput, { supplier_company_id: 'b3c1…', ...TERMS_EXAMPLE, place: false }),
  UpdatePurchaseOrder: snakeCaseBodySchema(UpdatePurchaseOrderInput, { ...TERMS_EXAMPLE, version: 1 }),
  OrderTransition: snakeCaseBodySchema(OrderTransitionInput, { action: 'confirm', version: 1, reason: '' }),
  ChangeRequest: snakeCaseBodySchema(ChangeRequestInput, { kind: 'cancel', version: 1, reason: 'Our customer cancelled the project' }),
  ChangeDecision: snakeCaseBodySchema(ChangeDecisionInput, { decision: 'reject', note: 'We have already bought the material' }),
  CustomerNote: snakeCaseBodySchema(CustomerNoteInput, { note: 'Pays on time; prefers sea freight via Rotterdam' }),
}

/** An order with the download link of each attachment, which is under the order. */
const orderWire = (order: PurchaseOrderDetail) =>
  toWire(OrderDetailSchema, {
    ...order,
    attachments: order.attachments.map((file) => ({ ...file, contentUrl: `/api/v1/orders/${order.id}/attachments/${file.id}` })),
    actions: order.actions.steps,
    canRequestChange: order.actions.requestChange,
  })

const tags = ['Orders']
const orderWrite = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422] }

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/orders',
    tags,
    summary: 'The company’s purchase orders (as buyer, supplier or both), newest first, filtered and paged',
    description: 'A supplier sees an order once it is placed; drafts are the buyer’s alone.',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: ListFilters.merge(Paging) },
    responses: {
      200: jsonResponse(pageSchema(OrderSummarySchema), 'A page of orders'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  exportCsv: createRoute({
    method: 'get',
    path: '/v1/orders/export.csv',
    tags,
    summary: `The order list as CSV (same filters, no paging, at most ${MAX_CSV_EXPORT_ROWS} rows, newest first)`,
    description:
      'UTF-8 with a byte order mark, CRLF lines, RFC 4180 quoting; cells a spreadsheet would run as a formula start with an apostrophe. Columns: number, side, status, counterpart, currency, total, lines, requested_delivery, created_at (ISO 8601).',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: ListFilters },
    responses: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } },
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/orders',
    tags,
    summary: 'Create a purchase order to a supplier, as a draft (or placed at once with place: true)',
    description:
      'Catalogue lines (product_id, quantity) take the supplier’s price for their quantity; the MOQ applies and the currency must be the supplier’s price list’s. Free-text lines carry description, unit and unit_price. Send an Idempotency-Key header to make retries safe: the same key with the same body answers with the order the first request created (201); with a different body, 409 idempotency_key_reused. Field errors come under lines.<index>.<field>.',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('CreatePurchaseOrder') },
    responses: {
      201: jsonResponse(OrderDetailSchema, 'The order'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/orders/{id}',
    tags,
    summary: 'An order with its lines, timeline, change requests, attachments and the steps the caller may take (parties only)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(OrderDetailSchema, 'The order'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  update: createRoute({
    method: 'put',
    path: '/v1/orders/{id}',
    tags,
    summary: 'Replace a draft’s terms and lines (the buyer; drafts only; with the version loaded)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('UpdatePurchaseOrder') },
    responses: { 200: jsonResponse(OrderDetailSchema, 'The stored order'), ...orderWrite },
  }),
  transition: createRoute({
    method: 'post',
    path: '/v1/orders/{id}/transitions',
    tags,
    summary: 'Take a lifecycle step: place, confirm, decline, start_production, deliver, complete, cancel, dispute, resolve',
    description:
      'Orders ship by booking a shipment (POST /v1/shipments); ship here is 422 with action: validation.shipWithShipment. deliver may carry the quantities received. decline, cancel and dispute need a reason. A step the order’s status or the caller’s side does not allow is 409 invalid_transition or not_your_turn; an outdated version is 409 stale_version.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('OrderTransition') },
    responses: { 200: jsonResponse(OrderDetailSchema, 'The order after the step'), ...orderWrite },
  }),
  requestChange: createRoute({
    method: 'post',
    path: '/v1/orders/{id}/change-requests',
    tags,
    summary: 'Propose a change (line quantities and prices, terms) or a cancellation, for the other party to accept or reject',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('ChangeRequest') },
    responses: { 201: jsonResponse(OrderDetailSchema, 'The order with the pending request'), ...orderWrite },
  }),
  decideChange: createRoute({
    method: 'post',
    path: '/v1/orders/{id}/change-requests/{changeId}/decision',
    tags,
    summary: 'Accept or reject the other party’s pending request, or withdraw your own; accepting applies it (new totals and version)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: ChangeParams, body: bodyRef('ChangeDecision') },
    responses: { 200: jsonResponse(OrderDetailSchema, 'The order after the decision'), ...orderWrite },
  }),
  attachment: createRoute({
    method: 'get',
    path: '/v1/orders/{id}/attachments/{fileId}',
    tags,
    summary: 'An attachment of the order, for either party',
    description: 'Served with its stored type, Content-Disposition, X-Content-Type-Options: nosniff, private caching and an ETag.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: AttachmentParams },
    responses: attachmentDownloadResponses,
  }),
  openLines: createRoute({
    method: 'get',
    path: '/v1/order-lines/open',
    tags,
    summary: 'The supplier’s lines still to ship on confirmed, in-production and shipped orders, the earliest requested delivery first',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: SearchPage },
    responses: {
      200: jsonResponse(pageSchema(OpenOrderLineSchema), 'A page of open lines'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  customers: createRoute({
    method: 'get',
    path: '/v1/customers',
    tags,
    summary: 'The companies that ordered from the active company, the most recent first, with volume per currency and the private note',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: SearchPage },
    responses: {
      200: jsonResponse(pageSchema(CustomerSchema), 'A page of customers'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  customerNote: createRoute({
    method: 'put',
    path: '/v1/customers/{id}/note',
    tags,
    summary: 'Keep a private note about a customer (any member); 404 for a company that never ordered from you',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('CustomerNote') },
    responses: {
      200: jsonResponse(CustomerNoteSchema, 'The stored note'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  counterparts: createRoute({
    method: 'get',
    path: '/v1/order-counterparts',
    tags,
    summary: 'The companies the active company trades with, by name (for the counterpart filter)',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: {
      200: jsonResponse(z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }), 'Companies'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
}

export function registerOrderRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('orders', OrderListQuery, c.req.query(), async (input) => input)
    const result = await listPurchaseOrders(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: result.items.map((order) => toWire(OrderSummarySchema, order)), total: result.total, limit: query.limit, offset: query.offset }, 200)
  })

  // Registered before /orders/{id} so the file name is not taken for an id.
  api.openapi(routes.exportCsv, async (c) => {
    const ctx = await companyServiceContext(c)
    const csv = await parseAndRun('orders', OrderListQuery.omit({ limit: true, offset: true }), c.req.query(), (query) => exportOrdersCsv(ctx, query))
    const date = new Date().toISOString().slice(0, 10)
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${date}.csv"`,
      'Cache-Control': 'no-store',
    })
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseBody(await readJsonBody(c))
    const order = await parseAndRun('orders', CreatePurchaseOrderInput, body, (input) => createPurchaseOrder(ctx, input, idempotencyOf(c)))
    return c.json(orderWire(order), 201)
  })

  api.openapi(routes.get, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(orderWire(await getPurchaseOrder(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.update, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseBody(await readJsonBody(c))
    return c.json(
      orderWire(await parseAndRun('orders', UpdatePurchaseOrderInput, body, (input) => updatePurchaseOrder(ctx, c.req.valid('param').id, input))),
      200,
    )
  })

  api.openapi(routes.transition, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(
      orderWire(await parseAndRun('orders', OrderTransitionInput, body, (input) => transitionPurchaseOrder(ctx, c.req.valid('param').id, input))),
      200,
    )
  })

  api.openapi(routes.requestChange, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseBody(await readJsonBody(c))
    return c.json(
      orderWire(await parseAndRun('orders', ChangeRequestInput, body, (input) => requestChange(ctx, c.req.valid('param').id, input, idempotencyOf(c)))),
      201,
    )
  })

  api.openapi(routes.decideChange, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, changeId } = c.req.valid('param')
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(orderWire(await parseAndRun('orders', ChangeDecisionInput, body, (input) => decideChange(ctx, id, changeId, input))), 200)
  })

  api.openapi(routes.attachment, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, fileId } = c.req.valid('param')
    const file = await openOrderAttachment(ctx, id, fileId)
    return sendDownload(c, file)
  })

  api.openapi(routes.openLines, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('orders', ReportQuery, c.req.query(), async (input) => input)
    const result = await listOpenOrderLines(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: result.items.map((line) => toWire(OpenOrderLineSchema, line)), total: result.total, limit: query.limit, offset: query.offset }, 200)
  })

  api.openapi(routes.customers, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('orders', ReportQuery, c.req.query(), async (input) => input)
    const result = await listCustomers(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json(
      { items: result.items.map((customer) => toWire(CustomerSchema, customer)), total: result.total, limit: query.limit, offset: query.offset },
      200,
    )
  })

  api.openapi(routes.customerNote, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const stored = await parseAndRun('orders', CustomerNoteInput, body, (input) => setCustomerNote(ctx, c.req.valid('param').id, input.note))
    return c.json(toWire(CustomerNoteSchema, stored), 200)
  })

  api.openapi(routes.counterparts, async (c) => c.json({ items: await orderCounterparts(await companyServiceContext(c)) }, 200))
}
