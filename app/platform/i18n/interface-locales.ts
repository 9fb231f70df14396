// The spec's interface-text locales (§1, §9; issue 26): they govern the shared interface strings (the design system,
// the navigation chrome, error pages and validation messages) and every date, number, currency and list format. The
// product texts keep the product locale of the address (en, zh-Hans, zh-Hant). Isomorphic.

/** The spec's codes, as the preference API exchanges them. */
export const INTERFACE_LOCALES = [
  'ar',
  'az',
  'bg',
  'bn',
  'ca',
  'ckb',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fa_ir',
  'fi',
  'fr',
  'he',
  'hi',
  'hu',
  'hy',
  'id',
  'it',
  'ja',
  'kk',
  'km',
  'ko',
  'ky',
  'lb',
  'lt',
  'mn',
  'ms',
  'nb_no',
  'nl',
  'pl',
  'pt',
  'pt_br',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tj',
  'tr',
  'ug_cn',
  'uk',
  'ur',
  'uz',
  'vi',
  'zh_cn',
  'zh_tw',
] as const
export type InterfaceLocale = (typeof INTERFACE_LOCALES)[number]

export type InterfaceLocaleEntry = {
  /** The BCP 47 tag for `<html lang>` and `Intl`. */
  tag: string
  dir: 'ltr' | 'rtl'
  /** The language's name in itself, as the picker shows it. */
  nativeName: string
}

const ltr = (tag: string, nativeName: string): InterfaceLocaleEntry => ({ tag, dir: 'ltr', nativeName })
const rtl = (tag: string, nativeName: string): InterfaceLocaleEntry => ({ tag, dir: 'rtl', nativeName })

export const INTERFACE_LOCALE_ENTRIES: Record<InterfaceLocale, InterfaceLocaleEntry> = {
  ar: rtl('ar', 'العربية'),
  az: ltr('az', 'Azərbaycanca'),
  bg: ltr('bg', 'Български'),
  bn: ltr('bn', 'বাংলা'),
  ca: ltr('ca', 'Català'),
  ckb: rtl('ckb', 'کوردیی ناوەندی'),
  cs: ltr('cs', 'Čeština'),
  da: ltr('da', 'Dansk'),
  de: ltr('de', 'Deutsch'),
  el: ltr('el', 'Ελληνικά'),
  en: ltr('en-US', 'English'),
  es: ltr('es', 'Español'),
  et: ltr('et', 'Eesti'),
  fa_ir: rtl('fa-IR', 'فارسی'),
  fi: ltr('fi', 'Suomi'),
  fr: ltr('fr', 'Français'),
  he: rtl('he', 'עברית'),
  hi: ltr('hi', 'हिन्दी'),
  hu: ltr('hu', 'Magyar'),
  hy: ltr('hy', 'Հայերեն'),
  id: ltr('id', 'Bahasa Indonesia'),
  it: ltr('it', 'Italiano'),
  ja: ltr('ja', '日本語'),
  kk: ltr('kk', 'Қазақ тілі'),
  km: ltr('km', 'ខ្មែរ'),
  ko: ltr('ko', '한국어'),
  ky: ltr('ky', 'Кыргызча'),
  lb: ltr('lb', 'Lëtzebuergesch'),
  lt: ltr('lt', 'Lietuvių'),
  mn: ltr('mn', 'Монгол'),
  ms: ltr('ms', 'Bahasa Melayu'),
  nb_no: ltr('nb-NO', 'Norsk bokmål'),
  nl: ltr('nl', 'Nederlands'),
  pl: ltr('pl', 'Polski'),
  pt: ltr('pt-PT', 'Português'),
  pt_br: ltr('pt-BR', 'Português (Brasil)'),
  ro: ltr('ro', 'Română'),
  ru: ltr('ru', 'Русский'),
  sk: ltr('sk', 'Slovenčina'),
  sl: ltr('sl', 'Slovenščina'),
  sv: ltr('sv', 'Svenska'),
  th: ltr('th', 'ไทย'),
  tj: ltr('tg', 'Тоҷикӣ'),
  tr: ltr('tr', 'Türkçe'),
  ug_cn: rtl('ug-CN', 'ئۇيغۇرچە'),
  uk: ltr('uk', 'Українська'),
  ur: rtl('ur', 'اردو'),
  uz: ltr('uz', 'Oʻzbekcha'),
  vi: ltr('vi', 'Tiếng Việt'),
  zh_cn: ltr('zh-CN', '简体中文'),
  zh_tw: ltr('zh-TW', '繁體中文'),
}

export function isInterfaceLocale(value: unknown): value is InterfaceLocale {
  return typeof value === 'string' && (INTERFACE_LOCALES as readonly string[]).includes(value)
}

export { interfaceLocaleOf, nearestProductLocale } from './interface-fallback'

/** The interface locales with a catalogue file of their own (the three product locales' come from their catalogs). */
export const TRANSLATED_INTERFACE_LOCALES = INTERFACE_LOCALES.filter((code) => code !== 'en' && code !== 'zh_cn' && code !== 'zh_tw')

/** A visitor's interface language (signed-in users keep theirs in their preferences), for a year like the language cookie. */
export const INTERFACE_LOCALE_COOKIE = 'interface_locale'

/** The cookie's value when it names an interface language; junk reads as none. */
export function interfaceLocaleFromCookie(value: string | null | undefined): InterfaceLocale | null {
  return isInterfaceLocale(value) ? value : null
}

/**
 * The interface language a page is shown in (issue 26): the signed-in user's choice, else a visitor's (the cookie's
 * value), else none (the product locale's own applies). `cookieValue` is read only for a visitor.
 */
export function viewerInterfaceLocale(chosen: InterfaceLocale | null, signedIn: boolean, cookieValue: string | null | undefined): InterfaceLocale | null {
  return chosen ?? (signedIn ? null : interfaceLocaleFromCookie(cookieValue))
}
