import { describe, expect, it } from 'vitest'
import { timeOrderedUuid } from './time-ordered-id.server'

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID whose first 48 bits are the milliseconds', () => {
    const id = timeOrderedUuid(Date.UTC(2026, 11, 7, 4, 10, 0, 123))
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 11, 7, 4, 10, 0, 123))
  })

  it('sorts by time across milliseconds and differs within one', () => {
    const earlier = timeOrderedUuid(1_800_000_000_000)
    const later = timeOrderedUuid(1_800_000_000_001)
    expect(earlier < later).toBe(true)
    const same = new Set(Array.from({ length: 1000 }, () => timeOrderedUuid(1_800_000_000_000)))
    expect(same.size).toBe(1000)
  })
})
