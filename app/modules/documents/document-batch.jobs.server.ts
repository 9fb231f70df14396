// "All documents for this shipment" (issue 20): one background job renders the PDF of every document of a record the
// company may see (its latest version; the counterparty's latest issued one) into one zip, counting as it goes so the
// page shows a progress bar; the zip waits in file storage for its download.
import { randomUUID } from 'node:crypto'
import { and, desc, eq, isNotNull, ne, or } from 'drizzle-orm'
import { ZipFile } from 'yazl'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { fileStorage } from '../../platform/files/storage.server'
import { DEFAULT_RETRY, defineJob, sendJob } from '../../platform/jobs/index.server'
import { logger } from '../../platform/logger.server'
import { z } from '../../platform/zod'
import { requireCompany } from '../companies/index'
import { readPdf } from './document-files.server'
import { paperOf, sideOf } from './document.service.server'
import type { DocumentSource } from './documents.constants'
import { documentBatches, documents, documentVersions } from './documents.tables.server'

type BatchRow = typeof documentBatches.$inferSelect

const batchKey = (batchId: string) => `documents/batches/${batchId.toLowerCase()}.zip`

/** The record's documents the company may see, oldest first (void ones left out: they are not papers to send). */
function documentsForBatch(companyId: string, sourceKind: DocumentSource, sourceId: string) {
  return database()
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.sourceKind, sourceKind),
        eq(documents.sourceId, sourceId),
        ne(documents.status, 'void'),
        or(eq(documents.organizationId, companyId), and(eq(documents.counterpartyCompanyId, companyId), isNotNull(documents.firstIssuedAt)))!,
      ),
    )
    .orderBy(documents.createdAt, documents.id)
}

export type BatchProgress = {
  id: string
  status: BatchRow['status']
  total: number
  done: number
  sizeBytes: number | null
  sourceNumber: string
  createdAt: Date
  finishedAt: Date | null
}

const progressOf = (row: BatchRow): BatchProgress => ({
  id: row.id,
  status: row.status,
  total: row.total,
  done: row.done,
  sizeBytes: row.sizeBytes,
  sourceNumber: row.sourceNumber,
  createdAt: row.createdAt,
  finishedAt: row.finishedAt,
})

async function zipOf(entries: Array<{ name: string; bytes: Uint8Array; date: Date }>): Promise<Buffer> {
  const zip = new ZipFile()
  for (const entry of entries) zip.addBuffer(Buffer.from(entry.bytes), entry.name, { mtime: entry.date, compress: true })
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function runBatch(batchId: string): Promise<void> {
  const db = database()
  const [batch] = await db.select().from(documentBatches).where(eq(documentBatches.id, batchId))
  if (!batch || batch.status === 'done' || batch.status === 'failed') return
  await db.update(documentBatches).set({ status: 'running', done: 0 }).where(eq(documentBatches.id, batchId))
  const rows = await documentsForBatch(batch.organizationId, batch.sourceKind, batch.sourceId)
  const entries: Array<{ name: string; bytes: Uint8Array; date: Date }> = []
  for (const row of rows) {
    const side = sideOf(row, batch.organizationId)
    const versions = await db.select().from(documentVersions).where(eq(documentVersions.documentId, row.id)).orderBy(desc(documentVersions.number))
    const version = side === 'writer' ? versions[0] : versions.find((candidate) => candidate.issuedAt !== null)
    if (!version) continue
    const pdf = await readPdf(paperOf(row, version))
    entries.push({ name: pdf.fileName, bytes: pdf.bytes, date: version.issuedAt ?? version.createdAt })
    await db
      .update(documentBatches)
      .set({ done: entries.length, total: Math.max(batch.total, rows.length) })
      .where(eq(documentBatches.id, batchId))
  }
  const zip = await zipOf(entries)
  await fileStorage().put(batchKey(batchId), zip, 'application/zip')
  await db
    .update(documentBatches)
    .set({ status: 'done', done: entries.length, total: entries.length, storageKey: batchKey(batchId), sizeBytes: zip.byteLength, finishedAt: new Date() })
    .where(eq(documentBatches.id, batchId))
}

const BATCH_RETRY = { ...DEFAULT_RETRY, limit: 2, delaySeconds: 5 }

export const documentBatchJob = defineJob({
  name: 'documents.batch-pdf',
  titleKey: 'names.documentBatch',
  payload: z.object({ batchId: z.string().min(1) }),
  singletonKey: ({ batchId }) => batchId,
  retry: BATCH_RETRY,
  timeoutSeconds: 15 * 60,
  handle: async ({ batchId }, { retryCount }) => {
    try {
      await runBatch(batchId)
    } catch (error) {
      logger().error({ err: (error as Error).message, batchId }, 'document batch failed')
      if (retryCount >= BATCH_RETRY.limit) {
        await database()
          .update(documentBatches)
          .set({ status: 'failed', error: (error as Error).message.slice(0, 500), finishedAt: new Date() })
          .where(eq(documentBatches.id, batchId))
        return
      }
      throw error
    }
  },
})

/**
 * Starts a batch of the record's documents the company may see; a record without any is a 422 on `sourceId`. Answers
 * the batch's progress (queued).
 */
export async function startDocumentBatch(ctx: ServiceContext, input: { sourceKind: DocumentSource; sourceId: string }): Promise<BatchProgress> {
  requireCompany(ctx.actor)
  const rows = await documentsForBatch(ctx.actor.companyId, input.sourceKind, input.sourceId)
  if (rows.length === 0) throw new AppError('validation_failed', 'Validation failed', { fields: { sourceId: ['validation.noDocuments'] } })
  const id = randomUUID()
  const [row] = await database()
    .insert(documentBatches)
    .values({
      id,
      organizationId: ctx.actor.companyId,
      sourceKind: input.sourceKind,
      sourceId: input.sourceId,
      sourceNumber: rows[0]!.sourceNumber,
      total: rows.length,
      createdBy: ctx.actor.userId,
    })
    .returning()
  await sendJob(documentBatchJob, { batchId: id })
  return progressOf(row!)
}

async function companysBatch(ctx: ServiceContext, batchId: string): Promise<BatchRow> {
  requireCompany(ctx.actor)
  const [row] = await database()
    .select()
    .from(documentBatches)
    .where(and(eq(documentBatches.id, batchId), eq(documentBatches.organizationId, ctx.actor.companyId)))
  if (!row) throw new AppError('not_found', 'Batch not found')
  return row
}

/** A batch's progress (the company's own). */
export async function batchProgress(ctx: ServiceContext, batchId: string): Promise<BatchProgress> {
  return progressOf(await companysBatch(ctx, batchId))
}

/** The company's latest batch of the record, if any (the record's page shows it). */
export async function latestBatch(ctx: ServiceContext, sourceKind: DocumentSource, sourceId: string): Promise<BatchProgress | null> {
  requireCompany(ctx.actor)
  const [row] = await database()
    .select()
    .from(documentBatches)
    .where(and(eq(documentBatches.organizationId, ctx.actor.companyId), eq(documentBatches.sourceKind, sourceKind), eq(documentBatches.sourceId, sourceId)))
    .orderBy(desc(documentBatches.createdAt))
    .limit(1)
  return row ? progressOf(row) : null
}

/** A finished batch's zip (409 while it is still running). */
export async function batchZip(ctx: ServiceContext, batchId: string): Promise<{ fileName: string; bytes: Uint8Array }> {
  const row = await companysBatch(ctx, batchId)
  if (row.status !== 'done' || !row.storageKey) throw new AppError('invalid_transition', 'The batch is not finished', { status: row.status })
  const bytes = await fileStorage().get(row.storageKey)
  if (!bytes) throw new AppError('not_found', 'Batch not found')
  return { fileName: `${row.sourceNumber}-documents.zip`, bytes }
}
