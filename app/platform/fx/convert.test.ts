import { describe, expect, it } from 'vitest'
import { canConvert, convertAmount, crossRate, rateDay, type RateTable } from './convert'

const rates: RateTable = { asOf: '2026-11-20', perEur: { USD: '1.0800', CNY: '7.8000', JPY: '162.00' } }

describe('convertAmount', () => {
  it('crosses through EUR exactly', () => {
    expect(convertAmount(rates, '108', 'USD', 'EUR')).toBe('100')
    expect(convertAmount(rates, '100', 'EUR', 'CNY')).toBe('780')
    expect(Number(convertAmount(rates, '780', 'CNY', 'USD'))).toBeCloseTo(108, 10)
    expect(convertAmount(rates, '12.34', 'USD', 'USD')).toBe('12.34')
  })

  it('keeps 20 decimals, rounding half away from zero at the last, and writes no exponent', () => {
    const thirds: RateTable = { asOf: '2026-11-20', perEur: { AAA: '3', BBB: '2' } }
    expect(convertAmount(thirds, '1', 'AAA', 'EUR')).toBe('0.33333333333333333333')
    expect(convertAmount(thirds, '2', 'AAA', 'EUR')).toBe('0.66666666666666666667')
    expect(convertAmount(thirds, '-2', 'AAA', 'EUR')).toBe('-0.66666666666666666667')
    expect(convertAmount(thirds, '1e-7', 'BBB', 'EUR')).toBe('0.00000005')
    expect(convertAmount(rates, '0.0000001', 'EUR', 'EUR')).toBe('0.0000001')
  })

  it('answers null for a currency without a rate', () => {
    expect(convertAmount(rates, '1', 'GBP', 'USD')).toBeNull()
    expect(canConvert(rates, 'GBP', 'USD')).toBe(false)
    expect(canConvert(rates, 'GBP', 'GBP')).toBe(true)
  })
})

describe('crossRate and rateDay', () => {
  it('answers units of the target per unit of the source', () => {
    expect(crossRate(rates, 'EUR', 'USD')).toBe('1.08')
    expect(crossRate(rates, 'USD', 'CNY')).toBe('7.22222222222222222222')
    expect(crossRate(rates, 'USD', 'GBP')).toBeNull()
  })

  it('dates a conversion by the older of the two rates, EUR needing none', () => {
    const dated: RateTable = { ...rates, days: { USD: '2026-11-20', CNY: '2026-11-18', JPY: '2026-11-20' } }
    expect(rateDay(dated, 'USD', 'CNY')).toBe('2026-11-18')
    expect(rateDay(dated, 'EUR', 'USD')).toBe('2026-11-20')
    expect(rateDay(rates, 'USD', 'CNY')).toBe('2026-11-20')
  })
})
