// The platform's side of finance over REST (issue 21): bank statements and their lines, refunds sent by hand, rulings
// on disputed orders — platform admins only — and Stripe's signed webhook. Amounts are exact decimal strings.
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { serviceContext } from '../../platform/api/caller.server'
import { parseAndRun, readJsonBody, withFieldMessages } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import {
  access,
  bodyRef,
  camelCaseKeys,
  decimalString,
  errorResponses,
  ErrorSchema,
  IdParam,
  jsonResponse,
  pageSchema,
  SIGNED_IN,
  snakeCaseBodySchema,
  snakeCaseName,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'
import { AppError, isAppError } from '../../platform/errors'
import { uploadFromForm } from '../../platform/files/upload-form.server'
import { minorToDecimal } from '../../platform/format/money'
import { translator } from '../../platform/i18n/translate.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { currentLocale } from '../../platform/request-scope.server'
import type { StatementRowError } from './bank-statement-csv.server'
import {
  IgnoreStatementLineInput,
  MatchStatementLineInput,
  MAX_STATEMENT_BYTES,
  MAX_STATEMENT_ROWS,
  StatementLineQuery,
  UploadStatementInput,
} from './bank-statement.inputs'
import { getStatementLine, ignoreLine, listStatementLines, matchLineManually, type StatementLine, uploadStatement } from './bank-statement.service.server'
import { markRefundSent, ruleOnDispute } from './escrow.service.server'
import { STATEMENT_LINE_STATUSES } from './finance.constants'
import { DisputeRulingInput, RefundSentInput } from './payment.inputs'
import { receiveStripeWebhook } from './stripe-webhook.server'

const tags = ['Finance administration']
const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })
const read = { 401: errorResponses[401], 403: error('Not a platform admin'), 404: errorResponses[404] }
const write = { ...read, 409: errorResponses[409], 422: errorResponses[422] }
const platformAdmin = { security: SIGNED_IN, ...access({ level: 'platform_admin' }) }

const STATEMENT_EXAMPLE =
  'date,amount,currency,reference,payer,transaction_id\n2026-11-20,4833.60,USD,Payment TP-7KQ4-M2XD-9B,Rotterdam Retail BV,HSBC-2026112000017\n'

const STATEMENT_DESCRIPTION = [
  'The platform account’s statement as CSV text (JSON `{ file_name, csv }`) or a file upload (multipart/form-data, field',
  '`file`), UTF-8, at most 1 MB and',
  `${MAX_STATEMENT_ROWS} rows, comma or semicolon separated, with a header row. Columns are found by their usual names:`,
  '`date` (YYYY-MM-DD, YYYY/MM/DD or DD.MM.YYYY), `amount` (or `credit` and `debit`; negative is money out; `1,250.50`,',
  '`1.250,50` and, in a semicolon file, `1250,50` are understood), `currency` (ISO 4217), `reference` and/or `description`,',
  '`payer`, `transaction_id` (the bank’s id; optional).',
  '',
  'Each credit quoting the reference (such as TP-7KQ4-M2XD-9B) of an awaiting bank-transfer payment with its exact amount and',
  'currency holds that payment in escrow. Every other line is kept unmatched with a `reason`: no_reference,',
  'unknown_reference, amount_mismatch, currency_mismatch, not_awaiting, not_a_credit. A transaction imported before (by',
  'the bank’s id, else by its date, amount, currency, reference and payer) is skipped and counted as a duplicate: uploading',
  'the same file twice matches nothing twice.',
  '',
  'A file that cannot be read is refused whole and nothing is stored: 422 with `details.fields.file`, or `details.rows`',
  '(`row` counts the header as row 1; `field` the column; `code` the message key; `message` its translation).',
].join('\n')

const StatementUploadSchema = z
  .object({
    statement_id: z.string(),
    lines: z.number().int().openapi({ description: 'Lines stored (duplicates not counted)' }),
    matched: z.number().int().openapi({ description: 'Lines that held their payment' }),
    unmatched: z.number().int().openapi({ description: 'Lines left for an admin, each with its reason' }),
    duplicates: z.number().int().openapi({ description: 'Transactions already imported by an earlier statement, skipped' }),
  })
  .openapi('BankStatementUpload')

const StatementLineSchema = z
  .object({
    id: z.string(),
    statement_id: z.string(),
    file_name: z.string(),
    line_number: z.number().int().openapi({ description: 'The row in the file (the header is row 1)' }),
    booked_on: z.string().openapi({ example: '2026-11-20' }),
    amount: decimalString('Signed: positive is money in', '4833.60'),
    currency: z.string().openapi({ example: 'USD' }),
    reference: z.string(),
    payer: z.string(),
    status: z.enum(STATEMENT_LINE_STATUSES),
    reason: z.string().openapi({ description: 'Why an unmatched line matched nothing (one of the reasons above), or the admin’s note on an ignored line' }),
    payment_id: z.string().nullable(),
    payment_number: z.string().nullable(),
    matched_by: z.string().nullable(),
    matched_at: z.string().nullable(),
    uploaded_at: z.string(),
  })
  .openapi('BankStatementLine')

const lineWire = (line: StatementLine) => toWire(StatementLineSchema, { ...line, amount: minorToDecimal({ minor: line.amountMinor, currency: line.currency }) })

const BODIES = {
  UploadBankStatement: {
    type: 'object',
    required: ['file_name', 'csv'],
    properties: {
      file_name: { type: 'string', maxLength: 200, description: 'The statement file’s name, kept with its lines' },
      csv: { type: 'string', description: 'The CSV text' },
    },
    example: { file_name: 'hsbc-2026-11-20.csv', csv: STATEMENT_EXAMPLE },
  },
  BankStatementFile: {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary', description: 'The CSV file (UTF-8, at most 1 MB)' } },
  },
  MatchStatementLine: snakeCaseBodySchema(MatchStatementLineInput, { payment_id: '0c6f6a0e-2f3b-4a57-9a43-5f1f2f0d9b11' }),
  IgnoreStatementLine: snakeCaseBodySchema(IgnoreStatementLineInput, { note: 'Interest credited by the bank' }),
  RefundSent: snakeCaseBodySchema(RefundSentInput, { bank_reference: 'HSBC-OUT-2026112100042' }),
  DisputeRuling: snakeCaseBodySchema(DisputeRulingInput, { refund_percent: '25', note: 'Twelve of 120 lamps broken in transit; packaging at fault' }),
}

const routes = {
  webhook: createRoute({
    method: 'post',
    path: '/v1/finance/webhooks/stripe',
    tags,
    summary: 'Stripe’s events (signed, no session): card payments held in escrow, card refunds sent',
    description: [
      'Configured by STRIPE_WEBHOOK_SECRET (otherwise 404). The `Stripe-Signature` header is checked against the raw body',
      '(Stripe’s scheme, 5 minutes’ tolerance): missing, wrong or stale is 401 invalid_signature and nothing is read.',
      '`checkout.session.completed` (paid) and `payment_intent.succeeded` hold the payment named by `metadata.payment_id`;',
      '`charge.refunded`, `refund.created` and `refund.updated` (succeeded) mark the refund named by `metadata.refund_id`',
      'sent. Each event acts once (by its id): a redelivery answers 200 with `duplicate: true`. Other types are acknowledged',
      'and ignored; money that is not what the payment asked for is acknowledged, not booked, and logged for an admin.',
      'Rate-limited per address (429).',
    ].join('\n'),
    security: [],
    ...access({ level: 'public' }),
    request: {
      headers: z.object({ 'stripe-signature': z.string().optional().openapi({ example: 't=1767225600,v1=5257a869…' }) }),
      body: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object' as const,
              description: 'A Stripe Event object',
              example: { id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } },
            },
          },
        },
      },
    },
    responses: {
      200: jsonResponse(z.object({ received: z.literal(true), duplicate: z.boolean() }).openapi('StripeWebhookReceived'), 'Received (acted on once)'),
      400: error('A signed body that is not a Stripe event'),
      401: error('Missing, wrong or stale signature (invalid_signature)'),
      404: error('Stripe is not configured'),
      413: error('The body is larger than the request limit'),
      429: error('Too many requests from this address (Retry-After)'),
    },
  }),
  uploadStatement: createRoute({
    method: 'post',
    path: '/v1/finance/statements',
    tags,
    summary: 'Upload the platform account’s bank statement and match its credits to awaiting bank-transfer payments',
    description: STATEMENT_DESCRIPTION,
    ...platformAdmin,
    request: {
      headers: IdempotencyHeader,
      body: {
        required: true,
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/UploadBankStatement' } },
          'multipart/form-data': { schema: { $ref: '#/components/schemas/BankStatementFile' } },
        },
      },
    },
    responses: {
      201: jsonResponse(StatementUploadSchema, 'Stored and matched'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: error('Not a platform admin'),
      413: error('The file is larger than 1 MB'),
      422: error('Nothing stored: details.fields.file or details.rows says what is wrong'),
    },
  }),
  lines: createRoute({
    method: 'get',
    path: '/v1/finance/statement-lines',
    tags,
    summary: 'Bank statement lines, newest booking first; status=unmatched is the work list',
    ...platformAdmin,
    request: {
      query: z.object({
        status: z.string().optional().openapi({ example: 'unmatched' }),
        limit: z.string().optional().openapi({ example: '50' }),
        offset: z.string().optional().openapi({ example: '0' }),
      }),
    },
    responses: {
      200: jsonResponse(pageSchema(StatementLineSchema), 'A page of lines'),
      401: errorResponses[401],
      403: error('Not a platform admin'),
      422: errorResponses[422],
    },
  }),
  match: createRoute({
    method: 'post',
    path: '/v1/finance/statement-lines/{id}/match',
    tags,
    summary: 'Match an unmatched line to the awaiting bank-transfer payment it pays (same currency and amount): holds it',
    description: 'A line not unmatched, a debit, or a payment that awaits no bank transfer: 409. Another currency or amount: 422 (currency, amount).',
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('MatchStatementLine') },
    responses: { 200: jsonResponse(StatementLineSchema, 'The matched line'), ...write },
  }),
  ignore: createRoute({
    method: 'post',
    path: '/v1/finance/statement-lines/{id}/ignore',
    tags,
    summary: 'Set an unmatched line aside (no payment of ours), with a note',
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('IgnoreStatementLine') },
    responses: { 200: jsonResponse(StatementLineSchema, 'The ignored line'), ...write },
  }),
  refundSent: createRoute({
    method: 'post',
    path: '/v1/finance/refunds/{id}/sent',
    tags,
    summary: 'Mark a bank-transfer refund sent back to the buyer, with the bank’s reference (once: again is 409)',
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('RefundSent') },
    responses: { 200: jsonResponse(z.object({ id: z.string(), status: z.literal('sent') }).openapi('RefundMarkedSent'), 'The refund, sent'), ...write },
  }),
  ruling: createRoute({
    method: 'post',
    path: '/v1/finance/orders/{id}/ruling',
    tags,
    summary: 'Rule on a disputed order: refund_percent of what escrow holds goes back to the buyer, the rest to the supplier; the order completes',
    description: 'One transaction with the order’s closing. The same Idempotency-Key rules once; an order that is not disputed: 409.',
    ...platformAdmin,
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('DisputeRuling') },
    responses: { 200: jsonResponse(z.object({ order_id: z.string(), refund_percent: z.string() }).openapi('DisputeRuled'), 'Ruled'), ...write },
  }),
}

/** The statement of the request: JSON `{ file_name, csv }` or the multipart upload's `file`. */
async function statementOf(c: Context): Promise<unknown> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
    const body = (await readJsonBody(c)) as Record<string, unknown>
    return { fileName: body?.file_name, csvText: body?.csv }
  }
  const form = await c.req.formData().catch(() => {
    throw new AppError('bad_request', 'Malformed multipart body')
  })
  const upload = await uploadFromForm(form.get('file'))
  if (!upload) throw new AppError('validation_failed', 'Validation failed', { fields: { csv: ['validation.statementFile'] } })
  if (upload.bytes.byteLength > MAX_STATEMENT_BYTES) throw new AppError('file_too_large', 'The statement is larger than 1 MB', { limitMb: 1 })
  try {
    return { fileName: upload.name, csvText: new TextDecoder('utf-8', { fatal: true }).decode(upload.bytes) }
  } catch {
    throw new AppError('validation_failed', 'The statement is not UTF-8 text', { fields: { file: ['statementFile.encoding'] } })
  }
}

/** Row errors with their message in the caller's language beside the key. */
async function withRowMessages<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (thrown) {
    const rows = isAppError(thrown) ? (thrown.details?.rows as StatementRowError[] | undefined) : undefined
    if (!isAppError(thrown) || !rows) throw thrown
    const t = translator(currentLocale(), 'finance')
    throw new AppError(thrown.code, thrown.message, {
      ...thrown.details,
      rows: rows.map((row) => ({ row: row.row, field: row.field, code: row.message, message: t(row.message) })),
    })
  }
}

/** The Stripe webhook and the platform admin's finance operations. */
export function registerFinanceAdminRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.webhook, async (c) => {
    const outcome = await receiveStripeWebhook(new Uint8Array(await c.req.arrayBuffer()), c.req.header('stripe-signature'), c.get('clientIp'))
    c.header('Cache-Control', 'no-store')
    return c.json(outcome, 200)
  })

  api.openapi(routes.uploadStatement, async (c) => {
    const ctx = await serviceContext(c)
    // A caller who is no platform admin is refused before the file is read.
    requirePlatformAdmin(ctx.actor)
    const uploaded = await withRowMessages(() =>
      withFieldMessages(
        'finance',
        async () => uploadStatement(ctx, UploadStatementInput.parse(await statementOf(c)), idempotencyOf(c)),
        (field) => (field === 'csvText' ? 'csv' : snakeCaseName(field)),
      ),
    )
    return c.json(
      {
        statement_id: uploaded.statementId,
        lines: uploaded.lines,
        matched: uploaded.matched,
        unmatched: uploaded.unmatched,
        duplicates: uploaded.duplicates,
      },
      201,
    )
  })

  api.openapi(routes.lines, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const query = await parseAndRun('finance', StatementLineQuery, camelCaseKeys(c.req.query()), async (input) => input)
    const page = await listStatementLines(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map(lineWire), total: page.total, limit: query.limit, offset: query.offset }, 200)
  })

  api.openapi(routes.match, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const { id } = c.req.valid('param')
    await parseAndRun('finance', MatchStatementLineInput, camelCaseKeys(await readJsonBody(c)), (input) => matchLineManually(ctx, id, input))
    return c.json(lineWire(await getStatementLine(ctx, id)), 200)
  })

  api.openapi(routes.ignore, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const { id } = c.req.valid('param')
    await parseAndRun('finance', IgnoreStatementLineInput, camelCaseKeys(await readJsonBody(c)), (input) => ignoreLine(ctx, id, input))
    return c.json(lineWire(await getStatementLine(ctx, id)), 200)
  })

  api.openapi(routes.refundSent, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const { id } = c.req.valid('param')
    await parseAndRun('finance', RefundSentInput, camelCaseKeys(await readJsonBody(c)), (input) => markRefundSent(ctx, id, input))
    return c.json({ id, status: 'sent' as const }, 200)
  })

  api.openapi(routes.ruling, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const { id } = c.req.valid('param')
    const input = await parseAndRun('finance', DisputeRulingInput, camelCaseKeys(await readJsonBody(c)), async (ruling) => {
      await ruleOnDispute(ctx, id, ruling, idempotencyOf(c))
      return ruling
    })
    return c.json({ order_id: id, refund_percent: input.refundPercent }, 200)
  })
}
