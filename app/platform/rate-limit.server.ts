import type { Redis } from 'ioredis'
import { env } from './env.server'
import { AppError } from './errors'
import { redis } from './redis.server'

export type RateLimitDecision = { allowed: boolean; remaining: number; retryAfterSeconds: number }

export interface RateLimitStore {
  /** Counts one hit for `key` in a fixed window and reports whether it is within `max`. */
  hit(key: string, windowSeconds: number, max: number): Promise<RateLimitDecision>
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()
  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowSeconds: number, max: number): Promise<RateLimitDecision> {
    const now = this.now()
    let window = this.windows.get(key)
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 }
      this.windows.set(key, window)
      if (this.windows.size > 50_000) this.sweep(now)
    }
    window.count += 1
    return {
      allowed: window.count <= max,
      remaining: Math.max(0, max - window.count),
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    }
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key)
  }
}

/** Shared counters across app instances. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(private readonly client: Redis) {}

  async hit(key: string, windowSeconds: number, max: number): Promise<RateLimitDecision> {
    const redisKey = `tradeport:rl:${key}`
    const [[, count], [, ttl]] = (await this.client.multi().incr(redisKey).ttl(redisKey).exec()) as [[null, number], [null, number]]
    if (ttl < 0) await this.client.expire(redisKey, windowSeconds)
    return {
      allowed: count <= max,
      remaining: Math.max(0, max - count),
      retryAfterSeconds: ttl > 0 ? ttl : windowSeconds,
    }
  }
}

/** The authentication endpoints fall into these groups, each with its own budget per client address. */
export const AUTH_RATE_LIMIT_GROUPS = ['sign-in', 'sign-up', 'recovery', 'code'] as const
export type AuthRateLimitGroup = (typeof AUTH_RATE_LIMIT_GROUPS)[number]

const globalStore = globalThis as unknown as { __tradeportRateLimitStore?: RateLimitStore }

export function rateLimitStore(): RateLimitStore {
  if (!globalStore.__tradeportRateLimitStore) {
    const client = redis()
    globalStore.__tradeportRateLimitStore = client ? new RedisRateLimitStore(client) : new MemoryRateLimitStore()
  }
  return globalStore.__tradeportRateLimitStore
}

export function useRateLimitStore(store: RateLimitStore): void {
  globalStore.__tradeportRateLimitStore = store
}

/** Throws `rate_limited` when the client address spent its budget for this group (ADR 004). */
export async function enforceAuthRateLimit(group: AuthRateLimitGroup, clientIp: string): Promise<void> {
  const config = env()
  if (!config.AUTH_RATE_LIMIT) return
  const decision = await rateLimitStore().hit(`auth:${group}:${clientIp}`, config.AUTH_RATE_LIMIT_WINDOW_SECONDS, config.AUTH_RATE_LIMIT_MAX)
  if (!decision.allowed) {
    throw new AppError('rate_limited', 'Too many requests', { retryAfterSeconds: decision.retryAfterSeconds })
  }
}

/** Throws `rate_limited` when this email address or phone number was sent its share of auth mail or SMS (ADR 017). */
export async function enforceRecipientRateLimit(recipient: string): Promise<void> {
  const config = env()
  if (!config.AUTH_RATE_LIMIT) return
  const decision = await rateLimitStore().hit(
    `auth:recipient:${recipient}`,
    config.AUTH_RECIPIENT_RATE_LIMIT_WINDOW_SECONDS,
    config.AUTH_RECIPIENT_RATE_LIMIT_MAX,
  )
  if (!decision.allowed) {
    throw new AppError('rate_limited', 'Too many messages to this recipient', { retryAfterSeconds: decision.retryAfterSeconds })
  }
}
