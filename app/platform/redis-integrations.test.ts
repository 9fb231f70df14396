import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { RedisRateLimitStore } from './rate-limit.server'
import { createRedis } from './redis.server'

// Runs against a real Redis when TEST_REDIS_URL is set (CI points it at 127.0.0.1:6379).
const url = process.env.TEST_REDIS_URL

describe.runIf(url)('Redis integrations', () => {
  const client = createRedis(url ?? 'redis://127.0.0.1:6379')
  afterAll(async () => {
    await client.quit()
  })

  it('shares rate-limit counters through Redis, with the window as expiry', async () => {
    const store = new RedisRateLimitStore(client)
    const key = `test:${randomUUID()}`
    expect(await store.hit(key, 60, 2)).toMatchObject({ allowed: true, remaining: 1 })
    expect(await store.hit(key, 60, 2)).toMatchObject({ allowed: true, remaining: 0 })
    const refused = await store.hit(key, 60, 2)
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBeGreaterThan(0)
    expect(await client.ttl(`tradeport:rl:${key}`)).toBeGreaterThan(0)
    expect((await new RedisRateLimitStore(client).hit(key, 60, 2)).allowed).toBe(false)
  })
})
