import { describe, expect, it } from 'vitest'
import { authRateLimitGroup, MemoryRateLimitStore } from './rate-limit.server'

describe('rate limiting', () => {
  it('allows max hits per window, then refuses with the time left', async () => {
    let now = 0
    const store = new MemoryRateLimitStore(() => now)
    for (let i = 0; i < 3; i++) expect((await store.hit('k', 60, 3)).allowed).toBe(true)
    const refused = await store.hit('k', 60, 3)
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 60 })
    now = 61_000
    expect((await store.hit('k', 60, 3)).allowed).toBe(true)
  })

  it('keeps separate budgets per key', async () => {
    const store = new MemoryRateLimitStore(() => 0)
    await store.hit('a', 60, 1)
    expect((await store.hit('b', 60, 1)).allowed).toBe(true)
  })

  it('groups the auth endpoints', () => {
    expect(authRateLimitGroup('/sign-in/email')).toBe('sign-in')
    expect(authRateLimitGroup('/sign-in/phone-number')).toBe('sign-in')
    expect(authRateLimitGroup('/two-factor/verify-totp')).toBe('sign-in')
    expect(authRateLimitGroup('/token')).toBe('sign-in')
    expect(authRateLimitGroup('/sign-up/email')).toBe('sign-up')
    expect(authRateLimitGroup('/request-password-reset')).toBe('recovery')
    expect(authRateLimitGroup('/reset-password')).toBe('recovery')
    expect(authRateLimitGroup('/sign-in/email-otp')).toBe('code')
    expect(authRateLimitGroup('/email-otp/send-verification-otp')).toBe('code')
    expect(authRateLimitGroup('/phone-number/send-otp')).toBe('code')
    expect(authRateLimitGroup('/get-session')).toBeNull()
  })
})
