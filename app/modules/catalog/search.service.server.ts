import { and, asc, eq, inArray, like, lte, or, type SQL, sql } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import type { RateTable } from '../../platform/fx/convert'
import { rateTable } from '../../platform/fx/fx.service.server'
import { ExpiringLru } from '../../platform/lru'
import type { Locale } from '../../platform/i18n/locales'
import { publicCompanyCards as companies } from '../companies/index.server'
import { fileThumbnailUrl } from '../kernel/index.server'
import { localized } from './catalog.constants'
import { categories, productImages, products } from './catalog.tables.server'
import { priceInEur, priceRangeConditions } from './price-range.server'
import { visibleProduct } from './product-visibility.server'
import {
  type CategoryRow,
  categoryFacets,
  categoryName,
  type FacetCount,
  type GroupFilter,
  groupsWithin,
  hsChapterFacets,
  hsChapterNames,
  originFacets,
  totalOf,
} from './search-counts.server'
import { type HsCodeTerm, parseSearchQuery, termsQuery, wordForms } from './search-document'
import { type CardRow, runSearchStatement, searchStatementSql } from './search-statement.server'
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_MAX_OFFSET } from './search.constants'
import type { SearchProductsInput } from './search.inputs'

/** Added to the relevance of a product whose HS code a query's number is the start of (rather than text holding it). */
const HS_CODE_BOOST = 0.5
/**
 * Matches ranked by relevance per search: beyond it relevance orders the first matches the index yields and the rest
 * follow newest first, so a one-character query over a million products ranks about as fast as a precise one. Totals
 * and facets count every match (search-statement.server.ts).
 */
export const SEARCH_CANDIDATE_CAP = 500
/** Typo matches are suggestions: fewer are ranked (each costs a trigram comparison). */
const TYPO_CANDIDATE_CAP = 100
const HAN = /\p{Script=Han}/u

export type MarketProduct = {
  id: string
  name: string
  thumbnailUrl: string | null
  fromPrice: string | null
  fromPriceCurrency: string | null
  moq: number
  unit: string
  originCountry: string
  categoryId: string
  supplier: { id: string; name: string; verified: boolean }
  publishedAt: string | null
}

export type { FacetCount }

export type SearchResult = {
  items: MarketProduct[]
  /** Every match, counted exactly. */
  total: number
  limit: number
  offset: number
  /** Each value's matches under every other filter, counted exactly; `verifiedSuppliers` is the matches of verified suppliers. */
  facets: { categories: FacetCount[]; originCountries: FacetCount[]; hsChapters: FacetCount[]; verifiedSuppliers: number }
}

// The tree changes rarely (platform admins): kept per database until categoriesChanged() is called.
let categoryCache: { db: object; rows: Promise<CategoryRow[]> } | null = null

/** The whole tree (under a hundred rows, cached in memory): descendants and top-level ancestors are resolved in memory. */
export async function loadCategories(): Promise<CategoryRow[]> {
  const db = database()
  if (categoryCache?.db !== db) {
    // A Drizzle query runs again each time it is awaited: keep the promise of its one result.
    const rows: Promise<CategoryRow[]> = db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        position: categories.position,
        nameEn: categories.nameEn,
        nameZhHans: categories.nameZhHans,
        nameZhHant: categories.nameZhHant,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id))
      .then((result) => result)
    categoryCache = { db, rows }
    rows.catch(() => {
      if (categoryCache?.rows === rows) categoryCache = null
    })
  }
  return categoryCache.rows
}

/** Call after adding, renaming, moving or deleting a category: the next search reloads the tree. */
/** Every category's name in `locale` (English where no translation is given), by id: for records that show their category. */
export async function categoryNames(locale: Locale): Promise<Map<string, string>> {
  return new Map((await loadCategories()).map((row) => [row.id, categoryName(row, locale)]))
}

export function categoriesChanged(): void {
  categoryCache = null
  marketplaceChanged()
}

function descendantsOf(rows: CategoryRow[], rootId: string): string[] {
  const found = [rootId]
  for (let index = 0; index < found.length; index++) {
    for (const row of rows) if (row.parentId === found[index]) found.push(row.id)
  }
  return found
}

/** How a query matched: `kind` names the condition (part of the count cache key), `rank` orders the first matches. */
type TextMatch = { kind: 'text' | 'typo'; condition: SQL; rank: SQL; cap: number; byPrefix: boolean }

const matchesTerms = (terms: string[]) => sql`to_tsvector('simple'::regconfig, ${products.searchDocument}) @@ to_tsquery('simple', ${termsQuery(terms)}::text)`
const hsCodeStartsWith = (code: HsCodeTerm) => like(products.hsCode, `${code.prefix}%`)
/** Relevance: the share of `words` a text contains in any of their forms (strpos per form, the forms bound as parameters). */
const shareContained = (text: SQL, words: string[]) =>
  sql.join(
    [
      sql`((0`,
      ...words.map((word) => {
        const found = sql.join(
          wordForms(word).map((form) => sql`strpos(${text}, ${form}::text) > 0`),
          sql` or `,
        )
        return sql` + (case when ${found} then 1 else 0 end)`
      }),
      sql`)::float8 / ${sql.raw(String(words.length))})`,
    ],
    sql``,
  )

/**
 * Full text over the search document (GIN over its vector), HS codes by prefix (or the same number in the text), and, for a Latin
 * query that finds nothing, a typo fallback: pg_trgm's word similarity to the English name (`<%`, ≥ 0.6 by default, GIN
 * trgm). Running the fallback only when needed keeps correctly spelt queries on the cheaper full-text index alone.
 * Relevance reads only the short name and HS code columns (the document is large and stored out of line): the share of
 * the query's words the names contain (the English name for a Latin query, every name for Chinese), plus one when they
 * contain the whole query, a shorter English name a little higher; a typo's word similarity to the English name; plus a
 * boost where the HS code matched.
 */
function textMatch(q: string | undefined): { fullText: TextMatch; typo: TextMatch | null } | null {
  if (!q) return null
  const { terms, hsCodes, words } = parseSearchQuery(q)
  if (terms.length === 0 && hsCodes.length === 0) return null
  // Every term is required (in any of its forms); the query text is a bound parameter.
  const byCode = hsCodes.map((code) => or(hsCodeStartsWith(code), matchesTerms(code.terms))!)
  const condition = and(...(terms.length > 0 ? [matchesTerms(terms)] : []), ...byCode)!
  const codeRank = hsCodes.map((code) => sql` + (case when ${hsCodeStartsWith(code)} then ${sql.raw(String(HS_CODE_BOOST))} else 0 end)`)
  const ranked = (rank: SQL) => sql.join([rank, ...codeRank], sql``)
  const byPrefix = hsCodes.length > 0
  if (words.length === 0) return { fullText: { kind: 'text', condition, rank: ranked(sql`0`), cap: SEARCH_CANDIDATE_CAP, byPrefix }, typo: null }
  if (HAN.test(q)) {
    const names = sql`lower(coalesce(${products.nameEn}, '') || ' ' || coalesce(${products.nameZhHans}, '') || ' ' || coalesce(${products.nameZhHant}, ''))`
    const wholeQuery = sql`(case when strpos(replace(${names}, ' ', ''), ${words.join('')}::text) > 0 then 1 else 0 end)`
    return {
      fullText: { kind: 'text', condition, rank: ranked(sql`${shareContained(names, words)} + ${wholeQuery}`), cap: SEARCH_CANDIDATE_CAP, byPrefix },
      typo: null,
    }
  }
  const name = sql`lower(${products.nameEn})`
  const query = sql`${words.join(' ')}::text`
  // The share of the words the English name holds, one more for the whole phrase, and a shorter name a little higher (the
  // name says more precisely what the product is): as good an order as trigram similarity, at a fraction of its cost.
  const phrase = sql`(case when strpos(${name}, ${query}) > 0 then 1 else 0 end)`
  const brevity = sql`(1 - least(length(${products.nameEn}), 200)::float8 / 200) / 10`
  return {
    fullText: { kind: 'text', condition, rank: ranked(sql`${shareContained(name, words)} + ${phrase} + ${brevity}`), cap: SEARCH_CANDIDATE_CAP, byPrefix },
    typo: {
      kind: 'typo',
      condition: and(sql`${query} <% ${name}`, ...byCode)!,
      rank: ranked(sql`word_similarity(${query}, ${name})`),
      cap: TYPO_CANDIDATE_CAP,
      byPrefix,
    },
  }
}

/** A search with the reference rates its price range is converted with. */
type RatedSearch = SearchProductsInput & { rates: RateTable }

/** The filters as SQL: `base` (visibility, text, MOQ, price) holds for every facet; `narrow` is what the page adds. */
function conditionsOf(input: RatedSearch, categoryRows: CategoryRow[], text: SQL | null): { base: SQL; narrow: SQL | null; filter: GroupFilter } {
  // product_search holds the published products only.
  const base: SQL[] = [visibleProduct()]
  if (text) base.push(text)
  if (input.moqMax !== undefined) base.push(lte(products.moq, input.moqMax))
  base.push(...priceRangeConditions({ min: input.priceMin, max: input.priceMax, currency: (input.currency ?? 'USD').toUpperCase() }, input.rates))
  const hsChapter = input.hsChapter !== undefined && /^\d{2}$/.test(input.hsChapter) ? input.hsChapter : null
  const categoryIds = input.categoryId ? descendantsOf(categoryRows, input.categoryId) : null
  const origin = input.originCountry ? input.originCountry.toUpperCase() : null
  const verifiedOnly = input.verifiedOnly === true
  const narrow = [
    categoryIds ? inArray(products.categoryId, categoryIds) : undefined,
    origin ? eq(products.originCountry, origin) : undefined,
    hsChapter ? like(products.hsCode, `${hsChapter}%`) : undefined,
    verifiedOnly ? sql`live.verified` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined)
  return {
    base: and(...base)!,
    narrow: narrow.length > 0 ? and(...narrow)! : null,
    filter: { categoryIds: categoryIds ? new Set(categoryIds) : null, origin, hsChapter, verifiedOnly },
  }
}

/** One search as its statement's pieces: the full-text (or typo) match with every filter, sort and page. */
function statementOf(input: RatedSearch, categoryRows: CategoryRow[], text: TextMatch | null, limit: number, offset: number) {
  const { base, narrow, filter } = conditionsOf(input, categoryRows, text?.condition ?? null)
  const sort = input.sort ?? 'relevance'
  const price = sort === 'price_asc' || sort === 'price_desc' ? priceInEur(input.rates) : null
  // An HS code prefix is a LIKE on a bound pattern: only a plan made for its value can use the prefix index.
  const byPrefix = (text?.byPrefix ?? false) || filter.hsChapter !== null
  return { statement: { base, narrow, rank: text?.rank ?? null, cap: text?.cap ?? SEARCH_CANDIDATE_CAP, price, sort, limit, offset, byPrefix }, filter }
}

/** One search's groups and page cards, in one statement (search-statement.server.ts). */
async function runMatch(input: RatedSearch, categoryRows: CategoryRow[], text: TextMatch | null, limit: number, offset: number) {
  const { statement, filter } = statementOf(input, categoryRows, text, limit, offset)
  return { ...(await runSearchStatement(statement)), filter }
}

/** The statement a search runs first (or, with `typo`, its typo fallback), to read its plan. */
export async function searchStatementOf(input: SearchProductsInput & { currency?: string }, match: 'text' | 'typo' = 'text'): Promise<SQL> {
  const text = textMatch(input.q)
  const chosen = match === 'typo' ? (text?.typo ?? null) : (text?.fullText ?? null)
  const { statement } = statementOf({ ...input, rates: await rateTable() }, await loadCategories(), chosen, SEARCH_DEFAULT_LIMIT, 0)
  return searchStatementSql(statement)
}

/** Whether a search runs on the generic-plan pool (it matches no HS code by prefix), as runSearchStatement decides. */
export async function searchRunsOnGenericPlans(input: SearchProductsInput & { currency?: string }): Promise<boolean> {
  const { statement } = statementOf(
    { ...input, rates: await rateTable() },
    await loadCategories(),
    textMatch(input.q)?.fullText ?? null,
    SEARCH_DEFAULT_LIMIT,
    0,
  )
  return !statement.byPrefix
}

/** The cards of the given products, in the given order (also the supplier profile's product page). */
export async function cardsOf(ids: string[], locale: Locale): Promise<MarketProduct[]> {
  if (ids.length === 0) return []
  const firstImage = sql<
    string | null
  >`(select ${productImages.fileId} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`
  const rows = await database()
    .select({
      id: products.id,
      nameEn: products.nameEn,
      nameZhHans: products.nameZhHans,
      nameZhHant: products.nameZhHant,
      fromPrice: products.fromPrice,
      fromPriceCurrency: products.fromPriceCurrency,
      moq: products.moq,
      unit: products.unit,
      originCountry: products.originCountry,
      categoryId: products.categoryId,
      publishedAt: products.publishedAt,
      supplierId: companies.id,
      supplierName: companies.name,
      verificationStatus: companies.verificationStatus,
      imageFileId: firstImage,
    })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.organizationId))
    .where(inArray(products.id, ids))
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    return [
      {
        id: row.id,
        name: localized({ en: row.nameEn, 'zh-Hans': row.nameZhHans, 'zh-Hant': row.nameZhHant }, locale),
        thumbnailUrl: row.imageFileId ? fileThumbnailUrl(row.imageFileId) : null,
        fromPrice: row.fromPrice,
        fromPriceCurrency: row.fromPriceCurrency,
        moq: row.moq,
        unit: row.unit,
        originCountry: row.originCountry,
        categoryId: row.categoryId,
        supplier: { id: row.supplierId, name: row.supplierName, verified: row.verificationStatus === 'accept' },
        publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
      },
    ]
  })
}

/**
 * The public product search: published products of live companies, matched by full text over the search document (every
 * locale, Chinese as characters and bigrams) or, when a Latin query finds nothing, by trigram similarity of the English
 * name (typos); ranked by text rank (or similarity) + a boost for verified suppliers. Facets count each value under every
 * other filter. Work is bounded by SEARCH_CANDIDATE_CAP (see there); `currency` (default USD) is that of a price range,
 * which matches prices in every currency with a reference rate (converted, see priceRangeConditions).
 */
export async function searchProducts(input: SearchProductsInput & { locale: Locale; currency?: string }): Promise<SearchResult> {
  return memoizeMarketplace(`search:${JSON.stringify(input, Object.keys(input).sort())}`, () => runSearch(input))
}

/** Searches answered from memory: the same search (any visitor, same locale) within SEARCH_CACHE_SECONDS. */
const SEARCH_CACHE_ENTRIES = 5_000
/** How long past its freshness a remembered answer may still be served while one refresh runs (as a multiple of the TTL). */
const STALE_FACTOR = 10
type Remembered = { value: Promise<unknown>; freshUntil: number; refreshing: boolean }
let resultCache: { db: object | null; generation: number; results: ExpiringLru<string, Remembered> } = {
  db: null,
  generation: 0,
  results: new ExpiringLru(SEARCH_CACHE_ENTRIES),
}

/**
 * A public marketplace read (the same for every visitor) computed once per SEARCH_CACHE_SECONDS, or again after a
 * marketplace write of this process. `key` must name everything the answer depends on, the locale included. Past its
 * freshness an answer is still served (up to STALE_FACTOR × the TTL) while a single background refresh replaces it, so
 * popular searches never wait on the database once seen; a write of this process forgets everything at once.
 */
export function memoizeMarketplace<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const ttlMs = env().SEARCH_CACHE_SECONDS * 1000
  if (ttlMs === 0) return compute()
  const db = database()
  if (resultCache.db !== db) resultCache = { db, generation: 0, results: new ExpiringLru(SEARCH_CACHE_ENTRIES) }
  const { generation, results } = resultCache
  const fullKey = `${generation}:${key}`
  const remembered = results.get(fullKey)
  if (remembered && (remembered.freshUntil > Date.now() || remembered.refreshing)) return remembered.value as Promise<T>
  const running = compute()
  if (!remembered) {
    results.set(fullKey, { value: running, freshUntil: Date.now() + ttlMs, refreshing: false }, ttlMs * STALE_FACTOR)
    // A failed read is not kept: the next request tries again.
    running.catch(() => results.delete(fullKey))
    return running
  }
  // Stale: answer with what we have; the refresh replaces it when it succeeds (unless a write cleared the cache meanwhile).
  remembered.refreshing = true
  running.then(
    () => {
      if (resultCache.results === results && resultCache.generation === generation)
        results.set(fullKey, { value: running, freshUntil: Date.now() + ttlMs, refreshing: false }, ttlMs * STALE_FACTOR)
    },
    () => {
      remembered.refreshing = false
    },
  )
  return remembered.value as Promise<T>
}

/**
 * Call after a write that changes what the marketplace shows (products, prices, images): this process forgets its
 * cached searches at once; other instances within SEARCH_CACHE_SECONDS.
 */
export function marketplaceChanged(): void {
  resultCache.generation += 1
  resultCache.results.clear()
}

/** Awaits a write (a transaction) and then forgets cached searches, whether it committed or not. */
export async function afterMarketplaceWrite<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } finally {
    marketplaceChanged()
  }
}

async function runSearch(input: SearchProductsInput & { locale: Locale; currency?: string }): Promise<SearchResult> {
  const limit = Math.min(Math.max(input.limit ?? SEARCH_DEFAULT_LIMIT, 1), SEARCH_MAX_LIMIT)
  const offset = Math.min(Math.max(input.offset ?? 0, 0), SEARCH_MAX_OFFSET)
  const categoryRows = await loadCategories()
  const text = textMatch(input.q)
  // Reference rates (cached in memory) convert the price range and order prices in different currencies together.
  const rated = { ...input, rates: await rateTable() }
  let found = await runMatch(rated, categoryRows, text?.fullText ?? null, limit, offset)
  // A Latin query that finds nothing under the filters is tried again as a typo.
  if (text?.typo && totalOf(groupsWithin(found.groups, found.filter)) === 0) found = await runMatch(rated, categoryRows, text.typo, limit, offset)
  const { groups, filter } = found
  const chapterNames = await hsChapterNames()
  return {
    items: found.cards.map((card) => marketCard(card, input.locale)),
    total: totalOf(groupsWithin(groups, filter)),
    limit,
    offset,
    facets: {
      categories: categoryFacets(groupsWithin(groups, { ...filter, categoryIds: null }), categoryRows, input.locale),
      originCountries: originFacets(groupsWithin(groups, { ...filter, origin: null }), input.locale),
      hsChapters: hsChapterFacets(groupsWithin(groups, { ...filter, hsChapter: null }), chapterNames),
      verifiedSuppliers: totalOf(groupsWithin(groups, { ...filter, verifiedOnly: true })),
    },
  }
}

function marketCard(card: CardRow, locale: Locale): MarketProduct {
  return {
    id: card.id,
    name: localized({ en: card.nameEn, 'zh-Hans': card.nameZhHans, 'zh-Hant': card.nameZhHant }, locale),
    thumbnailUrl: card.imageFileId ? fileThumbnailUrl(card.imageFileId) : null,
    fromPrice: card.fromPrice,
    fromPriceCurrency: card.fromPriceCurrency,
    moq: card.moq,
    unit: card.unit,
    originCountry: card.originCountry,
    categoryId: card.categoryId,
    supplier: { id: card.supplierId, name: card.supplierName, verified: card.supplierVerified },
    publishedAt: card.publishedAt,
  }
}
