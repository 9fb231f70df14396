import { describe, expect, it } from 'vitest'
import { addDays, arrivingWeek, daysBetween, etaSlipped, isDelayed, onTimeRate, packageTotals, yearBefore } from './shipment-figures'

describe('packageTotals', () => {
  it('adds counts, weights and the volume of the outer dimensions, exactly', () => {
    expect(
      packageTotals([
        { count: 12, type: 'pallet', grossWeightKg: '420.5', netWeightKg: '400', lengthCm: 120, widthCm: 80, heightCm: 150 },
        { count: 3, type: 'carton', grossWeightKg: '0.1', netWeightKg: '0.07', lengthCm: 10, widthCm: 10, heightCm: 10 },
      ]),
    ).toEqual({ packageCount: 15, grossWeightKg: '5046.300', netWeightKg: '4800.210', volumeM3: '17.2830' })
    expect(packageTotals([])).toEqual({ packageCount: 0, grossWeightKg: '0.000', netWeightKg: '0.000', volumeM3: '0.0000' })
  })
})

describe('ETA slips', () => {
  it('counts days between calendar days', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3)
    expect(daysBetween('2027-01-02', '2026-12-30')).toBe(-3)
  })

  it('alerts when the ETA moves past the first promise by more than the threshold, once per slip', () => {
    expect(etaSlipped('2027-01-10', '2027-01-12', null, 2)).toBe(false)
    expect(etaSlipped('2027-01-10', '2027-01-13', null, 2)).toBe(true)
    // Already alerted about this ETA (or a later one): no second alert.
    expect(etaSlipped('2027-01-10', '2027-01-13', '2027-01-13', 2)).toBe(false)
    expect(etaSlipped('2027-01-10', '2027-01-13', '2027-01-15', 2)).toBe(false)
    // It slipped again.
    expect(etaSlipped('2027-01-10', '2027-01-16', '2027-01-13', 2)).toBe(true)
    // An earlier ETA is good news.
    expect(etaSlipped('2027-01-10', '2027-01-05', null, 0)).toBe(false)
  })

  it('calls a live shipment late when its ETA passed or moved, never a delivered one', () => {
    expect(isDelayed({ status: 'in_transit', eta: '2027-01-10', firstEta: '2027-01-10' }, '2027-01-11')).toBe(true)
    expect(isDelayed({ status: 'in_transit', eta: '2027-01-12', firstEta: '2027-01-10' }, '2027-01-01')).toBe(true)
    expect(isDelayed({ status: 'in_transit', eta: '2027-01-10', firstEta: '2027-01-10' }, '2027-01-10')).toBe(false)
    expect(isDelayed({ status: 'delivered', eta: '2027-01-12', firstEta: '2027-01-10' }, '2027-02-01')).toBe(false)
  })
})

describe('dashboard windows', () => {
  it('counts a week of arrivals from today through the sixth day after, across a year end', () => {
    expect(addDays('2026-12-28', 6)).toBe('2027-01-03')
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28')
    expect(arrivingWeek('2026-12-28')).toEqual({ from: '2026-12-28', to: '2027-01-03' })
  })

  it('measures on-time delivery over the twelve months to today', () => {
    expect(yearBefore('2027-06-15')).toBe('2026-06-15')
    expect(yearBefore('2028-02-29')).toBe('2027-02-28')
    expect(yearBefore('2027-01-01')).toBe('2026-01-01')
  })

  it('has no on-time rate without deliveries', () => {
    expect(onTimeRate(0, 0)).toBeNull()
    expect(onTimeRate(8, 6)).toBe(0.75)
  })
})
