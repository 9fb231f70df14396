import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { sendSignInCode, signIn } from './index.server'
import { sessions, users } from './identity.tables.server'
import { database } from '../../platform/db/index.server'
import { setEnvForTesting } from '../../platform/env.server'
import { MemoryFailureBackoffStore, setFailureBackoffStore } from '../../platform/failure-backoff.server'
import { devMessages } from '../../platform/mail/mail.tables.server'
import { MemoryRateLimitStore, useRateLimitStore } from '../../platform/rate-limit.server'
import { runInRequestScope } from '../../platform/request-scope.server'
import { createUser } from '../../../db/factories/users'
import { call, CookieJar, enrolTotpFor, signInWithCookies, testApp } from '../../../tests/support/http'
import { testEnv } from '../../../tests/support/test-env'
import { totp } from '../../../tests/support/totp'

let app: ReturnType<typeof testApp>
beforeAll(() => {
  app = testApp()
})

/** Turns the auth limits on (each test starts with fresh counters); TRUST_PROXY lets each call pick its client address. */
function limits(overrides: Record<string, string> = {}) {
  setEnvForTesting(testEnv({ AUTH_RATE_LIMIT: 'on', TRUST_PROXY: 'on', ...overrides }))
}

afterEach(() => {
  setEnvForTesting(testEnv())
  useRateLimitStore(new MemoryRateLimitStore())
  setFailureBackoffStore(new MemoryFailureBackoffStore())
})

const from = (address: string) => ({ 'x-forwarded-for': address })

async function messagesTo(recipient: string) {
  return database().select().from(devMessages).where(eq(devMessages.recipient, recipient))
}

describe('token grants from a session (issue 15, finding 1)', () => {
  it('leave the sign-in budget alone: 12 session grants and 3 refreshes, then a password sign-in still works', async () => {
    limits({ AUTH_RATE_LIMIT_MAX: '10' })
    const user = await createUser({ email: 'office@example.test' })
    const office = from('203.0.113.20')
    const jar = new CookieJar()
    expect((await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, jar, headers: office })).status).toBe(200)
    let refreshToken = ''
    for (let page = 0; page < 12; page++) {
      const grant = await call(app, '/api/auth/token?grant_type=session', { body: {}, jar, headers: office })
      expect(grant.status, `session grant ${page + 1}`).toBe(200)
      refreshToken = String(grant.json.refresh_token)
    }
    for (let i = 0; i < 3; i++) {
      const refreshed = await call(app, '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: refreshToken }, headers: office })
      expect(refreshed.status).toBe(200)
      refreshToken = String(refreshed.json.refresh_token)
    }
    const colleague = await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, headers: office })
    expect(colleague.status).toBe(200)
    const apiClient = await call(app, '/api/auth/token?grant_type=password', { body: { identifier: user.email, password: user.password }, headers: office })
    expect(apiClient.status).toBe(200)
  })

  it('still spend the sign-in budget for password grants', async () => {
    limits({ AUTH_RATE_LIMIT_MAX: '2' })
    const user = await createUser({ email: 'script@example.test' })
    const grant = () =>
      call(app, '/api/auth/token?grant_type=password', { body: { identifier: user.email, password: user.password }, headers: from('203.0.113.21') })
    expect((await grant()).status).toBe(200)
    expect((await grant()).status).toBe(200)
    const refused = await grant()
    expect(refused.status).toBe(429)
    expect(refused.json.code).toBe('rate_limited')
  })
})

describe('ended sessions on Better Auth’s own endpoints (issue 15, finding 2)', () => {
  /** What the stolen or left-behind copy of the cookies can still do. */
  async function expectSignedOut(jar: CookieJar, userId: string) {
    const session = await call(app, '/api/auth/get-session', { jar: jar.copy() })
    expect(session.status).toBe(200)
    expect(session.json).toBeNull()
    const listed = await call(app, '/api/auth/list-sessions', { jar: jar.copy() })
    expect(listed.status).toBe(401)
    const updated = await call(app, '/api/auth/update-user', { body: { name: 'Written by a dead session' }, jar: jar.copy() })
    expect(updated.status).toBe(401)
    const [row] = await database().select({ name: users.name }).from(users).where(eq(users.id, userId))
    expect(row?.name).not.toBe('Written by a dead session')
  }

  /** Signs in and uses the cookie cache once, so a cached session is what the copy holds. */
  async function signedInCopy(user: { email: string; password: string }) {
    const jar = await signInWithCookies(app, user)
    expect((await call(app, '/api/auth/get-session', { jar: jar.copy() })).json).toMatchObject({ user: { email: user.email } })
    expect(jar.get('tp.session_data')).toBeTruthy()
    return jar
  }

  it('refuses the cookies of a session signed out elsewhere at once', async () => {
    const user = await createUser({ email: 'left-behind@example.test' })
    const jar = await signedInCopy(user)
    expect((await call(app, '/api/auth/sign-out', { body: {}, jar: jar.copy() })).status).toBe(200)
    await expectSignedOut(jar, user.id)
  })

  it('refuses the cookies of every session after a password reset at once', async () => {
    const user = await createUser({ email: 'reset-ends@example.test' })
    const jar = await signedInCopy(user)
    await call(app, '/api/auth/request-password-reset', { body: { email: user.email } })
    const [mail] = await messagesTo(user.email)
    const token = /token=([\w-]+)/.exec(mail?.textBody ?? '')?.[1]
    expect(token).toBeTruthy()
    expect((await call(app, '/api/auth/reset-password', { body: { token, newPassword: 'Harbour-Quince-Meridian-7' } })).status).toBe(200)
    await expectSignedOut(jar, user.id)
  })

  it('refuses the cookies of a banned user at once', async () => {
    const admin = await createUser({ email: 'hardening-admin@example.test', role: 'admin' })
    const adminJar = await signInWithCookies(app, admin)
    const user = await createUser({ email: 'banned-cookie@example.test' })
    const jar = await signedInCopy(user)
    expect((await call(app, `/api/v1/admin/users/${user.id}/ban`, { body: { reason: 'Fraud' }, jar: adminJar })).status).toBe(200)
    await expectSignedOut(jar, user.id)
  })

  it('never returns a session token: list-sessions, get-session and sign-in answer without them', async () => {
    const user = await createUser({ email: 'many-devices@example.test' })
    const laptop = new CookieJar()
    const signedIn = await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, jar: laptop })
    await signInWithCookies(app, user)
    await signInWithCookies(app, user)
    const tokens = (await database().select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id))).map((row) => row.token)
    expect(tokens).toHaveLength(3)

    const listed = await call(app, '/api/auth/list-sessions', { jar: laptop })
    expect(listed.status).toBe(200)
    const list = listed.json as unknown as Array<Record<string, unknown>>
    expect(list).toHaveLength(3)
    for (const session of list) {
      expect(session).not.toHaveProperty('token')
      expect(session).toMatchObject({ id: expect.any(String), userId: user.id })
    }
    const current = await call(app, '/api/auth/get-session', { jar: laptop })
    expect(current.json.session).not.toHaveProperty('token')
    expect(signedIn.json).not.toHaveProperty('token')
    for (const token of tokens) {
      expect(listed.text).not.toContain(token)
      expect(current.text).not.toContain(token)
      expect(signedIn.text).not.toContain(token)
    }
  })
})

/** Every endpoint that mails or texts someone, with a body naming the recipient. */
const SENDERS: Array<{ path: string; body: (to: { email: string; phone: string }) => Record<string, unknown>; channel: 'email' | 'phone' }> = [
  { path: '/api/auth/forget-password/email-otp', body: (to) => ({ email: to.email }), channel: 'email' },
  { path: '/api/auth/email-otp/request-password-reset', body: (to) => ({ email: to.email }), channel: 'email' },
  { path: '/api/auth/email-otp/send-verification-otp', body: (to) => ({ email: to.email, type: 'sign-in' }), channel: 'email' },
  { path: '/api/auth/request-password-reset', body: (to) => ({ email: to.email }), channel: 'email' },
  { path: '/api/auth/send-verification-email', body: (to) => ({ email: to.email }), channel: 'email' },
  { path: '/api/auth/sign-up/email', body: (to) => ({ name: 'Flood Target', email: to.email, password: 'Cobalt-Orchard-Summit-4' }), channel: 'email' },
  { path: '/api/auth/phone-number/send-otp', body: (to) => ({ phoneNumber: to.phone }), channel: 'phone' },
  { path: '/api/auth/phone-number/request-password-reset', body: (to) => ({ phoneNumber: to.phone }), channel: 'phone' },
]

describe('endpoints that send mail or SMS (issue 15, finding 3)', () => {
  it('are limited per recipient, whichever addresses the requests come from', async () => {
    limits({ AUTH_RATE_LIMIT_MAX: '1000', AUTH_RECIPIENT_RATE_LIMIT_MAX: '2' })
    for (const [index, sender] of SENDERS.entries()) {
      const victim = { email: `victim-${index}@example.test`, phone: `+4915112345${String(index).padStart(3, '0')}` }
      await createUser({ email: victim.email, phoneNumber: victim.phone, emailVerified: false })
      for (let i = 0; i < 2; i++) {
        const allowed = await call(app, sender.path, { body: sender.body(victim), headers: from(`198.51.100.${index * 10 + i}`) })
        expect(allowed.status, `${sender.path} call ${i + 1}`).not.toBe(429)
      }
      const refused = await call(app, sender.path, { body: sender.body(victim), headers: from(`198.51.100.${index * 10 + 5}`) })
      expect(refused.status, `${sender.path} beyond the recipient's budget`).toBe(429)
      expect(refused.json.code).toBe('rate_limited')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await messagesTo(sender.channel === 'email' ? victim.email : victim.phone)).length).toBeLessThanOrEqual(2)
      const someoneElse = { email: `other-${index}@example.test`, phone: `+4915112346${String(index).padStart(3, '0')}` }
      expect((await call(app, sender.path, { body: sender.body(someoneElse), headers: from('198.51.100.250') })).status).not.toBe(429)
    }
  })

  it('are limited per client address, whoever the recipients are', async () => {
    limits({ AUTH_RATE_LIMIT_MAX: '1', AUTH_RECIPIENT_RATE_LIMIT_MAX: '1000' })
    for (const [index, sender] of SENDERS.entries()) {
      const address = from(`192.0.2.${index + 1}`)
      const first = { email: `first-${index}@example.test`, phone: `+4915212345${String(index).padStart(3, '0')}` }
      const second = { email: `second-${index}@example.test`, phone: `+4915212346${String(index).padStart(3, '0')}` }
      expect((await call(app, sender.path, { body: sender.body(first), headers: address })).status, sender.path).not.toBe(429)
      expect((await call(app, sender.path, { body: sender.body(second), headers: address })).status, sender.path).toBe(429)
    }
  })

  it('limits the page actions’ mail per recipient too', async () => {
    limits({ AUTH_RATE_LIMIT_MAX: '1000', AUTH_RECIPIENT_RATE_LIMIT_MAX: '1' })
    const user = await createUser({ email: 'page-code@example.test' })
    const send = (clientIp: string) => runInRequestScope({ requestId: 'r', locale: 'en', clientIp }, () => sendSignInCode(user.email))
    await send('198.18.0.1')
    await expect(send('198.18.0.2')).rejects.toMatchObject({ code: 'rate_limited', details: { retryAfterSeconds: expect.any(Number) } })
    expect(await messagesTo(user.email)).toHaveLength(1)
  })

  it('closes the endpoints the product does not offer, and leaves them out of the API description', async () => {
    for (const path of ['/api/auth/two-factor/send-otp', '/api/auth/change-email', '/api/auth/sign-in/social', '/api/auth/admin/ban-user']) {
      expect((await call(app, path, { body: {} })).status, path).toBe(404)
    }
    const paths = Object.keys(((await call(app, '/api/openapi.json')).json as { paths: Record<string, unknown> }).paths)
    expect(paths).toContain('/api/auth/forget-password/email-otp')
    expect(paths).not.toContain('/api/auth/two-factor/send-otp')
    expect(paths).not.toContain('/api/auth/sign-in/social')
  })
})

describe('per-account back-off (issue 15, finding 7)', () => {
  function backoffClock() {
    const clock = { now: Date.now() }
    setFailureBackoffStore(new MemoryFailureBackoffStore(() => clock.now))
    return clock
  }

  const wrong = (email: string, address = '203.0.113.50') =>
    call(app, '/api/auth/sign-in/email', { body: { email, password: 'Not-The-Password-1' }, headers: from(address) })
  const right = (user: { email: string; password: string }, address = '203.0.113.51') =>
    call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, headers: from(address) })

  it('refuses an account for a short while after five failures, from any address, with Retry-After and a translated message', async () => {
    limits({ AUTH_RATE_LIMIT_MAX: '1000' })
    const clock = backoffClock()
    const user = await createUser({ email: 'guessed@example.test' })
    const bystander = await createUser({ email: 'bystander@example.test' })
    for (let i = 0; i < 5; i++) expect((await wrong(user.email, `203.0.113.${60 + i}`)).status).toBe(401)

    const refused = await right(user)
    expect(refused.status).toBe(429)
    expect(refused.json.code).toBe('account_locked')
    expect(Number(refused.headers.get('retry-after'))).toBe(15)
    expect(refused.json.message).toBe('Too many failed attempts for this account. Try again in 15 seconds, or reset your password.')
    const chinese = await call(app, '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
      headers: { ...from('203.0.113.52'), 'accept-language': 'zh-CN' },
    })
    expect(chinese.json.message).toBe('该账户的失败尝试次数过多。请在 15 秒后重试，或重置密码。')
    expect((await right(bystander)).status).toBe(200)

    // The same account through the page action and the token endpoint.
    const pageAction = runInRequestScope({ requestId: 'r', locale: 'en', clientIp: '203.0.113.53' }, () =>
      signIn({ identifier: user.email, password: user.password }, new Headers()),
    )
    await expect(pageAction).rejects.toMatchObject({ code: 'account_locked', details: { retryAfterSeconds: 15 } })
    const token = await call(app, '/api/auth/token?grant_type=password', {
      body: { identifier: user.email, password: user.password },
      headers: from('203.0.113.54'),
    })
    expect(token.json.code).toBe('account_locked')

    clock.now += 16_000
    expect((await right(user)).status).toBe(200)
  })

  it('doubles the wait with each further failure, capped at five minutes', async () => {
    limits({ AUTH_RATE_LIMIT_MAX: '1000' })
    const clock = backoffClock()
    const user = await createUser({ email: 'hammered@example.test' })
    const waits: number[] = []
    let failures = 0
    while (waits.length < 6) {
      const attempt = await wrong(user.email)
      if (attempt.status === 401) failures += 1
      else {
        expect(attempt.status).toBe(429)
        waits.push(Number(attempt.headers.get('retry-after')))
        clock.now += waits.at(-1)! * 1000
      }
    }
    expect(failures).toBe(10)
    expect(waits).toEqual([15, 30, 60, 120, 240, 300])
  })

  it('forgets the failures after a successful sign-in', async () => {
    limits({ AUTH_RATE_LIMIT_MAX: '1000' })
    const user = await createUser({ email: 'forgetful@example.test' })
    for (let i = 0; i < 4; i++) expect((await wrong(user.email)).status).toBe(401)
    expect((await right(user)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await wrong(user.email)).status).toBe(401)
    expect((await right(user)).status).toBe(200)
  })

  it('counts wrong one-time codes against the same account', async () => {
    limits({ AUTH_RATE_LIMIT_MAX: '1000' })
    const user = await createUser({ email: 'code-guessed@example.test' })
    await call(app, '/api/auth/email-otp/send-verification-otp', { body: { email: user.email, type: 'sign-in' } })
    for (let i = 0; i < 5; i++) {
      const guess = await call(app, '/api/auth/sign-in/email-otp', {
        body: { email: user.email, otp: String(100000 + i) },
        headers: from(`203.0.113.${70 + i}`),
      })
      expect(guess.status).toBeLessThan(429)
    }
    expect((await right(user)).json.code).toBe('account_locked')
  })
})

describe('cookies (issue 15, finding 7)', () => {
  it('marks every cookie the server sets HttpOnly', async () => {
    const seen: string[] = []
    const keep = (response: { headers: Headers }) => seen.push(...response.headers.getSetCookie())
    const user = await createUser({ email: 'cookies@example.test' })
    const jar = new CookieJar()
    keep(await call(app, '/api/auth/sign-up/email', { body: { name: 'Cookie Person', email: 'cookie-new@example.test', password: 'Lilac-Granite-Voyage-6' } }))
    keep(await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, jar }))
    await enrolTotpFor(app, user, jar, totp)
    const second = new CookieJar()
    keep(await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, jar: second }))
    keep(await call(app, '/api/auth/get-session?disableCookieCache=true', { jar }))
    keep(await call(app, '/api/auth/sign-out', { body: {}, jar }))
    keep(await call(app, '/', { headers: { 'accept-language': 'zh-TW' } }))
    const names = new Set(seen.map((cookie) => cookie.split('=')[0]))
    for (const name of ['tp.session_token', 'tp.session_data', 'tp.two_factor', 'i18n_redirected']) expect(names, name).toContain(name)
    for (const cookie of seen) expect(cookie, cookie.split('=')[0]).toMatch(/;\s*HttpOnly/i)
  })
})
