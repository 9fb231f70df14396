import type { i18n as I18n, Resource } from 'i18next'
import { useState } from 'react'
import { createI18n } from './i18n'
import type { Locale } from './locales'

/** One i18next instance per locale; revalidated loader data for the same locale reuses it. */
export function useI18nInstance(locale: Locale, resources: Resource | undefined): I18n {
  const [entry, setEntry] = useState(() => ({ locale, instance: createI18n(locale, resources ?? {}) }))
  if (entry.locale === locale) return entry.instance
  // A new locale replaces the instance during render (React's "adjust state on prop change" pattern).
  const next = { locale, instance: createI18n(locale, resources ?? {}) }
  setEntry(next)
  return next.instance
}
