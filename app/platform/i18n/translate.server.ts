import { CATALOGS, type Namespace } from './catalog.server'
import { createTranslator, type TFunction } from './i18n'
import type { Locale } from './locales'

/** A translation function for one locale and namespace, for mails, API errors and loaders. */
export function translator(locale: Locale, namespace: Namespace = 'common'): TFunction {
  return createTranslator(CATALOGS[locale], namespace)
}

/** The catalogs a page in `locale` needs; the browser gets only these. */
export function resourcesFor(locale: Locale) {
  return CATALOGS[locale]
}
