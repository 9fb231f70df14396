import { describe, expect, it } from 'vitest'
import { type BackoffPolicy, lockSecondsAfter, MemoryFailureBackoffStore } from './failure-backoff.server'

const POLICY: BackoffPolicy = { freeFailures: 3, firstLockSeconds: 10, maxLockSeconds: 60, forgetAfterSeconds: 600 }

describe('failure back-off', () => {
  it('locks after the free failures, doubling up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => lockSecondsAfter(n, POLICY))).toEqual([0, 0, 10, 20, 40, 60, 60])
  })

  it('refuses a locked key until the lock passes, and forgets on success', async () => {
    let now = 0
    const store = new MemoryFailureBackoffStore(() => now)
    await store.fail('a', POLICY)
    await store.fail('a', POLICY)
    expect(await store.lockedFor('a')).toBe(0)
    expect(await store.fail('a', POLICY)).toBe(10)
    expect(await store.lockedFor('a')).toBe(10)
    expect(await store.lockedFor('b')).toBe(0)
    now = 10_000
    expect(await store.lockedFor('a')).toBe(0)
    await store.reset('a')
    expect(await store.fail('a', POLICY)).toBe(0)
  })

  it('forgets failures some time after the last one', async () => {
    let now = 0
    const store = new MemoryFailureBackoffStore(() => now)
    for (let i = 0; i < 2; i++) await store.fail('a', POLICY)
    now = 600_000
    expect(await store.fail('a', POLICY)).toBe(0)
  })
})
