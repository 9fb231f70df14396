// The catalogs every page uses (`common` and `ui`), as modules of their own per locale: the browser fetches a locale's
// once and keeps it (hashed, immutable assets), rather than finding 17 kB of texts in every page's and every
// navigation's loader data; the server loads all of them at start. Pages' own catalogs still come with their loader
// data (`i18n`). With an interface language chosen (issue 26), its catalogue (one module per language, fetched only by
// the pages shown in it) replaces the interface parts, key by key over the nearest product locale's. Isomorphic.
import type { LocaleResources, Messages } from './i18n'
import { type InterfaceCatalogue, interfaceCatalogueOf } from './interface-catalogue'
import { type InterfaceLocale, interfaceLocaleOf, isInterfaceLocale, nearestProductLocale } from './interface-locales'
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

/** The interface catalogues of the languages beyond the product locales, each a lazy module. */
const INTERFACE_FILES = import.meta.glob<{ default: InterfaceCatalogue }>('./interface/*.json')
const interfaceFileOf = (locale: InterfaceLocale) => INTERFACE_FILES[`./interface/${locale}.json`]

const loaded = new Map<Locale, SharedCatalogs>()
const loading = new Map<string, Promise<SharedCatalogs>>()
const interfaceFiles = new Map<InterfaceLocale, InterfaceCatalogue>()
const combined = new Map<string, SharedCatalogs>()

/** `over` laid on `under` key by key: what `over` lacks, `under` gives. */
export function overlay(under: Messages, over: Messages): Messages {
  const out: Messages = { ...under }
  for (const [key, value] of Object.entries(over)) {
    const below = out[key]
    out[key] = typeof value === 'string' || typeof below !== 'object' ? value : overlay(below, value)
  }
  return out
}

/** Whether a chosen interface language differs from what the product locale shows anyway. */
function ownInterface(locale: Locale, interfaceLocale: InterfaceLocale | null): interfaceLocale is InterfaceLocale {
  return interfaceLocale !== null && interfaceLocale !== interfaceLocaleOf(locale)
}

/** The locale's shared catalogs once loaded (in that interface language, when one is given), else undefined. */
export function sharedCatalogs(locale: Locale, interfaceLocale: InterfaceLocale | null = null): SharedCatalogs | undefined {
  const product = loaded.get(locale)
  if (!product || !ownInterface(locale, interfaceLocale)) return product
  const key = `${locale}|${interfaceLocale}`
  const done = combined.get(key)
  if (done) return done
  const nearest = loaded.get(nearestProductLocale(interfaceLocale))
  const file = interfaceFileOf(interfaceLocale) ? interfaceFiles.get(interfaceLocale) : { ui: {}, common: {} }
  if (!nearest || !file) return undefined
  const fallback = interfaceCatalogueOf(nearest)
  const result = { ui: overlay(fallback.ui, file.ui), common: { ...product.common, ...overlay(fallback.common, file.common) } }
  combined.set(key, result)
  return result
}

function loadProduct(locale: Locale): Promise<SharedCatalogs> {
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

async function loadInterfaceFile(locale: InterfaceLocale): Promise<void> {
  const load = interfaceFileOf(locale)
  if (load && !interfaceFiles.has(locale)) interfaceFiles.set(locale, (await load()).default)
}

/**
 * Loads the locale's shared catalogs, in the interface language when one is chosen (once per pair: the same promise
 * for every caller, as React's `use` needs).
 */
export function loadSharedCatalogs(locale: Locale, interfaceLocale: InterfaceLocale | null = null): Promise<SharedCatalogs> {
  if (!ownInterface(locale, interfaceLocale)) return loadProduct(locale)
  const key = `${locale}|${interfaceLocale}`
  let promise = loading.get(key)
  if (!promise) {
    promise = Promise.all([loadProduct(locale), loadProduct(nearestProductLocale(interfaceLocale)), loadInterfaceFile(interfaceLocale)]).then(
      () => sharedCatalogs(locale, interfaceLocale) as SharedCatalogs,
    )
    loading.set(key, promise)
  }
  return promise
}

/** The server's start: every interface catalogue in memory, so that no page waits for one. */
export async function loadAllInterfaceCatalogues(): Promise<void> {
  await Promise.all(
    Object.keys(INTERFACE_FILES)
      .map((file) => /\/([\w]+)\.json$/.exec(file)?.[1])
      .filter(isInterfaceLocale)
      .map(loadInterfaceFile),
  )
}
