import { describe, expect, it } from 'vitest'
import { bucketsOf, dashboardRangeFrom, rangeQuery } from './dashboard-range'

const TODAY = new Date('2026-11-25T00:00:00Z')
const range = (query: string) => dashboardRangeFrom(new URLSearchParams(query), TODAY)

describe('dashboard range', () => {
  it('defaults to the last twelve whole months, by month', () => {
    expect(range('')).toEqual({ preset: '12m', from: '2025-12-01', to: '2026-11-25', bucket: 'month', problem: null })
    expect(bucketsOf(range(''))).toHaveLength(12)
    expect(bucketsOf(range(''))[0]).toBe('2025-12')
  })

  it('reads the presets; short periods go by day', () => {
    expect(range('range=30d')).toMatchObject({ from: '2026-10-27', to: '2026-11-25', bucket: 'day' })
    expect(bucketsOf(range('range=30d'))).toHaveLength(30)
    expect(range('range=90d')).toMatchObject({ from: '2026-08-28', bucket: 'day' })
    expect(range('range=ytd')).toMatchObject({ from: '2026-01-01', bucket: 'month' })
    expect(range('range=forever').preset).toBe('12m')
  })

  it('takes two chosen days and says why it refused them', () => {
    expect(range('from=2026-03-01&to=2026-03-31')).toEqual({ preset: 'custom', from: '2026-03-01', to: '2026-03-31', bucket: 'day', problem: null })
    expect(range('from=2026-02-30&to=2026-03-31')).toMatchObject({ preset: '12m', problem: 'invalid' })
    expect(range('from=2026-03-01')).toMatchObject({ problem: 'invalid' })
    expect(range('from=2026-04-01&to=2026-03-01')).toMatchObject({ problem: 'reversed' })
    expect(range('from=2010-01-01&to=2026-03-01')).toMatchObject({ problem: 'tooLong' })
  })

  it('writes the query that brings a range back', () => {
    expect(rangeQuery({ preset: '30d', from: '', to: '' })).toBe('range=30d')
    expect(rangeQuery({ preset: 'custom', from: '2026-03-01', to: '2026-03-31' })).toBe('from=2026-03-01&to=2026-03-31')
  })
})
