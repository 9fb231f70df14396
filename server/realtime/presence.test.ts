import { describe, expect, it } from 'vitest'
import { mergePresence } from './presence'

describe('mergePresence', () => {
  it('keeps one entry per user, the most present status winning, sorted by name', () => {
    const members = mergePresence([
      { data: { userId: 'u2', name: 'Zoe', status: 'away' } },
      { data: { userId: 'u1', name: 'Adam', status: 'away' } },
      { data: { userId: 'u2', name: 'Zoe', status: 'busy' } },
      { data: { userId: 'u1', name: 'Adam', status: 'online' } },
      { data: { userId: 'u3', name: 'Mei', status: 'away' } },
      { data: {} },
    ])
    expect(members).toEqual([
      { userId: 'u1', name: 'Adam', status: 'online' },
      { userId: 'u3', name: 'Mei', status: 'away' },
      { userId: 'u2', name: 'Zoe', status: 'busy' },
    ])
  })
})
