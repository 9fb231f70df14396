import type { Locale } from './locales'

/** A message catalog: nested objects of strings. */
export type Messages = { [key: string]: string | Messages }
/** The catalogs of one locale, by namespace. */
export type LocaleResources = Record<string, Messages>
export type TranslateOptions = { defaultValue?: string } & Record<string, unknown>
export type TFunction = (key: string, options?: TranslateOptions) => string

export const DEFAULT_NAMESPACE = 'common'

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** Replaces {{name}} with the value of `name`; unknown placeholders stay as written. */
export function interpolate(text: string, values: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])))
}

const pluralRules = new Map<string, Intl.PluralRules>()

/** The CLDR plural category of `count` in `locale` (`one`, `other`…; Chinese has only `other`). */
function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale)
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)))
  return rules.select(count)
}

/**
 * A translation function for one namespace; a missing key yields `defaultValue`, else the key itself. With a
 * numeric `count` and a locale, `key_one`, `key_other`… are chosen by the locale's plural rules (`key_other`,
 * then `key`, when the catalog has no form for the category).
 */
export function createTranslator(resources: LocaleResources, namespace: string = DEFAULT_NAMESPACE, locale?: Locale): TFunction {
  return (key, options) => {
    const messages = resources[namespace]
    const count = options?.count
    const plural =
      typeof count === 'number' && locale ? (lookup(messages, `${key}_${pluralCategory(locale, count)}`) ?? lookup(messages, `${key}_other`)) : undefined
    return interpolate(plural ?? lookup(messages, key) ?? options?.defaultValue ?? key, options)
  }
}

/** What `useTranslation` hands to components besides `t`. */
export type I18nInfo = { language: Locale }
