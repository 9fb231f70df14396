import type { Context } from 'hono'
import type { CallerResolver } from '../../app/platform/api/caller.server'
import type { Actor } from '../../app/platform/actor'
import { AppError } from '../../app/platform/errors'
import { actorFor, membershipsOf } from '../../app/modules/companies/index.server'
import type { VerifiedApiKey } from '../../app/modules/developers/index.server'
import { type AuthState, requireAuth, resolveAuth } from '../../app/modules/identity/index.server'
import { actingAs, currentLocale, requestScope } from '../../app/platform/request-scope.server'
import { apiKeyOf } from './api-key-access'

function contextOf(actor: Actor) {
  return { actor, locale: currentLocale(), requestId: requestScope()?.requestId ?? '' }
}

/**
 * An API key acts as the member who created it, in the key's company, with that member's current role (its scopes were
 * checked at the door). A creator who has left the company leaves the key without anyone to act as: 401.
 */
async function keyActor(key: VerifiedApiKey): Promise<Actor> {
  const membership = (await membershipsOf(key.userId)).find((candidate) => candidate.companyId === key.companyId)
  if (!membership) throw new AppError('api_key_invalid', 'The member who created this API key has left the company')
  return {
    userId: key.userId,
    sessionId: `apikey:${key.id}`,
    companyId: membership.companyId,
    memberRole: membership.role,
    companyKind: membership.kind,
    platformRole: 'user',
    contactVerified: true,
    aal: 'aal1',
  }
}

/** The API's caller: an API key, or the session (identity) with its memberships (companies); routers ask through the platform. */
export const apiCaller: CallerResolver = {
  async serviceContext(c: Context) {
    const key = apiKeyOf(c)
    if (key) {
      actingAs(key.userId)
      return contextOf(await keyActor(key))
    }
    const state: AuthState = await requireAuth(c)
    actingAs(state.user.id)
    return contextOf(await actorFor(state))
  },
  async optionalServiceContext(c: Context) {
    const key = apiKeyOf(c)
    if (key) return contextOf(await keyActor(key))
    const state = await resolveAuth(c)
    return state ? contextOf(await actorFor(state)) : null
  },
}
