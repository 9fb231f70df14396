import type { Locale } from './locales'

// What every page needs of the interface languages (issue 26), kept apart from their list and names so that the shell's
// JavaScript stays small: which interface a product locale implies, and where a missing interface text comes from.
// Isomorphic.

/** The interface locale a product locale implies when the user chose none. */
export function interfaceLocaleOf(locale: Locale): 'en' | 'zh_cn' | 'zh_tw' {
  return locale === 'zh-Hans' ? 'zh_cn' : locale === 'zh-Hant' ? 'zh_tw' : 'en'
}

/** Where an interface text missing in a locale comes from, per key: the nearest product locale. */
export function nearestProductLocale(locale: string): Locale {
  return locale === 'zh_cn' ? 'zh-Hans' : locale === 'zh_tw' ? 'zh-Hant' : 'en'
}

/** Whether a chosen interface language differs from what the product locale shows anyway. */
export function ownInterface(locale: Locale, interfaceLocale: string | null): interfaceLocale is string {
  return interfaceLocale !== null && interfaceLocale !== interfaceLocaleOf(locale)
}

/** The BCP 47 tag and direction of the chosen interface language, as the root loader hands them to every page. */
export type InterfaceEntry = { tag: string; dir: 'ltr' | 'rtl' }
