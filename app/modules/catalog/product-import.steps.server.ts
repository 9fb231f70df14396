import { and, eq, exists, getTableName, ne, sql } from 'drizzle-orm'
import { hasSqlState } from '../../platform/db/database-errors.server'
import { database, type Transaction } from '../../platform/db/index.server'
import { leaveOutOfPgliteUpkeep } from '../../platform/db/pglite-upkeep.server'
import { logger } from '../../platform/logger.server'
import { lockCompany } from '../companies/index.server'
import type { ImportJobPhase } from './catalog.constants'
import { importJobs, productImportRows } from './catalog.tables.server'
import { productCountsChanged } from './product-counts.server'
import { applyStagedUpdates, discardStagedRows, insertStagedProducts, newlyPublished, stageRows } from './product-import.batches.server'
import { enforcePublishedLimit } from './product-usage.server'
import type { ImportRowError } from './product-import.inputs'
import type { ImportedProduct } from './product-import.rows'
import { importsChanged } from './product-visibility.server'
import { afterMarketplaceWrite } from './search.service.server'

// Read only by its primary key and emptied by releaseStaging: vacuuming or analysing it on PGlite would stop requests for a second.
leaveOutOfPgliteUpkeep(getTableName(productImportRows))

export type ImportJobRow = typeof importJobs.$inferSelect
/**
 * What one step did: the phase it worked in, how many rows, whether the job is over (completed, failed or gone), and whether
 * it waits for an older import of its company to finish (imports of one company write its products one after the other); `phaseEnded`
 * when the batch was its phase's last, `recounted` when the company's product counts changed.
 */
export type ImportStep = { phase: ImportJobPhase; rows: number; done: boolean; waiting?: boolean; recounted?: boolean; phaseEnded?: boolean }

const PHASE_ORDER: readonly ImportJobPhase[] = ['stage', 'insert', 'update']

/** Progress as shown (processed of total rows): inserting is the first half of the work, applying updates the second. */
const processedRows = (phase: ImportJobPhase, cursor: number, total: number) =>
  phase === 'stage' ? 0 : Math.floor((phase === 'insert' ? cursor : total + cursor) / 2)

/** The job row, locked for this transaction, while it is running: one step of a job at a time, whoever runs it. */
async function lockRunningJob(tx: Transaction, jobId: string): Promise<ImportJobRow | undefined> {
  const [job] = await tx
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'running')))
    .for('update')
  return job
}

/** Whether an import of the company started before this one is still running (on any server). */
async function olderImportRunning(tx: Transaction, job: ImportJobRow): Promise<boolean> {
  const [older] = await tx
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(
      and(
        eq(importJobs.organizationId, job.organizationId),
        eq(importJobs.status, 'running'),
        ne(importJobs.id, job.id),
        sql`(${importJobs.createdAt}, ${importJobs.id}) < (select created_at, id from ${importJobs} as self where self.id = ${job.id})`,
      ),
    )
    .limit(1)
  return older !== undefined
}

/** Moves the job past a batch of `rows` rows in its phase; past the last row, on to the next phase or, after the last, completed. */
async function moveCursor(tx: Transaction, job: ImportJobRow, rows: number, counts: { created?: number; updated?: number } = {}): Promise<boolean> {
  const cursor = job.cursor + rows
  const phaseDone = cursor >= job.totalRows
  const next = PHASE_ORDER[PHASE_ORDER.indexOf(job.phase) + 1]
  const now = new Date()
  const createdCount = job.createdCount + (counts.created ?? 0)
  const updatedCount = job.updatedCount + (counts.updated ?? 0)
  if (phaseDone && !next) {
    // The one statement that shows the import's new products: visibleProduct reads the job's status.
    await tx
      .update(importJobs)
      .set({ status: 'completed', cursor, processedRows: job.totalRows, createdCount, updatedCount, finishedAt: now, updatedAt: now })
      .where(eq(importJobs.id, job.id))
    return true
  }
  const phase = phaseDone && next ? next : job.phase
  const nextCursor = phaseDone ? 0 : cursor
  await tx
    .update(importJobs)
    .set({ phase, cursor: nextCursor, processedRows: processedRows(phase, nextCursor, job.totalRows), createdCount, updatedCount, updatedAt: now })
    .where(eq(importJobs.id, job.id))
  return false
}

/**
 * Does the next batch of a running job in one transaction with the move of its cursor: staging up to `batchSize` of its checked
 * rows, inserting them unseen as new products, or applying them to the products the company had. A crash loses at most the batch
 * in flight; the next call resumes at the cursor. `rows` answers the job's checked rows (only staging asks for them).
 */
export async function advanceImport(jobId: string, batchSize: number, rows: () => Promise<readonly ImportedProduct[]>): Promise<ImportStep> {
  const [peek] = await database()
    .select({ phase: importJobs.phase, status: importJobs.status, organizationId: importJobs.organizationId })
    .from(importJobs)
    .where(eq(importJobs.id, jobId))
  if (!peek || peek.status !== 'running') return { phase: peek?.phase ?? 'stage', rows: 0, done: true }
  // Loaded before the transaction: reading and checking the file must not hold the connection.
  const checked = peek.phase === 'stage' ? await rows() : []
  const write = database().transaction(async (tx): Promise<ImportStep> => {
    const job = await lockRunningJob(tx, jobId)
    if (!job) return { phase: peek.phase, rows: 0, done: true }
    // Another runner moved the job on while the rows were read: the next call takes it from there.
    if (job.phase !== peek.phase) return { phase: job.phase, rows: 0, done: false }
    const to = Math.min(job.cursor + batchSize, job.totalRows)
    const rowsDone = Math.max(to - job.cursor, 0)
    if (job.phase === 'stage') {
      if (checked.length !== job.totalRows) throw new Error(`import ${job.id} has ${checked.length} checked rows, expected ${job.totalRows}`)
      await stageRows(tx, job.id, job.cursor, checked.slice(job.cursor, to))
      return { phase: job.phase, rows: rowsDone, done: await moveCursor(tx, job, rowsDone), phaseEnded: to >= job.totalRows }
    }
    if (await olderImportRunning(tx, job)) return { phase: job.phase, rows: 0, done: false, waiting: true }
    // The lock product saves take, so a batch and a concurrent save cannot race on a SKU.
    await lockCompany(tx, job.organizationId)
    const now = new Date()
    if (job.phase === 'insert') {
      // Before any of the import's products can show: would the ones it publishes pass the plan's limit? (402, the job fails.)
      if (job.cursor === 0) await enforcePublishedLimit(tx, job.organizationId, await newlyPublished(tx, job))
      const created = await insertStagedProducts(tx, job, job.cursor, to, now)
      return { phase: job.phase, rows: rowsDone, done: await moveCursor(tx, job, rowsDone, { created }), phaseEnded: to >= job.totalRows }
    }
    const { updated, recounted } = await applyStagedUpdates(tx, job, job.cursor, to, now)
    const done = await moveCursor(tx, job, rowsDone, { updated })
    return { phase: job.phase, rows: rowsDone, done, recounted: recounted || done, phaseEnded: to >= job.totalRows }
  })
  if (peek.phase === 'stage') return write
  // Searches cached before an applied batch or the completion would show the catalogue as it was; the company's product
  // counts change when its new products appear (completion) or an update changed what they filter on.
  const step = await afterMarketplaceWrite(write)
  // A completed import's products are seen from now on: reads of its company stop using the form that leaves them out.
  if (step.done) importsChanged()
  if (step.recounted) productCountsChanged(peek.organizationId)
  return step
}

/**
 * Marks a running job failed with a productImport message key as its reason (and the rows' errors, when that is why). Its unseen
 * products stay unseen (visibleProduct); discardImport then deletes them. Answers whether the job was running.
 */
export async function failImport(jobId: string, reason: string, errors: ImportRowError[] = [], errorCount = errors.length): Promise<boolean> {
  const failed = await database()
    .update(importJobs)
    .set({ status: 'failed', failureReason: reason, ...(errorCount > 0 ? { errors, errorCount } : {}), finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'running')))
    .returning({ id: importJobs.id })
  return failed.length > 0
}

/** Deletes up to `batchSize` staged rows of a failed job with the unseen products it inserted for them; answers how many went (0: nothing is left). */
export async function discardImport(jobId: string, batchSize: number): Promise<number> {
  return database().transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'failed')))
      .for('update')
    return job ? discardStagedRows(tx, job, batchSize) : 0
  })
}

/** Failed jobs that still have staged rows (a restart stopped their discard), oldest first. */
export async function undiscardedImports(): Promise<Array<{ id: string; organizationId: string }>> {
  return database()
    .select({ id: importJobs.id, organizationId: importJobs.organizationId })
    .from(importJobs)
    .where(
      and(
        eq(importJobs.status, 'failed'),
        exists(
          database()
            .select({ one: sql`1` })
            .from(productImportRows)
            .where(eq(productImportRows.importId, importJobs.id)),
        ),
      ),
    )
    .orderBy(importJobs.createdAt)
}

/**
 * Empties the staging table once no import has rows staged in it: an import deletes every row it staged, and on PGlite
 * (no autovacuum) 120,000 deleted rows would otherwise stay in the file until the next vacuum, which takes a second.
 * Skipped while anyone else uses the table (NOWAIT); never fails (the rows are gone either way).
 */
export async function releaseStaging(): Promise<boolean> {
  try {
    return await database().transaction(async (tx) => {
      await tx.execute(sql`lock table ${productImportRows} in access exclusive mode nowait`)
      const [left] = await tx
        .select({ one: sql`1` })
        .from(productImportRows)
        .limit(1)
      if (left) return false
      await tx.execute(sql`truncate ${productImportRows}`)
      return true
    })
  } catch (error) {
    // lock_not_available: another import or discard is using the table now; the next one to finish empties it.
    if (!hasSqlState(error, '55P03')) logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'could not empty the import staging table')
    return false
  }
}
