import { CATALOGS, type Namespace } from './catalog.server'
import { createTranslator, type TFunction } from './i18n'
import type { Locale } from './locales'

/** A translation function for one locale and namespace, for mails, API errors and loaders. */
export function translator(locale: Locale, namespace: Namespace = 'common'): TFunction {
  return createTranslator(CATALOGS[locale], namespace, locale)
}

/**
 * Catalogs for the browser: the root sends `common` and `ui`; a page whose texts live in a module's
 * namespace returns that catalog from its own loader (`i18n`), so other pages do not carry it.
 */
export function messagesFor(locale: Locale, ...namespaces: Namespace[]): Partial<Record<Namespace, (typeof CATALOGS)[Locale][Namespace]>> {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, CATALOGS[locale][namespace]]))
}
