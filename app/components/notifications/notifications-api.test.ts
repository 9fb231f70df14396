import { describe, expect, it } from 'vitest'
import { parseBellPage } from './notifications-api'

describe('parseBellPage', () => {
  it('reads the API page into the bell shape', () => {
    const page = parseBellPage({
      items: [{ id: 'n1', kind: 'k', title: 'T', body: 'B', link: '/app/x', read: false, created_at: '2026-01-01T00:00:00.000Z' }],
      unread: 3,
      total: 1,
      limit: 8,
      offset: 0,
    })
    expect(page).toEqual({
      unread: 3,
      items: [{ id: 'n1', kind: 'k', title: 'T', body: 'B', link: '/app/x', read: false, createdAt: '2026-01-01T00:00:00.000Z' }],
    })
  })

  it('rejects anything else', () => {
    expect(() => parseBellPage({ error: { code: 'unauthorized' } })).toThrow()
    expect(() => parseBellPage(null)).toThrow()
  })
})
