import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { forgetOnDatabaseChange } from './db/index.server'
import { logger } from './logger.server'
import { ExpiringLru } from './lru'
import { redis } from './redis.server'

const MAX_ENTRIES = 50_000

/**
 * An in-process cache whose entries are dropped at once here and, with REDIS_URL, on every other
 * instance (pub/sub on `channel`); the TTL bounds whatever a lost message leaves behind. Lets
 * per-request lookups (preferences, memberships) cost no database round-trip while nothing changed.
 */
export class SharedCache<V> {
  private readonly entries: ExpiringLru<string, V>
  /** Bumped on every drop, so a read that started before a change cannot store what it read. */
  private generation = 0
  private readonly instanceId = randomUUID()
  private subscriber: Redis | null = null
  private readonly loading = new Map<string, { generation: number; promise: Promise<V> }>()

  constructor(
    private readonly channel: string,
    private readonly ttlMs: number,
    now: () => number = Date.now,
  ) {
    this.entries = new ExpiringLru(MAX_ENTRIES, now)
    forgetOnDatabaseChange(this)
  }

  async read(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.entries.get(key)
    if (cached !== undefined) return cached
    // Requests that miss together share one load (no stampede on a cold key); a change since makes the next miss load anew.
    const generation = this.generation
    const pending = this.loading.get(key)
    if (pending && pending.generation === generation) return pending.promise
    const promise = load().then((loaded) => {
      if (generation === this.generation) this.entries.set(key, loaded, this.ttlMs)
      return loaded
    })
    this.loading.set(key, { generation, promise })
    try {
      return await promise
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key)
    }
  }

  /**
   * Several keys at once: those in memory from there, the rest in one `load` (which answers what it found; a key it
   * leaves out is not stored). A change during the load keeps what it read out of the cache, as `read` does.
   */
  async readMany(keys: Iterable<string>, load: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
    const found = new Map<string, V>()
    const missing: string[] = []
    for (const key of new Set(keys)) {
      const cached = this.entries.get(key)
      if (cached === undefined) missing.push(key)
      else found.set(key, cached)
    }
    if (missing.length === 0) return found
    const generation = this.generation
    const loaded = await load(missing)
    for (const [key, value] of loaded) {
      if (generation === this.generation) this.entries.set(key, value, this.ttlMs)
      found.set(key, value)
    }
    return found
  }

  /** After a change: forget the keys everywhere; `keep` stores the new value of the first key here. */
  changed(keys: string[], keep?: V): void {
    for (const key of keys) this.drop(key)
    const [first] = keys
    if (keep !== undefined && first !== undefined) this.entries.set(first, keep, this.ttlMs)
    const client = redis()
    if (client && keys.length > 0) {
      void client
        .publish(this.channel, `${this.instanceId} ${keys.join(' ')}`)
        .catch((error: Error) => logger().warn({ err: error.message, channel: this.channel }, 'could not publish a cache change'))
    }
  }

  /** Subscribes to changes made on other instances (no-op without Redis). */
  listen(): void {
    const client = redis()
    if (!client || this.subscriber) return
    this.subscriber = client.duplicate()
    this.subscriber.on('message', (_channel: string, message: string) => {
      const [instanceId, ...keys] = message.split(' ')
      if (instanceId !== this.instanceId) for (const key of keys) this.drop(key)
    })
    void this.subscriber.subscribe(this.channel)
  }

  async close(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined)
    this.subscriber = null
  }

  clear(): void {
    this.generation += 1
    this.entries.clear()
  }

  private drop(key: string): void {
    this.generation += 1
    this.entries.delete(key)
  }
}
