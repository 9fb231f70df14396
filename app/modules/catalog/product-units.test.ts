import { describe, expect, it } from 'vitest'
import catalogEn from './messages/catalog/en.json'
import catalogZhHans from './messages/catalog/zh-Hans.json'
import catalogZhHant from './messages/catalog/zh-Hant.json'
import { PRODUCT_UNITS } from './catalog.constants'
import { productUnitFrom } from './product-units'

describe('productUnitFrom (issue 15: the import accepts the units the screens show)', () => {
  it('reads the abbreviations people write, in any case', () => {
    for (const text of ['pcs', 'PCS', 'Pcs.', 'pc', 'piece', 'Pieces', 'EA', 'units']) expect(productUnitFrom(text), text).toBe('piece')
    expect(productUnitFrom('CTNS')).toBe('carton')
    expect(productUnitFrom('kgs')).toBe('kg')
    expect(productUnitFrom('m²')).toBe('square_metre')
    expect(productUnitFrom('CBM')).toBe('cubic_metre')
    expect(productUnitFrom('Square metre')).toBe('square_metre')
    expect(productUnitFrom('square_metre')).toBe('square_metre')
  })

  it('reads every unit by its id and by the name each locale shows', () => {
    for (const unit of PRODUCT_UNITS) {
      expect(productUnitFrom(unit)).toBe(unit)
      for (const catalog of [catalogEn, catalogZhHans, catalogZhHant]) expect(productUnitFrom(catalog.units[unit]), catalog.units[unit]).toBe(unit)
    }
    expect(productUnitFrom('件')).toBe('piece')
    expect(productUnitFrom('公斤')).toBe('kg')
    expect(productUnitFrom('棧板')).toBe('pallet')
    expect(productUnitFrom('平方米')).toBe('square_metre')
  })

  it('names no unit for anything else', () => {
    expect(productUnitFrom('bucket')).toBeNull()
    expect(productUnitFrom('')).toBeNull()
  })
})
