// The words of a document's PDF in its language, or in English and Chinese side by side on a bilingual one (issue 20).
import { countryName } from '../../../platform/countries'
import { interpolate } from '../../../platform/i18n/i18n'
import type { Locale } from '../../../platform/i18n/locales'
import type { DocumentLanguage, DocumentType } from '../documents.constants'
import en from '../messages/document-pdf/en.json'
import zhHans from '../messages/document-pdf/zh-Hans.json'
import zhHant from '../messages/document-pdf/zh-Hant.json'

type PdfMessages = typeof en
export type PdfLabel = keyof PdfMessages['labels']
type PdfUnit = keyof PdfMessages['units']

/** Typed against the English catalog, so a Chinese catalog that lacks a key does not compile. */
export const PDF_CATALOGS: Readonly<Record<Locale, PdfMessages>> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant }

/** The locales a document is written in, in the order they are printed. */
const LOCALES_OF: Readonly<Record<DocumentLanguage, readonly Locale[]>> = {
  en: ['en'],
  'zh-Hans': ['zh-Hans'],
  'zh-Hant': ['zh-Hant'],
  'en+zh-Hans': ['en', 'zh-Hans'],
  'en+zh-Hant': ['en', 'zh-Hant'],
}

export type PdfWords = {
  locales: readonly Locale[]
  /** The first of the locales: numbers, money and dates are written in it. */
  locale: Locale
  /** A label in each locale: "Seller 卖方"; `separator` puts the Chinese on its own line in narrow table headers. */
  label(key: PdfLabel, values?: Record<string, unknown>, separator?: string): string
  title(type: DocumentType): string
  /** A measure with its unit, in the first locale only: "2,450.5 kg" needs no translation beside it. */
  unit(key: PdfUnit, value: string): string
  /** A value as each locale says it, written once when they agree: "Net 30 days / 30 天账期", "FOB". */
  each(valueIn: (locale: Locale) => string, separator?: string): string
  country(code: string): string
}

const joined = (texts: string[], separator: string) => [...new Set(texts.filter(Boolean))].join(separator)

export function pdfWords(language: DocumentLanguage): PdfWords {
  const locales = LOCALES_OF[language]
  const each = (valueIn: (locale: Locale) => string, separator = ' / ') => joined(locales.map(valueIn), separator)
  return {
    locales,
    locale: locales[0]!,
    label: (key, values, separator = ' ') => each((locale) => interpolate(PDF_CATALOGS[locale].labels[key], values), separator),
    title: (type) => each((locale) => PDF_CATALOGS[locale].titles[type], ' '),
    unit: (key, value) => interpolate(PDF_CATALOGS[locales[0]!].units[key], { value }),
    each,
    country: (code) => (code ? each((locale) => countryName(code, locale)) : ''),
  }
}
