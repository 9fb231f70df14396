import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { AssuranceLevel, PlatformRole } from '../../platform/actor'
import type { Database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { ExpiringLru } from '../../platform/lru'
import { refreshTokens, sessions, twoFactors, users } from './identity.tables.server'
import { isPlaceholderEmail } from './identifiers'
import { KEY_CACHE_MS, type KeyRing, loadKeyRing, SIGNING_ALGORITHM } from './signing-keys.server'

export const ACCESS_TOKEN_AUDIENCE = 'authenticated'

export type Identity = {
  identity_id: string
  provider: 'email' | 'phone'
  identity_data: { email?: string; phone?: string; email_verified?: boolean; phone_verified?: boolean }
  created_at: string
}

export type Factor = { id: string; factor_type: 'totp'; status: 'verified' | 'unverified'; created_at: string }

export type SessionUser = {
  id: string
  name: string
  email: string | null
  phone: string | null
  email_confirmed: boolean
  phone_confirmed: boolean
  role: PlatformRole
  created_at: string
  updated_at: string
  identities: Identity[]
  factors: Factor[]
}

/** §3: the session handed to API clients and the realtime connection. */
export type BearerSession = {
  access_token: string
  refresh_token: string
  expires_in: number
  expires_at: number
  token_type: 'bearer'
  user: SessionUser
}

export type AccessClaims = {
  userId: string
  sessionId: string
  aal: AssuranceLevel
  role: PlatformRole
  contactVerified: boolean
  expiresAt: number
}

type Options = { db: Database; secret: string; issuer: string; accessTokenTtlSeconds: number; now?: () => number }

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

export function createBearerSessions(options: Options) {
  const { db, secret, issuer, accessTokenTtlSeconds } = options
  const now = options.now ?? Date.now
  let ring: KeyRing | undefined
  let ringLoading: Promise<KeyRing> | undefined
  // A token's signature never changes, so a verified token is remembered until it expires.
  const verified = new ExpiringLru<string, AccessClaims>(10_000, now)

  async function keyRing(forceReload = false): Promise<KeyRing> {
    const stale = !ring || forceReload || now() - ring.loadedAt > KEY_CACHE_MS
    if (!stale && ring) return ring
    ringLoading ??= loadKeyRing(db, secret).finally(() => {
      ringLoading = undefined
    })
    ring = await ringLoading
    return ring
  }

  async function loadUser(userId: string): Promise<SessionUser | null> {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
    if (!user) return null
    const factors = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId))
    const identities: Identity[] = []
    const email = isPlaceholderEmail(user.email) ? null : user.email
    if (email) {
      identities.push({
        identity_id: `${user.id}:email`,
        provider: 'email',
        identity_data: { email, email_verified: user.emailVerified },
        created_at: user.createdAt.toISOString(),
      })
    }
    if (user.phoneNumber) {
      identities.push({
        identity_id: `${user.id}:phone`,
        provider: 'phone',
        identity_data: { phone: user.phoneNumber, phone_verified: Boolean(user.phoneNumberVerified) },
        created_at: user.createdAt.toISOString(),
      })
    }
    return {
      id: user.id,
      name: user.name,
      email,
      phone: user.phoneNumber,
      email_confirmed: Boolean(email) && user.emailVerified,
      phone_confirmed: Boolean(user.phoneNumberVerified),
      role: user.role === 'admin' ? 'admin' : 'user',
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
      identities,
      factors: factors.map((f) => ({
        id: f.id,
        factor_type: 'totp',
        status: f.verified === false || !user.twoFactorEnabled ? 'unverified' : 'verified',
        created_at: f.createdAt.toISOString(),
      })),
    }
  }

  async function signAccessToken(user: SessionUser, sessionId: string, aal: AssuranceLevel): Promise<{ token: string; expiresAt: number }> {
    const { active } = await keyRing()
    const issuedAt = Math.floor(now() / 1000)
    const expiresAt = issuedAt + accessTokenTtlSeconds
    const token = await new SignJWT({
      sid: sessionId,
      aal,
      role: user.role,
      email: user.email ?? undefined,
      phone: user.phone ?? undefined,
      cv: user.email_confirmed || user.phone_confirmed,
    })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: active.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setSubject(user.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .setJti(randomUUID())
      .sign(active.privateKey)
    return { token, expiresAt }
  }

  async function mintSession(
    user: SessionUser,
    sessionId: string,
    aal: AssuranceLevel,
    family: { familyId: string; parentId: string | null },
  ): Promise<BearerSession> {
    const refreshToken = `rt_${randomBytes(32).toString('base64url')}`
    await db.insert(refreshTokens).values({
      id: randomUUID(),
      tokenHash: hashToken(refreshToken),
      sessionId,
      userId: user.id,
      familyId: family.familyId,
      parentId: family.parentId,
    })
    const access = await signAccessToken(user, sessionId, aal)
    return {
      access_token: access.token,
      refresh_token: refreshToken,
      expires_in: access.expiresAt - Math.floor(now() / 1000),
      expires_at: access.expiresAt,
      token_type: 'bearer',
      user,
    }
  }

  async function liveSession(sessionId: string) {
    const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1)
    if (!session || session.expiresAt.getTime() <= now()) throw new AppError('session_not_found', 'Session not found')
    return session
  }

  /** Checks signature, issuer, audience and expiry; keys come from the cached key ring. */
  async function verifySignature(token: string): Promise<AccessClaims> {
    if (token.split('.').length !== 3) throw new AppError('bad_jwt', 'invalid JWT structure')
    let payload: JWTPayload
    try {
      const keys = await keyRing()
      const result = await jwtVerify(
        token,
        async (header) => {
          const known = keys.publicKeys.get(header.kid ?? '') ?? (await keyRing(true)).publicKeys.get(header.kid ?? '')
          if (!known) throw new joseErrors.JWKSNoMatchingKey()
          return known.key
        },
        { issuer, audience: ACCESS_TOKEN_AUDIENCE, algorithms: [SIGNING_ALGORITHM], currentDate: new Date(now()) },
      )
      payload = result.payload
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('jwt_expired', 'JWT has expired')
      throw new AppError('bad_jwt', 'invalid JWT structure')
    }
    const { sub, sid, aal, role, cv, exp } = payload as JWTPayload & { sid?: unknown; aal?: unknown; role?: unknown; cv?: unknown }
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') throw new AppError('bad_jwt', 'invalid JWT structure')
    return {
      userId: sub,
      sessionId: sid,
      aal: aal === 'aal2' ? 'aal2' : 'aal1',
      role: role === 'admin' ? 'admin' : 'user',
      contactVerified: cv === true,
      expiresAt: exp,
    }
  }

  return {
    /** Opens a new refresh-token family on an existing (cookie or freshly signed-in) session. */
    async issue(sessionId: string): Promise<BearerSession> {
      const session = await liveSession(sessionId)
      const user = await loadUser(session.userId)
      if (!user) throw new AppError('session_or_user_missing', 'Auth session or user missing')
      return mintSession(user, session.id, session.aal === 'aal2' ? 'aal2' : 'aal1', { familyId: randomUUID(), parentId: null })
    },

    /** Spends a refresh token for a new pair; a token spent twice revokes its whole family. */
    async refresh(refreshToken: string): Promise<BearerSession> {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
        .limit(1)
      if (!row) throw new AppError('session_not_found', 'Session not found')
      const spent = await db
        .update(refreshTokens)
        .set({ revokedAt: new Date(now()) })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id })
      if (spent.length === 0) {
        await db
          .update(refreshTokens)
          .set({ revokedAt: new Date(now()) })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
        throw new AppError('session_not_found', 'Refresh token already used')
      }
      const session = await liveSession(row.sessionId)
      const user = await loadUser(session.userId)
      if (!user) throw new AppError('session_or_user_missing', 'Auth session or user missing')
      return mintSession(user, session.id, session.aal === 'aal2' ? 'aal2' : 'aal1', { familyId: row.familyId, parentId: row.id })
    },

    /** Verifies without the database: keys are cached, and a verified token is remembered until it expires. */
    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token)
      if (known) return known
      const claims = await verifySignature(token)
      verified.set(token, claims, claims.expiresAt * 1000 - now())
      return claims
    },

    /** Ends every bearer session riding on this session (sign-out). */
    async revokeSession(sessionId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date(now()) })
        .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)))
    },

    loadUser,
    keyRing,
  }
}

export type BearerSessions = ReturnType<typeof createBearerSessions>
