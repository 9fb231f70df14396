import { requireActor } from '../../../modules/companies/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { planInvoicePdf } from '../../../workflows/plan-invoices.server'
import { pdfResponse } from '../../document-pdf-response.server'
import type { Route } from './+types/plan-invoice-pdf'

/**
 * One of the company's plan invoices as a PDF (`/app/settings/plan/invoices/:invoiceId/pdf`, `?download=1` to save it),
 * in the reader's language, for its owners and admins. Another company's invoice, or a malformed id, is not found.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const pdf = await withRouteErrors(() => planInvoicePdf(ctx, params.invoiceId))
  return pdfResponse(pdf, new URL(request.url).searchParams.get('download') === '1')
}
