// The verification page a PDF's QR code opens (`/view?verify=…`): whoever holds the paper sees who issued which
// document, whether it stands (issued, accepted, rejected, void) and the SHA-256 of every issued version, and can check
// their copy against them. It shows no content: the paper in hand is the content.
import { desc, eq, isNotNull, and } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { companyName } from '../companies/index.server'
import type { DocumentStatus, DocumentType } from './documents.constants'
import { outwardStatus } from './document.service.server'
import { documents, documentVersions } from './documents.tables.server'

const VERIFY_CODE = /^[A-Za-z0-9_-]{16,64}$/

export type DocumentVerification = {
  number: string
  type: DocumentType
  status: DocumentStatus
  writerName: string
  counterpartyName: string
  versions: Array<{ number: number; issuedAt: Date; sha256: string }>
  decision: { at: Date; byName: string; sha256: string | null } | null
}

/** What the code vouches for; an unknown or malformed code, or a document never issued, is a 404. */
export async function verifyDocument(code: string | null | undefined): Promise<DocumentVerification> {
  if (!code || !VERIFY_CODE.test(code)) throw new AppError('not_found', 'Document not found')
  const db = database()
  const [row] = await db.select().from(documents).where(eq(documents.verifyCode, code))
  if (!row || !row.firstIssuedAt) throw new AppError('not_found', 'Document not found')
  const versions = await db
    .select({ number: documentVersions.number, issuedAt: documentVersions.issuedAt, sha256: documentVersions.pdfSha256 })
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, row.id), isNotNull(documentVersions.issuedAt)))
    .orderBy(desc(documentVersions.number))
  return {
    number: row.number,
    type: row.type,
    status: outwardStatus(row),
    writerName: await companyName(row.organizationId),
    counterpartyName: row.counterpartyName,
    versions: versions.map((version) => ({ number: version.number, issuedAt: version.issuedAt!, sha256: version.sha256 ?? '' })),
    decision: row.decidedAt ? { at: row.decidedAt, byName: row.decidedByName, sha256: row.decisionSha256 } : null,
  }
}
