import { and, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { isAppError } from '../../platform/errors'
import { logger } from '../../platform/logger.server'
import { organizations } from '../companies/index.server'
import { importJobs } from './catalog.tables.server'
import type { ImportRowError } from './product-import.inputs'
import { type ImportedProduct, validateRows, type ValidatedRows } from './product-import.rows'
import { loadImportReferences, loadSheet } from './product-import.sheet.server'
import { IMPORT_BATCH_SIZE, upsertImportedProducts } from './product-import.upsert.server'
import { afterMarketplaceWrite } from './search.service.server'

export type ImportJobRow = typeof importJobs.$inferSelect
export type ImportProgress = { companyId: string; processed: number; total: number }

/** Progress of the jobs this process is applying; kept in memory because the job row only changes when the transaction commits. */
const live = new Map<string, ImportProgress>()
const runs = new Map<string, Promise<void>>()

export const importProgress = (jobId: string): ImportProgress | undefined => live.get(jobId)

/** A job runs on behalf of the admin who started it (also after a restart, when no request is there). */
function jobContext(job: ImportJobRow): ServiceContext {
  return {
    actor: { userId: job.createdBy ?? '', sessionId: `import-job:${job.id}`, companyId: job.organizationId, memberRole: 'admin', platformRole: 'user', companyKind: null, contactVerified: true, aal: 'aal1' },
    locale: 'en',
    requestId: `import-job:${job.id}`,
  }
}

/**
 * Applies a running job's products in ONE transaction, the job row's completion included: after a crash
 * or a failure nothing of it is committed. The job row is locked first, so a job is applied at most once.
 */
export async function applyImport(job: ImportJobRow, items: ImportedProduct[], batchSize = IMPORT_BATCH_SIZE): Promise<boolean> {
  const companyId = job.organizationId
  const progress: ImportProgress = { companyId, processed: 0, total: items.length }
  live.set(job.id, progress)
  try {
    return await afterMarketplaceWrite(database().transaction(async (tx) => {
      const [claimed] = await tx
        .select({ id: importJobs.id })
        .from(importJobs)
        .where(and(eq(importJobs.id, job.id), eq(importJobs.status, 'running')))
        .for('update')
      if (!claimed) return false
      // The same lock product saves take, so an import and a concurrent save cannot race on a SKU.
      await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, companyId)).for('no key update')
      const now = new Date()
      const counts = { created: 0, updated: 0 }
      for (let start = 0; start < items.length; start += batchSize) {
        const batch = items.slice(start, start + batchSize)
        // A row that names no status keeps an existing product's: those rows need their own statement.
        for (const withStatus of [true, false]) {
          const done = await upsertImportedProducts(tx, companyId, batch.filter((item) => (item.status !== undefined) === withStatus), withStatus, now)
          counts.created += done.created
          counts.updated += done.updated
        }
        progress.processed = Math.min(items.length, start + batch.length)
      }
      await tx
        .update(importJobs)
        .set({ status: 'completed', processedRows: items.length, createdCount: counts.created, updatedCount: counts.updated, errorCount: 0, errors: [], failureReason: null, finishedAt: new Date(), updatedAt: new Date() })
        .where(eq(importJobs.id, job.id))
      return true
    }))
  } finally {
    live.delete(job.id)
  }
}

/** Marks a running job failed with a productImport message key as its reason (and the rows' errors, when that is why). */
export async function failImport(jobId: string, reason: string, errors: ImportRowError[] = [], errorCount = errors.length): Promise<void> {
  await database()
    .update(importJobs)
    .set({ status: 'failed', failureReason: reason, ...(errorCount > 0 ? { errors, errorCount } : {}), finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'running')))
}

/** The job's rows, checked again from its file: on a resume categories or HS codes may have changed since it was started. */
async function recheckRows(job: ImportJobRow, fileId: string): Promise<ValidatedRows> {
  const sheet = await loadSheet(jobContext(job), fileId)
  return validateRows(sheet.headers, sheet.rows, job.mapping, await loadImportReferences(job.organizationId))
}

/** Applies a running job: the rows startImport has just checked, or (after a restart) its file checked again. */
async function runImport(jobId: string, checkedProducts?: ImportedProduct[]): Promise<void> {
  const [job] = await database().select().from(importJobs).where(eq(importJobs.id, jobId))
  if (!job || job.status !== 'running') return
  const { fileId } = job
  if (!fileId) return failImport(job.id, 'failure.fileMissing')
  try {
    let items = checkedProducts
    if (!items) {
      const checked = await recheckRows(job, fileId)
      if (checked.errorCount > 0) return await failImport(job.id, 'failure.invalidRows', checked.errors, checked.errorCount)
      items = checked.products
    }
    await applyImport(job, items)
  } catch (error) {
    const fileGone = isAppError(error) && error.code === 'not_found'
    if (!fileGone) logger().error({ err: error instanceof Error ? error.message : String(error), jobId }, 'product import failed')
    await failImport(job.id, fileGone ? 'failure.fileMissing' : 'failure.unexpected')
  }
}

/**
 * Runs a job in the background (once per process), with the products its start has checked when there are any;
 * the promise settles when it has completed or failed.
 */
export function enqueueImport(jobId: string, checkedProducts?: ImportedProduct[]): Promise<void> {
  const running = runs.get(jobId)
  if (running) return running
  const run = runImport(jobId, checkedProducts)
    .catch((error: unknown) => logger().error({ err: error instanceof Error ? error.message : String(error), jobId }, 'product import could not be recorded'))
    .finally(() => runs.delete(jobId))
  runs.set(jobId, run)
  return run
}

/** The background run of a job in this process, if any (tests and the benchmark wait on it). */
export const importRun = (jobId: string): Promise<void> | undefined => runs.get(jobId)

/**
 * At start: jobs left running by a stopped server committed nothing (their transaction died with it), so
 * they run again from their stored file, or fail with failure.fileMissing when it is gone. Answers their ids.
 */
export async function resumeImports(): Promise<string[]> {
  const stranded = await database().select({ id: importJobs.id }).from(importJobs).where(eq(importJobs.status, 'running'))
  for (const { id } of stranded) void enqueueImport(id)
  return stranded.map(({ id }) => id)
}
