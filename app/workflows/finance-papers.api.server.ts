// The company's finance papers over REST (issue 21): what exists, and each one as a PDF. The PDF joins finance's facts
// to the documents module's printing, so its endpoints sit beside the workflow that does (ADR 035).
import { createRoute, z } from '@hono/zod-openapi'
import type { ApiRouter } from '../platform/api/api-env'
import { parseAndRun } from '../platform/api/errors.server'
import { sendPdf } from '../platform/api/file-responses.server'
import { decimalString, errorResponses, jsonResponse, memberAccess, SIGNED_IN } from '../platform/api/schemas'
import { toWire } from '../platform/api/wire'
import { companyServiceContext } from '../modules/companies/index.server'
import { FINANCE_PAPER_KINDS, FinancePaperQuery, PAYMENT_STATUSES } from '../modules/finance/index'
import { financePaperIndex } from '../modules/finance/index.server'
import { financePaperPdf } from './finance-papers.server'

const tags = ['Finance']
const read = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] }

const PeriodPaperSchema = z.object({
  key: z.string().openapi({ example: '2026-03-USD', description: 'The paper’s key in GET /v1/finance/papers/{kind}/{key}/pdf' }),
  month: z.string().openapi({ example: '2026-03' }),
  currency: z.string().openapi({ example: 'USD' }),
  number: z.string().openapi({ example: 'FEE-202603-USD-1A2B3C4D' }),
  lines: z.number().int().openapi({ description: 'How many movements it lists' }),
  amount: decimalString('The fees’ total (fee invoice) or the balance at the month’s end (statement)', '34.73'),
})

const FinancePaperIndexSchema = z
  .object({
    receipts: z.array(
      z.object({
        payment_id: z.string().openapi({ description: 'The receipt’s key' }),
        number: z.string().openapi({ example: 'PAY-2026-00012' }),
        side: z.enum(['buyer', 'supplier']).openapi({ description: 'buyer: the company paid it; supplier: it received it' }),
        counterparty: z.string(),
        order_number: z.string(),
        status: z.enum(PAYMENT_STATUSES),
        currency: z.string(),
        amount: decimalString('What arrived', '483.36'),
        received_at: z.string(),
      }),
    ),
    more_receipts: z.boolean().openapi({ description: 'More receipts than listed match: narrow by month' }),
    fee_invoices: z.array(PeriodPaperSchema),
    statements: z.array(PeriodPaperSchema),
    months: z.array(z.string()).openapi({ description: 'The months anything exists for, newest first' }),
    currencies: z.array(z.string()),
  })
  .openapi('FinancePaperIndex')

const PaperParams = z.object({
  kind: z.enum(FINANCE_PAPER_KINDS).openapi({ param: { name: 'kind', in: 'path' }, example: 'receipt' }),
  key: z.string().openapi({
    param: { name: 'key', in: 'path' },
    example: '2026-03-USD',
    description: 'A receipt: the payment’s id; a fee invoice or statement: YYYY-MM-CUR',
  }),
})

const routes = {
  index: createRoute({
    method: 'get',
    path: '/v1/finance/papers',
    tags,
    summary: 'The company’s finance papers: payment receipts, monthly fee invoices and statements per currency',
    security: SIGNED_IN,
    ...memberAccess(),
    request: {
      query: z.object({
        month: z.string().optional().openapi({ example: '2026-03', description: 'Only this month (YYYY-MM, UTC)' }),
        currency: z.string().optional().openapi({ example: 'USD' }),
      }),
    },
    responses: {
      200: jsonResponse(FinancePaperIndexSchema, 'What exists, newest first'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  pdf: createRoute({
    method: 'get',
    path: '/v1/finance/papers/{kind}/{key}/pdf',
    tags,
    summary: 'One finance paper as a PDF in the caller’s language',
    description: 'A receipt of another company’s payment, a month without fees, or a malformed key: not found.',
    security: SIGNED_IN,
    ...memberAccess('key'),
    request: { params: PaperParams, query: z.object({ download: z.string().optional().openapi({ example: '1', description: '1: as an attachment' }) }) },
    responses: {
      200: {
        description: 'The PDF, inline unless download=1, with its file name',
        content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } },
      },
      ...read,
    },
  }),
}

export function registerFinancePaperRoutes(api: ApiRouter): void {
  api.openapi(routes.index, async (c) => {
    const ctx = await companyServiceContext(c)
    const index = await parseAndRun('financePapers', FinancePaperQuery, c.req.query(), (query) => financePaperIndex(ctx, query))
    c.header('Cache-Control', 'private, no-store')
    return c.json(
      toWire(FinancePaperIndexSchema, {
        ...index,
        receipts: index.receipts.map((receipt) => ({ ...receipt, receivedAt: receipt.receivedAt.toISOString() })),
      }),
      200,
    )
  })

  api.openapi(routes.pdf, async (c) => {
    const ctx = await companyServiceContext(c)
    const { kind, key } = c.req.valid('param')
    const pdf = await financePaperPdf(ctx, kind, key)
    return sendPdf(c, pdf)
  })
}
