import { describe, expect, it } from 'vitest'
import { CURRENCY_CODES } from './currency-codes'
import { isCurrencyCode } from './intl-values'

describe('the currency codes', () => {
  it('are ISO 4217 shaped, sorted and unique, with the trade currencies', () => {
    expect(CURRENCY_CODES.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true)
    expect([...CURRENCY_CODES].sort()).toEqual([...CURRENCY_CODES])
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length)
    for (const code of ['USD', 'EUR', 'CNY', 'HKD', 'TWD', 'JPY', 'GBP', 'VND']) expect(isCurrencyCode(code)).toBe(true)
    expect(isCurrencyCode('usd')).toBe(false)
    expect(isCurrencyCode('XYZ')).toBe(false)
  })

  it('each format with Intl, being a fixed list rather than the runtime list (which differs between Node and browsers)', () => {
    // Every code formats in this runtime; whether the runtime lists it (Node 24 lists SLE, XCG, ZWG; Chromium does not) does not matter.
    for (const code of CURRENCY_CODES) expect(() => new Intl.NumberFormat('en', { style: 'currency', currency: code }).format(1)).not.toThrow()
  })
})
