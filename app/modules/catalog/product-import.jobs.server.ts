import { setImmediate, setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, databaseHandle } from '../../platform/db/index.server'
import { isAppError } from '../../platform/errors'
import { logger } from '../../platform/logger.server'
import { timeSlicer } from '../../platform/time-slice.server'
import { importJobs } from './catalog.tables.server'
import type { ImportRowError } from './product-import.inputs'
import { type ImportedProduct, validateRows } from './product-import.rows'
import { loadImportReferences, loadSheet } from './product-import.sheet.server'
import { advanceImport, discardImport, failImport, type ImportJobRow, releaseStaging, undiscardedImports } from './product-import.steps.server'

export type { ImportJobRow } from './product-import.steps.server'

/** How long one batch should hold the database: on PGlite every request waits for the batch in flight. */
const TARGET_BATCH_MS = 50
export const FIRST_BATCH_SIZE = 500
const MIN_BATCH_SIZE = 50
const MAX_BATCH_SIZE = 5000
/** On PGlite the import rests this share of each batch's time (as long as the batch), so it holds at most about half of the connection's time. */
const PGLITE_REST_RATIO = 1
/** A probe query answered this fast found no request queued for PGlite's connection. */
const IDLE_PROBE_MS = 15
const PROBE_PAUSE_MS = 5
/** The longest the import gives way to requests after a batch, so a steady stream of them cannot stop it altogether. */
const MAX_GIVE_WAY_MS = 2000
const WAIT_FOR_OLDER_IMPORT_MS = 500

const runs = new Map<string, Promise<void>>()

/** The next batch's size: the one that would have taken TARGET_BATCH_MS, moving at most ×2 or ÷2 at a time. */
export function nextBatchSize(size: number, elapsedMs: number): number {
  const ideal = (size * TARGET_BATCH_MS) / Math.max(elapsedMs, 1)
  return Math.round(Math.min(MAX_BATCH_SIZE, Math.max(MIN_BATCH_SIZE, size / 2, Math.min(ideal, size * 2))))
}

/**
 * Lets requests use the database between batches. PostgreSQL has a pool: a turn of the event loop is enough. PGlite has one
 * connection: rest a while, then give way until requests stop queueing for it (its queue is first come, first served, so a
 * probe query comes back quickly only when nothing waited before it).
 */
async function yieldToRequests(elapsedMs: number): Promise<void> {
  const handle = databaseHandle()
  if (handle.kind !== 'pglite') return void (await setImmediate())
  await sleep(Math.ceil(elapsedMs * PGLITE_REST_RATIO))
  const deadline = performance.now() + MAX_GIVE_WAY_MS
  while (performance.now() < deadline) {
    const probed = performance.now()
    await handle.ping()
    if (performance.now() - probed < IDLE_PROBE_MS) return
    await sleep(PROBE_PAUSE_MS)
  }
}

/** A job runs on behalf of the admin who started it (also after a restart, when no request is there). */
function jobContext(job: ImportJobRow): ServiceContext {
  return {
    actor: {
      userId: job.createdBy ?? '',
      sessionId: `import-job:${job.id}`,
      companyId: job.organizationId,
      memberRole: 'admin',
      platformRole: 'user',
      companyKind: null,
      contactVerified: true,
      aal: 'aal1',
    },
    locale: 'en',
    requestId: `import-job:${job.id}`,
  }
}

/** Why a job cannot go on: a productImport message key, with the rows' errors when that is why. */
class ImportRefused extends Error {
  constructor(
    readonly reason: string,
    readonly errors: ImportRowError[] = [],
    readonly errorCount = errors.length,
  ) {
    super(reason)
  }
}

/** The job's rows, checked again from its file: after a restart, categories or HS codes may have changed since it was started. */
async function recheckRows(jobId: string): Promise<ImportedProduct[]> {
  const [job] = await database().select().from(importJobs).where(eq(importJobs.id, jobId))
  if (!job?.fileId) throw new ImportRefused('failure.fileMissing')
  const sheet = await loadSheet(jobContext(job), job.fileId)
  const checked = await validateRows(sheet.headers, sheet.rows, job.mapping, await loadImportReferences(job.organizationId), timeSlicer())
  if (checked.errorCount > 0) throw new ImportRefused('failure.invalidRows', checked.errors, checked.errorCount)
  return checked.products
}

/** Deletes what a failed job staged and the unseen products it inserted, a batch at a time. */
async function discardInBatches(jobId: string): Promise<void> {
  let size = FIRST_BATCH_SIZE
  for (;;) {
    const started = performance.now()
    if ((await discardImport(jobId, size)) === 0) return void (await releaseStaging())
    const elapsed = performance.now() - started
    size = nextBatchSize(size, elapsed)
    await yieldToRequests(elapsed)
  }
}

/** A step failed: before the update phase the job fails and leaves nothing behind; once updates are being applied it goes forward at the next start. */
async function handleFailure(jobId: string, error: unknown): Promise<void> {
  const [job] = await database().select({ phase: importJobs.phase }).from(importJobs).where(eq(importJobs.id, jobId))
  const refused =
    error instanceof ImportRefused ? error : isAppError(error) && error.code === 'not_found' ? new ImportRefused('failure.fileMissing') : undefined
  if (!refused) logger().error({ err: error instanceof Error ? error.message : String(error), jobId, phase: job?.phase }, 'product import step failed')
  if (job?.phase === 'update' && !refused) return
  if (await failImport(jobId, refused?.reason ?? 'failure.unexpected', refused?.errors, refused?.errorCount)) await discardInBatches(jobId)
}

/** Runs a job's steps until it is over, resting between batches; `checked` are the rows startImport has just checked, if any. */
async function runImport(jobId: string, checked?: readonly ImportedProduct[]): Promise<void> {
  let rows = checked
  const loadRows = async () => (rows ??= await recheckRows(jobId))
  let size = FIRST_BATCH_SIZE
  try {
    for (;;) {
      const started = performance.now()
      const step = await advanceImport(jobId, size, loadRows)
      if (step.done) return void (await releaseStaging())
      if (step.waiting) {
        await sleep(WAIT_FOR_OLDER_IMPORT_MS)
        continue
      }
      const elapsed = performance.now() - started
      // A new phase costs differently per row: it starts again from the first size.
      size = step.phaseEnded ? FIRST_BATCH_SIZE : nextBatchSize(size, elapsed)
      const resting = performance.now()
      await yieldToRequests(elapsed)
      logger().debug(
        { jobId, phase: step.phase, rows: step.rows, ms: Math.round(elapsed), restedMs: Math.round(performance.now() - resting) },
        'product import batch',
      )
    }
  } catch (error) {
    await handleFailure(jobId, error)
  }
}

/**
 * Runs a job in the background (once per process), with the rows its start has checked when there are any;
 * the promise settles when it has completed or failed.
 */
export function enqueueImport(jobId: string, checked?: readonly ImportedProduct[]): Promise<void> {
  const running = runs.get(jobId)
  if (running) return running
  const run = runImport(jobId, checked)
    .catch((error: unknown) => logger().error({ err: error instanceof Error ? error.message : String(error), jobId }, 'product import could not be recorded'))
    .finally(() => runs.delete(jobId))
  runs.set(jobId, run)
  return run
}

/** The background run of a job in this process, if any (tests and the benchmark wait on it). */
export const importRun = (jobId: string): Promise<void> | undefined => runs.get(jobId)

/**
 * At start: jobs a stopped server left running go on from their last committed batch (re-reading their file only while still
 * staging), and failed jobs whose discard was cut short finish it. Answers the ids of the jobs resumed.
 */
export async function resumeImports(): Promise<string[]> {
  const stranded = await database().select({ id: importJobs.id }).from(importJobs).where(eq(importJobs.status, 'running')).orderBy(importJobs.createdAt)
  for (const { id } of stranded) void enqueueImport(id)
  for (const { id } of await undiscardedImports())
    void discardInBatches(id).catch((error: unknown) =>
      logger().error({ err: error instanceof Error ? error.message : String(error), jobId: id }, 'product import discard failed'),
    )
  return stranded.map(({ id }) => id)
}
