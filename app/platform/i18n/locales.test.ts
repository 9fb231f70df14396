import { describe, expect, it } from 'vitest'
import { detectLocale, localizePath, matchLocale, parseAcceptLanguage, splitLocalePath } from './locales'

describe('locale detection (§4)', () => {
  it('prefers the i18n_redirected cookie', () => {
    expect(detectLocale({ cookieLocale: 'zh-Hant', acceptLanguage: 'en-US,en;q=0.9' })).toBe('zh-Hant')
  })

  it('ignores an unknown cookie value and falls back to the browser languages', () => {
    expect(detectLocale({ cookieLocale: 'fr', acceptLanguage: 'zh-CN,zh;q=0.9' })).toBe('zh-Hans')
  })

  it('follows Accept-Language quality order and skips unsupported languages', () => {
    expect(detectLocale({ acceptLanguage: 'fr-FR;q=1, de;q=0.9, zh-TW;q=0.8, en;q=0.7' })).toBe('zh-Hant')
    expect(detectLocale({ acceptLanguage: 'en;q=0.5, zh-Hans;q=0.9' })).toBe('zh-Hans')
  })

  it('falls back to English', () => {
    expect(detectLocale({})).toBe('en')
    expect(detectLocale({ acceptLanguage: 'fr, de' })).toBe('en')
    expect(detectLocale({ acceptLanguage: '*' })).toBe('en')
  })

  it('maps Chinese regions and scripts to simplified or traditional', () => {
    expect(matchLocale('zh-HK')).toBe('zh-Hant')
    expect(matchLocale('zh-Hant-HK')).toBe('zh-Hant')
    expect(matchLocale('zh-MO')).toBe('zh-Hant')
    expect(matchLocale('zh-SG')).toBe('zh-Hans')
    expect(matchLocale('zh')).toBe('zh-Hans')
    expect(matchLocale('en-GB')).toBe('en')
    expect(matchLocale('ja')).toBeNull()
  })

  it('drops entries with q=0', () => {
    expect(parseAcceptLanguage('zh-CN;q=0, en')).toEqual(['en'])
  })

  it('splits and builds locale-prefixed paths', () => {
    expect(splitLocalePath('/zh-Hans/app/dashboard')).toEqual({ locale: 'zh-Hans', rest: '/app/dashboard' })
    expect(splitLocalePath('/en')).toEqual({ locale: 'en', rest: '/' })
    expect(splitLocalePath('/app/dashboard')).toEqual({ locale: null, rest: '/app/dashboard' })
    expect(splitLocalePath('/english')).toEqual({ locale: null, rest: '/english' })
    expect(localizePath('en', '/')).toBe('/en')
    expect(localizePath('zh-Hant', '/login')).toBe('/zh-Hant/login')
  })
})
