import { describe, expect, it } from 'vitest'
import { ExpiringLru } from './lru'

describe('ExpiringLru', () => {
  it('forgets entries after their time to live', () => {
    let now = 0
    const cache = new ExpiringLru<string, number>(10, () => now)
    cache.set('a', 1, 1000)
    expect(cache.get('a')).toBe(1)
    now = 1000
    expect(cache.get('a')).toBeUndefined()
  })

  it('evicts the least recently used entry when full', () => {
    const cache = new ExpiringLru<string, number>(2, () => 0)
    cache.set('a', 1, 1000)
    cache.set('b', 2, 1000)
    cache.get('a')
    cache.set('c', 3, 1000)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe(1)
    expect(cache.get('c')).toBe(3)
  })

  it('does not store entries that are already expired', () => {
    const cache = new ExpiringLru<string, number>(2, () => 0)
    cache.set('a', 1, 0)
    expect(cache.size).toBe(0)
  })
})

describe('ExpiringLru.delete', () => {
  it('forgets one entry', () => {
    const cache = new ExpiringLru<string, number>(5, () => 0)
    cache.set('a', 1, 1000)
    cache.set('b', 2, 1000)
    cache.delete('a')
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBe(2)
  })
})
