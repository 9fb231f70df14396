import { describe, expect, it } from 'vitest'
import { stockItemKey } from './stock-item'

describe('stockItemKey', () => {
  it('names a catalogue product by its id, whatever its text', () => {
    expect(stockItemKey({ productId: 'abc', sku: 'X-1', description: 'Lamp' })).toBe('p:abc')
  })
  it('names a free-text line by its SKU and description, ignoring case and spacing', () => {
    expect(stockItemKey({ productId: null, sku: ' X-1 ', description: 'Brass   Lamp' })).toBe(
      stockItemKey({ productId: null, sku: 'x-1', description: 'brass lamp' }),
    )
    expect(stockItemKey({ productId: null, sku: 'X-1', description: 'Lamp' })).not.toBe(stockItemKey({ productId: null, sku: 'X-2', description: 'Lamp' }))
  })
})
