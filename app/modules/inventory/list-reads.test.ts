import { describe, expect, it } from 'vitest'
import { countWindow, LIST_COUNT_CAP, listTotal } from './list-reads.server'

describe('list totals', () => {
  it('are exact up to the window, and past it the window with the word that more match', () => {
    expect(listTotal(0, LIST_COUNT_CAP)).toEqual({ total: 0, totalIsCapped: false })
    expect(listTotal(LIST_COUNT_CAP, LIST_COUNT_CAP)).toEqual({ total: LIST_COUNT_CAP, totalIsCapped: false })
    expect(listTotal(LIST_COUNT_CAP + 1, LIST_COUNT_CAP)).toEqual({ total: LIST_COUNT_CAP, totalIsCapped: true })
  })

  it('count to the cap, or to the end of a page that lies deeper, so a next page is always known', () => {
    expect(countWindow({ offset: 0, limit: 25 })).toBe(LIST_COUNT_CAP)
    expect(countWindow({ offset: LIST_COUNT_CAP - 25, limit: 25 })).toBe(LIST_COUNT_CAP)
    expect(countWindow({ offset: LIST_COUNT_CAP, limit: 100 })).toBe(LIST_COUNT_CAP + 100)
  })
})
