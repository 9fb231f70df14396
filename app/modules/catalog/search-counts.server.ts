import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { countryName } from '../../platform/countries'
import { database } from '../../platform/db/index.server'
import type { Locale } from '../../platform/i18n/locales'
import { companyProfiles, organizations } from '../companies/companies.tables.server'
import { localized } from './catalog.constants'
import { products } from './catalog.tables.server'

export type FacetCount = { value: string; label: string; count: number }

export type CategoryRow = { id: string; parentId: string | null; position: number; nameEn: string; nameZhHans: string; nameZhHant: string }

/** How many matches fall in one category and origin country: the unit every total and facet count is summed from. */
export type MatchGroup = { categoryId: string; originCountry: string; count: number }

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

/** Companies whose products the marketplace shows (live, and verified when asked), as a semi-join for product queries. */
export function listedSuppliers(verifiedOnly: boolean) {
  return database()
    .select({ id: organizations.id })
    .from(organizations)
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(verifiedOnly ? and(isNull(organizations.deletedAt), eq(companyProfiles.verificationStatus, 'accept')) : isNull(organizations.deletedAt))
}

/**
 * Every match of `where` counted by category and origin in one grouped query over the same indexed predicate the
 * search uses: the true total and both facets follow from it in memory, whatever category or origin is selected.
 */
export async function countMatchGroups(where: SQL | undefined, verifiedOnly: boolean): Promise<MatchGroup[]> {
  const rows = await database()
    .select({ categoryId: products.categoryId, originCountry: products.originCountry, count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(where, inArray(products.organizationId, listedSuppliers(verifiedOnly))))
    .groupBy(products.categoryId, products.originCountry)
  return rows.map((row) => ({ ...row, count: Number(row.count) }))
}

/** Matches listed one by one (an uncapped candidate set) as groups. */
export const groupsOf = (rows: Array<{ categoryId: string; originCountry: string }>): MatchGroup[] => rows.map(({ categoryId, originCountry }) => ({ categoryId, originCountry, count: 1 }))

/** The groups within a category subtree (null: any) and origin country (null: any). */
export function groupsWithin(groups: MatchGroup[], categoryIds: ReadonlySet<string> | null, origin: string | null): MatchGroup[] {
  return groups.filter((group) => (categoryIds === null || categoryIds.has(group.categoryId)) && (origin === null || group.originCountry === origin))
}

export const totalOf = (groups: MatchGroup[]) => groups.reduce((sum, group) => sum + group.count, 0)

/** Matches per top-level category, in the tree's order. */
export function categoryFacets(groups: MatchGroup[], categoryRows: CategoryRow[], locale: Locale): FacetCount[] {
  const byId = new Map(categoryRows.map((row) => [row.id, row]))
  const topCounts = new Map<string, number>()
  for (const { categoryId, count } of groups) {
    const top = topLevelOf(byId, categoryId)
    if (top) topCounts.set(top.id, (topCounts.get(top.id) ?? 0) + count)
  }
  return categoryRows.filter((row) => row.parentId === null && topCounts.has(row.id)).map((row) => ({ value: row.id, label: categoryName(row, locale), count: topCounts.get(row.id) ?? 0 }))
}

/** Matches per origin country, most first. */
export function originFacets(groups: MatchGroup[], locale: Locale): FacetCount[] {
  const counts = new Map<string, number>()
  for (const { originCountry, count } of groups) counts.set(originCountry, (counts.get(originCountry) ?? 0) + count)
  return [...counts].map(([value, count]) => ({ value, label: countryName(value, locale), count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
}
