import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createMember } from '../../../db/factories/companies'
import { defineJob } from '../jobs/job-definition'
import { jobConnection } from '../jobs/index.server'
import { JobSystem } from '../jobs/job-system.server'
import { databaseHandle } from './index.server'
import { leaveOutOfPgliteUpkeep, pgliteUpkeep, tablesNeedingUpkeep } from './pglite-upkeep.server'

type Row = Record<string, unknown>
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows)

async function deadRows(table: string): Promise<number> {
  await databaseHandle().db.execute(sql`select pg_stat_force_next_flush()`)
  await databaseHandle().db.execute(sql`select 1`)
  const [row] = rowsOf(await databaseHandle().db.execute(sql`select n_dead_tup from pg_stat_user_tables where relname = ${table}`))
  return Number(row?.n_dead_tup ?? 0)
}

describe('embedded database upkeep (issue 15: PGlite runs no autovacuum)', () => {
  it('vacuums and analyses a table that updates filled with dead rows, on PGlite only', async () => {
    const { company } = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
    const db = databaseHandle().db
    await db.execute(sql`insert into products (id, organization_id, sku, name_en, category_id, origin_country, unit)
      select ${randomUUID()} || '-' || g, ${company.id}, 'UPKEEP-' || g, 'Lamp ' || g, 'lighting', 'CN', 'piece' from generate_series(1, 500) g`)
    await db.execute(sql`update products set moq = moq + 1 where organization_id = ${company.id}`)
    if (databaseHandle().kind !== 'pglite') {
      // PostgreSQL's own autovacuum does this work.
      expect(await pgliteUpkeep()).toEqual([])
      return
    }
    expect(await deadRows('products')).toBeGreaterThanOrEqual(500)
    expect(await tablesNeedingUpkeep()).toContainEqual({ table: 'products', vacuum: true })
    expect(await pgliteUpkeep()).toContainEqual({ table: 'products', vacuum: true })
    expect(await deadRows('products')).toBe(0)
    expect((await tablesNeedingUpkeep()).map((need) => need.table)).not.toContain('products')
    // Analysed at statistics target 30, not PostgreSQL's 100: a histogram of at most 31 bounds over 500 distinct SKUs.
    const [sku] = rowsOf(
      await db.execute(sql`select array_length(histogram_bounds::text::text[], 1) as bounds from pg_stats where tablename = 'products' and attname = 'sku'`),
    )
    expect(Number(sku?.bounds)).toBeGreaterThan(1)
    expect(Number(sku?.bounds)).toBeLessThanOrEqual(31)
  })

  it('leaves alone a scratch table its module empties itself (the import staging table), however many dead rows it holds', async () => {
    if (databaseHandle().kind !== 'pglite') return
    const db = databaseHandle().db
    await db.execute(sql`create table upkeep_scratch (id integer primary key, payload text not null)`)
    await db.execute(sql`insert into upkeep_scratch select g, repeat('x', 200) from generate_series(1, 400) g`)
    await db.execute(sql`delete from upkeep_scratch where id > 10`)
    expect((await tablesNeedingUpkeep()).map((need) => need.table)).toContain('upkeep_scratch')
    leaveOutOfPgliteUpkeep('upkeep_scratch')
    expect((await tablesNeedingUpkeep()).map((need) => need.table)).not.toContain('upkeep_scratch')
    expect((await pgliteUpkeep()).map((need) => need.table)).not.toContain('upkeep_scratch')
    expect(await deadRows('upkeep_scratch')).toBeGreaterThanOrEqual(390)
  })

  it('vacuums the job queue tables too, which finished and deleted jobs fill with dead rows', async () => {
    if (databaseHandle().kind !== 'pglite') return
    const noted = defineJob({ name: 'test.upkeep', payload: z.object({ n: z.number() }), retry: { limit: 0, delaySeconds: 1 }, handle: async () => {} })
    const queue = new JobSystem({ connection: jobConnection(), worker: false, onError: () => {} })
    await queue.start([noted])
    try {
      for (let n = 0; n < 300; n += 1) await queue.send(noted, { n })
    } finally {
      await queue.stop()
    }
    await databaseHandle().db.execute(sql`delete from pgboss.job where name = 'test.upkeep'`)
    const queueTables = async () => (await tablesNeedingUpkeep()).filter((need) => need.table.startsWith('pgboss.'))

    expect(await queueTables()).toContainEqual({ table: expect.stringMatching(/^pgboss\./), vacuum: true })
    await pgliteUpkeep()
    expect(await queueTables()).toEqual([])
  })
})
