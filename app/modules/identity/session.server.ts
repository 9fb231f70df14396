import type { Actor, AssuranceLevel, PlatformRole } from '../../platform/actor'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { parseCookieHeader } from '../../platform/http/cookies'
import { ExpiringLru } from '../../platform/lru'
import { database, forgetOnDatabaseChange } from '../../platform/db/index.server'
import { auth } from './auth-instance.server'
import { type BearerSessions, createBearerSessions } from './bearer-session.server'
import { isPlaceholderEmail } from './identifiers'
import { resetSessionRevocations, sessionRevocations } from './session-revocations.server'

/** The signed-in person as pages and the API see them; built without a database round-trip. */
export type AuthState = {
  via: 'cookie' | 'bearer'
  sessionId: string
  aal: AssuranceLevel
  expiresAt: number
  user: {
    id: string
    name: string
    email: string | null
    emailVerified: boolean
    phoneNumber: string | null
    phoneNumberVerified: boolean
    role: PlatformRole
    twoFactorEnabled: boolean
    updatedAt: number
  }
}

const globalBearer = globalThis as unknown as { __tradeportBearer?: BearerSessions }

export function bearerSessions(): BearerSessions {
  if (!globalBearer.__tradeportBearer) {
    const config = env()
    globalBearer.__tradeportBearer = createBearerSessions({
      db: database(),
      secret: config.AUTH_SECRET,
      issuer: `${config.PUBLIC_URL}/api/auth`,
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    })
  }
  return globalBearer.__tradeportBearer
}

export function resetBearerSessions(): void {
  globalBearer.__tradeportBearer = undefined
  decodedSessions.clear()
  resetSessionRevocations()
}

/** How long the decoded cookie session is reused for the very same cookies (signature checks are costly). */
const DECODED_SESSION_TTL_MS = 30_000
const decodedSessions = forgetOnDatabaseChange(new ExpiringLru<string, AuthState>(10_000))

/** The auth cookies of a request, as one cache key (`tp.*`, with or without the __Secure- prefix). */
function authCookieKey(cookieHeader: string): string {
  return [...parseCookieHeader(cookieHeader)]
    .filter(([name]) => name.startsWith('tp.') || name.startsWith('__Secure-tp.'))
    .map(([name, value]) => `${name}=${value}`)
    .join(';')
}

/** Reads the cookie session (from the signed cookie cache when fresh) and any cookies to refresh. */
export async function sessionFromCookies(headers: Headers): Promise<{ state: AuthState | null; setCookies: string[] }> {
  const cookieHeader = headers.get('cookie')
  if (!cookieHeader) return { state: null, setCookies: [] }
  const key = authCookieKey(cookieHeader)
  if (!key) return { state: null, setCookies: [] }
  const decoded = decodedSessions.get(key)
  if (decoded && !sessionRevocations().isRevoked(decoded.sessionId)) return { state: decoded, setCookies: [] }
  const fresh = await readCookieSession(headers)
  if (fresh.state && fresh.setCookies.length === 0) decodedSessions.set(key, fresh.state, DECODED_SESSION_TTL_MS)
  return fresh
}

async function readCookieSession(headers: Headers): Promise<{ state: AuthState | null; setCookies: string[] }> {
  // A revoked session's cookie cache no longer matches its version, so this asks the database (auth.server.ts).
  const result = await auth().api.getSession({ headers, returnHeaders: true })
  const setCookies = result.headers.getSetCookie()
  const found = result.response
  if (!found) return { state: null, setCookies }
  const { user, session } = found
  return {
    setCookies,
    state: {
      via: 'cookie',
      sessionId: session.id,
      aal: session.aal === 'aal2' ? 'aal2' : 'aal1',
      expiresAt: Math.floor(new Date(session.expiresAt).getTime() / 1000),
      user: {
        id: user.id,
        name: user.name,
        email: isPlaceholderEmail(user.email) ? null : user.email,
        emailVerified: user.emailVerified,
        phoneNumber: user.phoneNumber ?? null,
        phoneNumberVerified: Boolean(user.phoneNumberVerified),
        role: user.role === 'admin' ? 'admin' : 'user',
        twoFactorEnabled: Boolean(user.twoFactorEnabled),
        updatedAt: new Date(user.updatedAt).getTime(),
      },
    },
  }
}

/** Verifies a bearer access token; throws bad_jwt / jwt_expired. */
export async function sessionFromBearer(token: string): Promise<AuthState> {
  const claims = await bearerSessions().verify(token)
  if (sessionRevocations().isRevoked(claims.sessionId)) throw new AppError('session_not_found', 'Session not found')
  return {
    via: 'bearer',
    sessionId: claims.sessionId,
    aal: claims.aal,
    expiresAt: claims.expiresAt,
    user: {
      id: claims.userId,
      name: '',
      email: null,
      emailVerified: claims.contactVerified,
      phoneNumber: null,
      phoneNumberVerified: false,
      role: claims.role,
      twoFactorEnabled: claims.aal === 'aal2',
      updatedAt: 0,
    },
  }
}

export function isContactVerified(state: AuthState): boolean {
  return state.user.emailVerified || state.user.phoneNumberVerified
}

export function actorFromAuthState(state: AuthState): Actor {
  return {
    userId: state.user.id,
    sessionId: state.sessionId,
    companyId: null,
    memberRole: null,
    platformRole: state.user.role,
    companyKind: null,
    contactVerified: isContactVerified(state),
    aal: state.aal,
  }
}
