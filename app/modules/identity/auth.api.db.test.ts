import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { users } from './identity.tables.server'
import { database } from '../../platform/db/index.server'
import { devMessages } from '../../platform/mail/mail.tables.server'
import { createUser } from '../../../db/factories/users'
import { call, CookieJar, enrolTotpFor, signInWithCookies, testApp } from '../../../tests/support/http'
import { totp } from '../../../tests/support/totp'

let app: ReturnType<typeof testApp>
beforeAll(() => {
  app = testApp()
})

async function latestMailTo(email: string) {
  const rows = await database().select().from(devMessages).where(eq(devMessages.recipient, email))
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]
}

describe('sign-up', () => {
  it('creates the account, signs in at once and mails a verification link to /confirm', async () => {
    const jar = new CookieJar()
    const response = await call(app, '/api/auth/sign-up/email', {
      body: { name: 'Mei Chen', email: 'mei@example.test', password: 'Violet-Harbour-Trail-9' },
      jar,
    })
    expect(response.status).toBe(200)
    expect(jar.get('tp.session_token')).toBeTruthy()
    const session = await call(app, '/api/auth/session', { jar })
    expect(session.status).toBe(200)
    expect(session.json).toMatchObject({ via: 'cookie', aal: 'aal1', user: { contact_verified: false } })
    const mail = await latestMailTo('mei@example.test')
    expect(mail?.subject).toBe('Confirm your email address for Tradeport')
    expect(mail?.textBody).toMatch(/http:\/\/localhost:3000\/en\/confirm\?type=email&token=/)
  })

  it('refuses a weak password with weak_password and the reasons', async () => {
    const response = await call(app, '/api/auth/sign-up/email', { body: { name: 'Li Wei', email: 'liwei@example.test', password: 'liwei12345' } })
    expect(response.status).toBe(422)
    expect(response.json.code).toBe('weak_password')
    const reasons = (response.json.details as { reasons: string[] }).reasons
    expect(reasons).toContain('similar_to_identity')
  })

  it('refuses a common password even when long enough', async () => {
    const response = await call(app, '/api/auth/sign-up/email', { body: { name: 'Ann', email: 'ann@example.test', password: 'password123' } })
    expect(response.status).toBe(422)
    expect((response.json.details as { reasons: string[] }).reasons).toContain('common')
  })

  it('signs up with a phone number and sends an SMS code to the dev outbox', async () => {
    const jar = new CookieJar()
    const response = await call(app, '/api/auth/sign-up/phone-number', {
      body: { name: 'Zhang Wei', identifier: '+86 138 0013 8000', password: 'Jade-River-Compass-4' },
      jar,
    })
    expect(response.status).toBe(201)
    const [user] = await database().select().from(users).where(eq(users.phoneNumber, '+8613800138000'))
    expect(user?.emailIsPlaceholder).toBe(true)
    const sms = await latestMailTo('+8613800138000')
    expect(sms?.channel).toBe('sms')
    expect(sms?.textBody).toMatch(/Tradeport code: \d{6}/)
  })

  it('rejects a second account for the same email with user_already_exists', async () => {
    await createUser({ email: 'taken@example.test' })
    const response = await call(app, '/api/auth/sign-up/email', { body: { name: 'Taken', email: 'taken@example.test', password: 'Copper-Lantern-Ridge-3' } })
    expect([409, 422]).toContain(response.status)
    expect(response.json.code).toBe('user_already_exists')
  })
})

describe('sign-in', () => {
  it('signs in with email and password', async () => {
    const user = await createUser({ email: 'buyer1@example.test' })
    const jar = new CookieJar()
    const response = await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, jar })
    expect(response.status).toBe(200)
    expect((await call(app, '/api/auth/session', { jar })).status).toBe(200)
  })

  it('answers wrong credentials with invalid_credentials and a translated message', async () => {
    const user = await createUser({ email: 'buyer2@example.test' })
    const response = await call(app, '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'Wrong-Password-000' },
      headers: { 'accept-language': 'zh-CN' },
    })
    expect(response.status).toBe(401)
    expect(response.json.code).toBe('invalid_credentials')
    expect(response.json.message).not.toMatch(/[a-z]{5}/i)
  })

  it('reports a missing session as session_missing: "Auth session missing!"', async () => {
    const response = await call(app, '/api/auth/session')
    expect(response.status).toBe(401)
    expect(response.json).toMatchObject({ code: 'session_missing', message: 'Auth session missing!' })
  })
})

describe('email verification', () => {
  it('verifies the email from the mailed token', async () => {
    const jar = new CookieJar()
    await call(app, '/api/auth/sign-up/email', { body: { name: 'Omar Haddad', email: 'omar@example.test', password: 'Saffron-Bridge-Falcon-2' }, jar })
    const mail = await latestMailTo('omar@example.test')
    const token = new URL(/http:\/\/\S+/.exec(mail?.textBody ?? '')?.[0] ?? 'http://x').searchParams.get('token')
    expect(token).toBeTruthy()
    const verified = await call(app, `/api/auth/verify-email?token=${token}`, { jar })
    expect(verified.status).toBeLessThan(400)
    const [row] = await database().select().from(users).where(eq(users.email, 'omar@example.test'))
    expect(row?.emailVerified).toBe(true)
  })
})

describe('two-factor', () => {
  it('enrols TOTP, then stops sign-in at the second factor until the code is given; the session becomes aal2', async () => {
    const user = await createUser({ email: 'secure@example.test' })
    const jar = new CookieJar()
    await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, jar })
    const enrol = await call(app, '/api/auth/two-factor/enable', { body: { password: user.password }, jar })
    expect(enrol.status).toBe(200)
    const secret = new URL(String(enrol.json.totpURI)).searchParams.get('secret') ?? ''
    expect((enrol.json.backupCodes as string[]).length).toBe(10)
    const confirmed = await call(app, '/api/auth/two-factor/verify-totp', { body: { code: totp(secret) }, jar })
    expect(confirmed.status).toBe(200)

    const second = new CookieJar()
    const first = await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, jar: second })
    expect(first.json.twoFactorRedirect).toBe(true)
    expect((await call(app, '/api/auth/session', { jar: second })).status).toBe(401)
    const wrong = await call(app, '/api/auth/two-factor/verify-totp', { body: { code: '000000' }, jar: second })
    expect(wrong.status).toBe(401)
    expect(wrong.json.code).toBe('invalid_code')
    const verified = await call(app, '/api/auth/two-factor/verify-totp', { body: { code: totp(secret) }, jar: second })
    expect(verified.status).toBe(200)
    const session = await call(app, '/api/auth/session', { jar: second })
    expect(session.json).toMatchObject({ aal: 'aal2' })

    const tokens = await call(app, '/api/auth/token?grant_type=session', { body: {}, jar: second })
    const factors = (tokens.json.user as { factors: Array<{ factor_type: string; status: string }> }).factors
    expect(factors).toEqual([expect.objectContaining({ factor_type: 'totp', status: 'verified' })])
  })

  it('stops a one-time email code sign-in at the second factor too', async () => {
    const user = await createUser({ email: 'otp2fa@example.test' })
    await enrolTotpFor(app, user, await signInWithCookies(app, user), totp)

    await call(app, '/api/auth/email-otp/send-verification-otp', { body: { email: user.email, type: 'sign-in' } })
    const mail = await latestMailTo(user.email)
    const code = /\b(\d{6})\b/.exec(mail?.textBody ?? '')?.[1]
    const fresh = new CookieJar()
    const signIn = await call(app, '/api/auth/sign-in/email-otp', { body: { email: user.email, otp: code }, jar: fresh })
    expect(signIn.json.twoFactorRedirect).toBe(true)
    expect((await call(app, '/api/auth/session', { jar: fresh })).status).toBe(401)
  })
})
