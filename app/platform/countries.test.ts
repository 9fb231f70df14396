import { describe, expect, it } from 'vitest'
import { countryName, countryOptions, isCountryCode } from './countries'

describe('country names', () => {
  it('names countries in the reader’s locale', () => {
    expect(countryName('CN', 'en')).toBe('China')
    expect(countryName('DE', 'zh-Hans')).toBe('德国')
  })

  it('fixes the names runtimes disagree on, so server and browser render the same text', () => {
    expect(countryName('HK', 'en')).toBe('Hong Kong')
    expect(countryName('HK', 'zh-Hans')).toBe('中国香港')
    expect(countryName('MO', 'zh-Hant')).toBe('中國澳門')
    expect(countryName('PS', 'en')).toBe('Palestine')
  })

  it('lists every code once, sorted by name', () => {
    const options = countryOptions('en')
    expect(new Set(options.map((option) => option.code)).size).toBe(options.length)
    expect(options.every((option) => isCountryCode(option.code))).toBe(true)
    expect(options.find((option) => option.code === 'HK')?.name).toBe('Hong Kong')
  })
})
