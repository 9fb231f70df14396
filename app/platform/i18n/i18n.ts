import { INTERFACE_COMMON_SECTIONS } from './interface-catalogue'
import type { InterfaceLocale } from './interface-locales'
import type { Locale } from './locales'

/** A message catalog: nested objects of strings. */
export type Messages = { [key: string]: string | Messages }
/** The catalogs of one locale, by namespace. */
export type LocaleResources = Record<string, Messages>
export type TranslateOptions = { defaultValue?: string } & Record<string, unknown>
export type TFunction = (key: string, options?: TranslateOptions) => string

export const DEFAULT_NAMESPACE = 'common'

/**
 * Texts found per catalog object, by key, on the server: catalogs are never changed once made (picks and merges are
 * cached too), so each key is walked once per process. The browser renders a page once and walks its keys as written.
 */
const found = /* @__PURE__ */ new WeakMap<Messages, Map<string, string | undefined>>()
/** A bound on the keys remembered per catalog, in case a caller builds keys from data. */
const FOUND_PER_CATALOG = 10_000

function walk(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/**
 * Whether this runs on the server, where looked-up texts are remembered. Vite sets `import.meta.env` (SSR false in the
 * browser's bundle, which then drops the cache); scripts run by tsx (seed, benchmarks) have none, and run on the server.
 */
const ON_SERVER = import.meta.env ? import.meta.env.SSR : true

function lookup(messages: Messages | undefined, key: string): string | undefined {
  if (!messages) return undefined
  if (!ON_SERVER) return walk(messages, key)
  let known = found.get(messages)
  if (!known) found.set(messages, (known = new Map()))
  if (known.has(key)) return known.get(key)
  const text = walk(messages, key)
  if (known.size < FOUND_PER_CATALOG) known.set(key, text)
  return text
}

/** Replaces {{name}} with the value of `name`; unknown placeholders stay as written. */
export function interpolate(text: string, values: Record<string, unknown> = {}): string {
  if (!text.includes('{{')) return text
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])))
}

const pluralRules = new Map<string, Intl.PluralRules>()

/** The CLDR plural category of `count` in `locale` (`one`, `other`…; Chinese has only `other`). */
function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale)
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)))
  return rules.select(count)
}

const interfaceSections = new Set<string>(INTERFACE_COMMON_SECTIONS)

/** Whether a key is one of the shared interface catalogue's, which the interface language translates (issue 26). */
export function isInterfaceKey(namespace: string, key: string): boolean {
  return namespace === 'ui' || (namespace === 'common' && interfaceSections.has(key.slice(0, key.indexOf('.'))))
}

/**
 * A translation function for one namespace; a missing key yields `defaultValue`, else the key itself. With a
 * numeric `count` and a locale, `key_one`, `key_other`… are chosen by the locale's plural rules (`key_other`,
 * then `key`, when the catalog has no form for the category): the interface language's (`interfaceTag`, BCP 47) for
 * the interface catalogue's keys, the product locale's for the rest.
 */
export function createTranslator(resources: LocaleResources, namespace: string = DEFAULT_NAMESPACE, locale?: Locale, interfaceTag?: string): TFunction {
  return (key, options) => {
    const messages = resources[namespace]
    const count = options?.count
    const rules = interfaceTag && isInterfaceKey(namespace, key) ? interfaceTag : locale
    const plural =
      typeof count === 'number' && rules ? (lookup(messages, `${key}_${pluralCategory(rules, count)}`) ?? lookup(messages, `${key}_other`)) : undefined
    return interpolate(plural ?? lookup(messages, key) ?? options?.defaultValue ?? key, options)
  }
}

/**
 * What `useTranslation` hands to components besides `t`: the product locale, and the interface language with its BCP 47
 * tag and direction (the product locale's own when none is chosen).
 */
export type I18nInfo = { language: Locale; interfaceLocale: InterfaceLocale; tag: string; dir: 'ltr' | 'rtl' }
