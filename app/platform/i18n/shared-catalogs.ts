// The catalogs every page uses (`common` and `ui`), as modules of their own per locale: the browser fetches a locale's
// once and keeps it (hashed, immutable assets), rather than finding 17 kB of texts in every page's and every
// navigation's loader data; the server loads all of them at start. Pages' own catalogs still come with their loader
// data (`i18n`). With an interface language chosen (issue 26), its catalogue replaces the interface parts
// (interface-overlay.ts, loaded only then). Isomorphic.
import type { LocaleResources } from './i18n'
import { nearestProductLocale, ownInterface } from './interface-fallback'
import type { Locale } from './locales'

type SharedCatalogs = Pick<LocaleResources, 'common' | 'ui'>

const IMPORTS: Record<Locale, () => Promise<SharedCatalogs>> = {
  en: async () => {
    const [common, ui] = await Promise.all([import('./messages/en.json'), import('../../components/ui/messages/en.json')])
    return { common: common.default, ui: ui.default }
  },
  'zh-Hans': async () => {
    const [common, ui] = await Promise.all([import('./messages/zh-Hans.json'), import('../../components/ui/messages/zh-Hans.json')])
    return { common: common.default, ui: ui.default }
  },
  'zh-Hant': async () => {
    const [common, ui] = await Promise.all([import('./messages/zh-Hant.json'), import('../../components/ui/messages/zh-Hant.json')])
    return { common: common.default, ui: ui.default }
  },
}

const loaded = new Map<string, SharedCatalogs>()
const loading = new Map<string, Promise<SharedCatalogs>>()
const keyOf = (locale: Locale, interfaceLocale: string | null) => (ownInterface(locale, interfaceLocale) ? `${locale}|${interfaceLocale}` : locale)

/** The locale's shared catalogs once loaded (in that interface language, when one is given), else undefined. */
export function sharedCatalogs(locale: Locale, interfaceLocale: string | null = null): SharedCatalogs | undefined {
  return loaded.get(keyOf(locale, interfaceLocale))
}

function remember(key: string, load: () => Promise<SharedCatalogs>): Promise<SharedCatalogs> {
  let promise = loading.get(key)
  if (!promise) {
    promise = load().then((catalogs) => {
      loaded.set(key, catalogs)
      return catalogs
    })
    loading.set(key, promise)
  }
  return promise
}

/**
 * Loads the locale's shared catalogs, in the interface language when one is chosen (once per pair: the same promise
 * for every caller, as React's `use` needs).
 */
export function loadSharedCatalogs(locale: Locale, interfaceLocale: string | null = null): Promise<SharedCatalogs> {
  if (!ownInterface(locale, interfaceLocale)) return remember(locale, IMPORTS[locale])
  return remember(keyOf(locale, interfaceLocale), async () => {
    const [product, nearest, overlay] = await Promise.all([
      loadSharedCatalogs(locale),
      loadSharedCatalogs(nearestProductLocale(interfaceLocale)),
      import('./interface-overlay'),
    ])
    return overlay.withInterface(product, nearest, await overlay.interfaceCatalogue(interfaceLocale))
  })
}

/** The server's start: every pair of product locale and interface language in memory, so that no page waits for one. */
export async function loadAllInterfaceCatalogues(locales: readonly Locale[]): Promise<void> {
  const { interfaceCatalogueLocales } = await import('./interface-overlay')
  const languages = [...interfaceCatalogueLocales(), 'en', 'zh_cn', 'zh_tw']
  await Promise.all(locales.flatMap((locale) => languages.map((language) => loadSharedCatalogs(locale, language))))
}
