import { describe, expect, it } from 'vitest'
import { breakFor, currencyDigits, displayUnitPrice, isDecimalText, lineTotal, lowestUnitPrice, priceFor, roundToCurrency, unitPriceFor } from './pricing'

const BREAKS = [
  { minQuantity: 100, unitPrice: '1.2000' },
  { minQuantity: 10, unitPrice: '1.5000' },
  { minQuantity: 1000, unitPrice: '0.9950' },
]

describe('unitPriceFor', () => {
  it('picks the largest break not above the quantity, whatever the order of the lines', () => {
    expect(unitPriceFor(BREAKS, 10)).toBe('1.5000')
    expect(unitPriceFor(BREAKS, 99)).toBe('1.5000')
    expect(unitPriceFor(BREAKS, 100)).toBe('1.2000')
    expect(unitPriceFor(BREAKS, 999)).toBe('1.2000')
    expect(unitPriceFor(BREAKS, 1000)).toBe('0.9950')
    expect(unitPriceFor(BREAKS, 1_000_000)).toBe('0.9950')
  })

  it('has no price below the first break or without breaks', () => {
    expect(unitPriceFor(BREAKS, 9)).toBeNull()
    expect(unitPriceFor(BREAKS, 0)).toBeNull()
    expect(unitPriceFor([], 5)).toBeNull()
    expect(breakFor(BREAKS, 9)).toBeNull()
    expect(priceFor(BREAKS, 9, 'USD')).toBeNull()
  })
})

describe('line totals', () => {
  it('multiplies exactly, then rounds half up to the currency’s minor units', () => {
    expect(lineTotal(3, '1.3333', 'USD')).toBe('4.00')
    expect(lineTotal(3, '0.1', 'USD')).toBe('0.30')
    expect(lineTotal(1, '0.125', 'EUR')).toBe('0.13')
    expect(lineTotal(7, '0.0050', 'USD')).toBe('0.04')
    expect(lineTotal(3, '1.3333', 'JPY')).toBe('4')
    expect(lineTotal(3, '1.3333', 'BHD')).toBe('4.000')
    expect(lineTotal(1_000_000_000, '12345678901234.5678', 'USD')).toBe('12345678901234567800000.00')
    expect(lineTotal(999_999_999, '12345678901234.5678', 'USD')).toBe('12345678888888888898765.43')
  })

  it('adds decimals without float drift', () => {
    expect(roundToCurrency('0.30000000000000004', 'USD')).toBe('0.30')
    expect(priceFor([{ minQuantity: 1, unitPrice: '0.1' }], 2, 'USD')).toEqual({ unitPrice: '0.1', total: '0.20' })
    expect(priceFor(BREAKS, 1000, 'USD')).toEqual({ unitPrice: '0.9950', total: '995.00' })
  })

  it('knows the currencies’ minor units from Intl', () => {
    expect(currencyDigits('USD')).toBe(2)
    expect(currencyDigits('JPY')).toBe(0)
    expect(currencyDigits('KWD')).toBe(3)
  })
})

describe('helpers', () => {
  it('finds the lowest unit price exactly', () => {
    expect(lowestUnitPrice(BREAKS)).toBe('0.995')
    expect(
      lowestUnitPrice([
        { minQuantity: 1, unitPrice: '10.0000' },
        { minQuantity: 5, unitPrice: '9.9999' },
      ]),
    ).toBe('9.9999')
    expect(lowestUnitPrice([])).toBeNull()
  })

  it('accepts plain decimals with at most the given decimals', () => {
    expect(isDecimalText('12', 4)).toBe(true)
    expect(isDecimalText('12.3456', 4)).toBe(true)
    expect(isDecimalText('12.34567', 4)).toBe(false)
    expect(isDecimalText('-1', 4)).toBe(false)
    expect(isDecimalText('1e3', 4)).toBe(false)
    expect(isDecimalText('1.', 4)).toBe(false)
  })

  it('shows stored prices with the currency’s decimals, keeping finer ones', () => {
    expect(displayUnitPrice('12.5000', 'USD')).toBe('12.50')
    expect(displayUnitPrice('0.9950', 'USD')).toBe('0.995')
    expect(displayUnitPrice('3.0000', 'JPY')).toBe('3')
  })
})
