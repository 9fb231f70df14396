import type { Context } from 'hono'
import type { CallerResolver } from '../../app/platform/api/caller.server'
import { actorFor } from '../../app/modules/companies/index.server'
import { type AuthState, requireAuth, resolveAuth } from '../../app/modules/identity/index.server'
import { actingAs, currentLocale, requestScope } from '../../app/platform/request-scope.server'

async function contextOf(state: AuthState) {
  return { actor: await actorFor(state), locale: currentLocale(), requestId: requestScope()?.requestId ?? '' }
}

/** The API's caller: the session (identity) with its memberships (companies); the modules' routers ask through the platform. */
export const apiCaller: CallerResolver = {
  async serviceContext(c: Context) {
    const state = await requireAuth(c)
    actingAs(state.user.id)
    return contextOf(state)
  },
  async optionalServiceContext(c: Context) {
    const state = await resolveAuth(c)
    return state ? contextOf(state) : null
  },
}
