import { requireActor } from '../../../modules/companies/index.server'
import { MESSAGE_PAGE_SIZE } from '../../../modules/messaging/index'
import { listMessages } from '../../../modules/messaging/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { seqParam } from './conversation.server'
import type { Route } from './+types/history'

/** Older messages of a conversation for the infinite scroll (`?before=seq`), as JSON. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const before = seqParam(new URL(request.url).searchParams.get('before'))
  const page = await withRouteErrors(() => listMessages(ctx, params.id, before ? { before, limit: MESSAGE_PAGE_SIZE } : { limit: MESSAGE_PAGE_SIZE }))
  return Response.json(page, { headers: { 'cache-control': 'private, no-store' } })
}
