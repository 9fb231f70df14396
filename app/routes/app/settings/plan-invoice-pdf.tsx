import { requireActor } from '../../../modules/companies/index.server'
import { contentDisposition } from '../../../platform/api/file-responses.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { planInvoicePdf } from '../../../workflows/plan-invoices.server'
import type { Route } from './+types/plan-invoice-pdf'

/**
 * One of the company's plan invoices as a PDF (`/app/settings/plan/invoices/:invoiceId/pdf`, `?download=1` to save it),
 * in the reader's language, for its owners and admins. Another company's invoice, or a malformed id, is not found.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const pdf = await withRouteErrors(() => planInvoicePdf(ctx, params.invoiceId))
  const download = new URL(request.url).searchParams.get('download') === '1'
  return new Response(Buffer.from(pdf.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.byteLength),
      'Content-Disposition': contentDisposition(!download, pdf.fileName),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex',
    },
  })
}
