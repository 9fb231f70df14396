import { and, count, desc, eq, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { translator } from '../../platform/i18n/translate.server'
import { fieldErrorsOf } from '../../platform/validation'
import { timeSlicer } from '../../platform/time-slice.server'
import { requireRole } from '../companies/index'
import { getFile, uploadFile } from '../kernel/index.server'
import { importJobs, products } from './catalog.tables.server'
import { enqueueImport, type ImportJobRow } from './product-import.jobs.server'
import {
  CreateImportInput,
  guessMapping,
  IMPORT_COLUMNS,
  IMPORT_PREVIEW_ROWS,
  type ImportColumn,
  ImportMappingInput,
  type ImportRowError,
} from './product-import.inputs'
import { importsChanged } from './product-visibility.server'
import { requireImporter } from './product-import.policy'
import { sheetRowNumber, validateRows, type ValidatedRows } from './product-import.rows'
import { loadImportReferences, loadSheet } from './product-import.sheet.server'

export type ImportJob = Omit<ImportJobRow, 'errors'> & { errors: ImportRowError[] }
export type ImportJobPage = { items: ImportJob[]; total: number; limit: number; offset: number }
export type ImportPreview = {
  headers: string[]
  mapping: ImportMappingInput
  rows: Array<{ row: number; cells: Partial<Record<ImportColumn, string>> }>
  errors: ImportRowError[]
  errorCount: number
  totalRows: number
}
export type DryRunResult = { totalRows: number; created: number; updated: number; errors: ImportRowError[]; errorCount: number }

async function findJob(companyId: string, id: string): Promise<ImportJobRow> {
  const [job] = await database()
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.organizationId, companyId)))
  if (!job) throw new AppError('not_found', 'Import not found')
  return job
}

/** A job of the company for its admins and owners: another company's is a 404 before anything else is judged. */
async function importerJob(ctx: ServiceContext, id: string): Promise<ImportJobRow> {
  requireRole(ctx.actor, 'admin')
  const job = await findJob(ctx.actor.companyId, id)
  requireImporter(ctx.actor)
  return job
}

/** A job still being prepared; a started, finished or failed one is a 409. */
async function preparedJob(ctx: ServiceContext, id: string): Promise<ImportJobRow> {
  const job = await importerJob(ctx, id)
  if (job.status !== 'uploaded') throw new AppError('conflict', 'This import was already started', { reason: 'import_started' })
  return job
}

async function sheetOf(ctx: ServiceContext, job: ImportJobRow) {
  if (!job.fileId) throw new AppError('not_found', 'The import file is gone')
  return loadSheet(ctx, job.fileId)
}

async function validateJob(ctx: ServiceContext, job: ImportJobRow): Promise<ValidatedRows> {
  const sheet = await sheetOf(ctx, job)
  return validateRows(sheet.headers, sheet.rows, job.mapping, await loadImportReferences(job.organizationId), timeSlicer())
}

async function recordErrors(jobId: string, checked: ValidatedRows): Promise<void> {
  await database().update(importJobs).set({ errors: checked.errors, errorCount: checked.errorCount, updatedAt: new Date() }).where(eq(importJobs.id, jobId))
}

/**
 * Opens an import of an uploaded CSV/XLSX file of the company (purpose product_import): reads its header,
 * guesses the mapping and counts the rows (admins and owners of a supplying company).
 */
export async function createImport(ctx: ServiceContext, input: CreateImportInput, options: IdempotencyOption = {}): Promise<ImportJob & { headers: string[] }> {
  requireImporter(ctx.actor)
  const parsed = CreateImportInput.safeParse(input)
  if (!parsed.success) throw new AppError('validation_failed', 'Invalid import', { fields: fieldErrorsOf(parsed.error) })
  const file = await getFile(ctx, parsed.data.fileId)
  if (file.companyId !== ctx.actor.companyId) throw new AppError('not_found', 'File not found')
  if (file.purpose !== 'product_import') throw new AppError('validation_failed', 'Upload the file for a product import', { fields: { file: ['file.purpose'] } })
  const sheet = await loadSheet(ctx, file.id)
  const companyId = ctx.actor.companyId
  const { id } = await createIdempotently(`product_import:${companyId}`, options, parsed.data, async (tx, jobId) => {
    await tx.insert(importJobs).values({
      id: jobId,
      organizationId: companyId,
      createdBy: ctx.actor.userId,
      fileId: file.id,
      fileName: file.name,
      mapping: guessMapping(sheet.headers),
      totalRows: sheet.rows.length,
    })
  })
  return { ...(await importerJob(ctx, id)), headers: sheet.headers }
}

/** Stores an upload with the files service, then opens its import (both once per idempotency key). */
export async function uploadImport(
  ctx: ServiceContext,
  upload: { name: string; bytes: Uint8Array },
  options: IdempotencyOption = {},
): Promise<ImportJob & { headers: string[] }> {
  requireImporter(ctx.actor)
  const file = await uploadFile(ctx, { purpose: 'product_import', ...upload }, options)
  return createImport(ctx, { fileId: file.id }, options)
}

/** One import of the company with its progress (each committed batch moves it; admins and owners); another company's is not found. */
export async function getImport(ctx: ServiceContext, id: string): Promise<ImportJob> {
  return importerJob(ctx, id)
}

/** The company's imports, newest first. */
export async function listImports(ctx: ServiceContext, query: { limit?: number; offset?: number } = {}): Promise<ImportJobPage> {
  requireImporter(ctx.actor)
  const limit = Math.min(Math.max(query.limit ?? 20, 1), 100)
  const offset = Math.max(query.offset ?? 0, 0)
  const where = eq(importJobs.organizationId, ctx.actor.companyId)
  const [items, [total]] = await Promise.all([
    database().select().from(importJobs).where(where).orderBy(desc(importJobs.createdAt), desc(importJobs.id)).limit(limit).offset(offset),
    database().select({ value: count() }).from(importJobs).where(where),
  ])
  return { items, total: total?.value ?? 0, limit, offset }
}

/** The file's headers with the job's mapping (for the mapping step). */
export async function importHeaders(ctx: ServiceContext, id: string): Promise<string[]> {
  return (await sheetOf(ctx, await importerJob(ctx, id))).headers
}

/** Sets which header each column comes from; every mapped header must exist in the file (field errors: productImport keys). */
export async function setImportMapping(ctx: ServiceContext, id: string, input: ImportMappingInput): Promise<ImportJob> {
  const job = await preparedJob(ctx, id)
  const parsed = ImportMappingInput.safeParse(input)
  if (!parsed.success) throw new AppError('validation_failed', 'Invalid mapping', { fields: fieldErrorsOf(parsed.error) })
  const headers = new Set((await sheetOf(ctx, job)).headers)
  const mapping = Object.fromEntries(IMPORT_COLUMNS.flatMap((column) => (parsed.data[column] ? [[column, parsed.data[column]]] : [])))
  const unknown = Object.entries(mapping).filter(([, header]) => !headers.has(header))
  if (unknown.length > 0)
    throw new AppError('validation_failed', 'Unknown header', { fields: Object.fromEntries(unknown.map(([column]) => [column, ['mapping.unknownHeader']])) })
  const [updated] = await database()
    .update(importJobs)
    .set({ mapping, errors: [], errorCount: 0, updatedAt: new Date() })
    .where(eq(importJobs.id, job.id))
    .returning()
  if (!updated) throw new AppError('not_found', 'Import not found')
  return updated
}

/** The first rows as mapped, and every row's errors (the whole file is checked). */
export async function previewImport(ctx: ServiceContext, id: string): Promise<ImportPreview> {
  const job = await importerJob(ctx, id)
  const sheet = await sheetOf(ctx, job)
  const checked = await validateRows(sheet.headers, sheet.rows, job.mapping, await loadImportReferences(job.organizationId), timeSlicer())
  const positions = IMPORT_COLUMNS.flatMap((column) => {
    const position = job.mapping[column] ? sheet.headers.indexOf(job.mapping[column]) : -1
    return position >= 0 ? [[column, position] as const] : []
  })
  const rows = sheet.rows.slice(0, IMPORT_PREVIEW_ROWS).map((cells, index) => ({
    row: sheetRowNumber(index),
    cells: Object.fromEntries(positions.map(([column, position]) => [column, (cells[position] ?? '').trim()])),
  }))
  return { headers: sheet.headers, mapping: job.mapping, rows, errors: checked.errors, errorCount: checked.errorCount, totalRows: sheet.rows.length }
}

/** Counts which valid rows would create a product and which would update one (by SKU, in one query); writes no product. */
async function plan(companyId: string, checked: ValidatedRows): Promise<{ created: number; updated: number }> {
  const skus = checked.products.map((product) => product.sku)
  const [found] = await database()
    .select({ value: count() })
    .from(products)
    .where(and(eq(products.organizationId, companyId), sql`${products.sku} = any(${sql.param(skus)}::text[])`))
  const existing = found?.value ?? 0
  return { created: skus.length - existing, updated: existing }
}

/** Checks every row and counts what would be created and updated, changing no product; the errors are kept for the report. */
export async function dryRunImport(ctx: ServiceContext, id: string): Promise<DryRunResult> {
  const job = await preparedJob(ctx, id)
  const checked = await validateJob(ctx, job)
  await recordErrors(job.id, checked)
  return { totalRows: job.totalRows, ...(await plan(job.organizationId, checked)), errors: checked.errors, errorCount: checked.errorCount }
}

/**
 * Starts the import on the job queue when every row is valid; otherwise 422 (details.errorCount) and
 * the errors are kept for the report. A job starts once: a second start is a 409.
 */
export async function startImport(ctx: ServiceContext, id: string): Promise<ImportJob> {
  const job = await preparedJob(ctx, id)
  const checked = await validateJob(ctx, job)
  await recordErrors(job.id, checked)
  if (checked.errorCount > 0)
    throw new AppError('validation_failed', 'The file has invalid rows', { errorCount: checked.errorCount, fields: { file: ['file.hasErrors'] } })
  const [started] = await database()
    .update(importJobs)
    .set({ status: 'running', processedRows: 0, updatedAt: new Date() })
    .where(and(eq(importJobs.id, job.id), eq(importJobs.status, 'uploaded')))
    .returning()
  if (!started) throw new AppError('conflict', 'This import was already started', { reason: 'import_started' })
  importsChanged()
  // Queued once it is marked running (a worker finding it not started would do nothing). Not queued: back to prepared, to start again.
  await enqueueImport(started.id).catch(async (error: unknown) => {
    await database()
      .update(importJobs)
      .set({ status: 'uploaded', updatedAt: new Date() })
      .where(and(eq(importJobs.id, started.id), eq(importJobs.status, 'running'), eq(importJobs.phase, 'stage'), eq(importJobs.cursor, 0)))
    importsChanged()
    throw error
  })
  return started
}

/** The job's errors as CSV (row, column, value, message) in the caller's language. */
export async function importErrorReport(ctx: ServiceContext, id: string): Promise<{ fileName: string; csv: string }> {
  const job = await importerJob(ctx, id)
  const t = translator(ctx.locale, 'productImport')
  const errors: ImportRowError[] = job.errors
  const rows = errors.map((error) => [error.row, error.field, error.value ?? '', t(error.message)])
  const csv = Papa.unparse({ fields: [t('report.row'), t('report.column'), t('report.value'), t('report.message')], data: rows }, { escapeFormulae: true })
  return { fileName: `product-import-errors-${job.id.slice(0, 8)}.csv`, csv: `\uFEFF${csv}\r\n` }
}
