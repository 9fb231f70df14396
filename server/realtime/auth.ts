import { companyContextOf, withCompany } from '../../app/modules/companies/index.server'
import { actorFromAuthState, savedLanguageOf, sessionFromBearer, userNames } from '../../app/modules/identity/index.server'
import { isAppError } from '../../app/platform/errors'
import { DEFAULT_LOCALE, isLocale } from '../../app/platform/i18n/locales'
import type { RealtimeServer, SocketData } from './types'

/** A handshake refusal: Socket.IO hands `message` and `data` to the client's `connect_error`. */
function refusal(message: string, code: string): Error {
  return Object.assign(new Error(message), { data: { code } })
}

/**
 * Who a connection is, from its bearer access token (`auth: { token, locale? }`): the actor (acting for the session's
 * active company), their name, language (the handshake's if valid, else their saved preference, else English) and every
 * company they belong to.
 */
export async function socketIdentity(token: string, requestedLocale: unknown): Promise<SocketData> {
  const state = await sessionFromBearer(token)
  const userId = state.user.id
  const [context, names, saved] = await Promise.all([
    companyContextOf(userId, state.sessionId),
    userNames([userId]),
    isLocale(requestedLocale) ? Promise.resolve(null) : savedLanguageOf(userId),
  ])
  return {
    actor: withCompany(actorFromAuthState(state), context.active),
    userId,
    name: names.get(userId) ?? '',
    locale: isLocale(requestedLocale) ? requestedLocale : (saved ?? DEFAULT_LOCALE),
    status: 'online',
    companyIds: context.memberships.map((membership) => membership.companyId),
  }
}

/** The handshake middleware: no token → `session_missing`; a bad, expired or revoked one → its code. */
export function authenticate(io: RealtimeServer): void {
  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown; locale?: unknown }
    if (typeof auth.token !== 'string' || !auth.token) return next(refusal('Auth session missing!', 'session_missing'))
    try {
      socket.data = await socketIdentity(auth.token, auth.locale)
      next()
    } catch (error) {
      const code = isAppError(error) ? error.code : 'bad_jwt'
      next(refusal(code === 'jwt_expired' ? 'JWT has expired' : 'invalid JWT structure', code))
    }
  })
}
