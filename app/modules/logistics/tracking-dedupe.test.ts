import { describe, expect, it } from 'vitest'
import { dedupeKey } from './tracking-dedupe'

const event = { occurredAt: new Date('2026-12-02T08:00:30Z'), status: 'in_transit', location: 'Ningbo', description: 'Vessel departed' }

describe('dedupeKey', () => {
  it('uses the carrier’s event id when there is one, whatever else differs', () => {
    expect(dedupeKey({ ...event, externalId: 'evt-1' })).toBe('id:evt-1')
    expect(dedupeKey({ ...event, externalId: ' evt-1 ', description: 'other' })).toBe('id:evt-1')
  })

  it('sees the same event in another case, spacing or second of the same minute as one', () => {
    const key = dedupeKey(event)
    expect(dedupeKey({ ...event, location: ' NINGBO ', description: 'vessel   departed', occurredAt: new Date('2026-12-02T08:00:59Z') })).toBe(key)
  })

  it('tells different events apart', () => {
    const key = dedupeKey(event)
    expect(dedupeKey({ ...event, occurredAt: new Date('2026-12-02T08:01:00Z') })).not.toBe(key)
    expect(dedupeKey({ ...event, status: 'at_customs' })).not.toBe(key)
    expect(dedupeKey({ ...event, location: 'Shanghai' })).not.toBe(key)
    expect(dedupeKey({ ...event, status: null })).not.toBe(key)
  })
})
