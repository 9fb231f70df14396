import type { Locale } from '../../platform/i18n/locales'

export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

/** Units a quantity, MOQ or price break is counted in. */
export const PRODUCT_UNITS = [
  'piece',
  'set',
  'pair',
  'box',
  'carton',
  'pallet',
  'kg',
  'tonne',
  'metre',
  'square_metre',
  'cubic_metre',
  'litre',
  'roll',
  'sheet',
  'dozen',
] as const
export type ProductUnit = (typeof PRODUCT_UNITS)[number]

export const IMPORT_JOB_STATUSES = ['uploaded', 'running', 'completed', 'failed'] as const
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number]
/** A running import stages its rows, inserts its new products unseen, then applies its updates and completes (ADR 019). */
export const IMPORT_JOB_PHASES = ['stage', 'insert', 'update'] as const
export type ImportJobPhase = (typeof IMPORT_JOB_PHASES)[number]

export type LocalizedName = { en: string } & Partial<Record<Exclude<Locale, 'en'>, string>>
/** A product property ("Material: Stoneware"): English, with optional Chinese translations for the zh pages. */
export type ProductAttribute = { name: string; value: string; nameZhHans?: string; valueZhHans?: string; nameZhHant?: string; valueZhHant?: string }

/** An attribute's name and value in `locale`, each falling back to English. */
export function localizedAttribute(attribute: ProductAttribute, locale: Locale): { name: string; value: string } {
  if (locale === 'zh-Hans') return { name: attribute.nameZhHans || attribute.name, value: attribute.valueZhHans || attribute.value }
  if (locale === 'zh-Hant') return { name: attribute.nameZhHant || attribute.name, value: attribute.valueZhHant || attribute.value }
  return { name: attribute.name, value: attribute.value }
}

/** A product's text in `locale`, falling back to English (§ en required, zh optional). */
export function localized(text: Partial<Record<Locale, string | null>>, locale: Locale): string {
  return text[locale] || text.en || ''
}
