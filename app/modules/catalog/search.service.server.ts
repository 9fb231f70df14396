import { and, asc, count, desc, eq, inArray, isNull, like, lte, type SQL, sql } from 'drizzle-orm'
import { countryName } from '../../platform/countries'
import { database } from '../../platform/db/index.server'
import type { Locale } from '../../platform/i18n/locales'
import { companyProfiles, organizations } from '../companies/companies.tables.server'
import { fileThumbnailUrl } from '../companies/index.server'
import { localized } from './catalog.constants'
import { categories, productImages, products } from './catalog.tables.server'
import { searchQueryTerms } from './search-document'
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_MAX_OFFSET, type SearchProductsInput } from './search.inputs'

/** Added to the relevance of products whose supplier is verified, so they rank first among comparable matches. */
const VERIFIED_BOOST = 0.2
/** Name similarity above which a Latin query counts as a typo of the name (independent of pg_trgm's GUCs). */
const SIMILARITY_THRESHOLD = 0.3
/** Word similarity above which a Latin query counts as a typo of one word of the name. */
const WORD_SIMILARITY_THRESHOLD = 0.6
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
  total: number
  limit: number
  offset: number
  facets: { categories: FacetCount[]; originCountries: FacetCount[] }
}

type CategoryRow = { id: string; parentId: string | null; position: number; nameEn: string; nameZhHans: string; nameZhHant: string }

export function categoryName(row: Pick<CategoryRow, 'nameEn' | 'nameZhHans' | 'nameZhHant'>, locale: Locale): string {
  return localized({ en: row.nameEn, 'zh-Hans': row.nameZhHans, 'zh-Hant': row.nameZhHant }, locale)
}

/** The whole tree (under a hundred rows): descendants and top-level ancestors are resolved in memory. */
export async function loadCategories(): Promise<CategoryRow[]> {
  return database()
    .select({ id: categories.id, parentId: categories.parentId, position: categories.position, nameEn: categories.nameEn, nameZhHans: categories.nameZhHans, nameZhHant: categories.nameZhHant })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id))
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

type Conditions = { base: SQL[]; category?: SQL; origin?: SQL }

function textMatch(q: string | undefined) {
  const terms = q ? searchQueryTerms(q) : []
  if (terms.length === 0) return null
  const vector = sql`to_tsvector('simple', ${products.searchDocument})`
  // Constants are inlined (PGlite types bare numeric parameters as integers); plainto_tsquery ANDs the terms and ignores tsquery syntax; the terms are a bound parameter.
  const query = sql`plainto_tsquery('simple', ${terms.join(' ')}::text)`
  const lowerQ = sql`${(q ?? '').trim().toLowerCase()}::text`
  const latin = !HAN.test(q ?? '')
  const name = sql`lower(${products.nameEn})`
  const condition = latin
    ? sql`(${vector} @@ ${query} or similarity(${name}, ${lowerQ}) > ${sql.raw(String(SIMILARITY_THRESHOLD))} or word_similarity(${lowerQ}, ${name}) > ${sql.raw(String(WORD_SIMILARITY_THRESHOLD))})`
    : sql`${vector} @@ ${query}`
  const rank = latin ? sql`(ts_rank(${vector}, ${query}) + similarity(${name}, ${lowerQ}))` : sql`ts_rank(${vector}, ${query})`
  return { condition, rank }
}

function conditionsOf(input: SearchProductsInput, categoryRows: CategoryRow[], text: SQL | null): Conditions {
  const base: SQL[] = [eq(products.status, 'published'), isNull(organizations.deletedAt)]
  if (text) base.push(text)
  if (input.verifiedOnly) base.push(eq(companyProfiles.verificationStatus, 'accept'))
  if (input.moqMax !== undefined) base.push(lte(products.moq, input.moqMax))
  if (input.priceMin !== undefined) base.push(sql`${products.fromPrice} >= ${input.priceMin}::numeric`)
  if (input.priceMax !== undefined) base.push(sql`${products.fromPrice} <= ${input.priceMax}::numeric`)
  if (input.hsChapter !== undefined && /^\d{2}$/.test(input.hsChapter)) base.push(like(products.hsCode, `${input.hsChapter}%`))
  return {
    base,
    category: input.categoryId ? inArray(products.categoryId, descendantsOf(categoryRows, input.categoryId)) : undefined,
    origin: input.originCountry ? eq(products.originCountry, input.originCountry.toUpperCase()) : undefined,
  }
}

const defined = (conditions: Array<SQL | undefined>) => and(...conditions.filter((condition): condition is SQL => condition !== undefined))

/**
 * The public product search: published products of live companies, matched by full text over search_document (every
 * locale, Chinese as characters and bigrams) or, for Latin queries, by trigram similarity of the English name (typos);
 * ranked by text rank + similarity + a boost for verified suppliers. Facets count each value under every other filter.
 */
export async function searchProducts(input: SearchProductsInput & { locale: Locale }): Promise<SearchResult> {
  const limit = Math.min(Math.max(input.limit ?? SEARCH_DEFAULT_LIMIT, 1), SEARCH_MAX_LIMIT)
  const offset = Math.min(Math.max(input.offset ?? 0, 0), SEARCH_MAX_OFFSET)
  const categoryRows = await loadCategories()
  const text = textMatch(input.q)
  const { base, category, origin } = conditionsOf(input, categoryRows, text?.condition ?? null)
  const where = defined([...base, category, origin])
  const verified = sql`(case when ${companyProfiles.verificationStatus} = 'accept' then ${sql.raw(String(VERIFIED_BOOST))} else 0 end)`
  const sort = input.sort ?? 'relevance'
  const newest = [desc(products.publishedAt), asc(products.id)]
  const orderBy =
    sort === 'price_asc'
      ? [sql`${products.fromPrice} asc nulls last`, ...newest]
      : sort === 'price_desc'
        ? [sql`${products.fromPrice} desc nulls last`, ...newest]
        : sort === 'relevance' && text
          ? [sql`(${text.rank} + ${verified}) desc`, ...newest]
          : sort === 'relevance'
            ? [sql`${verified} desc`, ...newest]
            : newest
  const firstImage = sql<string | null>`(select ${productImages.fileId} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`

  const [rows, totals, categoryCounts, originCounts] = await Promise.all([
    database()
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
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    database()
      .select({ total: count() })
      .from(products)
      .innerJoin(organizations, eq(organizations.id, products.organizationId))
      .innerJoin(companyProfiles, eq(companyProfiles.organizationId, products.organizationId))
      .where(where),
    database()
      .select({ value: products.categoryId, total: count() })
      .from(products)
      .innerJoin(organizations, eq(organizations.id, products.organizationId))
      .innerJoin(companyProfiles, eq(companyProfiles.organizationId, products.organizationId))
      .where(defined([...base, origin]))
      .groupBy(products.categoryId),
    database()
      .select({ value: products.originCountry, total: count() })
      .from(products)
      .innerJoin(organizations, eq(organizations.id, products.organizationId))
      .innerJoin(companyProfiles, eq(companyProfiles.organizationId, products.organizationId))
      .where(defined([...base, category]))
      .groupBy(products.originCountry),
  ])

  const byId = new Map(categoryRows.map((row) => [row.id, row]))
  const topCounts = new Map<string, number>()
  for (const { value, total } of categoryCounts) {
    const top = topLevelOf(byId, value)
    if (top) topCounts.set(top.id, (topCounts.get(top.id) ?? 0) + Number(total))
  }
  const categoryFacets = categoryRows
    .filter((row) => row.parentId === null && topCounts.has(row.id))
    .map((row) => ({ value: row.id, label: categoryName(row, input.locale), count: topCounts.get(row.id) ?? 0 }))
  const originFacets = originCounts
    .map(({ value, total }) => ({ value, label: countryName(value, input.locale), count: Number(total) }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))

  return {
    items: rows.map((row) => ({
      id: row.id,
      name: localized({ en: row.nameEn, 'zh-Hans': row.nameZhHans, 'zh-Hant': row.nameZhHant }, input.locale),
      thumbnailUrl: row.imageFileId ? fileThumbnailUrl(row.imageFileId) : null,
      fromPrice: row.fromPrice,
      fromPriceCurrency: row.fromPriceCurrency,
      moq: row.moq,
      unit: row.unit,
      originCountry: row.originCountry,
      categoryId: row.categoryId,
      supplier: { id: row.supplierId, name: row.supplierName, verified: row.verificationStatus === 'accept' },
      publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    })),
    total: Number(totals[0]?.total ?? 0),
    limit,
    offset,
    facets: { categories: categoryFacets, originCountries: originFacets },
  }
}
