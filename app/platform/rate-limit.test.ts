import { describe, expect, it } from 'vitest'
import { MemoryRateLimitStore } from './rate-limit.server'

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
})
