import { describe, expect, it } from 'vitest'
import { exceededLimits, isUpgrade, limitBreach, type PlanLimits, periodEnd, usageWindowStart } from './plan-limits'

const FREE: PlanLimits = {
  maxMembers: 3,
  maxPublishedProducts: 20,
  maxRfqsPerMonth: 5,
  maxAssistantRequestsPerMonth: 50,
  maxApiCallsPerDay: 1000,
  maxStorageBytes: 100 * 1024 * 1024,
}

describe('limitBreach', () => {
  it('lets a create through below the limit and refuses it at the limit, naming the limit and the usage', () => {
    expect(limitBreach('rfqs_per_month', 5, 4)).toBeNull()
    expect(limitBreach('rfqs_per_month', 5, 5)).toEqual({ key: 'rfqs_per_month', limit: 5, usage: 5 })
    expect(limitBreach('published_products', 20, 18, 3)).toEqual({ key: 'published_products', limit: 20, usage: 18 })
    expect(limitBreach('published_products', 20, 18, 2)).toBeNull()
  })

  it('never refuses under no limit', () => {
    expect(limitBreach('members', null, 10_000)).toBeNull()
  })
})

describe('exceededLimits', () => {
  it('names what exists beyond a lower plan, but not counts that start again each period', () => {
    expect(exceededLimits(FREE, { members: 4, published_products: 20, rfqs_per_month: 40, storage_bytes: 1 })).toEqual([{ key: 'members', limit: 3, usage: 4 }])
    expect(exceededLimits({ ...FREE, maxMembers: null }, { members: 400 })).toEqual([])
  })
})

describe('usageWindowStart', () => {
  it('counts per-month limits from the first of the UTC month, API calls from UTC midnight, and the rest from the start', () => {
    const now = new Date('2026-12-05T13:45:00Z')
    expect(usageWindowStart('rfqs_per_month', now)?.toISOString()).toBe('2026-12-01T00:00:00.000Z')
    expect(usageWindowStart('assistant_requests_per_month', now)?.toISOString()).toBe('2026-12-01T00:00:00.000Z')
    expect(usageWindowStart('api_calls_per_day', now)?.toISOString()).toBe('2026-12-05T00:00:00.000Z')
    expect(usageWindowStart('members', now)).toBeNull()
  })
})

describe('periodEnd', () => {
  it('ends a month or a year later, on the last day of a shorter month', () => {
    expect(periodEnd(new Date('2026-12-05T10:00:00Z'), 'monthly').toISOString()).toBe('2027-01-05T10:00:00.000Z')
    expect(periodEnd(new Date('2027-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2027-02-28T00:00:00.000Z')
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z')
  })
})

describe('isUpgrade', () => {
  it('ranks by monthly price, then by place in the table', () => {
    expect(isUpgrade({ monthlyPriceMinor: 0n, position: 0 }, { monthlyPriceMinor: 4900n, position: 1 })).toBe(true)
    expect(isUpgrade({ monthlyPriceMinor: 4900n, position: 1 }, { monthlyPriceMinor: 0n, position: 0 })).toBe(false)
    expect(isUpgrade({ monthlyPriceMinor: 0n, position: 0 }, { monthlyPriceMinor: 0n, position: 2 })).toBe(true)
  })
})
