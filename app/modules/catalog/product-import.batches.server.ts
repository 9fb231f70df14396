import { and, count, eq, gte, inArray, lt, notExists, type SQL, sql } from 'drizzle-orm'
import type { Transaction } from '../../platform/db/index.server'
import { productImportRows, products } from './catalog.tables.server'
import type { ImportedProduct } from './product-import.rows'
import { buildSearchDocument } from './search-document'
import { resultRows } from '../../platform/db/result-rows'

type StagedColumn = keyof typeof productImportRows.$inferInsert
type ImportedColumn = {
  column: StagedColumn & keyof typeof products.$inferSelect
  type: 'text' | 'int4'
  value: (product: ImportedProduct) => string | number | null
}

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
  { column: 'status', type: 'text', value: (product) => product.status ?? null },
]
/** The product columns an existing SKU's row replaces (sku identifies it; status is handled on its own). */
const REPLACED_COLUMNS = IMPORTED_COLUMNS.filter(({ column }) => column !== 'sku' && column !== 'status').map(({ column }) => column)

const column = (name: StagedColumn) => sql.identifier(productImportRows[name].name)
const productColumn = (name: keyof typeof products.$inferSelect) => sql.identifier(products[name].name)
const staged = (name: StagedColumn) => sql`staged.${column(name)}`

/** A slice of the job's staged rows by position: [from, to). */
const stagedRange = (importId: string, from: number, to: number) =>
  and(eq(productImportRows.importId, importId), gte(productImportRows.position, from), lt(productImportRows.position, to))

/** Stores checked rows at positions from, from + 1…, in one INSERT … SELECT FROM unnest (each column one array parameter). */
export async function stageRows(tx: Transaction, importId: string, from: number, batch: readonly ImportedProduct[]): Promise<void> {
  if (batch.length === 0) return
  const arrays = IMPORTED_COLUMNS.map(({ type, value }) => sql`${sql.param(batch.map(value))}::${sql.raw(type)}[]`)
  const names = IMPORTED_COLUMNS.map(({ column: name }) => column(name))
  const values = IMPORTED_COLUMNS.map(({ column: name }) => (name === 'attributes' ? sql`input.${column(name)}::jsonb` : sql`input.${column(name)}`))
  await tx.execute(sql`
    insert into ${productImportRows} (${column('importId')}, ${column('position')}, ${sql.join(names, sql`, `)})
    select ${importId}, ${from} + input.ordinality::int - 1, ${sql.join(values, sql`, `)}
    from unnest(${sql.join(arrays, sql`, `)}) with ordinality as input(${sql.join(names, sql`, `)}, ordinality)`)
}

/**
 * Inserts the staged rows of [from, to) whose SKU the company does not have as new products of the import (import_id set,
 * so no read shows them until the import completes); a SKU it has is left for applyStagedUpdates. Answers how many it inserted.
 */
export async function insertStagedProducts(tx: Transaction, job: { id: string; organizationId: string }, from: number, to: number, now: Date): Promise<number> {
  const names = IMPORTED_COLUMNS.map(({ column: name }) => column(name))
  const inserted = await tx.execute(sql`
    insert into ${products} (${productColumn('id')}, ${productColumn('organizationId')}, ${productColumn('importId')}, ${sql.join(names, sql`, `)}, ${productColumn('publishedAt')})
    select gen_random_uuid()::text, ${job.organizationId}, ${job.id}, ${sql.join(
      IMPORTED_COLUMNS.map(({ column: name }) => (name === 'status' ? sql`coalesce(${staged(name)}, 'draft')` : staged(name))),
      sql`, `,
    )}, case when ${staged('status')} = 'published' then ${now.toISOString()}::timestamptz end
    from ${productImportRows} as staged
    where ${staged('importId')} = ${job.id} and ${staged('position')} >= ${from} and ${staged('position')} < ${to}
    order by ${staged('position')}
    on conflict (${productColumn('organizationId')}, ${productColumn('sku')}) do nothing
    returning 1`)
  return resultRows(inserted).length
}

/** On a product the company had before: the row's details replace the product's, the status only when the row names one. */
function updateSet(now: Date): SQL {
  const stamp = sql`${now.toISOString()}::timestamptz`
  const replaced = REPLACED_COLUMNS.map((name) => sql`${column(name)} = ${staged(name)}`)
  return sql.join(
    [
      ...replaced,
      sql`${column('status')} = coalesce(${staged('status')}, ${products.status})`,
      sql`${productColumn('publishedAt')} = case when ${staged('status')} = 'published' and ${products.status} <> 'published' then ${stamp} else ${products.publishedAt} end`,
      sql`${productColumn('version')} = ${products.version} + 1`,
      sql`${productColumn('updatedAt')} = ${stamp}`,
    ],
    sql`, `,
  )
}

/** The staged rows of [from, to) that apply to a product the company had before the import (joined as `products`). */
const existingProductOf = (job: { id: string; organizationId: string }, from: number, to: number) => sql`
  ${staged('importId')} = ${job.id} and ${staged('position')} >= ${from} and ${staged('position')} < ${to}
  and ${products.organizationId} = ${job.organizationId} and ${products.sku} = ${staged('sku')}
  and ${products.importId} is distinct from ${job.id}`

/** The product columns a count of the company's products filters on (product-counts.server): a row changing one changes a count. */
const COUNTED_COLUMNS = ['nameEn', 'nameZhHans', 'nameZhHant', 'categoryId'] as const

/**
 * Applies the staged rows of [from, to) to the products the company had before the import (those the import inserted
 * already hold them), then drops those staged rows. Answers how many products it updated, and whether any of them changed
 * in a way that changes the company's product counts (status, category or a name).
 */
export async function applyStagedUpdates(
  tx: Transaction,
  job: { id: string; organizationId: string },
  from: number,
  to: number,
  now: Date,
): Promise<{ updated: number; recounted: boolean }> {
  const differs = COUNTED_COLUMNS.map((name) => sql`${staged(name)} is distinct from ${products[name]}`)
  const recounted = await tx.execute(sql`
    select 1 from ${products}, ${productImportRows} as staged
    where ${existingProductOf(job, from, to)}
      and ((${staged('status')} is not null and ${staged('status')} <> ${products.status}) or ${sql.join(differs, sql` or `)})
    limit 1`)
  const updated = await tx.execute(sql`
    update ${products} set ${updateSet(now)}
    from ${productImportRows} as staged
    where ${existingProductOf(job, from, to)}
    returning 1`)
  await tx.delete(productImportRows).where(stagedRange(job.id, from, to))
  return { updated: resultRows(updated).length, recounted: resultRows(recounted).length > 0 }
}

/** Deletes the first `limit` staged rows of a job that will not complete, and the unseen products it inserted for them. Answers how many rows went. */
export async function discardStagedRows(tx: Transaction, job: { id: string; organizationId: string }, limit: number): Promise<number> {
  const positions = tx
    .select({ position: productImportRows.position })
    .from(productImportRows)
    .where(eq(productImportRows.importId, job.id))
    .orderBy(productImportRows.position)
    .limit(limit)
  const gone = await tx
    .delete(productImportRows)
    .where(and(eq(productImportRows.importId, job.id), inArray(productImportRows.position, positions)))
    .returning({ sku: productImportRows.sku })
  if (gone.length === 0) return 0
  const skus = gone.map((row) => row.sku)
  await tx.delete(products).where(and(eq(products.organizationId, job.organizationId), eq(products.importId, job.id), inArray(products.sku, skus)))
  return gone.length
}

/** How many products the whole import publishes that are not published now: new SKUs and drafts or archived ones it publishes. */
export async function newlyPublished(tx: Transaction, job: { id: string; organizationId: string }): Promise<number> {
  const alreadyPublished = tx
    .select({ one: sql`1` })
    .from(products)
    .where(and(eq(products.organizationId, job.organizationId), eq(products.sku, productImportRows.sku), eq(products.status, 'published')))
  const [row] = await tx
    .select({ n: count() })
    .from(productImportRows)
    .where(and(eq(productImportRows.importId, job.id), eq(productImportRows.status, 'published'), notExists(alreadyPublished)))
  return row?.n ?? 0
}
