import { describe, expect, it } from 'vitest'
import {
  decimalPlaces,
  divideRounded,
  formatScaled,
  parseDecimal,
  roundToDecimals,
  toSignificantDigits,
  subtractDecimals,
  sumDecimals,
  compareDecimals,
} from './decimal-text'

describe('parseDecimal and formatScaled', () => {
  it('read decimal text exactly and write it back plain', () => {
    expect(parseDecimal('12.50')).toEqual({ units: 1250n, scale: 2 })
    expect(parseDecimal('-0.0125')).toEqual({ units: -125n, scale: 4 })
    expect(formatScaled(parseDecimal('1e-7'))).toBe('0.0000001')
    expect(formatScaled(parseDecimal('1.5e+3'))).toBe('1500')
    expect(formatScaled(parseDecimal('.5'))).toBe('0.5')
    expect(formatScaled(parseDecimal('-0.00'))).toBe('0')
    expect(formatScaled({ units: 1000n, scale: 2 })).toBe('10')
  })

  it('refuse text that is not a number', () => {
    for (const text of ['', '.', 'abc', '1.2.3', '1e', 'NaN', '--1']) expect(() => parseDecimal(text)).toThrow(TypeError)
  })
})

describe('divideRounded', () => {
  it('rounds half away from zero whatever the signs', () => {
    expect(divideRounded(5n, 2n)).toBe(3n)
    expect(divideRounded(-5n, 2n)).toBe(-3n)
    expect(divideRounded(5n, -2n)).toBe(-3n)
    expect(divideRounded(7n, 3n)).toBe(2n)
    expect(divideRounded(-8n, 3n)).toBe(-3n)
  })
})

describe('roundToDecimals', () => {
  it('rounds half away from zero, carrying into the whole part', () => {
    expect(roundToDecimals('9.995', 2)).toBe('10')
    expect(roundToDecimals('-9.995', 2)).toBe('-10')
    expect(roundToDecimals('0.045', 2)).toBe('0.05')
    expect(roundToDecimals('-0.125', 2)).toBe('-0.13')
    expect(roundToDecimals('0.0449999999999999999999', 2)).toBe('0.04')
    expect(roundToDecimals('156.5', 0)).toBe('157')
  })

  it('keeps tiny values that round to zero as zero, without a sign', () => {
    expect(roundToDecimals('0.000000000000000001', 2)).toBe('0')
    expect(roundToDecimals('-0.004', 2)).toBe('0')
    expect(roundToDecimals('1e-7', 8)).toBe('0.0000001')
  })

  it('leaves numbers that already fit untouched', () => {
    expect(roundToDecimals('3.4', 2)).toBe('3.4')
    expect(roundToDecimals('12', 2)).toBe('12')
  })
})

describe('decimalPlaces', () => {
  it('counts the decimals a number needs, not its trailing zeros', () => {
    expect(decimalPlaces('3.40')).toBe(1)
    expect(decimalPlaces('0.0125')).toBe(4)
    expect(decimalPlaces('-12')).toBe(0)
    expect(decimalPlaces('1e-7')).toBe(7)
  })
})

describe('toSignificantDigits', () => {
  it('rounds to the given significant digits half away from zero', () => {
    expect(toSignificantDigits('7.22222222222222222222', 5)).toBe('7.2222')
    expect(toSignificantDigits('7.22225', 5)).toBe('7.2223')
    expect(toSignificantDigits('-7.22225', 5)).toBe('-7.2223')
    expect(toSignificantDigits('0.000012345678', 5)).toBe('0.000012346')
    expect(toSignificantDigits('156.2345', 5)).toBe('156.23')
  })

  it('carries and rounds above the decimal point', () => {
    expect(toSignificantDigits('9.99995', 5)).toBe('10')
    expect(toSignificantDigits('99999.5', 5)).toBe('100000')
    expect(toSignificantDigits('1234567', 5)).toBe('1234600')
  })

  it('leaves short numbers and zero alone', () => {
    expect(toSignificantDigits('1.08', 5)).toBe('1.08')
    expect(toSignificantDigits('0', 5)).toBe('0')
  })
})

describe('sumDecimals and subtractDecimals', () => {
  it('adds decimal strings exactly, whatever their scales', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3')
    expect(sumDecimals(['12.5', '0.25', '-1'])).toBe('11.75')
    expect(sumDecimals(['99999999999999.9999', '0.0001'])).toBe('100000000000000')
    expect(sumDecimals([])).toBe('0')
  })

  it('subtracts exactly and keeps the sign', () => {
    expect(subtractDecimals('10', '12.75')).toBe('-2.75')
    expect(subtractDecimals('1.005', '0.005')).toBe('1')
  })
})

describe('compareDecimals', () => {
  it('orders decimal strings exactly', () => {
    expect(compareDecimals('10.00', '9.999')).toBe(1)
    expect(compareDecimals('0.1', '0.10')).toBe(0)
    expect(compareDecimals('-2', '1')).toBe(-1)
    expect(compareDecimals('12345678901234567890.01', '12345678901234567890.02')).toBe(-1)
  })
})
