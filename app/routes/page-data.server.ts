import type { Namespace } from '../platform/i18n/catalog.server'
import type { Locale } from '../platform/i18n/locales'
import { messagesFor, translator } from '../platform/i18n/translate.server'

/** A page's title and the module catalog its texts come from, for its loader to return. */
export function pageData(locale: Locale, namespace: Namespace, titleKey: string) {
  return { title: translator(locale, namespace)(titleKey), i18n: messagesFor(locale, namespace) }
}
