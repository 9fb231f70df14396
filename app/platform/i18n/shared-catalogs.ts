// The catalogs every page uses (`common` and `ui`), as modules of their own per locale: the browser fetches a locale's
// once and keeps it (hashed, immutable assets), rather than finding 17 kB of texts in every page's and every
// navigation's loader data; the server loads all of them at start. Pages' own catalogs still come with their loader
// data (`i18n`). Isomorphic.
import type { LocaleResources } from './i18n'
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

const loaded = new Map<Locale, SharedCatalogs>()
const loading = new Map<Locale, Promise<SharedCatalogs>>()

/** The locale's shared catalogs once loaded, else undefined. */
export function sharedCatalogs(locale: Locale): SharedCatalogs | undefined {
  return loaded.get(locale)
}

/** Loads the locale's shared catalogs (once: the same promise for every caller, as React's `use` needs). */
export function loadSharedCatalogs(locale: Locale): Promise<SharedCatalogs> {
  let promise = loading.get(locale)
  if (!promise) {
    promise = IMPORTS[locale]().then((catalogs) => {
      loaded.set(locale, catalogs)
      return catalogs
    })
    loading.set(locale, promise)
  }
  return promise
}
