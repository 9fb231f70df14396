import { isNull, type SQL, sql } from 'drizzle-orm'
import { database, genericPlanDatabase } from '../../platform/db/index.server'
import { publicCompanyCards as companies } from '../companies/index.server'
import { productImages, productSearch, products } from './catalog.tables.server'
import type { MatchGroup } from './search-counts.server'
import { hsChapterOf } from './search-counts.server'
import type { SearchSort } from './search.constants'
import { resultRows } from '../../platform/db/result-rows'

/** Added to the relevance of products whose supplier is verified, so they rank first among comparable matches. */
export const VERIFIED_BOOST = 0.2

/**
 * One search as SQL pieces over `products` (read from product_search, and `live`, the live suppliers): `base` holds for the total and every facet
 * (text, MOQ, price), `narrow` is what the page adds (category, origin, chapter, verified only). With `rank`, the first
 * `cap` narrowed matches the index yields are ranked by it (plus the verified boost) and the rest follow newest first.
 */
export type SearchStatement = {
  base: SQL
  narrow: SQL | null
  rank: SQL | null
  cap: number
  /** Each product's price in EUR, needed only to sort by price. */
  price: SQL | null
  sort: SearchSort
  limit: number
  offset: number
  /**
   * Whether a condition matches an HS code by prefix (`LIKE` on a bound pattern), which only a plan made for the
   * pattern's value can answer from the prefix index. Other searches run on the generic-plan pool: their plan is the
   * same for every query, so PostgreSQL makes it once per connection instead of on every search (ADR 062).
   */
  byPrefix: boolean
}

/** A product card as the statement answers it: the names in every locale (the caller picks), the rest as the API shows it. */
export type CardRow = {
  id: string
  nameEn: string
  nameZhHans: string | null
  nameZhHant: string | null
  imageFileId: string | null
  fromPrice: string | null
  fromPriceCurrency: string | null
  moq: number
  unit: string
  originCountry: string
  categoryId: string
  publishedAt: string | null
  supplierId: string
  supplierName: string
  supplierVerified: boolean
}

type GroupTuple = [categoryId: string, originCountry: string, hsChapter: string | null, verified: boolean, count: number]
type CardTuple = [
  id: string,
  nameEn: string,
  nameZhHans: string | null,
  nameZhHant: string | null,
  imageFileId: string | null,
  fromPrice: string | null,
  fromPriceCurrency: string | null,
  moq: number,
  unit: string,
  originCountry: string,
  categoryId: string,
  publishedAt: string | null,
  supplierId: string,
  supplierName: string,
  supplierVerified: boolean,
]

/** The page's order over its columns (`score` and `price_eur` null where unused); `newest` ties break by id. */
function pageOrder(sort: SearchSort, table: string): SQL {
  const column = (name: string) => sql.raw(`${table}.${name}`)
  // DESC (nulls first) as the published_at indexes store it: published products always have the date.
  const newest = sql`${column('published_at')} desc, ${column('id')}`
  if (sort === 'price_asc') return sql`${column('price_eur')} asc nulls last, ${newest}`
  if (sort === 'price_desc') return sql`${column('price_eur')} desc nulls last, ${newest}`
  if (sort === 'relevance') return sql`(${column('score')} is null), ${column('score')} desc, ${newest}`
  return newest
}

const ISO_INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`

/**
 * The whole answer of one search in one statement and one round trip: the match groups every total and facet is summed
 * from (by category, origin, HS chapter and verification) and the cards of the page in order, as one JSON text that
 * JavaScript parses once — no candidate rows travel to the server, none is mapped by the ORM.
 *
 * A text query reads its matches once, through the full-text (or trigram) index, into a materialised set that both the
 * groups and the page read; relevance ranks the first `cap` of them. A browse (no text) counts with one grouped scan and
 * reads its page from the published_at or price order separately, each with its own best plan.
 */
export async function runSearchStatement(statement: SearchStatement): Promise<{ groups: MatchGroup[]; cards: CardRow[] }> {
  const db = statement.byPrefix ? database() : genericPlanDatabase()
  const rows = resultRows(await db.execute(searchStatementSql(statement)))
  const parsed = JSON.parse(String(rows[0]?.result ?? '{"groups":[],"cards":[]}')) as { groups: GroupTuple[]; cards: CardTuple[] }
  return {
    groups: parsed.groups.map(([categoryId, originCountry, hsChapter, verified, count]) => ({ categoryId, originCountry, hsChapter, verified, count })),
    cards: parsed.cards.map(cardOf),
  }
}

/** The statement itself (what runSearchStatement runs; its plan is pinned by search-plan.db.test.ts). */
export function searchStatementSql(statement: SearchStatement): SQL {
  const { base, narrow, rank, cap, price, sort, limit, offset } = statement
  const narrowed = narrow ?? sql`true`
  const live = sql`live as (
    select ${companies.id} as id, ${companies.name} as name, (${companies.verificationStatus} = 'accept') as verified
    from ${companies} where ${isNull(companies.deletedAt)}
  )`
  // The narrow copy of the published products under the name of the table: the conditions' column references read it.
  const matched = sql`from ${productSearch} as ${products} join live on live.id = ${products.organizationId} where ${base}`
  const priceColumn = price ? sql`(${price})` : sql`null::numeric`
  const scoring = rank !== null && sort === 'relevance'
  const ctes: SQL[] = [live]
  if (rank !== null) {
    ctes.push(sql`m as materialized (
      select ${products.id} as id, ${products.categoryId} as category_id, ${products.originCountry} as origin_country,
        ${hsChapterOf} as hs_chapter, live.verified, ${products.publishedAt} as published_at, ${priceColumn} as price_eur,
        coalesce(${narrowed}, false) as narrow,
        ${products.nameEn} as name_en, ${products.nameZhHans} as name_zh_hans, ${products.nameZhHant} as name_zh_hant, ${products.hsCode} as hs_code
      ${matched}
    )`)
    ctes.push(sql`groups as (select category_id, origin_country, hs_chapter, verified, count(*)::int as n from m group by 1, 2, 3, 4)`)
    // The first `cap` narrowed matches in the order the index yielded them are scored, every other one is not (null: after
    // them, newest first). One pass over m: row_number() counts them, CASE computes the rank only where it counts, and the
    // alias "products" lets the rank's column references read the names and HS code carried in m.
    const boost = sql`(case when products.verified then ${sql.raw(String(VERIFIED_BOOST))} else 0 end)`
    const score = scoring ? sql`case when products.k <= ${cap} then (${rank} + ${boost})::float8 end` : sql`null::float8`
    ctes.push(sql`page as (
      select * from (
        select products.id, ${score} as score, products.published_at, products.price_eur
        from (select m.*, row_number() over () as k from m where m.narrow) products
      ) page_order
      order by ${pageOrder(sort, 'page_order')} limit ${limit} offset ${offset}
    )`)
  } else {
    ctes.push(sql`groups as (
      select ${products.categoryId} as category_id, ${products.originCountry} as origin_country, ${hsChapterOf} as hs_chapter, live.verified, count(*)::int as n
      ${matched} group by 1, 2, 3, 4
    )`)
    ctes.push(sql`page as (
      select * from (
        select ${products.id} as id, null::float8 as score, ${products.publishedAt} as published_at, ${priceColumn} as price_eur
        ${matched} and ${narrowed}
      ) page_order
      order by ${pageOrder(sort === 'relevance' ? 'newest' : sort, 'page_order')} limit ${limit} offset ${offset}
    )`)
  }
  const firstImage = sql`(select ${productImages.fileId} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`
  ctes.push(sql`cards as (
    select page.id, page.score, page.published_at, page.price_eur,
      json_build_array(${products.id}, ${products.nameEn}, ${products.nameZhHans}, ${products.nameZhHant}, ${firstImage},
        ${products.fromPrice}::text, ${products.fromPriceCurrency}, ${products.moq}, ${products.unit}, ${products.originCountry},
        ${products.categoryId}, to_char(${products.publishedAt} at time zone 'UTC', ${sql.raw(ISO_INSTANT)}),
        live.id, live.name, live.verified) as card
    from page join ${products} on ${products.id} = page.id join live on live.id = ${products.organizationId}
  )`)
  const query = sql`with ${sql.join(ctes, sql`, `)}
    select json_build_object(
      'groups', (select coalesce(json_agg(json_build_array(category_id, origin_country, hs_chapter, verified, n)), '[]'::json) from groups),
      'cards', (select coalesce(json_agg(card order by ${pageOrder(sort === 'relevance' && !scoring ? 'newest' : sort, 'cards')}), '[]'::json) from cards)
    )::text as result`
  return query
}

function cardOf([
  id,
  nameEn,
  nameZhHans,
  nameZhHant,
  imageFileId,
  fromPrice,
  fromPriceCurrency,
  moq,
  unit,
  originCountry,
  categoryId,
  publishedAt,
  supplierId,
  supplierName,
  supplierVerified,
]: CardTuple): CardRow {
  return {
    id,
    nameEn,
    nameZhHans,
    nameZhHant,
    imageFileId,
    fromPrice,
    fromPriceCurrency,
    moq,
    unit,
    originCountry,
    categoryId,
    publishedAt,
    supplierId,
    supplierName,
    supplierVerified,
  }
}
