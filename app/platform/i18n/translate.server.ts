import type { TFunction } from 'i18next'
import { CATALOGS, type Namespace } from './catalog.server'
import { createI18n } from './i18n'
import type { Locale } from './locales'

const globalI18n = globalThis as unknown as { __tradeportI18n?: ReturnType<typeof createI18n> }

function serverI18n() {
  globalI18n.__tradeportI18n ??= createI18n('en', CATALOGS)
  return globalI18n.__tradeportI18n
}

/** A translation function for one locale and namespace, for mails, API errors and loaders. */
export function translator(locale: Locale, namespace: Namespace = 'common'): TFunction {
  return serverI18n().getFixedT(locale, namespace)
}

/** The resources a page in `locale` needs: that locale plus the English fallback for nothing missing. */
export function resourcesFor(locale: Locale) {
  return { [locale]: CATALOGS[locale] }
}
