import type { Namespace } from '../platform/i18n/catalog.server'
import type { Locale } from '../platform/i18n/locales'
import { type MessagePick, messagesFor, pickedMessages, translator } from '../platform/i18n/translate.server'

/**
 * A page's title and the module catalog its texts come from, for its loader to return: the whole catalog, or only the
 * groups of `pick` (see PAGE_MESSAGES).
 */
export function pageData(locale: Locale, namespace: Namespace, titleKey: string, pick?: MessagePick) {
  return { title: translator(locale, namespace)(titleKey), i18n: pick ? pickedMessages(locale, pick) : messagesFor(locale, namespace) }
}
