import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { logger } from '../../platform/logger.server'
import { ExpiringLru } from '../../platform/lru'
import { redis } from '../../platform/redis.server'
import type { Preferences } from './preferences'

const CHANNEL = 'tradeport:preferences-changed'
const TTL_MS = 60_000
const MAX_ENTRIES = 50_000

/**
 * Preferences by user id, so reading them costs no database round-trip while nothing changed. A save
 * drops the entry here at once and, with REDIS_URL, on every other instance; the TTL bounds the rest.
 */
export class PreferencesCache {
  private readonly entries: ExpiringLru<string, Preferences>
  /** Bumped on every drop, so a read that started before a save cannot store what it read. */
  private generation = 0
  private readonly instanceId = randomUUID()
  private subscriber: Redis | null = null

  constructor(
    private readonly ttlMs = TTL_MS,
    now: () => number = Date.now,
  ) {
    this.entries = new ExpiringLru(MAX_ENTRIES, now)
  }

  async read(userId: string, load: () => Promise<Preferences>): Promise<Preferences> {
    const cached = this.entries.get(userId)
    if (cached) return cached
    const generation = this.generation
    const loaded = await load()
    if (generation === this.generation) this.entries.set(userId, loaded, this.ttlMs)
    return loaded
  }

  /** After a save: forget the user's entry everywhere, and keep the saved value here. */
  saved(userId: string, preferences: Preferences): void {
    this.drop(userId)
    this.entries.set(userId, preferences, this.ttlMs)
    const client = redis()
    if (client) void client.publish(CHANNEL, `${this.instanceId} ${userId}`).catch((error: Error) => logger().warn({ err: error.message }, 'could not publish a preferences change'))
  }

  /** Subscribes to saves made on other instances (no-op without Redis). */
  listen(): void {
    const client = redis()
    if (!client || this.subscriber) return
    this.subscriber = client.duplicate()
    this.subscriber.on('message', (_channel: string, message: string) => {
      const [instanceId, userId] = message.split(' ')
      if (instanceId !== this.instanceId && userId) this.drop(userId)
    })
    void this.subscriber.subscribe(CHANNEL)
  }

  async close(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined)
    this.subscriber = null
  }

  private drop(userId: string): void {
    this.generation += 1
    this.entries.delete(userId)
  }
}

const globalPreferences = globalThis as unknown as { __tradeportPreferencesCache?: PreferencesCache }

/** The instance's cache; it starts listening for other instances' saves on first use. */
export function preferencesCache(): PreferencesCache {
  if (!globalPreferences.__tradeportPreferencesCache) {
    globalPreferences.__tradeportPreferencesCache = new PreferencesCache()
    globalPreferences.__tradeportPreferencesCache.listen()
  }
  return globalPreferences.__tradeportPreferencesCache
}
