import { describe, expect, it } from 'vitest'
import { currencyDigits, minorToDecimal, toDecimalString, toMinor } from './money'

describe('minor units', () => {
  it('knows how many decimals each currency has', () => {
    expect(currencyDigits('JPY')).toBe(0)
    expect(currencyDigits('USD')).toBe(2)
    expect(currencyDigits('CNY')).toBe(2)
    expect(currencyDigits('KWD')).toBe(3)
  })

  it('turns a decimal amount into minor units, rounding half away from zero past the currency’s decimals', () => {
    expect(toMinor('1234.5', 'USD')).toBe(123450n)
    expect(toMinor('490.00', 'JPY')).toBe(490n)
    expect(toMinor('0.005', 'USD')).toBe(1n)
    expect(toMinor('-0.005', 'USD')).toBe(-1n)
    expect(toMinor('1.2345', 'KWD')).toBe(1235n)
  })

  it('turns minor units into an exact decimal string', () => {
    expect(minorToDecimal({ minor: 123450, currency: 'USD' })).toBe('1234.50')
    expect(minorToDecimal({ minor: 5n, currency: 'USD' })).toBe('0.05')
    expect(minorToDecimal({ minor: -5, currency: 'CNY' })).toBe('-0.05')
    expect(minorToDecimal({ minor: 1500, currency: 'JPY' })).toBe('1500')
    expect(minorToDecimal({ minor: 1234567n, currency: 'KWD' })).toBe('1234.567')
    expect(minorToDecimal({ minor: 0, currency: 'USD' })).toBe('0.00')
  })

  it('refuses minor units a number cannot hold exactly', () => {
    expect(() => minorToDecimal({ minor: 1.5, currency: 'USD' })).toThrow(RangeError)
    expect(() => minorToDecimal({ minor: 2 ** 60, currency: 'USD' })).toThrow(RangeError)
  })
})

describe('decimal strings', () => {
  it('accepts plain decimals and refuses anything else', () => {
    expect(toDecimalString('-1234.50')).toBe('-1234.50')
    for (const bad of ['', '1e3', '1,234.50', '.5', '12.', ' 12', 'NaN']) expect(() => toDecimalString(bad)).toThrow(TypeError)
  })
})
