import type { i18n as I18n, Resource } from 'i18next'
import { useRef } from 'react'
import { createI18n } from './i18n'
import type { Locale } from './locales'

/** One i18next instance per locale; revalidated loader data for the same locale reuses it. */
export function useI18nInstance(locale: Locale, resources: Resource | undefined): I18n {
  const cache = useRef<{ locale: Locale; instance: I18n } | null>(null)
  if (!cache.current || cache.current.locale !== locale) {
    cache.current = { locale, instance: createI18n(locale, resources ?? {}) }
  }
  return cache.current.instance
}
