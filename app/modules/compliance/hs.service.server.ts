// The public HS code lookup (issue 22): search, browse and classify over the in-memory nomenclature index, and the
// marketplace's products and verified suppliers listed under a code. Nothing here needs a signed-in actor.
import { hsNomenclatureRows, searchProducts, type MarketProduct } from '../catalog/index.server'
import type { Locale } from '../../platform/i18n/locales'
import { AppError } from '../../platform/errors'
import texts from './data/hs-texts.json'
import { HsIndex, type HsChineseTexts, type HsNode } from './hs-index'
import { PRODUCT_TERMS } from './hs-product-terms'
import { isHsCodeShape } from './hs-text'

/** The longest query or description the lookup reads (a longer one is refused, not cut). */
export const HS_QUERY_MAX = 200
export const HS_DESCRIPTION_MAX = 2_000
export const HS_SEARCH_LIMIT = 30
const LISTED_PRODUCTS = 12
const LISTED_SUPPLIERS = 12

let built: Promise<HsIndex> | null = null

/** The index, built once per process from the nomenclature rows (a failed build is tried again on the next call). */
export function hsIndex(): Promise<HsIndex> {
  built ??= hsNomenclatureRows()
    .then((rows) => new HsIndex(rows, texts.sections, texts.codes as unknown as HsChineseTexts, PRODUCT_TERMS))
    .catch((error: unknown) => {
      built = null
      throw error
    })
  return built
}

export type HsCodeSummary = { code: string; level: number; section: string; description: string; fallback: boolean }

const summaryOf = (index: HsIndex, node: HsNode, locale: Locale): HsCodeSummary => {
  const text = index.text(node.code, locale)
  return { code: node.code, level: node.level, section: node.section, description: text.text, fallback: text.fallback }
}

export type HsSearchResult = HsCodeSummary & { matched: string[]; corrected: Array<{ typed: string; found: string }> }

/** Codes for a query (words in English or Chinese, or a code prefix), at most `limit`, optionally of one level. */
export async function searchHsCodes(query: { q: string; level?: 2 | 4 | 6; limit?: number }, locale: Locale): Promise<HsSearchResult[]> {
  if (query.q.length > HS_QUERY_MAX) throw new AppError('validation_failed', 'Validation failed', { fields: { q: ['validation.tooLong'] } })
  const index = await hsIndex()
  const limit = Math.min(query.limit ?? HS_SEARCH_LIMIT, HS_SEARCH_LIMIT)
  const hits = index.search(query.q, query.level ? limit * 8 : limit).filter((hit) => !query.level || hit.level === query.level)
  return hits.slice(0, limit).map((hit) => ({ ...summaryOf(index, index.node(hit.code)!, locale), matched: hit.matched, corrected: hit.corrected }))
}

export type HsSectionSummary = { section: string; name: string; chapters: HsCodeSummary[] }

/** The 21 sections with their chapters, for browsing from the top. */
export async function hsSections(locale: Locale): Promise<HsSectionSummary[]> {
  const index = await hsIndex()
  return index.sections.map((section) => ({
    section: section.section,
    name: index.sectionName(section, locale),
    chapters: section.chapters.map((code) => summaryOf(index, index.node(code)!, locale)),
  }))
}

/** One section and its chapters, or not_found. */
export async function hsSection(section: string, locale: Locale): Promise<HsSectionSummary> {
  const found = (await hsSections(locale)).find((candidate) => candidate.section === section)
  if (!found) throw new AppError('not_found', 'No such HS section')
  return found
}

export type HsCodePage = HsCodeSummary & {
  sectionName: string
  /** Chapter first, then the heading (the code itself not included). */
  ancestors: HsCodeSummary[]
  children: HsCodeSummary[]
  products: MarketProduct[]
  productTotal: number
  suppliers: Array<{ id: string; name: string }>
}

/**
 * A code's page: its description, parents and children, and what the marketplace lists under it (published products
 * whose HS code starts with it, verified suppliers among them). An unknown code is not_found with nearby codes to offer.
 */
export async function hsCodePage(code: string, locale: Locale): Promise<HsCodePage> {
  if (!isHsCodeShape(code)) throw new AppError('validation_failed', 'Validation failed', { fields: { code: ['validation.hsCodeShape'] } })
  const index = await hsIndex()
  const node = index.node(code)
  if (!node) throw new AppError('not_found', 'No such HS code', { suggestions: index.nearby(code) })
  const section = index.section(node.section)
  const under = node.level === 2 ? { hsChapter: code } : { q: code }
  const [listed, verified] = await Promise.all([
    searchProducts({ ...under, limit: LISTED_PRODUCTS, locale }),
    searchProducts({ ...under, verifiedOnly: true, limit: 48, locale }),
  ])
  const suppliers = new Map<string, { id: string; name: string }>()
  for (const product of verified.items)
    if (suppliers.size < LISTED_SUPPLIERS) suppliers.set(product.supplier.id, { id: product.supplier.id, name: product.supplier.name })
  return {
    ...summaryOf(index, node, locale),
    sectionName: section ? index.sectionName(section, locale) : '',
    ancestors: index.ancestors(code).map((parent) => summaryOf(index, parent, locale)),
    children: node.children.map((child) => summaryOf(index, index.node(child)!, locale)),
    products: listed.items,
    productTotal: listed.total,
    suppliers: [...suppliers.values()],
  }
}

/** Codes near an unknown one, for the not-found page. */
export async function nearbyHsCodes(code: string, locale: Locale): Promise<HsCodeSummary[]> {
  const index = await hsIndex()
  return index.nearby(code.replace(/\D/g, '').slice(0, 6)).map((near) => summaryOf(index, index.node(near)!, locale))
}

export type HsClassification = {
  heading: HsCodeSummary
  subheading: HsCodeSummary | null
  score: number
  reasons: string[]
}

/** Ranked heading suggestions for a product description, each with its best subheading and the words behind it. */
export async function classifyProduct(description: string, locale: Locale): Promise<HsClassification[]> {
  if (description.trim().length === 0) throw new AppError('validation_failed', 'Validation failed', { fields: { description: ['validation.required'] } })
  if (description.length > HS_DESCRIPTION_MAX) throw new AppError('validation_failed', 'Validation failed', { fields: { description: ['validation.tooLong'] } })
  const index = await hsIndex()
  return index.classify(description).map((suggestion) => ({
    heading: summaryOf(index, index.node(suggestion.heading)!, locale),
    subheading: suggestion.subheading ? summaryOf(index, index.node(suggestion.subheading)!, locale) : null,
    score: suggestion.score,
    reasons: suggestion.reasons,
  }))
}

/** The lookup's pages for the sitemap: the lookup itself, the 21 sections, the chapters and the headings (not the subheadings). */
export async function hsSitemapPaths(): Promise<string[]> {
  const index = await hsIndex()
  return [
    '/hscode-demo',
    ...index.sections.map((section) => `/hscode-demo/section/${section.section}`),
    ...index.nodes.filter((node) => node.level <= 4).map((node) => `/hscode-demo/${node.code}`),
  ]
}
