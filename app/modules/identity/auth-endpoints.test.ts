import { describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/index.server'
import { testEnv } from '../../../tests/support/test-env'
import { AUTH_ENDPOINTS, authEndpointPolicy } from './auth-endpoints'
import { createAuth } from './auth.server'

/** Every endpoint Better Auth and its plugins mount, as paths relative to /api/auth. */
function mountedPaths(): string[] {
  const api = createAuth({} as Database, testEnv()).api as Record<string, { path?: string }>
  return [...new Set(Object.values(api).flatMap((endpoint) => (endpoint.path ? [endpoint.path] : [])))]
}

const OUR_ROUTES = ['/token', '/jwks', '/session', '/user', '/logout', '/sign-up/phone-number']

describe('the auth endpoint table', () => {
  it('lists every endpoint Better Auth mounts, plugins included, and nothing else', () => {
    const mounted = mountedPaths().filter((path) => !path.startsWith('/admin/'))
    expect(mounted.length).toBeGreaterThan(50)
    expect(mounted.filter((path) => !(path in AUTH_ENDPOINTS))).toEqual([])
    expect(Object.keys(AUTH_ENDPOINTS).filter((path) => !mounted.includes(path) && !OUR_ROUTES.includes(path))).toEqual([])
  })

  it('limits every endpoint that mails or texts someone per client address and per recipient', () => {
    const senders = Object.entries(AUTH_ENDPOINTS).filter(([, policy]) => !policy.closed && policy.recipient)
    expect(senders.map(([path]) => path).sort()).toEqual(
      [
        '/email-otp/request-password-reset',
        '/email-otp/send-verification-otp',
        '/forget-password/email-otp',
        '/phone-number/request-password-reset',
        '/phone-number/send-otp',
        '/request-password-reset',
        '/send-verification-email',
        '/sign-up/email',
      ].sort(),
    )
    for (const [, policy] of senders) expect(policy.closed ? null : policy.group).not.toBeNull()
  })

  it('closes the admin endpoints, unknown paths and the features the product does not offer', () => {
    expect(authEndpointPolicy('/admin/ban-user').closed).toBe(true)
    expect(authEndpointPolicy('/no-such-endpoint').closed).toBe(true)
    expect(authEndpointPolicy('/two-factor/send-otp').closed).toBe(true)
    expect(authEndpointPolicy('/callback/github').closed).toBe(true)
    expect(authEndpointPolicy('/reset-password/abc123')).toMatchObject({ group: 'recovery' })
  })

  it('groups the sign-in, sign-up, recovery and code endpoints', () => {
    expect(authEndpointPolicy('/sign-in/email')).toMatchObject({ group: 'sign-in', account: 'email' })
    expect(authEndpointPolicy('/sign-in/phone-number')).toMatchObject({ group: 'sign-in', account: 'phoneNumber' })
    expect(authEndpointPolicy('/two-factor/verify-totp')).toMatchObject({ group: 'sign-in' })
    expect(authEndpointPolicy('/sign-up/email')).toMatchObject({ group: 'sign-up' })
    expect(authEndpointPolicy('/reset-password')).toMatchObject({ group: 'recovery' })
    expect(authEndpointPolicy('/sign-in/email-otp')).toMatchObject({ group: 'code', account: 'email' })
    expect(authEndpointPolicy('/get-session')).toMatchObject({ group: null })
    // Token grants choose their budget by grant type (only a password grant spends sign-in).
    expect(authEndpointPolicy('/token')).toMatchObject({ group: null })
  })
})
