// A company's finance papers as PDFs (issue 21): finance reads the facts (a receipt, a month's fee invoice or
// statement), documents prints them. The two modules share a rank in DESIGN's order, so neither imports the other:
// this workflow hands the one's facts to the other, in the reader's language.
import type { ServiceContext } from '../platform/actor'
import { AppError } from '../platform/errors'
import { renderFinancePaperPdf, type FinancePaper, type FinancePaperPdf } from '../modules/documents/index.server'
import { type FinancePaperKind, parsePeriodKey } from '../modules/finance/index'
import { feeInvoiceFacts, monthlyStatementFacts, paymentReceiptFacts } from '../modules/finance/index.server'

const PAYMENT_ID = /^[0-9a-f-]{36}$/i

/** The facts of one paper of the actor's company; a malformed key is not found, like another company's payment. */
export async function financePaperFacts(ctx: ServiceContext, kind: FinancePaperKind, key: string): Promise<FinancePaper> {
  if (kind === 'receipt') {
    if (!PAYMENT_ID.test(key)) throw new AppError('not_found', 'Receipt not found')
    return paymentReceiptFacts(ctx, key)
  }
  const period = parsePeriodKey(key)
  if (!period) throw new AppError('not_found', 'Paper not found')
  return kind === 'fee_invoice' ? feeInvoiceFacts(ctx, period) : monthlyStatementFacts(ctx, period)
}

/** One paper of the actor's company as a PDF in the actor's language, with the file name to save it as. */
export async function financePaperPdf(ctx: ServiceContext, kind: FinancePaperKind, key: string): Promise<FinancePaperPdf> {
  return renderFinancePaperPdf(await financePaperFacts(ctx, kind, key), ctx.locale)
}
