// Plan invoices across modules (issue 24): billing owns the invoice, finance the money and the company's invoicing
// details, documents prints. Marking an invoice paid settles it in billing and books the income in finance's ledger in
// one transaction; the PDF hands billing's facts and finance's bank details to the printer, in the reader's language.
import type { ServiceContext } from '../platform/actor'
import { database } from '../platform/db/index.server'
import { minorToDecimal } from '../platform/format/money'
import { requireCompany } from '../platform/member-roles'
import type { MarkPlanInvoicePaidInput } from '../modules/billing/index'
import { getPlanInvoice, type PlanInvoiceView, settlePlanInvoice } from '../modules/billing/index.server'
import { type FinancePaperPdf, renderFinancePaperPdf } from '../modules/documents/index.server'
import { paperCompany, platformBankDetails, recordPlanIncome } from '../modules/finance/index.server'

/**
 * A platform admin marks an invoice paid on the day its transfer arrived: billing settles it and finance books the
 * money, or neither happens. Marking a paid invoice again answers it as it is and books nothing twice.
 */
export async function markPlanInvoicePaid(
  ctx: ServiceContext,
  invoiceId: string,
  input: MarkPlanInvoicePaidInput,
  now: Date = new Date(),
): Promise<{ invoice: PlanInvoiceView; settled: boolean }> {
  const { settled } = await database().transaction(async (tx) => {
    const outcome = await settlePlanInvoice(tx, ctx, invoiceId, input, now)
    if (outcome.settled)
      await recordPlanIncome(
        tx,
        { currency: outcome.invoice.currency, amountMinor: outcome.invoice.amountMinor, reference: outcome.invoice.number, createdBy: ctx.actor.userId },
        now,
      )
    return outcome
  })
  return { invoice: await getPlanInvoice(ctx, invoiceId, { anyCompany: true }, now), settled }
}

/** One of the company's plan invoices as a PDF in the reader's language (its owners and admins). */
export async function planInvoicePdf(ctx: ServiceContext, invoiceId: string): Promise<FinancePaperPdf> {
  const invoice = await getPlanInvoice(ctx, invoiceId)
  requireCompany(ctx.actor)
  const bank = platformBankDetails()
  return renderFinancePaperPdf(
    {
      kind: 'plan_invoice',
      number: invoice.number,
      issuer: bank.holder,
      date: invoice.issuedAt,
      dueAt: invoice.dueAt,
      billedTo: await paperCompany({ ...ctx, actor: ctx.actor }),
      planName: invoice.planName[ctx.locale] ?? invoice.planName.en ?? invoice.planId,
      period: invoice.period,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      currency: invoice.currency,
      amount: minorToDecimal({ minor: invoice.amountMinor, currency: invoice.currency }),
      status: invoice.status,
      paidAt: invoice.paidAt,
      bank,
    },
    ctx.locale,
  )
}
