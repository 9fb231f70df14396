import { type SQL, sql } from 'drizzle-orm'
import type { Transaction } from '../../platform/db/index.server'
import { products } from './catalog.tables.server'
import type { ImportedProduct } from './product-import.rows'
import { buildSearchDocument } from './search-document'

/** Rows per statement: each column travels as one array parameter, so a batch costs one round trip however wide it is. */
export const IMPORT_BATCH_SIZE = 5000

type ProductColumn = keyof typeof products.$inferSelect
type ImportedColumn = { column: ProductColumn; type: 'text' | 'int4'; value: (product: ImportedProduct) => string | number | null }

/** What an import row writes, column by column; on an existing SKU every one but sku and status replaces the product's value. */
const IMPORTED_COLUMNS: readonly ImportedColumn[] = [
  { column: 'sku', type: 'text', value: (product) => product.sku },
  { column: 'nameEn', type: 'text', value: (product) => product.nameEn },
  { column: 'nameZhHans', type: 'text', value: (product) => product.nameZhHans ?? null },
  { column: 'nameZhHant', type: 'text', value: (product) => product.nameZhHant ?? null },
  { column: 'descriptionEn', type: 'text', value: (product) => product.descriptionEn },
  { column: 'descriptionZhHans', type: 'text', value: (product) => product.descriptionZhHans ?? null },
  { column: 'descriptionZhHant', type: 'text', value: (product) => product.descriptionZhHant ?? null },
  { column: 'categoryId', type: 'text', value: (product) => product.categoryId },
  { column: 'hsCode', type: 'text', value: (product) => product.hsCode ?? null },
  { column: 'originCountry', type: 'text', value: (product) => product.originCountry },
  { column: 'unit', type: 'text', value: (product) => product.unit },
  { column: 'moq', type: 'int4', value: (product) => product.moq },
  { column: 'leadTimeDays', type: 'int4', value: (product) => product.leadTimeDays ?? null },
  { column: 'attributes', type: 'text', value: (product) => JSON.stringify(product.attributes) },
  { column: 'searchDocument', type: 'text', value: (product) => buildSearchDocument(product) },
  { column: 'status', type: 'text', value: (product) => product.status ?? 'draft' },
]

const identifier = (column: ProductColumn) => sql.identifier(products[column].name)
/** The unnest output column of an imported column; attributes arrive as JSON text. */
const input = (column: ProductColumn) => (column === 'attributes' ? sql`input.${identifier(column)}::jsonb` : sql`input.${identifier(column)}`)
const excluded = (column: ProductColumn) => sql`excluded.${identifier(column)}`

/** The columns' arrays as unnest(…) AS input(…), each array cast to its type (PostgreSQL and PGlite alike). */
function unnestOf(batch: readonly ImportedProduct[]): SQL {
  const arrays = IMPORTED_COLUMNS.map(({ type, value }) => sql`${sql.param(batch.map(value))}::${sql.raw(type)}[]`)
  return sql`unnest(${sql.join(arrays, sql`, `)}) as input(${sql.join(IMPORTED_COLUMNS.map(({ column }) => identifier(column)), sql`, `)})`
}

/** On a SKU the company already has: the row's details replace the product's, the status only when the file gives one. */
function updateSet(withStatus: boolean, now: Date): SQL {
  const replaced = IMPORTED_COLUMNS.filter(({ column }) => column !== 'sku' && column !== 'status').map(({ column }) => sql`${identifier(column)} = ${excluded(column)}`)
  const status = withStatus
    ? [
        sql`${identifier('status')} = ${excluded('status')}`,
        sql`${identifier('publishedAt')} = case when ${excluded('status')} = 'published' and ${products.status} <> 'published' then ${excluded('publishedAt')} else ${products.publishedAt} end`,
      ]
    : []
  return sql.join([...replaced, ...status, sql`${identifier('version')} = ${products.version} + 1`, sql`${identifier('updatedAt')} = ${now.toISOString()}::timestamptz`], sql`, `)
}

/**
 * Upserts a batch by (company, SKU) in one INSERT … SELECT FROM unnest statement; rows without a status keep an existing
 * product's (and are drafts when new). Answers how many rows created a product and how many updated one.
 */
export async function upsertImportedProducts(tx: Transaction, companyId: string, batch: readonly ImportedProduct[], withStatus: boolean, now: Date): Promise<{ created: number; updated: number }> {
  if (batch.length === 0) return { created: 0, updated: 0 }
  const columns = IMPORTED_COLUMNS.map(({ column }) => identifier(column))
  const values = IMPORTED_COLUMNS.map(({ column }) => input(column))
  const result = await tx.execute(sql`
    with upserted as (
      insert into ${products} (${identifier('id')}, ${identifier('organizationId')}, ${sql.join(columns, sql`, `)}, ${identifier('publishedAt')})
      select gen_random_uuid()::text, ${companyId}, ${sql.join(values, sql`, `)}, case when input.${identifier('status')} = 'published' then ${now.toISOString()}::timestamptz end
      from ${unnestOf(batch)}
      on conflict (${identifier('organizationId')}, ${identifier('sku')}) do update set ${updateSet(withStatus, now)}
      -- xmax is 0 on a freshly inserted row version and set on an updated one.
      returning (xmax = 0) as created
    )
    select (count(*) filter (where created))::int as created, count(*)::int as total from upserted`)
  const counts = firstRow<{ created: number; total: number }>(result)
  const created = counts?.created ?? 0
  return { created, updated: (counts?.total ?? 0) - created }
}

/** tx.execute answers postgres.js's row list (an array) or PGlite's result ({ rows }); the shared database type leaves it unknown. */
function firstRow<Row>(result: unknown): Row | undefined {
  const rows: unknown[] = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
  return rows[0] as Row | undefined
}
