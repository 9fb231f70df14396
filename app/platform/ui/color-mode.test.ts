import { describe, expect, it } from 'vitest'
import { colorPreferenceFromCookie, resolveColorMode } from './color-mode'

describe('colour mode', () => {
  it('uses an explicit light or dark preference as the value', () => {
    expect(resolveColorMode({ preference: 'dark', systemPrefersDark: null })).toEqual({ preference: 'dark', value: 'dark', unknown: false, forced: false })
    expect(resolveColorMode({ preference: 'light', systemPrefersDark: true })).toEqual({ preference: 'light', value: 'light', unknown: false, forced: false })
  })

  it('is unknown for system until the client reads the system preference', () => {
    expect(resolveColorMode({ preference: 'system', systemPrefersDark: null })).toMatchObject({ unknown: true })
    expect(resolveColorMode({ preference: 'system', systemPrefersDark: true })).toEqual({ preference: 'system', value: 'dark', unknown: false, forced: false })
    expect(resolveColorMode({ preference: 'system', systemPrefersDark: false })).toMatchObject({ value: 'light', unknown: false })
  })

  it('lets a route force light or dark, keeping the preference', () => {
    expect(resolveColorMode({ preference: 'light', systemPrefersDark: false, forced: 'dark' })).toEqual({
      preference: 'light',
      value: 'dark',
      unknown: false,
      forced: true,
    })
  })

  it('ignores a route forcing system', () => {
    expect(resolveColorMode({ preference: 'dark', systemPrefersDark: null, forced: 'system' })).toEqual({
      preference: 'dark',
      value: 'dark',
      unknown: false,
      forced: false,
    })
  })

  it('reads the cookie defensively', () => {
    expect(colorPreferenceFromCookie('dark')).toBe('dark')
    expect(colorPreferenceFromCookie('purple')).toBe('system')
    expect(colorPreferenceFromCookie(undefined)).toBe('system')
  })
})
