import { describe, expect, it } from 'vitest'
import { collapsedGroupsCookieValue, collapsedGroupsFromCookie } from './sidebar'

describe('the collapsed navigation groups cookie', () => {
  it('round-trips a set of group ids, and says "none" for none', () => {
    expect(collapsedGroupsCookieValue(['account', 'sourcing'])).toBe('account.sourcing')
    expect(collapsedGroupsFromCookie('account.sourcing')).toEqual(['account', 'sourcing'])
    expect(collapsedGroupsCookieValue([])).toBe('none')
    expect(collapsedGroupsFromCookie('none')).toEqual([])
  })

  it('leaves the defaults to the layout when there is no cookie or it is not ours', () => {
    expect(collapsedGroupsFromCookie(undefined)).toBeNull()
    expect(collapsedGroupsFromCookie('<script>')).toBeNull()
    expect(collapsedGroupsFromCookie(Array.from({ length: 21 }, (_, index) => `g${'x'.repeat(index)}`).join('.'))).toBeNull()
  })

  it('writes each id once and never an id that could break the cookie', () => {
    expect(collapsedGroupsCookieValue(['orders', 'orders', 'a b;c'])).toBe('orders')
  })
})
