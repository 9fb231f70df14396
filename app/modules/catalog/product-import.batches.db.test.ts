import { setTimeout as sleep } from 'node:timers/promises'
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { supplierOwnerContext } from '../../../db/factories/companies'
import { createProduct } from '../../../db/factories/products'
import { withTemporaryFileStorage } from '../../../tests/support/file-storage'
import { withJobs } from '../../../tests/support/jobs'
import type { ServiceContext } from '../../platform/actor'
import { database, databaseHandle } from '../../platform/db/index.server'
import { files } from '../kernel/kernel.tables.server'
import { importJobs, productImportRows, products } from './catalog.tables.server'
import { exportProducts } from './product-export.service.server'
import { importSettled, productImportJob, queueStrandedImports } from './product-import.jobs.server'
import { validateRows } from './product-import.rows'
import { importsChanged, visibleProductOf } from './product-visibility.server'
import { getImport, startImport, uploadImport } from './product-import.service.server'
import { loadImportReferences, loadSheet } from './product-import.sheet.server'
import { advanceImport, discardImport, failImport, releaseStaging } from './product-import.steps.server'
import { listProducts } from './product.service.server'
import { searchProducts } from './search.service.server'
import { getSupplierProfile } from './supplier-directory.service.server'

type SupplierContext = ServiceContext & { actor: { companyId: string } }

const encode = (text: string) => new TextEncoder().encode(text)
const HEADER = 'sku,name_en,category,origin_country,unit,moq,status'
/** A CSV of the given rows: [sku, name, moq, status]. */
const csv = (rows: Array<[string, string, number, string]>) =>
  encode(`${HEADER}\n${rows.map(([sku, name, moq, status]) => `${sku},${name},lighting,CN,piece,${moq},${status}`).join('\n')}\n`)
/** Three products the company has before the import under test. */
const EXISTING = csv([
  ['OLD-1', 'Brass lamp', 1, 'published'],
  ['OLD-2', 'Paper lamp', 2, 'draft'],
  ['OLD-3', 'Glass lamp', 3, 'archived'],
])
/** The import under test: the three existing SKUs changed, five new ones. With batches of 2 that is 4 batches per phase. */
const IMPORT = csv([
  ['NEW-1', 'Quartz lamp', 10, 'published'],
  ['OLD-1', 'Brass lamp mark two', 11, ''],
  ['NEW-2', 'Quartz lamp small', 12, ''],
  ['OLD-2', 'Paper lamp mark two', 13, 'published'],
  ['NEW-3', 'Quartz lamp tall', 14, 'archived'],
  ['NEW-4', 'Quartz lamp wide', 15, 'published'],
  ['OLD-3', 'Glass lamp mark two', 16, ''],
  ['NEW-5', 'Quartz lamp round', 17, 'draft'],
])
const STEPS_PER_PHASE = 4
const BATCH = 2

withTemporaryFileStorage('import-batches')
withJobs([productImportJob])

const supplier = supplierOwnerContext

async function importToEnd(ctx: ServiceContext, bytes: Uint8Array) {
  const job = await uploadImport(ctx, { name: 'products.csv', bytes })
  await startImport(ctx, job.id)
  await importSettled(job.id)
  return getImport(ctx, job.id)
}

/** A supplier with the EXISTING products, and the import under test uploaded and marked running (no runner drives it: the test does). */
async function supplierWithRunningImport() {
  const ctx = await supplier()
  expect(await importToEnd(ctx, EXISTING)).toMatchObject({ status: 'completed', createdCount: 3 })
  const job = await uploadImport(ctx, { name: 'import.csv', bytes: IMPORT })
  await database().update(importJobs).set({ status: 'running' }).where(eq(importJobs.id, job.id))
  const sheet = await loadSheet(ctx, job.fileId ?? '')
  const checked = await validateRows(sheet.headers, sheet.rows, job.mapping, await loadImportReferences(ctx.actor.companyId))
  expect(checked.errorCount).toBe(0)
  return { ctx, job, step: () => advanceImport(job.id, BATCH, async () => checked.products) }
}

/** What users can see of the company's catalogue: its own list, the marketplace search, the public profile and an export. */
async function seen(ctx: SupplierContext) {
  const own = (await listProducts(ctx, { limit: 100 })).items.map((product) => `${product.sku} ${product.nameEn} ${product.moq} ${product.status}`).sort()
  const market = (await searchProducts({ q: 'lamp', locale: 'en', limit: 50 })).items
    .filter((item) => item.supplier.id === ctx.actor.companyId)
    .map((item) => item.name)
  const profile = await getSupplierProfile(ctx.actor.companyId, 'en')
  const exported =
    new TextDecoder()
      .decode((await exportProducts(ctx, { format: 'csv' })).bytes)
      .trim()
      .split('\r\n').length - 1
  return { own, market: market.sort(), profileTotal: profile?.products.total, exported }
}

/** The company's products as an import leaves them, without what differs between two runs (ids, times, the company). */
async function contentOf(companyId: string) {
  const rows = await database().select().from(products).where(eq(products.organizationId, companyId)).orderBy(asc(products.sku))
  return rows.map(({ sku, nameEn, moq, status, version, searchDocument, attributes, publishedAt }) => ({
    sku,
    nameEn,
    moq,
    status,
    version,
    searchDocument,
    attributes,
    published: publishedAt !== null,
  }))
}

const stagingFileBytes = async () => {
  const result = await database().execute(sql`select pg_relation_size('product_import_rows') as bytes`)
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ bytes: number | string }>
  return Number(rows[0]?.bytes)
}
const stagedRowsOf = async (jobId: string) =>
  (await database().select({ value: count() }).from(productImportRows).where(eq(productImportRows.importId, jobId)))[0]?.value

/** The plan of the company's own list (first page, default order), with sequential scans ruled out so the choice is between indexes. */
async function ownListPlan(companyId: string): Promise<string> {
  const page = database()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organizationId, companyId), await visibleProductOf(companyId)))
    .orderBy(desc(products.updatedAt), asc(products.id))
    .limit(20)
  return database().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    const result = await tx.execute(sql`explain ${page}`)
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ 'QUERY PLAN': string }>
    return rows.map((row) => row['QUERY PLAN']).join('\n')
  })
}

describe('product import in batches', () => {
  it('keeps the new products out of every read until the last batch commits, then shows all of them', async () => {
    const { ctx, job, step } = await supplierWithRunningImport()
    const before = await seen(ctx)
    expect(before.own).toHaveLength(3)
    expect(before.market).toEqual(['Brass lamp'])

    // Staging and inserting: nothing of the import shows, although the new products are in the table from the first insert batch on.
    for (let index = 0; index < 2 * STEPS_PER_PHASE; index++) {
      expect(await step()).toMatchObject({ done: false, phase: index < STEPS_PER_PHASE ? 'stage' : 'insert' })
      expect(await seen(ctx)).toEqual(before)
    }
    const unseen = await database()
      .select({ sku: products.sku })
      .from(products)
      .where(and(eq(products.organizationId, ctx.actor.companyId), eq(products.importId, job.id)))
    expect(unseen.map((row) => row.sku).sort()).toEqual(['NEW-1', 'NEW-2', 'NEW-3', 'NEW-4', 'NEW-5'])
    expect(await getImport(ctx, job.id)).toMatchObject({ status: 'running', phase: 'update', cursor: 0, createdCount: 5, processedRows: 4 })

    // Applying the updates: still no new product shows until the final batch, which completes the job in the same commit.
    for (let index = 0; index < STEPS_PER_PHASE - 1; index++) {
      await step()
      expect((await seen(ctx)).own.filter((line) => line.startsWith('NEW-'))).toEqual([])
    }
    expect(await step()).toMatchObject({ done: true, phase: 'update' })
    expect(await getImport(ctx, job.id)).toMatchObject({
      status: 'completed',
      createdCount: 5,
      updatedCount: 3,
      processedRows: 8,
      finishedAt: expect.any(Date),
    })
    const after = await seen(ctx)
    expect(after.own).toEqual([
      'NEW-1 Quartz lamp 10 published',
      'NEW-2 Quartz lamp small 12 draft',
      'NEW-3 Quartz lamp tall 14 archived',
      'NEW-4 Quartz lamp wide 15 published',
      'NEW-5 Quartz lamp round 17 draft',
      'OLD-1 Brass lamp mark two 11 published',
      'OLD-2 Paper lamp mark two 13 published',
      'OLD-3 Glass lamp mark two 16 archived',
    ])
    expect(after.market).toEqual(['Brass lamp mark two', 'Paper lamp mark two', 'Quartz lamp', 'Quartz lamp wide'])
    expect(after).toMatchObject({ profileTotal: 4, exported: 8 })
    expect(await stagedRowsOf(job.id)).toBe(0)
  })

  it("reads a company's lists around its first import's unseen products, from indexes that hold none of them", async () => {
    const ctx = await supplier()
    await createProduct({ companyId: ctx.actor.companyId, sku: 'OLD-1', nameEn: 'Brass lamp' })
    await createProduct({ companyId: ctx.actor.companyId, sku: 'OLD-2', nameEn: 'Paper lamp', status: 'draft' })
    const job = await uploadImport(ctx, { name: 'import.csv', bytes: IMPORT })
    await database().update(importJobs).set({ status: 'running' }).where(eq(importJobs.id, job.id))
    const sheet = await loadSheet(ctx, job.fileId ?? '')
    const checked = await validateRows(sheet.headers, sheet.rows, job.mapping, await loadImportReferences(ctx.actor.companyId))
    const step = () => advanceImport(job.id, BATCH, async () => checked.products)
    for (let index = 0; index < 2 * STEPS_PER_PHASE; index++) await step()
    expect(await getImport(ctx, job.id)).toMatchObject({ phase: 'update', createdCount: 6 })

    importsChanged()
    expect(await ownListPlan(ctx.actor.companyId)).toContain('products_organization_updated_shown_idx')
    expect((await seen(ctx)).own).toEqual(['OLD-1 Brass lamp 100 published', 'OLD-2 Paper lamp 100 draft'])
    expect((await getSupplierProfile(ctx.actor.companyId, 'en'))?.products.total).toBe(1)

    while (!(await step()).done);
    // Completed with new products: they are seen at once, and from now on the company's reads take the general form.
    expect((await seen(ctx)).own).toHaveLength(8)
    importsChanged()
    expect(await ownListPlan(ctx.actor.companyId)).not.toContain('_shown_idx')
  })

  it('empties the staging table once no import has rows staged in it (PGlite never reclaims deleted rows itself)', async () => {
    const { job, step } = await supplierWithRunningImport()
    await step()
    expect(await stagedRowsOf(job.id)).toBe(BATCH)
    expect(await releaseStaging()).toBe(false)
    while (!(await step()).done);
    expect(await stagedRowsOf(job.id)).toBe(0)
    expect(await stagingFileBytes()).toBeGreaterThan(0)
    expect(await releaseStaging()).toBe(true)
    expect(await stagingFileBytes()).toBe(0)
  })

  it('resumes after a crash at any batch without duplicates and with the result of an uninterrupted run', async () => {
    const reference = await supplier()
    expect(await importToEnd(reference, EXISTING)).toMatchObject({ status: 'completed' })
    expect(await importToEnd(reference, IMPORT)).toMatchObject({ status: 'completed', createdCount: 5, updatedCount: 3 })
    const expected = await contentOf(reference.actor.companyId)

    // A crash after batch k: k steps commit, then the process is gone; a new attempt resumes the import (re-reading its file while staging).
    for (const crashAfter of [1, STEPS_PER_PHASE, STEPS_PER_PHASE + 2, 2 * STEPS_PER_PHASE + 1, 3 * STEPS_PER_PHASE - 1]) {
      const { ctx, job, step } = await supplierWithRunningImport()
      for (let index = 0; index < crashAfter; index++) await step()
      expect(await queueStrandedImports()).toContain(job.id)
      await importSettled(job.id)
      expect(await getImport(ctx, job.id), `crash after batch ${crashAfter}`).toMatchObject({
        status: 'completed',
        createdCount: 5,
        updatedCount: 3,
        processedRows: 8,
      })
      expect(await contentOf(ctx.actor.companyId), `crash after batch ${crashAfter}`).toEqual(expected)
      expect(await stagedRowsOf(job.id)).toBe(0)
    }
  })

  it('leaves nothing a user can see when an import fails part-way, and its discard removes what it had written', async () => {
    const { ctx, job, step } = await supplierWithRunningImport()
    const before = await seen(ctx)
    const contentBefore = await contentOf(ctx.actor.companyId)
    for (let index = 0; index < STEPS_PER_PHASE + 2; index++) await step()
    expect(await stagedRowsOf(job.id)).toBe(8)

    expect(await failImport(job.id, 'failure.unexpected')).toBe(true)
    expect(await seen(ctx)).toEqual(before)
    expect(await step()).toMatchObject({ done: true })
    while ((await discardImport(job.id, BATCH)) > 0);
    expect(await stagedRowsOf(job.id)).toBe(0)
    expect(await contentOf(ctx.actor.companyId)).toEqual(contentBefore)
    expect(
      await database()
        .select({ id: products.id })
        .from(products)
        .where(isNotNull(products.importId))
        .then((rows) => rows.length),
    ).toBeGreaterThan(0)
    expect(await database().select({ id: products.id }).from(products).where(eq(products.importId, job.id))).toEqual([])
    expect(await getImport(ctx, job.id)).toMatchObject({ status: 'failed', failureReason: 'failure.unexpected' })
  })

  it('fails an import whose file is gone when a restart finds it still staging, leaving no trace', async () => {
    const { ctx, job, step } = await supplierWithRunningImport()
    const contentBefore = await contentOf(ctx.actor.companyId)
    await step()
    if (job.fileId) await database().delete(files).where(eq(files.id, job.fileId))
    expect(await queueStrandedImports()).toContain(job.id)
    await importSettled(job.id)
    expect(await getImport(ctx, job.id)).toMatchObject({ status: 'failed', failureReason: 'failure.fileMissing' })
    expect(await stagedRowsOf(job.id)).toBe(0)
    expect(await contentOf(ctx.actor.companyId)).toEqual(contentBefore)
  })

  it('answers a request made while a large import runs before the import has finished', async () => {
    const ctx = await supplier()
    const rows = Array.from({ length: 3000 }, (_unused, index): [string, string, number, string] => [
      `BULK-${index}`,
      `Bulk lamp ${index}`,
      1 + (index % 50),
      '',
    ])
    const job = await uploadImport(ctx, { name: 'bulk.csv', bytes: csv(rows) })
    await startImport(ctx, job.id)
    const run = importSettled(job.id)
    let finished = false
    void run.then(() => {
      finished = true
    })
    // Wait until a batch has committed, so the request lands between batches of a running import.
    // Polled with a pause: PGlite answers within the same turn of the event loop, so a tight loop would starve the runner's timers.
    for (let polled = await getImport(ctx, job.id); polled.status === 'running' && polled.phase === 'stage'; polled = await getImport(ctx, job.id))
      await sleep(5)
    const started = performance.now()
    const page = await listProducts(ctx, { limit: 5 })
    const waited = performance.now() - started
    expect(finished).toBe(false)
    expect(page.total).toBe(0)
    await run
    expect(await getImport(ctx, job.id)).toMatchObject({ status: 'completed', createdCount: 3000 })
    expect((await listProducts(ctx, { limit: 5 })).total).toBe(3000)
    // Reported for the record: on PGlite the request waits for at most the batch in flight.
    expect(waited).toBeLessThan(databaseHandle().kind === 'pglite' ? 5000 : 2000)
  })
})
