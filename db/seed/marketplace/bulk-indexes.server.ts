import postgres from 'postgres'

/** Tables whose secondary indexes a bulk load drops and rebuilds (one build beats a million index updates). */
const BULK_TABLES = ['products', 'product_search', 'price_list_lines', 'product_images']

/**
 * Runs `load` on PostgreSQL with the secondary indexes of the product tables dropped, then rebuilds them exactly as
 * they were defined (even when the load fails). Primary keys and unique constraints stay.
 */
export async function withoutProductIndexes<T>(url: string, load: () => Promise<T>, log: (line: string) => void = () => {}): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const indexes = await sql<Array<{ name: string; definition: string }>>`
      select i.indexname as name, i.indexdef as definition
      from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in ${sql(BULK_TABLES)}
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
        and i.indexdef not like 'CREATE UNIQUE%'`
    for (const index of indexes) await sql.unsafe(`drop index if exists "${index.name}"`)
    try {
      return await load()
    } finally {
      log(`rebuilding ${indexes.length} indexes…`)
      await sql.unsafe(`set maintenance_work_mem = '1GB'`)
      for (const index of indexes) await sql.unsafe(index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '))
      await sql.unsafe('analyze products, product_search, price_list_lines, product_images')
    }
  } finally {
    await sql.end({ timeout: 5 })
  }
}
