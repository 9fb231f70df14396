// What the plan invoice pages and endpoints accept: a list's status filter and page, and a platform admin's "mark paid".
import { z } from '../../platform/zod'
import { PLAN_INVOICE_STATUSES } from './billing.constants'

/** A list of plan invoices: one status (or the open ones past their due date), a page at a time. */
export const PlanInvoiceQuery = z.object({
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum([...PLAN_INVOICE_STATUSES, 'overdue'], 'validation.invoiceStatus').optional()),
  page: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(10_000, 'validation.page').default(1),
})
export type PlanInvoiceQuery = z.infer<typeof PlanInvoiceQuery>

/** The day the transfer arrived (today when left out; never in the future) and the bank's reference of it. */
export const MarkPlanInvoicePaidInput = z.object({
  paidOn: z.preprocess((value) => (value === '' ? undefined : value), z.iso.date('validation.paidOn').optional()),
  note: z.string('validation.paymentNote').trim().max(200, 'validation.paymentNote').optional(),
})
export type MarkPlanInvoicePaidInput = z.infer<typeof MarkPlanInvoicePaidInput>
