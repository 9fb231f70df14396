import { desc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { database } from '../../platform/db/index.server'
import { setEnvForTesting } from '../../platform/env.server'
import { devMessages } from '../../platform/mail/mail.tables.server'
import { MemoryRateLimitStore, useRateLimitStore } from '../../platform/rate-limit.server'
import { runInRequestScope } from '../../platform/request-scope.server'
import { createUser } from '../../../db/factories/users'
import { call, testApp } from '../../../tests/support/http'
import { testEnv } from '../../../tests/support/test-env'
import { users } from './identity.tables.server'
import {
  changePassword,
  requestPasswordRecovery,
  resetPasswordWithToken,
  sendSignInCode,
  signIn,
  signInWithCode,
  signUp,
  verifyPhoneCode,
} from './identity.service.server'

async function latestMessage(recipient: string) {
  const [row] = await database().select().from(devMessages).where(eq(devMessages.recipient, recipient)).orderBy(desc(devMessages.createdAt)).limit(1)
  return row
}

const cookieHeader = (setCookies: string[]) => new Headers({ cookie: setCookies.map((c) => c.split(';')[0]).join('; ') })

describe('password recovery', () => {
  it('mails a link to /auth/update-password in the request locale; the token sets a new password and ends old sessions', async () => {
    const user = await createUser({ email: 'forgot@example.test' })
    const first = await signIn({ identifier: user.email, password: user.password }, new Headers())
    await runInRequestScope({ requestId: 't', locale: 'zh-Hans', clientIp: '10.0.0.1' }, () => requestPasswordRecovery(user.email))
    const mail = await latestMessage(user.email)
    expect(mail?.subject).toBe('重置您的 Tradeport 密码')
    const link = /http:\/\/\S+/.exec(mail?.textBody ?? '')?.[0] ?? ''
    expect(link).toMatch(/^http:\/\/localhost:3000\/zh-Hans\/auth\/update-password\?token=/)
    const token = new URL(link).searchParams.get('token') ?? ''

    await expect(resetPasswordWithToken(token, 'forgot-forgot-1')).rejects.toMatchObject({ code: 'weak_password' })
    await resetPasswordWithToken(token, 'Marble-Orchard-Kite-31')
    expect((await signIn({ identifier: user.email, password: 'Marble-Orchard-Kite-31' }, new Headers())).kind).toBe('signed_in')
    await expect(signIn({ identifier: user.email, password: user.password }, new Headers())).rejects.toMatchObject({ code: 'invalid_credentials' })
    expect(first.kind).toBe('signed_in')
    await expect(resetPasswordWithToken(token, 'Another-Orchard-Kite-32')).rejects.toMatchObject({ code: 'invalid_token' })
  })

  it('answers the same for an unknown email, so accounts cannot be discovered', async () => {
    await expect(requestPasswordRecovery('nobody@example.test')).resolves.toBeUndefined()
    expect(await latestMessage('nobody@example.test')).toBeUndefined()
  })
})

describe('change password', () => {
  it('needs the current password and applies the password policy', async () => {
    const user = await createUser({ email: 'change@example.test', name: 'Chang Liu' })
    const { setCookies } = await signIn({ identifier: user.email, password: user.password }, new Headers())
    const headers = cookieHeader(setCookies)
    await expect(
      changePassword({ currentPassword: 'Wrong-Current-000', newPassword: 'Cobalt-Meadow-Fern-12', revokeOtherSessions: true }, headers),
    ).rejects.toMatchObject({ code: 'invalid_credentials' })
    await expect(changePassword({ currentPassword: user.password, newPassword: 'change-me-please', revokeOtherSessions: true }, headers)).rejects.toMatchObject(
      {
        code: 'weak_password',
        details: { reasons: expect.arrayContaining(['similar_to_identity']) },
      },
    )
    await changePassword({ currentPassword: user.password, newPassword: 'Cobalt-Meadow-Fern-12', revokeOtherSessions: true }, headers)
    expect((await signIn({ identifier: user.email, password: 'Cobalt-Meadow-Fern-12' }, new Headers())).kind).toBe('signed_in')
  })
})

describe('phone accounts', () => {
  it('signs up with a phone number, then verifies it with the SMS code', async () => {
    await signUp({ name: 'Chan Tai Man', identifier: '+852 9123 4567', password: 'Harbour-Peak-Tram-88' }, new Headers())
    const sms = await latestMessage('+85291234567')
    const code = /(\d{6})/.exec(sms?.textBody ?? '')?.[1] ?? ''
    await expect(verifyPhoneCode('+85291234567', '000000', new Headers())).rejects.toMatchObject({ code: 'invalid_code' })
    await verifyPhoneCode('+85291234567', code, new Headers())
    const [user] = await database().select().from(users).where(eq(users.phoneNumber, '+85291234567'))
    expect(user?.phoneNumberVerified).toBe(true)
    expect((await signIn({ identifier: '+852 9123 4567', password: 'Harbour-Peak-Tram-88' }, new Headers())).kind).toBe('signed_in')
  })

  it('refuses a phone number already in use', async () => {
    await createUser({ phoneNumber: '+6591234567' })
    await expect(signUp({ name: 'Dup', identifier: '+65 9123 4567', password: 'Orchid-Lion-Merlion-5' }, new Headers())).rejects.toMatchObject({
      code: 'user_already_exists',
    })
  })

  it('does not let a phone code stand in for the password and second factor', async () => {
    const app = testApp()
    const response = await call(app, '/api/auth/phone-number/verify', { body: { phoneNumber: '+85291234567', code: '123456' } })
    expect(response.status).toBe(400)
  })
})

describe('one-time code sign-in', () => {
  it('mails a 6-digit code that signs in once', async () => {
    const user = await createUser({ email: 'code@example.test' })
    await sendSignInCode(user.email)
    const code = /(\d{6})/.exec((await latestMessage(user.email))?.textBody ?? '')?.[1] ?? ''
    await expect(signInWithCode(user.email, '999999', new Headers())).rejects.toMatchObject({ code: 'invalid_code' })
    expect((await signInWithCode(user.email, code, new Headers())).kind).toBe('signed_in')
    await expect(signInWithCode(user.email, code, new Headers())).rejects.toMatchObject({ code: 'invalid_code' })
  })

  it('does not create accounts for unknown emails', async () => {
    await sendSignInCode('stranger@example.test').catch(() => undefined)
    const [stranger] = await database().select().from(users).where(eq(users.email, 'stranger@example.test'))
    expect(stranger).toBeUndefined()
  })
})

describe('rate limits', () => {
  afterEach(() => {
    setEnvForTesting(testEnv())
    useRateLimitStore(new MemoryRateLimitStore())
  })

  it('limits sign-in attempts per client address, in page actions and the REST API alike', async () => {
    setEnvForTesting(testEnv({ AUTH_RATE_LIMIT: 'on', AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'on' }))
    useRateLimitStore(new MemoryRateLimitStore())
    const user = await createUser({ email: 'limited@example.test' })
    const attempt = () =>
      runInRequestScope({ requestId: 'r', locale: 'en', clientIp: '203.0.113.7' }, () =>
        signIn({ identifier: user.email, password: 'Wrong-Password-111' }, new Headers()),
      )
    for (let i = 0; i < 3; i++) await expect(attempt()).rejects.toMatchObject({ code: 'invalid_credentials' })
    await expect(attempt()).rejects.toMatchObject({ code: 'rate_limited' })

    const app = testApp()
    const rest = () =>
      call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, headers: { 'x-forwarded-for': '198.51.100.9' } })
    for (let i = 0; i < 3; i++) expect((await rest()).status).toBe(200)
    const limited = await rest()
    expect(limited.status).toBe(429)
    expect(limited.json.code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    const otherClient = await call(app, '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': '198.51.100.10' },
    })
    expect(otherClient.status).toBe(200)
  })

  it('limits sign-up, recovery and code requests too', async () => {
    setEnvForTesting(testEnv({ AUTH_RATE_LIMIT: 'on', AUTH_RATE_LIMIT_MAX: '1', TRUST_PROXY: 'on' }))
    useRateLimitStore(new MemoryRateLimitStore())
    const app = testApp()
    const headers = { 'x-forwarded-for': '192.0.2.55' }
    for (const [path, body] of [
      ['/api/auth/sign-up/email', { name: 'Rate Limit', email: 'rl@example.test', password: 'Tundra-Glacier-Pine-7' }],
      ['/api/auth/request-password-reset', { email: 'rl@example.test' }],
      ['/api/auth/email-otp/send-verification-otp', { email: 'rl@example.test', type: 'sign-in' }],
    ] as const) {
      expect((await call(app, path, { body, headers })).status).toBeLessThan(429)
      expect((await call(app, path, { body, headers })).status).toBe(429)
    }
  })
})
