import { describe, expect, it } from 'vitest'
import { orderTotal, priceLine, remainingToShip, type PricedProduct } from './order-totals'

const lamp: PricedProduct = {
  id: 'lamp',
  sku: 'LAMP-1',
  name: 'Brass desk lamp',
  unit: 'pcs',
  moq: 10,
  breaks: [
    { minQuantity: 10, unitPrice: '12.5000' },
    { minQuantity: 100, unitPrice: '11.2500' },
    { minQuantity: 1000, unitPrice: '9.9990' },
  ],
}

describe('priceLine', () => {
  it('prices a catalogue line at the break for its quantity', () => {
    expect(priceLine({ productId: 'lamp', quantity: 10 }, 'USD', lamp, true)).toMatchObject({
      unitPrice: '12.5000',
      lineTotal: '125.00',
      sku: 'LAMP-1',
      description: 'Brass desk lamp',
      unit: 'pcs',
    })
    expect(priceLine({ productId: 'lamp', quantity: 99 }, 'USD', lamp, true)).toMatchObject({ unitPrice: '12.5000', lineTotal: '1237.50' })
    expect(priceLine({ productId: 'lamp', quantity: 100 }, 'USD', lamp, true)).toMatchObject({ unitPrice: '11.2500', lineTotal: '1125.00' })
    // 1,003 × 9.999 = 10,028.997 → rounded half up to the cent; in yen to the unit.
    expect(priceLine({ productId: 'lamp', quantity: 1003 }, 'USD', lamp, true)).toMatchObject({ unitPrice: '9.9990', lineTotal: '10029.00' })
    expect(priceLine({ productId: 'lamp', quantity: 1000 }, 'JPY', lamp, true)).toMatchObject({ lineTotal: '9999' })
  })

  it('refuses a quantity below the MOQ, a product without a price and an unknown product', () => {
    expect(priceLine({ productId: 'lamp', quantity: 9 }, 'USD', lamp, true)).toEqual({ field: 'quantity', problem: 'validation.belowMoq' })
    expect(priceLine({ productId: 'lamp', quantity: 50 }, 'USD', { ...lamp, breaks: [] }, true)).toEqual({ field: 'quantity', problem: 'validation.noPrice' })
    expect(priceLine({ productId: 'lamp', quantity: 50 }, 'USD', { ...lamp, moq: 1, breaks: [{ minQuantity: 100, unitPrice: '1' }] }, true)).toEqual({
      field: 'quantity',
      problem: 'validation.noPrice',
    })
    expect(priceLine({ productId: 'gone', quantity: 50 }, 'USD', undefined, true)).toEqual({ field: 'productId', problem: 'validation.product' })
    expect(priceLine({ productId: 'lamp', quantity: 50 }, 'USD', lamp, false)).toEqual({ field: 'productId', problem: 'validation.noPriceList' })
  })

  it('takes a free-text line at the buyer’s price, exactly', () => {
    expect(priceLine({ description: 'Gift box', unit: 'pcs', unitPrice: '0.1000', quantity: 3 }, 'USD', undefined, false)).toEqual({
      productId: null,
      sku: '',
      description: 'Gift box',
      unit: 'pcs',
      quantity: 3,
      unitPrice: '0.1000',
      lineTotal: '0.30',
    })
  })
})

describe('orderTotal', () => {
  it('adds line totals without floating-point error', () => {
    expect(orderTotal([{ lineTotal: '0.10' }, { lineTotal: '0.20' }], 'USD')).toBe('0.30')
    expect(orderTotal([{ lineTotal: '99999999999999.99' }, { lineTotal: '0.01' }], 'USD')).toBe('100000000000000.00')
    expect(orderTotal([], 'EUR')).toBe('0.00')
  })
})

describe('remainingToShip', () => {
  it('is what was ordered less what was shipped', () => {
    expect(remainingToShip({ quantity: 120, shippedQuantity: 45 })).toBe(75)
  })
})
