// Records of other modules (RFQs, quotations, orders, messages) carry files their company uploaded as attachments;
// files are the kernel's, so the check that a record names only its own company's attachments lives here.
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import type { FilePurpose } from './kernel.constants'
import { files } from './kernel.tables.server'

/** The positions in `fileIds` that are not attachments uploaded by `companyId` (unknown, another company's, a logo …). */
export async function foreignAttachments(companyId: string, fileIds: readonly string[], db: Database | Transaction = database()): Promise<number[]> {
  if (fileIds.length === 0) return []
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.organizationId, companyId), inArray(files.id, [...new Set(fileIds)]), eq(files.purpose, 'attachment')))
  const known = new Set(found.map((row) => row.id))
  return fileIds.flatMap((id, index) => (known.has(id) ? [] : [index]))
}

/** Refuses (422, `<field>.<i>`, by default `attachmentFileIds.<i>`) any file that is not one of the company’s attachments. */
export async function checkAttachments(
  companyId: string,
  fileIds: readonly string[],
  db: Database | Transaction = database(),
  field = 'attachmentFileIds',
): Promise<void> {
  const foreign = await foreignAttachments(companyId, fileIds, db)
  if (foreign.length === 0) return
  const fields = Object.fromEntries(foreign.map((index) => [`${field}.${index}`, ['validation.attachment']]))
  throw new AppError('validation_failed', 'Validation failed', { fields })
}

/** A file as a record shows it: name, type and size (its link is `fileUrl(id)`); `companyId` is who uploaded it. */
export type AttachedFile = { id: string; companyId: string; name: string; contentType: string; sizeBytes: number }

/**
 * The files among `fileIds` that exist, in the order of `fileIds` (one query); with `companyId`, only that company's
 * (a record's attachments are its own company's files) or, with `companyIds`, one of those companies' (a record several
 * parties attach to); with `purposes`, only files uploaded for one of them.
 */
export async function attachedFiles(
  fileIds: readonly string[],
  options: { companyId?: string; companyIds?: readonly string[]; purposes?: readonly FilePurpose[]; db?: Database | Transaction } = {},
): Promise<AttachedFile[]> {
  if (fileIds.length === 0 || options.companyIds?.length === 0) return []
  const db = options.db ?? database()
  const rows = await db
    .select({ id: files.id, companyId: files.organizationId, name: files.name, contentType: files.contentType, sizeBytes: files.sizeBytes })
    .from(files)
    .where(
      and(
        inArray(files.id, [...new Set(fileIds)]),
        options.companyId ? eq(files.organizationId, options.companyId) : undefined,
        options.companyIds ? inArray(files.organizationId, [...options.companyIds]) : undefined,
        options.purposes ? inArray(files.purpose, [...options.purposes]) : undefined,
      ),
    )
  const byId = new Map(rows.map((row) => [row.id, row]))
  return fileIds.flatMap((id) => byId.get(id) ?? [])
}

/** The company's files uploaded for one of `purposes`, newest first (a picker's choices), at most `limit`. */
export async function companyFilesFor(companyId: string, purposes: readonly FilePurpose[], limit: number): Promise<AttachedFile[]> {
  return database()
    .select({ id: files.id, companyId: files.organizationId, name: files.name, contentType: files.contentType, sizeBytes: files.sizeBytes })
    .from(files)
    .where(and(eq(files.organizationId, companyId), inArray(files.purpose, [...purposes])))
    .orderBy(desc(files.createdAt), asc(files.id))
    .limit(limit)
}
