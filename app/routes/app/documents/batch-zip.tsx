import { batchZip } from '../../../modules/documents/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { contentDisposition } from '../../../platform/api/file-responses.server'
import { withRouteErrors } from '../../../platform/forms.server'
import type { Route } from './+types/batch-zip'

/** A finished zip of a record's documents (the company's own batch), as a download. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const zip = await withRouteErrors(() => batchZip(ctx, params.id))
  return new Response(new Uint8Array(zip.bytes), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(zip.bytes.byteLength),
      'Content-Disposition': contentDisposition(false, zip.fileName),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
