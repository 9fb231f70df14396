import { eq } from 'drizzle-orm'
import { createLocalJWKSet, jwtVerify } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { createBearerSessions } from './index.server'
import { sessions, users } from './identity.tables.server'
import { database } from '../../platform/db/index.server'
import { createUser } from '../../../db/factories/users'
import { call, CookieJar, enrolTotpFor, signInWithCookies, testApp } from '../../../tests/support/http'
import { TEST_PUBLIC_URL } from '../../../tests/support/test-env'
import { totp } from '../../../tests/support/totp'

let app: ReturnType<typeof testApp>
beforeAll(() => {
  app = testApp()
})

type Bearer = {
  access_token: string
  refresh_token: string
  expires_in: number
  expires_at: number
  token_type: string
  user: { id: string; identities: unknown[]; factors: unknown[] }
}

async function passwordGrant(identifier: string, password: string, extra: Record<string, string> = {}) {
  return call(app, '/api/auth/token?grant_type=password', { body: { identifier, password, ...extra } })
}

describe('bearer sessions (§3)', () => {
  it('issues a session shaped like §3 for a password grant', async () => {
    const user = await createUser({ email: 'api@example.test' })
    const response = await passwordGrant(user.email, user.password)
    expect(response.status).toBe(200)
    const body = response.json as unknown as Bearer
    expect(body.token_type).toBe('bearer')
    expect(body.expires_in).toBeGreaterThan(60)
    expect(body.expires_at).toBeGreaterThan(Date.now() / 1000)
    expect(body.refresh_token).toMatch(/^rt_/)
    expect(body.user.identities).toEqual([expect.objectContaining({ provider: 'email', identity_data: { email: 'api@example.test', email_verified: true } })])
    expect(body.user.factors).toEqual([])
  })

  it('signs access tokens verifiable through the JWKS endpoint', async () => {
    const user = await createUser({ email: 'jwks@example.test' })
    const { access_token } = (await passwordGrant(user.email, user.password)).json as unknown as Bearer
    const jwks = await call(app, '/api/auth/jwks')
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600')
    const { payload } = await jwtVerify(access_token, createLocalJWKSet(jwks.json as never), {
      issuer: `${TEST_PUBLIC_URL}/api/auth`,
      audience: 'authenticated',
    })
    expect(payload.sub).toBe(user.id)
    expect(payload.aal).toBe('aal1')
  })

  it('rotates the refresh token, and a spent token revokes its whole family', async () => {
    const user = await createUser({ email: 'rotate@example.test' })
    const first = (await passwordGrant(user.email, user.password)).json as unknown as Bearer
    const second = await call(app, '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: first.refresh_token } })
    expect(second.status).toBe(200)
    const rotated = second.json as unknown as Bearer
    expect(rotated.refresh_token).not.toBe(first.refresh_token)

    const replay = await call(app, '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: first.refresh_token } })
    expect(replay.status).toBe(401)
    expect(replay.json.code).toBe('session_not_found')
    const afterReplay = await call(app, '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: rotated.refresh_token } })
    expect(afterReplay.json.code).toBe('session_not_found')
  })

  it('answers an expired access token with jwt_expired: "JWT has expired"', async () => {
    const user = await createUser({ email: 'expired@example.test' })
    const session = (await passwordGrant(user.email, user.password)).json as unknown as Bearer
    const later = createBearerSessions({
      db: database(),
      secret: 'test-secret-test-secret-test-secret-0123456789',
      issuer: `${TEST_PUBLIC_URL}/api/auth`,
      accessTokenTtlSeconds: 900,
      now: () => Date.now() + 3600_000,
    })
    await expect(later.verify(session.access_token)).rejects.toMatchObject({ code: 'jwt_expired', message: 'JWT has expired' })
  })

  it('answers a malformed or forged token with bad_jwt', async () => {
    const malformed = await call(app, '/api/auth/session', { bearer: 'not-a-jwt' })
    expect(malformed.status).toBe(401)
    expect(malformed.json).toMatchObject({ code: 'bad_jwt', message: 'invalid JWT structure' })
    const forged = await call(app, '/api/auth/session', { bearer: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' })
    expect(forged.json.code).toBe('bad_jwt')
    const wrongScheme = await call(app, '/api/auth/session', { headers: { authorization: 'Basic abc' } })
    expect(wrongScheme.json.code).toBe('bad_jwt')
  })

  it('ends cookie and bearer access at once when the session is signed out elsewhere', async () => {
    const user = await createUser({ email: 'revoked@example.test' })
    const browser = await signInWithCookies(app, user)
    const bearer = (await call(app, '/api/auth/token?grant_type=session', { body: {}, jar: browser })).json as unknown as Bearer
    const otherTab = new CookieJar()
    otherTab.store(
      new Response(null, {
        headers: [
          ['set-cookie', `tp.session_token=${browser.get('tp.session_token')}`],
          ['set-cookie', `tp.session_data=${browser.get('tp.session_data')}`],
        ],
      }),
    )
    await call(app, '/api/auth/sign-out', { body: {}, jar: browser })
    expect((await call(app, '/api/auth/session', { jar: otherTab })).status).toBe(401)
    expect((await call(app, '/api/auth/session', { bearer: bearer.access_token })).json.code).toBe('session_not_found')
  })

  it('checks a bearer token without the database: it stays valid until expiry even after the session row is gone', async () => {
    const user = await createUser({ email: 'stateless@example.test' })
    const session = (await passwordGrant(user.email, user.password)).json as unknown as Bearer
    await database().delete(sessions).where(eq(sessions.userId, user.id))
    expect((await call(app, '/api/auth/session', { bearer: session.access_token })).status).toBe(200)
    const refresh = await call(app, '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: session.refresh_token } })
    expect(refresh.json.code).toBe('session_not_found')
  })

  it('serves the cookie session from the signed cookie cache without a database round-trip', async () => {
    const user = await createUser({ email: 'cached@example.test' })
    const jar = await signInWithCookies(app, user)
    await database().delete(sessions).where(eq(sessions.userId, user.id))
    expect((await call(app, '/api/auth/session', { jar })).status).toBe(200)
  })

  it('exchanges the browser session cookie for a bearer session (grant_type=session)', async () => {
    const user = await createUser({ email: 'browser@example.test' })
    const jar = await signInWithCookies(app, user)
    const exchanged = await call(app, '/api/auth/token?grant_type=session', { body: {}, jar })
    expect(exchanged.status).toBe(200)
    const anonymous = await call(app, '/api/auth/token?grant_type=session', { body: {} })
    expect(anonymous.json).toMatchObject({ code: 'session_missing', message: 'Auth session missing!' })
  })

  it('ends every bearer session of a cookie session on sign-out', async () => {
    const user = await createUser({ email: 'signout@example.test' })
    const jar = await signInWithCookies(app, user)
    const bearer = (await call(app, '/api/auth/token?grant_type=session', { body: {}, jar })).json as unknown as Bearer
    expect((await call(app, '/api/auth/sign-out', { body: {}, jar })).status).toBe(200)
    const refresh = await call(app, '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: bearer.refresh_token } })
    expect(refresh.json.code).toBe('session_not_found')
  })

  it('ends the session behind a bearer token on logout', async () => {
    const user = await createUser({ email: 'logout@example.test' })
    const bearer = (await passwordGrant(user.email, user.password)).json as unknown as Bearer
    expect((await call(app, '/api/auth/logout', { method: 'POST', bearer: bearer.access_token })).status).toBe(204)
    const refresh = await call(app, '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: bearer.refresh_token } })
    expect(refresh.json.code).toBe('session_not_found')
  })

  it('requires the second factor in a password grant for enrolled users and then reports aal2', async () => {
    const user = await createUser({ email: 'grant2fa@example.test' })
    const secret = await enrolTotpFor(app, user, await signInWithCookies(app, user), totp)

    const missing = await passwordGrant(user.email, user.password)
    expect(missing.status).toBe(401)
    expect(missing.json.code).toBe('mfa_required')
    const granted = await passwordGrant(user.email, user.password, { totp_code: totp(secret) })
    expect(granted.status).toBe(200)
    const me = await call(app, '/api/auth/session', { bearer: (granted.json as unknown as Bearer).access_token })
    expect(me.json.aal).toBe('aal2')
  })

  it('returns the user with identities and factors from /api/auth/user', async () => {
    const user = await createUser({ email: 'profile@example.test', phoneNumber: '+85291234567', phoneNumberVerified: true })
    const bearer = (await passwordGrant(user.email, user.password)).json as unknown as Bearer
    const profile = await call(app, '/api/auth/user', { bearer: bearer.access_token })
    expect(profile.status).toBe(200)
    expect(profile.json).toMatchObject({ id: user.id, email: 'profile@example.test', phone: '+85291234567', phone_confirmed: true })
    expect((profile.json.identities as unknown[]).length).toBe(2)
  })

  it('refuses the signed-in endpoints without credentials', async () => {
    for (const [path, method] of [
      ['/api/auth/session', 'GET'],
      ['/api/auth/user', 'GET'],
      ['/api/auth/logout', 'POST'],
    ] as const) {
      const response = await call(app, path, { method })
      expect(response.status, path).toBe(401)
      expect(response.json, path).toMatchObject({ code: 'session_missing', message: 'Auth session missing!' })
    }
  })

  it('answers /api/auth/user with session_or_user_missing when the user is gone', async () => {
    const user = await createUser({ email: 'vanished@example.test' })
    const bearer = (await passwordGrant(user.email, user.password)).json as unknown as Bearer
    await database().delete(users).where(eq(users.id, user.id))
    const response = await call(app, '/api/auth/user', { bearer: bearer.access_token })
    expect(response.status).toBe(401)
    expect(response.json).toMatchObject({ code: 'session_or_user_missing', message: 'Auth session or user missing' })
  })

  it('validates the grant body with clear 4xx errors', async () => {
    const missing = await call(app, '/api/auth/token?grant_type=password', { body: { identifier: 'x@example.test' } })
    expect(missing.status).toBe(422)
    expect(missing.json.code).toBe('validation_failed')
    const unknownGrant = await call(app, '/api/auth/token?grant_type=magic', { body: {} })
    expect(unknownGrant.status).toBe(422)
    const garbage = await app.request(`${TEST_PUBLIC_URL}/api/auth/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    })
    expect(garbage.status).toBe(400)
  })
})
