import type { Redis } from 'ioredis'
import { redis } from './redis.server'

/**
 * After `freeFailures` failures a key is refused for `firstLockSeconds`, doubling with each further failure up to
 * `maxLockSeconds`; failures are forgotten `forgetAfterSeconds` after the last one, or at once on success.
 */
export type BackoffPolicy = { freeFailures: number; firstLockSeconds: number; maxLockSeconds: number; forgetAfterSeconds: number }

/** The lock a run of `failures` consecutive failures earns, in seconds (0: none). */
export function lockSecondsAfter(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.freeFailures) return 0
  return Math.min(policy.firstLockSeconds * 2 ** (failures - policy.freeFailures), policy.maxLockSeconds)
}

export interface FailureBackoffStore {
  /** Seconds until `key` may try again (0: now). */
  lockedFor(key: string): Promise<number>
  /** Counts a failure; returns the lock it earned in seconds (0 while within the free failures). */
  fail(key: string, policy: BackoffPolicy): Promise<number>
  /** A success forgets the failures. */
  reset(key: string): Promise<void>
}

export class MemoryFailureBackoffStore implements FailureBackoffStore {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number; forgetAt: number }>()
  constructor(private readonly now: () => number = Date.now) {}

  async lockedFor(key: string): Promise<number> {
    const entry = this.live(key)
    return entry ? Math.max(0, Math.ceil((entry.lockedUntil - this.now()) / 1000)) : 0
  }

  async fail(key: string, policy: BackoffPolicy): Promise<number> {
    const now = this.now()
    const failures = (this.live(key)?.failures ?? 0) + 1
    const lock = lockSecondsAfter(failures, policy)
    this.entries.set(key, { failures, lockedUntil: now + lock * 1000, forgetAt: now + policy.forgetAfterSeconds * 1000 })
    if (this.entries.size > 50_000) for (const [k, e] of this.entries) if (e.forgetAt <= now) this.entries.delete(k)
    return lock
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key)
  }

  private live(key: string) {
    const entry = this.entries.get(key)
    if (entry && entry.forgetAt <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry
  }
}

/** Shared across app instances: a failure counter and a lock key, both expiring on their own. */
export class RedisFailureBackoffStore implements FailureBackoffStore {
  constructor(private readonly client: Redis) {}

  async lockedFor(key: string): Promise<number> {
    const ms = await this.client.pttl(`tradeport:bo:lock:${key}`)
    return ms > 0 ? Math.ceil(ms / 1000) : 0
  }

  async fail(key: string, policy: BackoffPolicy): Promise<number> {
    const counter = `tradeport:bo:n:${key}`
    const [[, failures]] = (await this.client.multi().incr(counter).expire(counter, policy.forgetAfterSeconds).exec()) as [[null, number], [null, number]]
    const lock = lockSecondsAfter(failures, policy)
    if (lock > 0) await this.client.set(`tradeport:bo:lock:${key}`, '1', 'EX', lock)
    return lock
  }

  async reset(key: string): Promise<void> {
    await this.client.del(`tradeport:bo:n:${key}`, `tradeport:bo:lock:${key}`)
  }
}

const globalStore = globalThis as unknown as { __tradeportBackoffStore?: FailureBackoffStore }

export function failureBackoffStore(): FailureBackoffStore {
  if (!globalStore.__tradeportBackoffStore) {
    const client = redis()
    globalStore.__tradeportBackoffStore = client ? new RedisFailureBackoffStore(client) : new MemoryFailureBackoffStore()
  }
  return globalStore.__tradeportBackoffStore
}

export function setFailureBackoffStore(store: FailureBackoffStore): void {
  globalStore.__tradeportBackoffStore = store
}
