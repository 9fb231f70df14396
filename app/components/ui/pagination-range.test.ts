import { describe, expect, it } from 'vitest'
import { paginationRange } from './pagination-range'

describe('paginationRange', () => {
  it('numbers the first page from 1', () => {
    expect(paginationRange({ offset: 0, limit: 20, total: 95 })).toEqual({ from: 1, to: 20 })
  })

  it('stops the last page at the total', () => {
    expect(paginationRange({ offset: 80, limit: 20, total: 95 })).toEqual({ from: 81, to: 95 })
  })

  it('shows 0–0 when there is nothing to page through', () => {
    expect(paginationRange({ offset: 0, limit: 20, total: 0 })).toEqual({ from: 0, to: 0 })
  })

  it('clamps an offset past the end to the total', () => {
    expect(paginationRange({ offset: 200, limit: 20, total: 95 })).toEqual({ from: 95, to: 95 })
  })
})
