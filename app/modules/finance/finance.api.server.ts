// The finance REST operations (issue 21): balances, statements (JSON and CSV), cash flow, payments and an order's
// payment plan, payouts and the platform admin's decisions on them. Amounts are exact decimal strings with their currency.
import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { serviceContext } from '../../platform/api/caller.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import {
  access,
  bodyRef,
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
import { env } from '../../platform/env.server'
import { contentDisposition } from '../../platform/api/file-responses.server'
import {
  COMPANY_ACCOUNT_KINDS,
  ENTRY_KINDS,
  PAYMENT_PROVIDERS,
  PAYMENT_STAGES,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  PaymentListQuery,
  PayoutDecisionInput,
  PayoutListQuery,
  PayoutOutcomeInput,
  RequestPayoutInput,
  StartPaymentInput,
} from './index'
import { CashFlowQuery, StatementQuery } from './finance-queries'
import { closePayout, decidePayout, requestPayout, retryCollect, startPayment } from './index.server'
import {
  balances,
  cashFlow,
  decimalOf,
  getPayment,
  getPayout,
  summarizePayout,
  listPayments,
  listPayouts,
  orderPayments,
  type PaymentDetail,
  type PaymentSummary,
  type PayoutSummary,
  statement,
  statementCsv,
} from './finance-reads.service.server'

const tags = ['Finance']
const read = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] }
const write = { ...read, 409: errorResponses[409], 422: errorResponses[422] }
const adminAccess = access({ level: 'company', minRole: 'admin' })

const money = (description: string) => decimalString(description, '1250.50')

const BalanceSchema = z
  .object({
    currency: z.string().openapi({ example: 'USD' }),
    available: money('Available to pay out'),
    escrow: money('What the company paid that escrow holds until delivery'),
    pending_payout: money('Asked to be paid out, on its way'),
    fees: money('Fees the platform charged the company'),
    incoming_escrow: money('What buyers paid for the company’s orders (as supplier) that escrow still holds'),
  })
  .openapi('FinanceBalance')

const StatementRowSchema = z
  .object({
    sequence: z.number().int().openapi({ description: 'The account’s running number of the posting: pass the last one as cursor for older rows' }),
    date: z.string(),
    entry_kind: z.enum(ENTRY_KINDS),
    reference: z.string().openapi({ description: 'The payment’s or payout’s number, or the bank’s reference' }),
    order_id: z.string().nullable(),
    order_number: z.string().nullable(),
    amount: money('Signed: positive into the account, negative out of it'),
    balance_after: money('The account’s balance right after this posting'),
    currency: z.string(),
  })
  .openapi('StatementRow')

const StatementSchema = z
  .object({
    currency: z.string().nullable(),
    kind: z.enum(COMPANY_ACCOUNT_KINDS),
    items: z.array(StatementRowSchema),
    next_cursor: z.number().int().nullable().openapi({ description: 'Pass as cursor for the next (older) page; null on the last page' }),
    currencies: z.array(z.string()).openapi({ description: 'The currencies the company has accounts in' }),
  })
  .openapi('Statement')

const CashFlowSchema = z
  .object({
    currency: z.string().nullable(),
    months: z.array(
      z.object({
        month: z.string().openapi({ example: '2026-11' }),
        money_in: money('Released to the available balance'),
        money_out: money('Payouts paid'),
        held: money('Paid into escrow'),
        refunded: money('Refunded out of escrow'),
      }),
    ),
  })
  .openapi('CashFlow')

const paymentFields = {
  id: z.string(),
  number: z.string().openapi({ example: 'PAY-2026-00012' }),
  order_id: z.string(),
  order_number: z.string(),
  stage: z.enum(PAYMENT_STAGES),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  side: z.enum(['buyer', 'supplier', 'platform']).openapi({ description: 'The caller’s side of the payment' }),
  buyer_name: z.string(),
  supplier_name: z.string(),
  currency: z.string(),
  amount: money('The amount asked, in the paid currency'),
  held: money('What arrived and was held'),
  released: money('Released to the supplier (fee included)'),
  refunded: money('Refunded to the buyer'),
  fee: money('The platform’s escrow fee'),
  reference: z.string().openapi({ example: 'TP-7KQ4-M2XD-9B', description: 'The reference to quote in the bank transfer' }),
  frozen: z.boolean().openapi({ description: 'The order is disputed: nothing moves until a ruling' }),
  created_at: z.string(),
  held_at: z.string().nullable(),
  closed_at: z.string().nullable(),
}

const PaymentSummarySchema = z.object(paymentFields).openapi('PaymentSummary')

const BankDetailsSchema = z.object({ holder: z.string(), bank: z.string(), iban: z.string(), bic: z.string() })

const PaymentDetailSchema = z
  .object({
    ...paymentFields,
    order_currency: z.string(),
    order_amount: money('What was due in the order’s currency'),
    fx_rate: z.string().nullable().openapi({ description: 'The rate from the order’s currency to the paid one (null when the same)' }),
    fx_rate_day: z.string().nullable(),
    provider_ref: z.string().nullable(),
    checkout_url: z.string().nullable().openapi({ description: 'Where the buyer pays by card, while awaited' }),
    release_after: z.string().nullable(),
    refunds: z.array(
      z.object({
        id: z.string(),
        amount: money('Refunded'),
        currency: z.string(),
        reason: z.string(),
        status: z.enum(['pending', 'sent']),
        provider_ref: z.string().nullable(),
        created_at: z.string(),
        sent_at: z.string().nullable(),
      }),
    ),
    bank_details: BankDetailsSchema.nullable().openapi({ description: 'The platform’s account to transfer to, while a bank transfer is awaited' }),
  })
  .openapi('PaymentDetail')

const OrderPaymentsSchema = z
  .object({
    order_id: z.string(),
    order_number: z.string(),
    order_status: z.string(),
    currency: z.string(),
    total: money('The order’s total'),
    payment_terms: z.string(),
    side: z.enum(['buyer', 'supplier', 'platform']),
    instalments: z.array(
      z.object({
        stage: z.enum(PAYMENT_STAGES),
        basis_points: z.number().int(),
        due: z.enum(['on_confirmation', 'before_shipment', 'after_delivery']),
        days: z.number().int().nullable(),
        amount: money('What the plan asks, in the order’s currency'),
        payment: PaymentDetailSchema.nullable(),
        payable: z.boolean().openapi({ description: 'Whether the caller may pay it now' }),
      }),
    ),
    totals: z.array(
      z.object({
        currency: z.string(),
        paid: money('Arrived'),
        held: money('In escrow now'),
        released: money('Released to the supplier'),
        refunded: money('Refunded to the buyer'),
        fees: money('Escrow fees'),
      }),
    ),
    providers: z.array(z.enum(PAYMENT_PROVIDERS)),
  })
  .openapi('OrderPayments')

const PayoutSchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ example: 'OUT-2026-00003' }),
    company_id: z.string(),
    company_name: z.string(),
    bank_account_label: z.string(),
    currency: z.string(),
    amount: money('Asked'),
    fee: money('The payout fee, kept when paid'),
    status: z.enum(PAYOUT_STATUSES),
    reason: z.string(),
    bank_reference: z.string(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    closed_at: z.string().nullable(),
  })
  .openapi('Payout')

/** A body with a fixed shape the generic converter cannot spell (a union on one field). */
const unionBody = (properties: Record<string, unknown>, required: string[], example: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required,
  example,
})

const BODIES = {
  StartPayment: snakeCaseBodySchema(StartPaymentInput, { order_id: 'b3c1…', stage: 'deposit', provider: 'bank_transfer', currency: 'USD' }),
  RequestPayout: snakeCaseBodySchema(RequestPayoutInput, { bank_account_id: 'a8f2…', currency: 'USD', amount: '1000.00' }),
  PayoutDecision: unionBody(
    { decision: { type: 'string', enum: ['accept', 'reject'] }, reason: { type: 'string', maxLength: 2000, description: 'Why (reject only)' } },
    ['decision'],
    { decision: 'accept' },
  ),
  PayoutOutcome: unionBody(
    {
      outcome: { type: 'string', enum: ['paid', 'failed'] },
      bank_reference: { type: 'string', maxLength: 200, description: 'The bank’s reference of the transfer (paid only)' },
      reason: { type: 'string', maxLength: 2000, description: 'Why it failed (failed only)' },
    },
    ['outcome'],
    { outcome: 'paid', bank_reference: 'HSBC-20261204-001' },
  ),
}

const statementQuery = z.object({
  currency: z.string().optional().openapi({ example: 'USD', description: 'The account’s currency (the company’s first one unless said)' }),
  kind: z.enum(COMPANY_ACCOUNT_KINDS).optional().openapi({ description: 'The account (available unless said)' }),
  entry_kind: z.enum(ENTRY_KINDS).optional(),
  from: z.string().optional().openapi({ example: '2026-01-01', description: 'First day (UTC)' }),
  to: z.string().optional().openapi({ example: '2026-12-31', description: 'Last day (UTC)' }),
  limit: z.string().optional().openapi({ example: '50' }),
  cursor: z.string().optional().openapi({ description: 'The next_cursor of the previous page' }),
})

const routes = {
  balances: createRoute({
    method: 'get',
    path: '/v1/finance/balances',
    tags,
    summary: 'The company’s balances per currency: available, in escrow, pending payout, fees, and incoming in escrow',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: { 200: jsonResponse(z.object({ items: z.array(BalanceSchema) }), 'The balances'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  statement: createRoute({
    method: 'get',
    path: '/v1/finance/statement',
    tags,
    summary: 'One account’s statement, newest first, with the balance after each posting (paged by cursor)',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: statementQuery },
    responses: { 200: jsonResponse(StatementSchema, 'A page of the statement'), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
  }),
  statementCsv: createRoute({
    method: 'get',
    path: '/v1/finance/statement.csv',
    tags,
    summary: 'The statement as CSV (the same filters; at most 10 000 rows, newest first)',
    description: 'X-Truncated: true when the account has more rows than the file holds (narrow the days).',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: statementQuery.omit({ limit: true, cursor: true }) },
    responses: {
      200: { description: 'The CSV, as an attachment', content: { 'text/csv': { schema: { type: 'string' as const } } } },
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  cashFlow: createRoute({
    method: 'get',
    path: '/v1/finance/cash-flow',
    tags,
    summary: 'Money in, out, held and refunded per month (UTC) of the last months, oldest first',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: z.object({ currency: z.string().optional().openapi({ example: 'USD' }), months: z.string().optional().openapi({ example: '12' }) }) },
    responses: { 200: jsonResponse(CashFlowSchema, 'The months'), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
  }),
  payments: createRoute({
    method: 'get',
    path: '/v1/finance/payments',
    tags,
    summary: 'The company’s payments, newest first: paid (as buyer, the default) or received (as supplier); all for platform admins',
    description: 'Filters: direction, status, provider, q (payment number, order number or bank reference).',
    security: SIGNED_IN,
    ...memberAccess(),
    request: {
      query: z.object({
        direction: z.enum(['paid', 'received', 'all']).optional(),
        status: z.enum(PAYMENT_STATUSES).optional(),
        provider: z.enum(PAYMENT_PROVIDERS).optional(),
        q: z.string().optional(),
        limit: z.string().optional().openapi({ example: '25' }),
        offset: z.string().optional().openapi({ example: '0' }),
      }),
    },
    responses: {
      200: jsonResponse(pageSchema(PaymentSummarySchema), 'A page of payments'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  payment: createRoute({
    method: 'get',
    path: '/v1/finance/payments/{id}',
    tags,
    summary: 'A payment with its refunds (its buyer, its supplier or a platform admin)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(PaymentDetailSchema, 'The payment'), ...read },
  }),
  startPayment: createRoute({
    method: 'post',
    path: '/v1/finance/payments',
    tags,
    summary: 'Pay an instalment of an order into escrow (the buyer’s owner or admin)',
    description:
      'stage: deposit, balance or full, as the order’s payment terms plan it; provider: bank_transfer (answers the bank details and the reference to quote) or stripe (answers checkout_url); currency: another currency than the order’s, converted at today’s rate. One live payment per instalment (409 otherwise). An order that takes no payment (draft, disputed, cancelled…) is 409.',
    security: SIGNED_IN,
    ...adminAccess,
    request: { headers: IdempotencyHeader, body: bodyRef('StartPayment') },
    responses: { 201: jsonResponse(PaymentDetailSchema, 'The payment, awaiting the money'), ...write },
  }),
  collect: createRoute({
    method: 'post',
    path: '/v1/finance/payments/{id}/collect',
    tags,
    summary: 'Open the card checkout of an awaited card payment again (the buyer’s owner or admin)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(PaymentDetailSchema, 'The payment with its checkout_url'), ...write },
  }),
  orderPayments: createRoute({
    method: 'get',
    path: '/v1/finance/orders/{id}/payments',
    tags,
    summary: 'An order’s payment plan with each instalment’s payment, the totals paid, held, released and refunded, and what the caller may pay',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(OrderPaymentsSchema, 'The order’s payments'), ...read },
  }),
  payouts: createRoute({
    method: 'get',
    path: '/v1/finance/payouts',
    tags,
    summary: 'The company’s payouts, newest first; scope=platform (platform admins): every company’s',
    security: SIGNED_IN,
    ...memberAccess(),
    request: {
      query: z.object({
        status: z.enum(PAYOUT_STATUSES).optional(),
        scope: z.enum(['company', 'platform']).optional(),
        limit: z.string().optional().openapi({ example: '25' }),
        offset: z.string().optional().openapi({ example: '0' }),
      }),
    },
    responses: {
      200: jsonResponse(pageSchema(PayoutSchema), 'A page of payouts'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  requestPayout: createRoute({
    method: 'post',
    path: '/v1/finance/payouts',
    tags,
    summary: 'Ask for a payout of the available balance into a verified bank account (owner or admin, KYC accepted)',
    description:
      'amount: a decimal in the currency’s units, at least the minimum; the account’s currency must be the payout’s. The amount leaves the available balance at once (409 insufficient_funds when it is not there; 409 kyc_not_accepted, bank_account_unverified).',
    security: SIGNED_IN,
    ...adminAccess,
    request: { headers: IdempotencyHeader, body: bodyRef('RequestPayout') },
    responses: { 201: jsonResponse(PayoutSchema, 'The payout, pending'), ...write },
  }),
  decidePayout: createRoute({
    method: 'post',
    path: '/v1/finance/payouts/{id}/decision',
    tags,
    summary: 'Accept a pending payout, or reject it with a reason (the money returns to available) — platform admins',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('PayoutDecision') },
    responses: { 200: jsonResponse(PayoutSchema, 'The payout decided'), ...write },
  }),
  closePayout: createRoute({
    method: 'post',
    path: '/v1/finance/payouts/{id}/outcome',
    tags,
    summary: 'Close an accepted payout: paid (with the bank’s reference) or failed (with why; the money returns to available) — platform admins',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('PayoutOutcome') },
    responses: { 200: jsonResponse(PayoutSchema, 'The payout closed'), ...write },
  }),
}

const paymentWire = <P extends PaymentSummary>(payment: P) => ({
  ...payment,
  amount: decimalOf(payment.amountMinor, payment.currency),
  held: decimalOf(payment.heldMinor, payment.currency),
  released: decimalOf(payment.releasedMinor, payment.currency),
  refunded: decimalOf(payment.refundedMinor, payment.currency),
  fee: decimalOf(payment.feeMinor, payment.currency),
})

const paymentDetailWire = (payment: PaymentDetail) => ({
  ...paymentWire(payment),
  orderAmount: decimalOf(payment.orderAmountMinor, payment.orderCurrency),
  refunds: payment.refunds.map((refund) => ({ ...refund, amount: decimalOf(refund.amountMinor, refund.currency) })),
})

const payoutWire = (payout: PayoutSummary) =>
  toWire(PayoutSchema, { ...payout, amount: decimalOf(payout.amountMinor, payout.currency), fee: decimalOf(payout.feeMinor, payout.currency) })

/** Where a card payer comes back to: the buyer's order page, on this server's public address. */
const returnUrlOf = (orderId: string) => `${env().PUBLIC_URL}/en/app/orders/${encodeURIComponent(orderId)}/view`

export function registerFinanceRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.balances, async (c) => {
    const ctx = await serviceContext(c)
    const rows = await balances(ctx)
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        items: rows.map((row) =>
          toWire(BalanceSchema, {
            currency: row.currency,
            available: decimalOf(row.available, row.currency),
            escrow: decimalOf(row.escrow, row.currency),
            pendingPayout: decimalOf(row.pendingPayout, row.currency),
            fees: decimalOf(row.fees, row.currency),
            incomingEscrow: decimalOf(row.incomingEscrow, row.currency),
          }),
        ),
      },
      200,
    )
  })

  api.openapi(routes.statement, async (c) => {
    const ctx = await serviceContext(c)
    const page = await parseAndRun('finance', StatementQuery, camelCaseKeys(c.req.query()), (query) => statement(ctx, query))
    c.header('Cache-Control', 'no-store')
    return c.json(
      toWire(StatementSchema, {
        ...page,
        items: page.rows.map((row) => ({
          ...row,
          amount: decimalOf(row.amountMinor, row.currency),
          balanceAfter: decimalOf(row.balanceAfterMinor, row.currency),
        })),
      }),
      200,
    )
  })

  api.openapi(routes.statementCsv, async (c) => {
    const ctx = await serviceContext(c)
    const file = await parseAndRun('finance', StatementQuery, camelCaseKeys(c.req.query()), (query) => statementCsv(ctx, query))
    return c.body(file.csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(false, file.fileName),
      'Cache-Control': 'private, no-store',
      'X-Truncated': String(file.truncated),
    })
  })

  api.openapi(routes.cashFlow, async (c) => {
    const ctx = await serviceContext(c)
    const flow = await parseAndRun('finance', CashFlowQuery, camelCaseKeys(c.req.query()), (query) => cashFlow(ctx, query))
    const currency = flow.currency ?? 'USD'
    c.header('Cache-Control', 'no-store')
    return c.json(
      toWire(CashFlowSchema, {
        currency: flow.currency,
        months: flow.months.map((month) => ({
          month: month.month,
          moneyIn: decimalOf(month.moneyIn, currency),
          moneyOut: decimalOf(month.moneyOut, currency),
          held: decimalOf(month.held, currency),
          refunded: decimalOf(month.refunded, currency),
        })),
      }),
      200,
    )
  })

  api.openapi(routes.payments, async (c) => {
    const ctx = await serviceContext(c)
    const query = await parseAndRun('finance', PaymentListQuery, camelCaseKeys(c.req.query()), async (input) => input)
    const page = await listPayments(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json(
      { items: page.items.map((item) => toWire(PaymentSummarySchema, paymentWire(item))), total: page.total, limit: query.limit, offset: query.offset },
      200,
    )
  })

  api.openapi(routes.payment, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(PaymentDetailSchema, paymentDetailWire(await getPayment(ctx, c.req.valid('param').id))), 200)
  })

  api.openapi(routes.startPayment, async (c) => {
    const ctx = await serviceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const started = await parseAndRun('finance', StartPaymentInput, body, (input) =>
      startPayment(ctx, input, { ...idempotencyOf(c), returnUrl: returnUrlOf(input.orderId) }),
    )
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(PaymentDetailSchema, paymentDetailWire(await getPayment(ctx, started.id))), 201)
  })

  api.openapi(routes.collect, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    // The order's page is where the payer comes back to: read the payment first (another company's is not found).
    const payment = await getPayment(ctx, id)
    await retryCollect(ctx, id, returnUrlOf(payment.orderId))
    return c.json(toWire(PaymentDetailSchema, paymentDetailWire(await getPayment(ctx, id))), 200)
  })

  api.openapi(routes.orderPayments, async (c) => {
    const ctx = await serviceContext(c)
    const plan = await orderPayments(ctx, c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json(
      toWire(OrderPaymentsSchema, {
        ...plan,
        total: decimalOf(plan.totalMinor, plan.currency),
        instalments: plan.instalments.map((instalment) => ({
          ...instalment,
          amount: decimalOf(instalment.amountMinor, plan.currency),
          payment: instalment.payment ? paymentDetailWire(instalment.payment) : null,
        })),
        totals: plan.totals.map((total) => ({
          currency: total.currency,
          paid: decimalOf(total.paid, total.currency),
          held: decimalOf(total.held, total.currency),
          released: decimalOf(total.released, total.currency),
          refunded: decimalOf(total.refunded, total.currency),
          fees: decimalOf(total.fees, total.currency),
        })),
      }),
      200,
    )
  })

  api.openapi(routes.payouts, async (c) => {
    const ctx = await serviceContext(c)
    const query = await parseAndRun('finance', PayoutListQuery, camelCaseKeys(c.req.query()), async (input) => input)
    const page = await listPayouts(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map(payoutWire), total: page.total, limit: query.limit, offset: query.offset }, 200)
  })

  api.openapi(routes.requestPayout, async (c) => {
    const ctx = await serviceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const made = await parseAndRun('finance', RequestPayoutInput, body, (input) => requestPayout(ctx, input, idempotencyOf(c)))
    c.header('Cache-Control', 'no-store')
    return c.json(payoutWire(made.payout ? await summarizePayout(ctx, made.payout) : await getPayout(ctx, made.id)), 201)
  })

  api.openapi(routes.decidePayout, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    const body = camelCaseKeys(await readJsonBody(c))
    const changed = await parseAndRun('finance', PayoutDecisionInput, body, (input) => decidePayout(ctx, id, input, idempotencyOf(c)))
    return c.json(payoutWire(changed ? await summarizePayout(ctx, changed) : await getPayout(ctx, id)), 200)
  })

  api.openapi(routes.closePayout, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    const body = camelCaseKeys(await readJsonBody(c))
    const changed = await parseAndRun('finance', PayoutOutcomeInput, body, (input) => closePayout(ctx, id, input, idempotencyOf(c)))
    return c.json(payoutWire(changed ? await summarizePayout(ctx, changed) : await getPayout(ctx, id)), 200)
  })
}
