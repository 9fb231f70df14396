import { describe, expect, it } from 'vitest'
import { createTranslator, interpolate } from './i18n'

const resources = { common: { greeting: 'Hello {{name}}', nested: { deep: 'Deep {{ count }}' } }, ui: { close: 'Close' } }

describe('translations', () => {
  it('looks keys up by dotted path within a namespace', () => {
    expect(createTranslator(resources)('nested.deep', { count: 3 })).toBe('Deep 3')
    expect(createTranslator(resources, 'ui')('close')).toBe('Close')
  })

  it('interpolates every {{placeholder}} and leaves unknown ones as written', () => {
    expect(createTranslator(resources)('greeting', { name: 'Mei' })).toBe('Hello Mei')
    expect(interpolate('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}')
  })

  it('answers a missing key with the default value, else the key', () => {
    expect(createTranslator(resources)('missing.key', { defaultValue: 'Fallback' })).toBe('Fallback')
    expect(createTranslator(resources)('missing.key')).toBe('missing.key')
    expect(createTranslator(resources, 'nope')('greeting')).toBe('greeting')
  })
})
