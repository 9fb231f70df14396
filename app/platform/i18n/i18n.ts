import { createInstance, type i18n as I18n, type Resource } from 'i18next'
import { DEFAULT_LOCALE, type Locale } from './locales'

export const DEFAULT_NAMESPACE = 'common'

/** An i18next instance for one locale; used per request on the server and once in the browser. */
export function createI18n(locale: Locale, resources: Resource): I18n {
  const instance = createInstance()
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources,
    defaultNS: DEFAULT_NAMESPACE,
    ns: Object.keys(resources[locale] ?? {}),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  return instance
}
