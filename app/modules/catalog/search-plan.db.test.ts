import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCompany } from '../../../db/factories/companies'
import { insertRows, productRow } from '../../../db/factories/products'
import { database } from '../../platform/db/index.server'
import { products } from './catalog.tables.server'
import { searchProducts, searchRunsOnGenericPlans, searchStatementOf } from './search.service.server'
import { resultRows } from '../../platform/db/result-rows'

/** 10,000 products from a small vocabulary: each word matches a few hundred to a few thousand of them, as in a real catalogue. */
const PRODUCTS = 10_000
const MATERIALS = ['leather', 'ceramic', 'bamboo', 'steel', 'cotton', 'glass', 'walnut', 'linen']
const THINGS = ['tote bag', 'coffee mug', 'cutting board', 'water bottle', 'table lamp', 'dinner plate', 'desk organiser', 'throw pillow']
const LEAVES = ['mugs-cups', 'led-filament-bulbs', 'kitchenware', 'handbags'] as const
const ORIGINS = ['CN', 'VN', 'IN', 'TR', 'DE'] as const
const HS_CODES = ['691200', '940511', '392690', null] as const

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] }

/** Every node of a plan, depth first (the JSON form of EXPLAIN nests them under `Plans`). */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)]
}

async function planOf(input: Parameters<typeof searchStatementOf>[0], match: 'text' | 'typo' = 'text'): Promise<PlanNode[]> {
  const statement = await searchStatementOf(input, match)
  const [row] = resultRows(await database().execute(sql`explain (format json) ${statement}`))
  const value = row?.['QUERY PLAN']
  const explained = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ Plan: PlanNode }>
  return nodesOf(explained[0]!.Plan)
}

/** A literal for a bound value, to write the prepared statement's EXECUTE out in full. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return `'${String(value).replaceAll("'", "''")}'`
}

/**
 * The plan PostgreSQL makes once and reuses (`force_generic_plan`, as the search's own pool runs it): the statement
 * prepared with its values unbound, then explained as executed with them.
 */
async function genericPlanOf(input: Parameters<typeof searchStatementOf>[0], match: 'text' | 'typo' = 'text'): Promise<PlanNode[]> {
  const { sql: text, params } = new PgDialect().sqlToQuery(await searchStatementOf(input, match))
  return database().transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
    await tx.execute(sql.raw(`prepare search_plan_probe as ${text}`))
    const [row] = resultRows(await tx.execute(sql.raw(`explain (format json) execute search_plan_probe(${params.map(literal).join(', ')})`)))
    await tx.execute(sql`deallocate search_plan_probe`)
    const value = row?.['QUERY PLAN']
    const explained = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ Plan: PlanNode }>
    return nodesOf(explained[0]!.Plan)
  })
}

const indexesOf = (nodes: PlanNode[]) => new Set(nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : [])))
const scansProducts = (nodes: PlanNode[]) =>
  nodes.some((node) => node['Node Type'] === 'Seq Scan' && (node['Relation Name'] === 'products' || node['Relation Name'] === 'product_search'))
const facetCounts = (facets: Array<{ value: string; count: number }>) => facets.map(({ value, count }) => [value, count] as const)

beforeAll(async () => {
  const verified = await createCompany({ name: 'Plan Verified Works', kind: 'supplier', verificationStatus: 'accept' })
  const pending = await createCompany({ name: 'Plan Pending Works', kind: 'supplier', verificationStatus: 'pending' })
  const rows = Array.from({ length: PRODUCTS }, (_, index) => {
    const thing = THINGS[index % THINGS.length]!
    const material = MATERIALS[Math.floor(index / THINGS.length) % MATERIALS.length]!
    return productRow({
      companyId: index % 3 === 0 ? pending.id : verified.id,
      nameEn: `${material} ${thing} ${index}`,
      sku: `PLAN-${index}`,
      categoryId: LEAVES[index % LEAVES.length],
      originCountry: ORIGINS[index % ORIGINS.length],
      hsCode: HS_CODES[index % HS_CODES.length],
      moq: 1 + (index % 500),
      fromPrice: `${1 + (index % 90)}.5000`,
      publishedAt: new Date(Date.UTC(2024, 0, 1) + index * 60_000),
    })
  })
  for (let start = 0; start < rows.length; start += 2_000) await insertRows(products, rows.slice(start, start + 2_000))
  await database().execute(sql`analyze`)
}, 120_000)

// The plan is PostgreSQL's: PGlite runs the same statement (every other search test), but the planner's choices are pinned
// on the engine that serves production.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('search plan at 10,000 products (PostgreSQL)', () => {
  it('matches words through the full-text expression index and never scans the products or their search copy', async () => {
    for (const input of [{ q: 'leather' }, { q: 'ceramic coffee mug' }, { q: 'bamboo', originCountry: 'VN', sort: 'price_asc' as const }]) {
      const nodes = await planOf(input)
      expect(indexesOf(nodes), JSON.stringify(input)).toContain('product_search_document_idx')
      expect(scansProducts(nodes), JSON.stringify(input)).toBe(false)
    }
  })

  it('finds a typo through the trigram index', async () => {
    const nodes = await planOf({ q: 'lether' }, 'typo')
    expect(indexesOf(nodes)).toContain('product_search_name_en_trgm_idx')
    expect(scansProducts(nodes)).toBe(false)
  })

  it('finds an HS code by prefix through its btree index', async () => {
    const nodes = await planOf({ q: '6912' })
    expect(indexesOf(nodes)).toContain('product_search_hs_prefix_idx')
    expect(scansProducts(nodes)).toBe(false)
  })

  it('keeps the same indexes when the plan is made once for every query (the generic-plan pool), words and typos alike', async () => {
    for (const input of [{ q: 'leather' }, { q: 'ceramic coffee mug' }, { q: 'bamboo', originCountry: 'VN', sort: 'price_asc' as const }, { q: '陶瓷' }]) {
      const nodes = await genericPlanOf(input)
      expect(indexesOf(nodes), JSON.stringify(input)).toContain('product_search_document_idx')
      expect(scansProducts(nodes), JSON.stringify(input)).toBe(false)
    }
    const typo = await genericPlanOf({ q: 'lether' }, 'typo')
    expect(indexesOf(typo)).toContain('product_search_name_en_trgm_idx')
    expect(scansProducts(typo)).toBe(false)
  })

  it('plans an HS code prefix for its value: a generic plan could not use the prefix index, so such searches stay off that pool', async () => {
    expect(indexesOf(await genericPlanOf({ q: '6912' }))).not.toContain('product_search_hs_prefix_idx')
    expect(await searchRunsOnGenericPlans({ q: '6912' })).toBe(false)
    expect(await searchRunsOnGenericPlans({ q: 'leather', hsChapter: '69' })).toBe(false)
    expect(await searchRunsOnGenericPlans({ q: 'leather' })).toBe(true)
    expect(await searchRunsOnGenericPlans({ originCountry: 'VN' })).toBe(true)
  })

  it('keeps the names in the rows of the search copy: reading every name costs its pages, not a trip out of line per value', async () => {
    await database().execute(sql`vacuum analyze product_search`)
    const [row] = resultRows(
      await database().execute(
        sql`explain (analyze, buffers, format json) select sum(length(name_en) + coalesce(length(name_zh_hans), 0) + length(organization_id)) from product_search`,
      ),
    )
    const value = row?.['QUERY PLAN']
    const explained = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{
      Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number }
    }>
    const plan = explained[0]!.Plan
    const [after] = resultRows(await database().execute(sql`select relpages from pg_class where relname = 'product_search'`))
    const blocks = plan['Shared Hit Blocks'] + plan['Shared Read Blocks']
    // A row per product of about 250 bytes: far fewer pages than products, and nothing read beyond them.
    expect(Number(after?.['relpages'])).toBeLessThan(PRODUCTS / 10)
    expect(blocks).toBeLessThanOrEqual(Number(after?.['relpages']) + 10)
  })
})

describe('facet counts at 10,000 products', () => {
  it('equal the totals of the searches they lead to, for every category, origin, chapter and the verified filter', async () => {
    const all = await searchProducts({ q: 'leather', locale: 'en' })
    // The template database's demo catalogue may hold a few more.
    expect(all.total).toBeGreaterThanOrEqual(PRODUCTS / MATERIALS.length)
    for (const [value, count] of facetCounts(all.facets.categories)) {
      expect((await searchProducts({ q: 'leather', categoryId: value, locale: 'en' })).total, value).toBe(count)
    }
    for (const [value, count] of facetCounts(all.facets.originCountries)) {
      expect((await searchProducts({ q: 'leather', originCountry: value, locale: 'en' })).total, value).toBe(count)
    }
    for (const [value, count] of facetCounts(all.facets.hsChapters)) {
      expect((await searchProducts({ q: 'leather', hsChapter: value, locale: 'en' })).total, value).toBe(count)
    }
    expect((await searchProducts({ q: 'leather', verifiedOnly: true, locale: 'en' })).total).toBe(all.facets.verifiedSuppliers)
    // Under a filter, every other facet still counts within it.
    const vietnam = await searchProducts({ q: 'leather', originCountry: 'VN', locale: 'en' })
    for (const [value, count] of facetCounts(vietnam.facets.categories)) {
      expect((await searchProducts({ q: 'leather', originCountry: 'VN', categoryId: value, locale: 'en' })).total, value).toBe(count)
    }
  })
})
