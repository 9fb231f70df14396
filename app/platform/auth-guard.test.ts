import { describe, expect, it } from 'vitest'
import { type GuardConfig, guardDecision, matchesPathPattern, safeRedirectTarget } from './auth-guard'

const config: GuardConfig = { loginPath: '/login', callbackPath: '/confirm', exclude: ['/', '/b2b/**', '/pricing'], saveRedirect: true }

describe('auth guard decisions (§2)', () => {
  it('lets signed-in users through everywhere', () => {
    expect(guardDecision('/app/dashboard', true, config)).toEqual({ action: 'allow' })
  })

  it('sends anonymous users on guarded routes to login, saving the path', () => {
    expect(guardDecision('/app/dashboard', false, config)).toEqual({ action: 'login', saveRedirect: true })
    expect(guardDecision('/app/dashboard', false, { ...config, saveRedirect: false })).toEqual({ action: 'login', saveRedirect: false })
  })

  it('skips the login and callback paths', () => {
    expect(guardDecision('/login', false, config).action).toBe('allow')
    expect(guardDecision('/confirm', false, config).action).toBe('allow')
  })

  it('skips excluded routes, including whole subtrees', () => {
    expect(guardDecision('/', false, config).action).toBe('allow')
    expect(guardDecision('/pricing', false, config).action).toBe('allow')
    expect(guardDecision('/b2b', false, config).action).toBe('allow')
    expect(guardDecision('/b2b/company/42', false, config).action).toBe('allow')
    expect(guardDecision('/b2bx', false, config).action).toBe('login')
  })

  it('applies only to included routes when an include list is set', () => {
    const included = { ...config, include: ['/app/**'] }
    expect(guardDecision('/app/settings', false, included).action).toBe('login')
    expect(guardDecision('/onboarding', false, included).action).toBe('allow')
  })

  it('still honours the exclude list inside the include list', () => {
    const both = { ...config, include: ['/b2b/**'] }
    expect(guardDecision('/b2b/market', false, both).action).toBe('allow')
  })

  it('matches trailing slashes like the bare path', () => {
    expect(matchesPathPattern('/pricing/', '/pricing')).toBe(true)
  })

  it('only returns to same-site relative paths after sign-in', () => {
    expect(safeRedirectTarget('/en/app/dashboard?tab=1')).toBe('/en/app/dashboard?tab=1')
    expect(safeRedirectTarget('//evil.example/x')).toBeNull()
    expect(safeRedirectTarget('/\\evil.example')).toBeNull()
    expect(safeRedirectTarget('https://evil.example')).toBeNull()
    expect(safeRedirectTarget('/en\r\nSet-Cookie: x=1')).toBeNull()
    expect(safeRedirectTarget(undefined)).toBeNull()
  })

  it('refuses control characters, backslashes and schemes anywhere in a redirect target (issue 15)', () => {
    for (const unsafe of [
      '/en\u0001',
      '/en\u0000',
      '/en\u007f',
      '/en\r\n',
      '/\t/evil.com',
      '//evil.com',
      '/\\evil.com',
      '/en\\..\\x',
      'https://evil.com',
      'javascript:alert(1)',
      'en/app',
      '',
    ]) {
      expect(safeRedirectTarget(unsafe), JSON.stringify(unsafe)).toBeNull()
    }
  })

  it('returns a safe target percent-encoded, so it fits in a Location header', () => {
    expect(safeRedirectTarget('/zh-Hans/b2b/market?q=陶瓷杯')).toBe('/zh-Hans/b2b/market?q=%E9%99%B6%E7%93%B7%E6%9D%AF')
    expect(safeRedirectTarget('/en/b2b/market?q=a%20b#top')).toBe('/en/b2b/market?q=a%20b#top')
  })
})
