import { describe, expect, it } from 'vitest'
import { RECONNECT_DELAYS_MS, REALTIME_TIMEOUT_MS, reconnectDelay } from './use-realtime-status'

describe('reconnect schedule (§9)', () => {
  it('waits 1, 2, 5 and 10 seconds, then every 10 seconds', () => {
    expect(RECONNECT_DELAYS_MS).toEqual([1000, 2000, 5000, 10_000])
    expect([0, 1, 2, 3, 4, 5, 50].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000])
  })

  it('treats a negative attempt as the first', () => {
    expect(reconnectDelay(-1)).toBe(1000)
  })

  it('times out after 10 seconds', () => {
    expect(REALTIME_TIMEOUT_MS).toBe(10_000)
  })
})
