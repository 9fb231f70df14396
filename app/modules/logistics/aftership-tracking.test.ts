import { describe, expect, it } from 'vitest'
import { aftershipEvents, aftershipStatus, AftershipTracking } from './aftership-tracking.server'

describe('AfterShip tags as shipment statuses', () => {
  it.each([
    ['InfoReceived', '', 'booked'],
    ['PickedUp', '', 'picked_up'],
    ['InTransit', 'Acceptance scan', 'picked_up'],
    ['InTransit', 'Departure scan', 'in_transit'],
    ['InTransit', 'Customs clearance started', 'at_customs'],
    ['OutForDelivery', '', 'out_for_delivery'],
    ['AvailableForPickup', '', 'out_for_delivery'],
    ['Delivered', 'Picked up by the customer', 'delivered'],
    ['Exception', 'Delayed (Customs clearance)', 'exception'],
    ['FailedAttempt', '', 'exception'],
    ['AttemptFail', '', 'exception'],
    ['Pending', '', null],
    ['Expired', '', null],
    [null, '', null],
  ] as const)('%s (%s) → %s', (tag, subtagMessage, status) => {
    expect(aftershipStatus(tag, subtagMessage)).toBe(status)
  })

  it('sees customs in the checkpoint message when the subtag does not say it', () => {
    expect(aftershipStatus('InTransit', 'Arrival scan', 'Arrived at customs, Rotterdam')).toBe('at_customs')
  })
})

describe('AfterShip checkpoints as events', () => {
  const tracking = AftershipTracking.parse({
    tracking_number: 'COSU6283019470',
    slug: 'cosco',
    tag: 'InTransit',
    courier_estimated_delivery_date: { estimated_delivery_date: '2027-01-09' },
    checkpoints: [
      {
        checkpoint_time: '2026-12-05T09:00:00',
        message: 'Vessel departed',
        location: null,
        city: 'Ningbo',
        state: 'Zhejiang',
        country_region: 'CHN',
        tag: 'InTransit',
        subtag: 'InTransit_007',
        subtag_message: 'Departure scan',
      },
      { checkpoint_time: '2026-12-03T14:05:00+08:00', message: 'Shipment information received', country_iso3: 'CHN', tag: 'InfoReceived' },
    ],
  })

  it('orders them, maps places and alpha-3 countries, and gives the estimate to the latest', () => {
    const events = aftershipEvents(tracking)
    expect(events.map((event) => event.status)).toEqual(['booked', 'in_transit'])
    expect(events[0]).toMatchObject({ utcOffsetMinutes: 480, country: 'CN', location: '', eta: null, externalId: null })
    expect(events[0]!.occurredAt.toISOString()).toBe('2026-12-03T06:05:00.000Z')
    expect(events[1]).toMatchObject({ location: 'Ningbo, Zhejiang', description: 'Vessel departed', utcOffsetMinutes: null, eta: '2027-01-09' })
  })

  it('refuses a checkpoint without a readable time', () => {
    expect(AftershipTracking.safeParse({ tracking_number: 'X1', checkpoints: [{ checkpoint_time: 'yesterday' }] }).success).toBe(false)
  })
})
