import { requireActor } from '../../../modules/companies/index.server'
import { documentPdf } from '../../../modules/documents/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { pdfResponse } from '../../document-pdf-response.server'
import type { Route } from './+types/pdf'

const VERSION_NUMBER = /^[1-9]\d{0,5}$/

/**
 * A version's PDF (`/app/documents/:id/pdf?version=N`, the latest the company may see without it): the issued bytes
 * as kept, or a draft rendered now. A malformed version is not found, like a version the company may not see.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const search = new URL(request.url).searchParams
  const version = search.get('version')
  const pdf = await withRouteErrors(() => documentPdf(ctx, params.id, version === null ? undefined : VERSION_NUMBER.test(version) ? Number(version) : 0))
  return pdfResponse(pdf, search.get('download') === '1')
}
