import Decimal from 'decimal.js'
import { and, asc, desc, eq, inArray, isNull, like, lte, type SQL, sql } from 'drizzle-orm'
import { countryName } from '../../platform/countries'
import { database } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { ExpiringLru } from '../../platform/lru'
import type { Locale } from '../../platform/i18n/locales'
import { companyProfiles, organizations } from '../companies/companies.tables.server'
import { fileThumbnailUrl } from '../companies/index.server'
import { localized } from './catalog.constants'
import { categories, productImages, products } from './catalog.tables.server'
import { visibleProduct } from './product-visibility.server'
import { searchQueryTerms } from './search-document'
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_MAX_OFFSET, type SearchProductsInput, type SearchSort } from './search.inputs'

/** Added to the relevance of products whose supplier is verified, so they rank first among comparable matches. */
const VERIFIED_BOOST = 0.2
/**
 * Matches ranked, counted and faceted per search: beyond it the total is capped (`totalIsCapped`) and relevance ranks
 * the first matches only, so a one-character query over a million products costs about what a precise one does.
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

export type FacetCount = { value: string; label: string; count: number }

export type SearchResult = {
  items: MarketProduct[]
  /** Exact unless `totalIsCapped`: then more products match than were counted, and it is a lower bound ("1,000+"). */
  total: number
  totalIsCapped: boolean
  limit: number
  offset: number
  /** Counted over the same (possibly capped) matches as the total. */
  facets: { categories: FacetCount[]; originCountries: FacetCount[] }
}

type CategoryRow = { id: string; parentId: string | null; position: number; nameEn: string; nameZhHans: string; nameZhHant: string }

export function categoryName(row: Pick<CategoryRow, 'nameEn' | 'nameZhHans' | 'nameZhHant'>, locale: Locale): string {
  return localized({ en: row.nameEn, 'zh-Hans': row.nameZhHans, 'zh-Hant': row.nameZhHant }, locale)
}

// The tree changes rarely (platform admins): kept per database until categoriesChanged() is called.
let categoryCache: { db: object; rows: Promise<CategoryRow[]> } | null = null

/** The whole tree (under a hundred rows, cached in memory): descendants and top-level ancestors are resolved in memory. */
export async function loadCategories(): Promise<CategoryRow[]> {
  const db = database()
  if (categoryCache?.db !== db) {
    // A Drizzle query runs again each time it is awaited: keep the promise of its one result.
    const rows: Promise<CategoryRow[]> = db
      .select({ id: categories.id, parentId: categories.parentId, position: categories.position, nameEn: categories.nameEn, nameZhHans: categories.nameZhHans, nameZhHant: categories.nameZhHant })
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

function topLevelOf(byId: Map<string, CategoryRow>, id: string): CategoryRow | undefined {
  let row = byId.get(id)
  const seen = new Set<string>()
  while (row?.parentId && !seen.has(row.id)) {
    seen.add(row.id)
    row = byId.get(row.parentId)
  }
  return row
}

/** Filters on product columns (run inside the capped scan) and on the supplier (applied to the capped matches). */
type Conditions = { base: SQL[]; company: SQL; category?: SQL; origin?: SQL }

type TextMatch = { condition: SQL; rank: SQL; cap: number }

/**
 * Full text over the stored search vector (GIN) and, for a Latin query that finds nothing, a typo fallback: pg_trgm's
 * word similarity to the English name (`<%`, ≥ 0.6 by default, GIN trgm). Running the fallback only when needed keeps
 * correctly spelt queries on the cheaper full-text index alone. Relevance reads only the short name columns (the search
 * vector is large and stored out of line): a Latin query's similarity to the English name, for Chinese whether a name
 * contains the query.
 */
function textMatch(q: string | undefined): { fullText: TextMatch; typo: TextMatch | null } | null {
  const terms = q ? searchQueryTerms(q) : []
  if (!q || terms.length === 0) return null
  // plainto_tsquery ANDs the terms and ignores tsquery syntax; the terms are a bound parameter.
  const condition = sql`${products.searchVector} @@ plainto_tsquery('simple', ${terms.join(' ')}::text)`
  const text = q.normalize('NFKC').trim().toLowerCase()
  if (HAN.test(q)) {
    const inName = sql`(case when strpos(coalesce(${products.nameZhHans}, '') || ' ' || coalesce(${products.nameZhHant}, ''), ${text}::text) > 0 then 1 else 0 end)`
    return { fullText: { condition, rank: inName, cap: SEARCH_CANDIDATE_CAP }, typo: null }
  }
  const name = sql`lower(${products.nameEn})`
  const query = sql`${text}::text`
  return {
    fullText: { condition, rank: sql`similarity(${name}, ${query})`, cap: SEARCH_CANDIDATE_CAP },
    typo: { condition: sql`${query} <% ${name}`, rank: sql`word_similarity(${query}, ${name})`, cap: TYPO_CANDIDATE_CAP },
  }
}

function conditionsOf(input: SearchProductsInput & { currency?: string }, categoryRows: CategoryRow[], text: SQL | null): Conditions {
  const base: SQL[] = [eq(products.status, 'published'), visibleProduct()]
  if (text) base.push(text)
  if (input.moqMax !== undefined) base.push(lte(products.moq, input.moqMax))
  if (input.priceMin !== undefined || input.priceMax !== undefined) base.push(eq(products.fromPriceCurrency, (input.currency ?? 'USD').toUpperCase()))
  if (input.priceMin !== undefined) base.push(sql`${products.fromPrice} >= ${input.priceMin}::numeric`)
  if (input.priceMax !== undefined) base.push(sql`${products.fromPrice} <= ${input.priceMax}::numeric`)
  if (input.hsChapter !== undefined && /^\d{2}$/.test(input.hsChapter)) base.push(like(products.hsCode, `${input.hsChapter}%`))
  const company = input.verifiedOnly ? and(isNull(organizations.deletedAt), eq(companyProfiles.verificationStatus, 'accept'))! : isNull(organizations.deletedAt)
  return {
    base,
    company,
    category: input.categoryId ? inArray(products.categoryId, descendantsOf(categoryRows, input.categoryId)) : undefined,
    origin: input.originCountry ? eq(products.originCountry, input.originCountry.toUpperCase()) : undefined,
  }
}

const defined = (conditions: Array<SQL | undefined>) => and(...conditions.filter((condition): condition is SQL => condition !== undefined))

type Candidate = { id: string; categoryId: string; originCountry: string; score: number; publishedAt: Date | null; fromPrice: string | null }
type Candidates = { rows: Candidate[]; capped: boolean }

/**
 * Up to `cap` + 1 products matching the product filters — a text query takes them as the indexes find
 * them (no sort over every match), a browse takes the newest (published_at index) — then those of live (and, when
 * asked, verified) suppliers with their relevance: text rank (or similarity) + the verified boost.
 */
async function candidates(where: SQL | undefined, company: SQL, rank: SQL | null, cap: number): Promise<Candidates> {
  const scan = database()
    .select({
      id: products.id,
      organizationId: products.organizationId,
      categoryId: products.categoryId,
      originCountry: products.originCountry,
      publishedAt: products.publishedAt,
      fromPrice: products.fromPrice,
      rank: sql<number>`${rank ?? sql`0`}::float8`.as('rank'),
    })
    .from(products)
    .where(where)
  // The LIMIT keeps the planner from folding the scan into the join: the products indexes find the matches on their own.
  const matching = (rank ? scan : scan.orderBy(desc(products.publishedAt), asc(products.id))).limit(cap + 1).as('matching')
  // The boost is inlined: PGlite types bare numeric parameters as integers.
  const verified = sql`(case when ${companyProfiles.verificationStatus} = 'accept' then ${sql.raw(String(VERIFIED_BOOST))} else 0 end)`
  const rows = await database()
    .select({
      id: matching.id,
      categoryId: matching.categoryId,
      originCountry: matching.originCountry,
      score: sql<number>`(${matching.rank} + ${verified})::float8`,
      publishedAt: matching.publishedAt,
      fromPrice: matching.fromPrice,
      eligible: sql<boolean>`coalesce(${company}, false)`,
    })
    .from(matching)
    .innerJoin(organizations, eq(organizations.id, matching.organizationId))
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, matching.organizationId))
  return {
    rows: rows
      .slice(0, cap)
      .filter((row) => row.eligible)
      .map(({ eligible: _eligible, ...row }) => ({ ...row, score: Number(row.score) })),
    capped: rows.length > cap,
  }
}

const byNewest = (a: Candidate, b: Candidate) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const byPrice = (direction: 1 | -1) => (a: Candidate, b: Candidate) => {
  if (a.fromPrice === null || b.fromPrice === null) return a.fromPrice === b.fromPrice ? byNewest(a, b) : a.fromPrice === null ? 1 : -1
  return direction * new Decimal(a.fromPrice).comparedTo(b.fromPrice) || byNewest(a, b)
}

/** The page of an uncapped match set, ordered in memory like the SQL would. */
function orderCandidates(rows: Candidate[], sort: SearchSort): Candidate[] {
  const compare = sort === 'price_asc' ? byPrice(1) : sort === 'price_desc' ? byPrice(-1) : sort === 'newest' ? byNewest : (a: Candidate, b: Candidate) => b.score - a.score || byNewest(a, b)
  return [...rows].sort(compare)
}

/** A page of a capped match set in a non-relevance order: sorted in SQL over every match. */
async function orderedPage(where: SQL | undefined, verifiedOnly: boolean, sort: Exclude<SearchSort, 'relevance'>, limit: number, offset: number): Promise<string[]> {
  const newest = [desc(products.publishedAt), asc(products.id)]
  const orderBy = sort === 'price_asc' ? [sql`${products.fromPrice} asc nulls last`, ...newest] : sort === 'price_desc' ? [sql`${products.fromPrice} desc nulls last`, ...newest] : newest
  // Suppliers as a semi-join: a plain join lets the planner probe the products indexes once per company.
  const suppliers = database()
    .select({ id: organizations.id })
    .from(organizations)
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(verifiedOnly ? and(isNull(organizations.deletedAt), eq(companyProfiles.verificationStatus, 'accept')) : isNull(organizations.deletedAt))
  const rows = await database()
    .select({ id: products.id })
    .from(products)
    .where(and(where, inArray(products.organizationId, suppliers)))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
  return rows.map((row) => row.id)
}

/** The cards of the given products, in the given order (also the supplier profile's product page). */
export async function cardsOf(ids: string[], locale: Locale): Promise<MarketProduct[]> {
  if (ids.length === 0) return []
  const firstImage = sql<string | null>`(select ${productImages.fileId} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`
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
      supplierId: organizations.id,
      supplierName: organizations.name,
      verificationStatus: companyProfiles.verificationStatus,
      imageFileId: firstImage,
    })
    .from(products)
    .innerJoin(organizations, eq(organizations.id, products.organizationId))
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, products.organizationId))
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

function categoryFacets(rows: Candidate[], categoryRows: CategoryRow[], locale: Locale): FacetCount[] {
  const byId = new Map(categoryRows.map((row) => [row.id, row]))
  const topCounts = new Map<string, number>()
  for (const { categoryId } of rows) {
    const top = topLevelOf(byId, categoryId)
    if (top) topCounts.set(top.id, (topCounts.get(top.id) ?? 0) + 1)
  }
  return categoryRows.filter((row) => row.parentId === null && topCounts.has(row.id)).map((row) => ({ value: row.id, label: categoryName(row, locale), count: topCounts.get(row.id) ?? 0 }))
}

function originFacets(rows: Candidate[], locale: Locale): FacetCount[] {
  const counts = new Map<string, number>()
  for (const { originCountry } of rows) counts.set(originCountry, (counts.get(originCountry) ?? 0) + 1)
  return [...counts].map(([value, count]) => ({ value, label: countryName(value, locale), count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
}

/** The matches under every filter, and the facet sets that leave out the category or the origin filter. */
async function matchSets(input: SearchProductsInput & { currency?: string }, categoryRows: CategoryRow[], text: TextMatch | null) {
  const conditions = conditionsOf(input, categoryRows, text?.condition ?? null)
  const { base, company, category, origin } = conditions
  const rank = text?.rank ?? null
  const cap = text?.cap ?? SEARCH_CANDIDATE_CAP
  const [matches, ofOrigin, ofCategory] = await Promise.all([
    candidates(defined([...base, category, origin]), company, rank, cap),
    category ? candidates(defined([...base, origin]), company, rank, cap) : null,
    origin ? candidates(defined([...base, category]), company, rank, cap) : null,
  ])
  return { conditions, matches, ofOrigin: ofOrigin?.rows ?? matches.rows, ofCategory: ofCategory?.rows ?? matches.rows }
}

/**
 * The public product search: published products of live companies, matched by full text over the search vector (every
 * locale, Chinese as characters and bigrams) or, when a Latin query finds nothing, by trigram similarity of the English
 * name (typos); ranked by text rank (or similarity) + a boost for verified suppliers. Facets count each value under every
 * other filter. Work is bounded by SEARCH_CANDIDATE_CAP (see there); `currency` (default USD) is that of a price range.
 */
export async function searchProducts(input: SearchProductsInput & { locale: Locale; currency?: string }): Promise<SearchResult> {
  return memoizeMarketplace(`search:${JSON.stringify(input, Object.keys(input).sort())}`, () => runSearch(input))
}

/** Searches answered from memory: the same search (any visitor, same locale) within SEARCH_CACHE_SECONDS. */
const SEARCH_CACHE_ENTRIES = 5_000
/** How long past its freshness a remembered answer may still be served while one refresh runs (as a multiple of the TTL). */
const STALE_FACTOR = 10
type Remembered = { value: Promise<unknown>; freshUntil: number; refreshing: boolean }
let resultCache: { db: object | null; generation: number; results: ExpiringLru<string, Remembered> } = { db: null, generation: 0, results: new ExpiringLru(SEARCH_CACHE_ENTRIES) }

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
      if (resultCache.results === results && resultCache.generation === generation) results.set(fullKey, { value: running, freshUntil: Date.now() + ttlMs, refreshing: false }, ttlMs * STALE_FACTOR)
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
  let found = await matchSets(input, categoryRows, text?.fullText ?? null)
  if (found.matches.rows.length === 0 && text?.typo) found = await matchSets(input, categoryRows, text.typo)
  const { conditions, matches, ofOrigin, ofCategory } = found
  const sort = input.sort ?? 'relevance'
  const ids =
    matches.capped && sort !== 'relevance'
      ? await orderedPage(defined([...conditions.base, conditions.category, conditions.origin]), input.verifiedOnly === true, sort, limit, offset)
      : orderCandidates(matches.rows, sort)
          .slice(offset, offset + limit)
          .map((row) => row.id)

  return {
    items: await cardsOf(ids, input.locale),
    total: matches.rows.length,
    totalIsCapped: matches.capped,
    limit,
    offset,
    facets: { categories: categoryFacets(ofOrigin, categoryRows, input.locale), originCountries: originFacets(ofCategory, input.locale) },
  }
}
