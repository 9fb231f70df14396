// The interface catalogues of the languages beyond the product locales (issue 26), each a lazy module, and how one is
// laid over the shared catalogs: key by key over the nearest product locale's interface texts, while the product texts
// keep the page's locale. Loaded only by pages shown in such a language (and by the server at start). Isomorphic.
import type { LocaleResources, Messages } from './i18n'
import { type InterfaceCatalogue, interfaceCatalogueOf } from './interface-catalogue'

type SharedCatalogs = Pick<LocaleResources, 'common' | 'ui'>

const FILES = import.meta.glob<{ default: InterfaceCatalogue }>('./interface/*.json')
const loaded = new Map<string, InterfaceCatalogue>()

/** `over` laid on `under` key by key: what `over` lacks, `under` gives. */
export function overlay(under: Messages, over: Messages): Messages {
  const out: Messages = { ...under }
  for (const [key, value] of Object.entries(over)) {
    const below = out[key]
    out[key] = typeof value === 'string' || typeof below !== 'object' ? value : overlay(below, value)
  }
  return out
}

/** The interface language's catalogue; none (every text from the nearest product locale) for en, zh_cn, zh_tw or an unknown code. */
export async function interfaceCatalogue(locale: string): Promise<InterfaceCatalogue> {
  const cached = loaded.get(locale)
  if (cached) return cached
  const load = FILES[`./interface/${locale}.json`]
  const catalogue = load ? (await load()).default : { ui: {}, common: {} }
  loaded.set(locale, catalogue)
  return catalogue
}

/** The page's shared catalogs with the interface language's texts laid over those of its nearest product locale. */
export function withInterface(product: SharedCatalogs, nearest: SharedCatalogs, catalogue: InterfaceCatalogue): SharedCatalogs {
  const fallback = interfaceCatalogueOf(nearest)
  return { ui: overlay(fallback.ui, catalogue.ui), common: { ...product.common, ...overlay(fallback.common, catalogue.common) } }
}

/** The languages with a catalogue file. */
export const interfaceCatalogueLocales = () => Object.keys(FILES).map((file) => /\/(\w+)\.json$/.exec(file)?.[1] ?? '')
