import { asc, eq, sql } from 'drizzle-orm'
import { countryName } from '../../platform/countries'
import { database } from '../../platform/db/index.server'
import type { Locale } from '../../platform/i18n/locales'
import { localized } from './catalog.constants'
import { hsCodes, products } from './catalog.tables.server'

export type FacetCount = { value: string; label: string; count: number }

export type CategoryRow = { id: string; parentId: string | null; position: number; nameEn: string; nameZhHans: string; nameZhHant: string }

/**
 * How many matches fall in one category, origin country and HS chapter (null: no HS code) from verified suppliers or
 * not: the unit every total and facet count is summed from.
 */
export type MatchGroup = { categoryId: string; originCountry: string; hsChapter: string | null; verified: boolean; count: number }

/** The narrowing filters as the groups are read: null means any (the category as its subtree). */
export type GroupFilter = { categoryIds: ReadonlySet<string> | null; origin: string | null; hsChapter: string | null; verifiedOnly: boolean }

/** A product's HS chapter in SQL: the first two digits of its code. */
export const hsChapterOf = sql<string | null>`substr(${products.hsCode}, 1, 2)`

export function categoryName(row: Pick<CategoryRow, 'nameEn' | 'nameZhHans' | 'nameZhHant'>, locale: Locale): string {
  return localized({ en: row.nameEn, 'zh-Hans': row.nameZhHans, 'zh-Hant': row.nameZhHant }, locale)
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

/** Whether a match (or a group of them) passes the filter. */
const withinFilter = (group: Omit<MatchGroup, 'count'>, filter: GroupFilter) =>
  (filter.categoryIds === null || filter.categoryIds.has(group.categoryId)) &&
  (filter.origin === null || group.originCountry === filter.origin) &&
  (filter.hsChapter === null || group.hsChapter === filter.hsChapter) &&
  (!filter.verifiedOnly || group.verified)

/** The groups within the filter. */
export const groupsWithin = (groups: MatchGroup[], filter: GroupFilter): MatchGroup[] => groups.filter((group) => withinFilter(group, filter))

export const totalOf = (groups: MatchGroup[]) => groups.reduce((sum, group) => sum + group.count, 0)

/** Matches per top-level category, in the tree's order. */
export function categoryFacets(groups: MatchGroup[], categoryRows: CategoryRow[], locale: Locale): FacetCount[] {
  const byId = new Map(categoryRows.map((row) => [row.id, row]))
  const topCounts = new Map<string, number>()
  for (const { categoryId, count } of groups) {
    const top = topLevelOf(byId, categoryId)
    if (top) topCounts.set(top.id, (topCounts.get(top.id) ?? 0) + count)
  }
  return categoryRows
    .filter((row) => row.parentId === null && topCounts.has(row.id))
    .map((row) => ({ value: row.id, label: categoryName(row, locale), count: topCounts.get(row.id) ?? 0 }))
}

let chapterCache: { db: object; names: Promise<Map<string, string>> } | null = null

/** The HS chapters' descriptions (about a hundred rows, kept in memory per database). */
export async function hsChapterNames(): Promise<Map<string, string>> {
  const db = database()
  if (chapterCache?.db !== db) {
    const names: Promise<Map<string, string>> = db
      .select({ code: hsCodes.code, description: hsCodes.description })
      .from(hsCodes)
      .where(eq(hsCodes.level, 2))
      .orderBy(asc(hsCodes.code))
      .then((rows) => new Map(rows.map((row) => [row.code, row.description])))
    chapterCache = { db, names }
    names.catch(() => {
      if (chapterCache?.names === names) chapterCache = null
    })
  }
  return chapterCache.names
}

/** Matches per HS chapter, in chapter order; products without an HS code are in no chapter. */
export function hsChapterFacets(groups: MatchGroup[], names: Map<string, string>): FacetCount[] {
  const counts = new Map<string, number>()
  for (const { hsChapter, count } of groups) if (hsChapter) counts.set(hsChapter, (counts.get(hsChapter) ?? 0) + count)
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([value, count]) => ({ value, label: names.get(value) ?? value, count }))
}

/** Matches per origin country, most first. */
export function originFacets(groups: MatchGroup[], locale: Locale): FacetCount[] {
  const counts = new Map<string, number>()
  for (const { originCountry, count } of groups) counts.set(originCountry, (counts.get(originCountry) ?? 0) + count)
  return [...counts]
    .map(([value, count]) => ({ value, label: countryName(value, locale), count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
}
