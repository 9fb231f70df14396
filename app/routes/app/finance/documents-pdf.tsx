import { requireActor } from '../../../modules/companies/index.server'
import { FINANCE_PAPER_KINDS, type FinancePaperKind } from '../../../modules/finance/index'
import { AppError } from '../../../platform/errors'
import { withRouteErrors } from '../../../platform/forms.server'
import { financePaperPdf } from '../../../workflows/finance-papers.server'
import { pdfResponse } from '../../document-pdf-response.server'
import type { Route } from './+types/documents-pdf'

/**
 * One finance paper as a PDF (`/app/finance/documents/:kind/:key/pdf`, `?download=1` to save it): a payment's receipt
 * (key: the payment's id), a month's fee invoice or statement (key: 2026-03-USD), rendered now in the reader's language.
 * An unknown kind or key, or another company's payment, is not found.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const kind = params.kind as FinancePaperKind
  const pdf = await withRouteErrors(() => {
    if (!FINANCE_PAPER_KINDS.includes(kind)) throw new AppError('not_found', 'Paper not found')
    return financePaperPdf(ctx, kind, params.key)
  })
  return pdfResponse(pdf, new URL(request.url).searchParams.get('download') === '1')
}
