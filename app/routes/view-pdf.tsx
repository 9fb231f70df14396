import { sharedPdf } from '../modules/documents/index.server'
import { withRouteErrors } from '../platform/forms.server'
import { pdfResponse } from './document-pdf-response.server'
import { shareVisit } from './view-share.server'
import type { Route } from './+types/view-pdf'

/** The shared document's issued PDF (`/view/pdf?token=…`), for the share page's frame and its download link; not a view of its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pdf = await withRouteErrors(() => sharedPdf(shareVisit(request, context)))
  return pdfResponse(pdf, new URL(request.url).searchParams.get('download') === '1')
}
