import { describe, expect, it } from 'vitest'
import { createTranslator } from './i18n'

const resources = {
  common: { unitNames: { piece_one: 'piece', piece_other: 'pieces' }, tier: '{{quantity}}+ {{unit}}' },
}
const chinese = { common: { unitNames: { piece_other: '件' } } }

describe('plural forms (issue 15: units are pluralised)', () => {
  it('chooses the English form by the count', () => {
    const t = createTranslator(resources, 'common', 'en')
    expect(t('unitNames.piece', { count: 1 })).toBe('piece')
    expect(t('unitNames.piece', { count: 100 })).toBe('pieces')
    expect(t('tier', { quantity: '100', unit: t('unitNames.piece', { count: 100 }) })).toBe('100+ pieces')
  })

  it('uses the only form Chinese has', () => {
    const t = createTranslator(chinese, 'common', 'zh-Hans')
    expect(t('unitNames.piece', { count: 1 })).toBe('件')
    expect(t('unitNames.piece', { count: 100 })).toBe('件')
  })
})
