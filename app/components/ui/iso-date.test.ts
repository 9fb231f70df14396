import { describe, expect, it } from 'vitest'
import { toIsoDate } from './iso-date'

describe('toIsoDate', () => {
  it('pads month and day', () => {
    expect(toIsoDate(new Date(2025, 0, 5))).toBe('2025-01-05')
  })

  it('keeps the picked local day even just before midnight', () => {
    expect(toIsoDate(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31')
  })
})
