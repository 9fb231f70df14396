// Plan invoices over REST (issue 24): a company's owners and admins list theirs and download each as a PDF; platform
// admins list every company's, mark one paid when its bank transfer arrives (booked in finance's ledger) or void one
// issued in error. Amounts are exact decimal strings.
import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../platform/api/api-env'
import { serviceContext } from '../platform/api/caller.server'
import { parseAndRun, readJsonBody } from '../platform/api/errors.server'
import { sendPdf } from '../platform/api/file-responses.server'
import {
  access,
  bodyRef,
  camelCaseKeys,
  decimalString,
  errorResponses,
  ErrorSchema,
  IdParam,
  jsonResponse,
  SIGNED_IN,
  snakeCaseBodySchema,
} from '../platform/api/schemas'
import { minorToDecimal } from '../platform/format/money'
import { MarkPlanInvoicePaidInput, PLAN_INVOICE_STATUSES, PLAN_PERIODS, PlanInvoiceQuery } from '../modules/billing/index'
import {
  allPlanInvoices,
  companyPlanInvoices,
  getPlanInvoice,
  type PlanInvoicePage,
  type PlanInvoiceView,
  voidPlanInvoice,
} from '../modules/billing/index.server'
import { markPlanInvoicePaid, planInvoicePdf } from './plan-invoices.server'

const tags = ['Plans']
const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })
const platformAdmin = { security: SIGNED_IN, ...access({ level: 'platform_admin' }) }
const adminWrite = {
  401: errorResponses[401],
  403: error('Not a platform admin'),
  404: errorResponses[404],
  409: errorResponses[409],
  422: errorResponses[422],
}

const PlanInvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ example: 'PLN-2026-000042', description: 'Quote it as the bank transfer’s reference' }),
    company_id: z.string(),
    plan_id: z.string().openapi({ example: 'business' }),
    plan_name: z.record(z.string(), z.string()).openapi({ example: { en: 'Business', 'zh-Hans': '商业版', 'zh-Hant': '商業版' } }),
    period: z.enum(PLAN_PERIODS),
    period_start: z.string(),
    period_end: z.string(),
    currency: z.string().openapi({ example: 'USD' }),
    amount: decimalString('What the period costs', '49.00'),
    status: z.enum(PLAN_INVOICE_STATUSES),
    overdue: z.boolean().openapi({ description: 'Open and past its due date' }),
    issued_at: z.string(),
    due_at: z.string(),
    paid_at: z.string().nullable(),
    payment_note: z.string().openapi({ description: 'The bank’s reference of the transfer, as the admin recorded it' }),
    voided_at: z.string().nullable(),
  })
  .openapi('PlanInvoice')

const PlanInvoicePageSchema = z
  .object({ items: z.array(PlanInvoiceSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() })
  .openapi('PlanInvoicePage')

const ListQuery = z.object({
  status: z
    .enum([...PLAN_INVOICE_STATUSES, 'overdue'])
    .optional()
    .openapi({ description: 'One status; overdue: open and past the due date' }),
  page: z.string().optional().openapi({ example: '1' }),
})

const BODIES = {
  MarkPlanInvoicePaid: snakeCaseBodySchema(MarkPlanInvoicePaidInput, { paid_on: '2026-12-03', note: 'HSBC 0312-88421' }),
}

const invoiceWire = (invoice: PlanInvoiceView) => ({
  id: invoice.id,
  number: invoice.number,
  company_id: invoice.organizationId,
  plan_id: invoice.planId,
  plan_name: invoice.planName,
  period: invoice.period,
  period_start: invoice.periodStart.toISOString(),
  period_end: invoice.periodEnd.toISOString(),
  currency: invoice.currency,
  amount: minorToDecimal({ minor: invoice.amountMinor, currency: invoice.currency }),
  status: invoice.status,
  overdue: invoice.overdue,
  issued_at: invoice.issuedAt.toISOString(),
  due_at: invoice.dueAt.toISOString(),
  paid_at: invoice.paidAt?.toISOString() ?? null,
  payment_note: invoice.paymentNote,
  voided_at: invoice.voidedAt?.toISOString() ?? null,
})

const pageWire = (page: PlanInvoicePage) => ({ items: page.items.map(invoiceWire), total: page.total, page: page.page, page_size: page.pageSize })

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/billing/invoices',
    tags,
    summary: 'The company’s plan invoices, newest first, 20 a page (owners and admins)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { query: ListQuery },
    responses: {
      200: jsonResponse(PlanInvoicePageSchema, 'The invoices'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  pdf: createRoute({
    method: 'get',
    path: '/v1/billing/invoices/{id}/pdf',
    tags,
    summary: 'One plan invoice as a PDF in the caller’s language, with the bank details to pay it (owners and admins)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, query: z.object({ download: z.string().optional().openapi({ example: '1', description: '1: as an attachment' }) }) },
    responses: {
      200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } } },
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
    },
  }),
  adminList: createRoute({
    method: 'get',
    path: '/v1/admin/plan-invoices',
    tags,
    summary: 'Every company’s plan invoices, newest first, 20 a page (platform admins)',
    ...platformAdmin,
    request: { query: ListQuery },
    responses: {
      200: jsonResponse(PlanInvoicePageSchema, 'The invoices'),
      401: errorResponses[401],
      403: error('Not a platform admin'),
      422: errorResponses[422],
    },
  }),
  markPaid: createRoute({
    method: 'post',
    path: '/v1/admin/plan-invoices/{id}/mark-paid',
    tags,
    summary: 'Mark a plan invoice paid on the day its transfer arrived; finance books it (platform admins)',
    description: 'Marking a paid invoice again answers it unchanged and books nothing twice. A void invoice: 409 invoice_void.',
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('MarkPlanInvoicePaid') },
    responses: { 200: jsonResponse(PlanInvoiceSchema, 'The paid invoice'), ...adminWrite },
  }),
  void: createRoute({
    method: 'post',
    path: '/v1/admin/plan-invoices/{id}/void',
    tags,
    summary: 'Void an open plan invoice issued in error (platform admins; a paid one: 409 invoice_paid)',
    ...platformAdmin,
    request: { params: IdParam },
    responses: { 200: jsonResponse(PlanInvoiceSchema, 'The void invoice'), ...adminWrite },
  }),
}

export function registerPlanInvoiceRoutes(api: ApiRouter): void {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const ctx = await serviceContext(c)
    const page = await parseAndRun('billing', PlanInvoiceQuery, c.req.query(), (query) => companyPlanInvoices(ctx, query))
    c.header('Cache-Control', 'private, no-store')
    return c.json(pageWire(page), 200)
  })

  api.openapi(routes.pdf, async (c) => {
    const ctx = await serviceContext(c)
    const pdf = await planInvoicePdf(ctx, c.req.valid('param').id)
    return sendPdf(c, pdf)
  })

  api.openapi(routes.adminList, async (c) => {
    const ctx = await serviceContext(c)
    const page = await parseAndRun('billing', PlanInvoiceQuery, c.req.query(), (query) => allPlanInvoices(ctx, query))
    c.header('Cache-Control', 'no-store')
    return c.json(pageWire(page), 200)
  })

  api.openapi(routes.markPaid, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    const { invoice } = await parseAndRun('billing', MarkPlanInvoicePaidInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      markPlanInvoicePaid(ctx, id, input),
    )
    return c.json(invoiceWire(invoice), 200)
  })

  api.openapi(routes.void, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    await voidPlanInvoice(ctx, id)
    return c.json(invoiceWire(await getPlanInvoice(ctx, id, { anyCompany: true })), 200)
  })
}
