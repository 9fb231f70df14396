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

/** Groups (top-level keys) of module catalogs, for a page whose components use only part of a catalog. */
export type MessagePick = Partial<Record<Namespace, readonly string[]>>

type PickedCatalogs = { [N in Namespace]?: Partial<(typeof CATALOGS)['en'][N]> }

const pickedByLocale = new Map<Locale, WeakMap<MessagePick, PickedCatalogs>>()

/**
 * Catalogs for the browser cut to the groups a page uses (`PAGE_MESSAGES` lists them, and a test checks them against
 * the page's code). Picks are module constants, so each locale's cut is made once and reused.
 */
export function pickedMessages(locale: Locale, pick: MessagePick): PickedCatalogs {
  let cache = pickedByLocale.get(locale)
  if (!cache) pickedByLocale.set(locale, (cache = new WeakMap()))
  let picked = cache.get(pick)
  if (!picked) {
    picked = Object.fromEntries(
      Object.entries(pick as Record<string, readonly string[] | undefined>).map(([namespace, groups]) => {
        const catalog = (CATALOGS[locale] as unknown as Record<string, Record<string, unknown>>)[namespace]!
        return [namespace, Object.fromEntries((groups ?? []).filter((group) => group in catalog).map((group) => [group, catalog[group]]))]
      }),
    ) as PickedCatalogs
    cache.set(pick, picked)
  }
  return picked
}
