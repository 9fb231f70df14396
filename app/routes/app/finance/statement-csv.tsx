import { requireActor } from '../../../modules/companies/index.server'
import { StatementQuery } from '../../../modules/finance/index'
import { statementCsv } from '../../../modules/finance/index.server'
import { contentDisposition } from '../../../platform/api/file-responses.server'
import { withRouteErrors } from '../../../platform/forms.server'
import type { Route } from './+types/statement-csv'

/**
 * The statement the account page shows, as a CSV download (`/app/finance/statement.csv?currency=&kind=&entryKind=&from=&to=`):
 * at most 10 000 rows, newest first; a malformed filter is dropped as on the page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const raw: Record<string, string> = {}
  for (const [name, value] of new URL(request.url).searchParams)
    if (name in StatementQuery.shape && value !== '' && StatementQuery.shape[name as keyof typeof StatementQuery.shape].safeParse(value).success)
      raw[name] = value
  const file = await withRouteErrors(() => statementCsv(ctx, StatementQuery.parse(raw)))
  return new Response(file.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(false, file.fileName),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Truncated': String(file.truncated),
    },
  })
}
