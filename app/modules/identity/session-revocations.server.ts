import type { Redis } from 'ioredis'
import { env } from '../../platform/env.server'
import { logger } from '../../platform/logger.server'
import { redis } from '../../platform/redis.server'
import { SESSION_COOKIE_CACHE_SECONDS } from './auth.server'

const CHANNEL = 'tradeport:session-revoked'

/**
 * Sessions ended while signed cookie caches and access tokens may still vouch for them. Both are
 * checked against this list in memory, so revocation takes effect at once without a database
 * round-trip per request; with REDIS_URL every instance hears about it.
 */
export class SessionRevocations {
  private readonly revoked = new Map<string, number>()
  private subscriber: Redis | null = null

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  isRevoked(sessionId: string): boolean {
    const until = this.revoked.get(sessionId)
    if (until === undefined) return false
    if (until > this.now()) return true
    this.revoked.delete(sessionId)
    return false
  }

  revoke(sessionId: string): void {
    this.remember(sessionId)
    const client = redis()
    if (client) void client.publish(CHANNEL, sessionId).catch((error: Error) => logger().warn({ err: error.message }, 'could not publish a session revocation'))
  }

  /** Subscribes to revocations published by other instances (no-op without Redis). */
  listen(): void {
    const client = redis()
    if (!client || this.subscriber) return
    this.subscriber = client.duplicate()
    this.subscriber.on('message', (_channel: string, sessionId: string) => this.remember(sessionId))
    void this.subscriber.subscribe(CHANNEL)
  }

  async close(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined)
    this.subscriber = null
  }

  private remember(sessionId: string): void {
    this.revoked.set(sessionId, this.now() + this.ttlMs)
    if (this.revoked.size > 10_000) for (const [id, until] of this.revoked) if (until <= this.now()) this.revoked.delete(id)
  }
}

const globalRevocations = globalThis as unknown as { __tradeportRevocations?: SessionRevocations }

/** Ended sessions, remembered as long as a cookie cache or an access token could still vouch for them. */
export function sessionRevocations(): SessionRevocations {
  globalRevocations.__tradeportRevocations ??= new SessionRevocations(Math.max(SESSION_COOKIE_CACHE_SECONDS, env().ACCESS_TOKEN_TTL_SECONDS) * 1000)
  return globalRevocations.__tradeportRevocations
}

export function resetSessionRevocations(): void {
  globalRevocations.__tradeportRevocations = undefined
}
