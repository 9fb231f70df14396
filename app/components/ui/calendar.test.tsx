import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import arabic from '../../platform/i18n/interface/ar.json'
import german from '../../platform/i18n/interface/de.json'
import { INTERFACE_LOCALE_ENTRIES, type InterfaceLocale } from '../../platform/i18n/interface-locales'
import { I18nProvider } from '../../platform/i18n/react'
import { Calendar, weekStartOf } from './calendar'
import { DatePicker } from './date-picker'
import en from './messages/en.json'

const INTERFACE = { ar: arabic.ui, de: german.ui } as const

function render(node: ReactNode, code: keyof typeof INTERFACE): string {
  const { tag, dir } = INTERFACE_LOCALE_ENTRIES[code as InterfaceLocale]
  return renderToString(
    <I18nProvider locale="en" interfaceLocale={code as InterfaceLocale} interfaceEntry={{ tag, dir }} resources={{ ui: { ...en, ...INTERFACE[code] } }}>
      {node}
    </I18nProvider>,
  )
}

const MARCH_2026 = new Date(Date.UTC(2026, 2, 14))

describe('the calendar in the interface language', () => {
  it('starts the week where the locale does', () => {
    expect(weekStartOf('en-US')).toBe(0)
    expect(weekStartOf('de')).toBe(1)
    expect(weekStartOf('fa-IR')).toBe(6)
    expect(weekStartOf('not a tag')).toBe(0)
  })

  it('names the month, the weekdays and the navigation in German, Monday first', () => {
    const html = render(<Calendar mode="single" selected={MARCH_2026} month={MARCH_2026} timeZone="UTC" />, 'de')
    expect(html).toContain('März 2026')
    expect(html).toContain('aria-label="Vorheriger Monat"')
    expect(html).toContain('aria-label="Nächster Monat"')
    expect(html).toContain('Samstag, 14. März 2026, ausgewählt')
    const weekdays = [...html.matchAll(/<th[^>]*aria-label="([^"]+)"/g)].map((match) => match[1])
    expect(weekdays[0]).toBe('Montag')
  })

  it('reads right to left in Arabic with Arabic labels', () => {
    const html = render(<Calendar mode="single" month={MARCH_2026} timeZone="UTC" />, 'ar')
    expect(html).toContain('dir="rtl"')
    expect(html).toContain('aria-label="الشهر السابق"')
    expect(html).toContain(new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(MARCH_2026))
  })

  it('shows the chosen date in the interface language on the picker button', () => {
    const html = render(<DatePicker value={MARCH_2026} onChange={() => undefined} timeZone="UTC" />, 'de')
    expect(html).toContain('14. März 2026')
  })
})
