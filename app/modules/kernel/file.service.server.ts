import { createHash, randomUUID } from 'node:crypto'
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, idempotencyOfPart, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { FILE_TYPES, fileTypeByMime } from '../../platform/files/file-types'
import { limitInMegabytes, uploadLimitBytes } from '../../platform/files/limits.server'
import { detectFileType, sanitizeFileName } from '../../platform/files/sniff.server'
import { uploadFromForm } from '../../platform/files/upload-form.server'
import { fileStorage, type FileStorage } from '../../platform/files/storage.server'
import { makeThumbnail, THUMBNAIL_CONTENT_TYPE } from '../../platform/files/thumbnail.server'
import { logger } from '../../platform/logger.server'
import { fieldErrorsOf } from '../../platform/validation'
import type { z } from '../../platform/zod'
import { requireCompany } from '../../platform/member-roles'
import { isPlatformAdmin } from '../../platform/platform-admin'
import { enforcePlanLimit } from '../billing/index.server'
import './storage-usage.server'
import { companyFacts } from './company-facts.server'
import { FILE_PURPOSE_TYPES, FileListQuery, UploadFileInput } from './file.inputs'
import { canDeleteFile, canReadFile, isPublicImagery } from './file.policy'
import type { FilePurpose } from './kernel.constants'
import { files } from './kernel.tables.server'

export { fileContentUrl, fileThumbnailUrl } from './file-urls'

export type StoredFile = {
  id: string
  name: string
  contentType: string
  sizeBytes: number
  purpose: FilePurpose
  hasThumbnail: boolean
  createdAt: Date
  uploadedBy: string | null
  companyId: string
}

type FileRow = typeof files.$inferSelect

function toStoredFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    purpose: row.purpose,
    hasThumbnail: row.thumbnailKey !== null,
    createdAt: row.createdAt,
    uploadedBy: row.uploadedBy,
    companyId: row.organizationId,
  }
}

/** The largest upload a purpose accepts, in bytes (for the UI's size hint; the service checks per type). */
export function uploadLimitFor(purpose: FilePurpose): number {
  return Math.max(...FILE_PURPOSE_TYPES[purpose].map((type) => uploadLimitBytes(FILE_TYPES[type].kind)))
}

function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(parsed.error) })
  return parsed.data
}

function ensureWithinLimit(sizeBytes: number, limitBytes: number): void {
  if (sizeBytes > limitBytes) throw new AppError('file_too_large', 'The file is too large', { limitMb: limitInMegabytes(limitBytes) })
}

/** Storage trouble (disk full, bucket unreachable) is the server's problem: logged, answered 503. */
async function withStorage<T>(operation: string, run: (storage: FileStorage) => Promise<T>): Promise<T> {
  try {
    return await run(fileStorage())
  } catch (error) {
    logger().error({ err: (error as Error).message, operation }, 'file storage failed')
    throw new AppError('unavailable', 'File storage is unavailable')
  }
}

/** Best effort: bytes nobody references any more are removed, a failure only leaves an orphan behind. */
/** Removes stored bytes after their rows are gone; a failure is logged, never raised. */
export async function discardBytes(keys: Array<string | null>): Promise<void> {
  const storage = fileStorage()
  for (const key of keys) {
    if (!key) continue
    await storage.delete(key).catch((error: unknown) => logger().warn({ err: (error as Error).message, key }, 'stored bytes not removed'))
  }
}

/** A thumbnail that cannot be stored is skipped: the upload itself must not be lost for it. */
async function storeThumbnail(fileId: string, bytes: Uint8Array): Promise<string | null> {
  const thumbnail = await makeThumbnail(bytes)
  if (!thumbnail) return null
  const key = `thumbnails/${fileId}.webp`
  try {
    await fileStorage().put(key, thumbnail, THUMBNAIL_CONTENT_TYPE)
    return key
  } catch (error) {
    logger().warn({ err: (error as Error).message, fileId }, 'thumbnail not stored')
    return null
  }
}

/**
 * Stores the file fields of a submitted form (all values of one field name) for `purpose`, in order, skipping empty
 * parts; under the form's idempotency key each file gets a key of its own, so a resent form stores them once. Returns
 * the new files' ids.
 */
export async function storeUploads(
  ctx: ServiceContext,
  values: readonly FormDataEntryValue[],
  purpose: FilePurpose,
  idempotency: IdempotencyOption = {},
): Promise<string[]> {
  const ids: string[] = []
  for (const [index, value] of values.entries()) {
    const upload = await uploadFromForm(value)
    if (!upload) continue
    ids.push((await uploadFile(ctx, { purpose, ...upload }, idempotencyOfPart(idempotency, `${purpose}:${index}`))).id)
  }
  return ids
}

/**
 * Stores an upload for the active company (any member), once per idempotency key: the type is sniffed from the bytes
 * and must be one the purpose allows, with a matching extension; images get a thumbnail. Nothing is kept on failure,
 * nor when a retry answers with the file its first attempt stored.
 */
export async function uploadFile(
  ctx: ServiceContext,
  input: { purpose: FilePurpose; name: string; bytes: Uint8Array },
  options: IdempotencyOption = {},
): Promise<StoredFile> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const { purpose } = parseInput(UploadFileInput, { purpose: input.purpose })
  const { bytes } = input
  if (bytes.byteLength === 0) throw new AppError('validation_failed', 'The file is empty', { fields: { file: ['validation.fileEmpty'] } })
  ensureWithinLimit(bytes.byteLength, uploadLimitFor(purpose))
  const type = await detectFileType(bytes, input.name, FILE_PURPOSE_TYPES[purpose])
  const spec = FILE_TYPES[type]
  ensureWithinLimit(bytes.byteLength, uploadLimitBytes(spec.kind))

  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const newId = randomUUID()
  const storageKey = `originals/${newId}`
  await withStorage('put', (storage) => storage.put(storageKey, bytes, spec.mime))
  const thumbnailKey = spec.kind === 'image' ? await storeThumbnail(newId, bytes) : null
  const stored = await createIdempotently(
    `file:${companyId}`,
    options,
    { purpose, name: input.name, sha256 },
    async (tx, id) => {
      await enforcePlanLimit(tx, companyId, 'storage_bytes', bytes.byteLength)
      await tx.insert(files).values({
        id,
        organizationId: companyId,
        uploadedBy: ctx.actor.userId,
        name: sanitizeFileName(input.name, type),
        contentType: spec.mime,
        sizeBytes: bytes.byteLength,
        purpose,
        storageKey,
        thumbnailKey,
        sha256,
      })
    },
    newId,
  ).catch(async (error: unknown) => {
    await discardBytes([storageKey, thumbnailKey])
    throw error
  })
  if (stored.replayed) await discardBytes([storageKey, thumbnailKey])
  const row = await findFile(stored.id)
  if (!row || row.organizationId !== companyId) throw new AppError('not_found', 'File not found')
  return toStoredFile(row)
}

/** The active company's files, by name (case-insensitive, the same order on every database). */
export async function listFiles(
  ctx: ServiceContext,
  query: { limit?: number; offset?: number; purpose?: FilePurpose },
): Promise<{ items: StoredFile[]; total: number; limit: number; offset: number }> {
  requireCompany(ctx.actor)
  const { limit, offset, purpose } = parseInput(FileListQuery, query)
  const filters: SQL[] = [eq(files.organizationId, ctx.actor.companyId)]
  if (purpose) filters.push(eq(files.purpose, purpose))
  const where = and(...filters)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(files)
      .where(where)
      .orderBy(sql`lower(${files.name}) collate "C"`, asc(files.createdAt), asc(files.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(files).where(where),
  ])
  return { items: rows.map(toStoredFile), total: total?.value ?? 0, limit, offset }
}

async function findFile(fileId: string): Promise<FileRow | undefined> {
  const [row] = await database().select().from(files).where(eq(files.id, fileId))
  return row
}

/** A file of the active company; platform admins may read any company's file. Others get 404. */
export async function getFile(ctx: ServiceContext, fileId: string): Promise<StoredFile> {
  if (!isPlatformAdmin(ctx.actor)) requireCompany(ctx.actor)
  const row = await findFile(fileId)
  if (!row || !(isPlatformAdmin(ctx.actor) || row.organizationId === ctx.actor.companyId)) throw new AppError('not_found', 'File not found')
  return toStoredFile(row)
}

/** The files among `fileIds` that belong to the company, in the order asked for (server-side, e.g. the verification review). */
export async function filesOfCompany(companyId: string, fileIds: string[]): Promise<StoredFile[]> {
  if (fileIds.length === 0) return []
  const rows = await database()
    .select()
    .from(files)
    .where(and(eq(files.organizationId, companyId), inArray(files.id, [...new Set(fileIds)])))
  const byId = new Map(rows.map((row) => [row.id, toStoredFile(row)]))
  return fileIds.flatMap((id) => byId.get(id) ?? [])
}

export type FileVariant = 'original' | 'thumbnail'

export type FileDownload = {
  file: StoredFile
  contentType: string
  /** A strong validator derived from the content's SHA-256. */
  etag: string
  /** Public imagery may sit in shared caches; everything else only in the viewer's own. */
  cacheScope: 'public' | 'private'
  /** Shown in the browser (images, PDF) rather than saved. */
  inline: boolean
  read: () => Promise<Uint8Array<ArrayBuffer>>
}

/**
 * What a viewer (null when anonymous) may download: see canReadFile. The bytes are read only on
 * `read()`, so a conditional request can be answered from the metadata alone.
 */
export async function openFile(viewer: ServiceContext | null, fileId: string, variant: FileVariant = 'original'): Promise<FileDownload> {
  const found = await findFile(fileId)
  const row = found && { ...found, companyDeleted: await companyFacts().isDeleted(found.organizationId) }
  if (!row || !canReadFile(viewer?.actor ?? null, { companyId: row.organizationId, purpose: row.purpose, companyDeleted: row.companyDeleted })) {
    throw new AppError('not_found', 'File not found')
  }
  const key = variant === 'thumbnail' ? row.thumbnailKey : row.storageKey
  if (!key) throw new AppError('not_found', 'This file has no thumbnail')
  const type = fileTypeByMime(row.contentType)
  return {
    file: toStoredFile(row),
    contentType: variant === 'thumbnail' ? THUMBNAIL_CONTENT_TYPE : row.contentType,
    etag: `"${row.sha256}${variant === 'thumbnail' ? '-thumbnail' : ''}"`,
    cacheScope: isPublicImagery(row.purpose) && !row.companyDeleted ? 'public' : 'private',
    inline: variant === 'thumbnail' || (type !== undefined && FILE_TYPES[type].inline),
    read: async () => {
      const bytes = await withStorage('get', (storage) => storage.get(key))
      if (bytes) return bytes
      logger().error({ fileId, key }, 'stored bytes are missing')
      throw new AppError('not_found', 'File not found')
    },
  }
}

/**
 * Deletes a file of the active company: its uploader, or an admin or owner (403 otherwise). The company may refuse
 * first: a file under review in a pending supplier application stays until the review ends (409).
 */
export async function deleteFile(ctx: ServiceContext, fileId: string): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const removed = await database().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.organizationId, companyId)))
    if (!row) throw new AppError('not_found', 'File not found')
    if (!canDeleteFile(ctx.actor, row)) throw new AppError('insufficient_role', 'Your role does not allow this', { requiredRole: 'admin' })
    const companyChanged = await companyFacts().releaseFile(tx, companyId, fileId)
    await tx.delete(files).where(eq(files.id, fileId))
    return { row, companyChanged }
  })
  await discardBytes([removed.row.storageKey, removed.row.thumbnailKey])
  if (removed.companyChanged) await companyFacts().refresh(companyId)
}

/** The stored bytes (originals and thumbnails) of the companies' files, read in the caller's transaction (a purge discards them after commit). */
export async function storedKeysOf(companyIds: readonly string[], tx: Transaction): Promise<Array<string | null>> {
  if (companyIds.length === 0) return []
  const stored = await tx
    .select({ storageKey: files.storageKey, thumbnailKey: files.thumbnailKey })
    .from(files)
    .where(inArray(files.organizationId, [...companyIds]))
  return stored.flatMap((file) => [file.storageKey, file.thumbnailKey])
}

/** A file attached to a business record (an order, a message), ready to download once the record's check passed. */
export type RecordAttachmentDownload = {
  name: string
  contentType: string
  etag: string
  /** Shown in the browser (images, PDF) rather than saved. */
  inline: boolean
  read: () => Promise<Uint8Array<ArrayBuffer>>
}

/**
 * Opens a file of `ownerCompanyId` that a record names as its attachment. The caller has already decided that the
 * viewer may see the record; a file that is gone, or belongs to another company, is a 404. Bytes are read on `read()`.
 */
export async function openRecordAttachment(fileId: string, ownerCompanyId: string): Promise<RecordAttachmentDownload> {
  const [file] = await database()
    .select({ name: files.name, contentType: files.contentType, sha256: files.sha256, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.organizationId, ownerCompanyId)))
  if (!file) throw new AppError('not_found', 'Attachment not found')
  const type = fileTypeByMime(file.contentType)
  return {
    name: file.name,
    contentType: file.contentType,
    etag: `"${file.sha256}"`,
    inline: type !== undefined && FILE_TYPES[type].inline,
    read: async () => {
      const bytes = await withStorage('get', (storage) => storage.get(file.storageKey))
      if (bytes) return bytes
      logger().error({ fileId, key: file.storageKey }, 'stored bytes are missing')
      throw new AppError('not_found', 'Attachment not found')
    },
  }
}
