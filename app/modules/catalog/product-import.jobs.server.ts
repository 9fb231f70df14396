import { setImmediate, setTimeout as sleep } from 'node:timers/promises'
import { and, eq, inArray, sql } from 'drizzle-orm'
import * as z from 'zod'
import type { ServiceContext } from '../../platform/actor'
import { database, databaseHandle } from '../../platform/db/index.server'
import { isAppError } from '../../platform/errors'
import { defineJob, sendJob } from '../../platform/jobs/index.server'
import { logger } from '../../platform/logger.server'
import { timeSlicer } from '../../platform/time-slice.server'
import { importJobs, productImportRows } from './catalog.tables.server'
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
const IMPORT_RETRY = { limit: 5, delaySeconds: 30, maxDelaySeconds: 10 * 60 }

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

/** Why an import cannot go on: a productImport message key, with the rows' errors when that is why. */
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

/** The attempt lost its claim (the queue stopped, or timed out or missed heartbeats): another attempt takes the import on. */
class ImportInterrupted extends Error {}

/**
 * A step failed. A refusal (invalid rows, file gone) fails the import for good and discards what it wrote. Anything else is
 * retried by the queue; before the update phase the last attempt fails the import, once updates are being applied it only
 * goes forward (the import stays running for the queue's "Retry now" or the next worker start).
 */
async function handleFailure(importId: string, error: unknown, lastAttempt: boolean): Promise<void> {
  if (error instanceof ImportInterrupted) throw error
  const [job] = await database().select({ phase: importJobs.phase }).from(importJobs).where(eq(importJobs.id, importId))
  const refused =
    error instanceof ImportRefused
      ? error
      : isAppError(error) && error.code === 'not_found'
        ? new ImportRefused('failure.fileMissing')
        : isAppError(error) && error.code === 'plan_limit_reached'
          ? new ImportRefused('failure.planLimit')
          : undefined
  if (!refused) {
    logger().error(
      { err: error instanceof Error ? error.message : String(error), jobId: importId, phase: job?.phase, lastAttempt },
      'product import step failed',
    )
    if (job?.phase === 'update' || !lastAttempt) throw error
  }
  if (await failImport(importId, refused?.reason ?? 'failure.unexpected', refused?.errors, refused?.errorCount)) await discardInBatches(importId)
}

/** Runs an import's steps from its recorded phase and cursor until it is over, resting between batches. */
async function runImport(importId: string, signal: AbortSignal): Promise<void> {
  let rows: readonly ImportedProduct[] | undefined
  const loadRows = async () => (rows ??= await recheckRows(importId))
  let size = FIRST_BATCH_SIZE
  for (;;) {
    if (signal.aborted) throw new ImportInterrupted(`import ${importId} interrupted`)
    const started = performance.now()
    const step = await advanceImport(importId, size, loadRows)
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
      { jobId: importId, phase: step.phase, rows: step.rows, ms: Math.round(elapsed), restedMs: Math.round(performance.now() - resting) },
      'product import batch',
    )
  }
}

/** One attempt: a running import goes on from its last committed batch (re-reading its file only while staging); a failed one finishes its discard. */
async function attemptImport(importId: string, { signal, retryCount }: { signal: AbortSignal; retryCount: number }): Promise<void> {
  const [job] = await database().select({ status: importJobs.status }).from(importJobs).where(eq(importJobs.id, importId))
  if (job?.status === 'failed') return discardInBatches(importId)
  if (job?.status !== 'running') return
  try {
    await runImport(importId, signal)
  } catch (error) {
    await handleFailure(importId, error, retryCount >= IMPORT_RETRY.limit)
  }
}

/**
 * An import runs as a job of its own (ADR 034): one at a time per import (its id is the singleton key), retried with back-off,
 * and taken up by another worker within a minute or two when its server dies (the heartbeat stops). Every batch commits with the
 * import's phase and cursor (ADR 019), so a new attempt continues where the last one stopped and no row is applied twice.
 */
export const productImportJob = defineJob({
  name: 'catalog.product-import',
  titleKey: 'names.productImport',
  payload: z.object({ importId: z.string().min(1) }),
  singletonKey: ({ importId }) => importId,
  retry: IMPORT_RETRY,
  heartbeatSeconds: 30,
  // A bound, not a pace: 200,000 rows take minutes; the heartbeat is what notices a dead server.
  timeoutSeconds: 6 * 60 * 60,
  // Each import its own fetch: one long import must not hold back another company's (two: on PGlite more would only share its one connection).
  concurrency: 2,
  handle: ({ importId }, context) => attemptImport(importId, context),
})

/** Queues a started import's run; a worker on any instance takes it (null: it is already queued or running). */
export function enqueueImport(importId: string): Promise<string | null> {
  return sendJob(productImportJob, { importId })
}

/**
 * At a worker's start: imports left running or with a discard cut short that have no job queued or running (started before
 * imports ran on the queue, or whose job failed for good while applying updates) are queued again. Answers their ids.
 */
export async function queueStrandedImports(): Promise<string[]> {
  const running = await database().select({ id: importJobs.id }).from(importJobs).where(eq(importJobs.status, 'running')).orderBy(importJobs.createdAt)
  const queued: string[] = []
  for (const { id } of [...running, ...(await undiscardedImports())]) if (await enqueueImport(id)) queued.push(id)
  return queued
}

/** Waits until an import is over: completed, or failed with its discard done (tests and the benchmark wait on it). */
export async function importSettled(importId: string, { timeoutMs = 60_000, pollMs = 100 } = {}): Promise<ImportJobRow> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const [job] = await database()
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.id, importId), inArray(importJobs.status, ['completed', 'failed'])))
    const staged = job
      ? await database()
          .select({ one: sql`1` })
          .from(productImportRows)
          .where(eq(productImportRows.importId, importId))
          .limit(1)
      : []
    if (job && staged.length === 0) return job
    if (performance.now() > deadline) throw new Error(`import ${importId} did not settle within ${timeoutMs} ms`)
    await sleep(pollMs)
  }
}
