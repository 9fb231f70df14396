// Reading documents: the list the company writes and receives, two versions compared, and a version's PDF.
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany } from '../companies/index'
import { companyNames } from '../companies/index.server'
import { diffContents, type DocumentChange } from './document-diff'
import { type DocumentPdf, readPdf } from './document-files.server'
import type { DocumentListQuery } from './document.inputs'
import { type DocumentRow, type DocumentSide, outwardStatus, paperOf, sideOf } from './document.service.server'
import type { DocumentLanguage, DocumentSource, DocumentStatus, DocumentType } from './documents.constants'
import { userNames } from '../identity/index.server'
import { documentEvents, documents, documentVersions } from './documents.tables.server'

export type DocumentSummary = {
  id: string
  number: string
  type: DocumentType
  status: DocumentStatus
  side: DocumentSide
  language: DocumentLanguage
  source: { kind: DocumentSource; id: string; number: string }
  /** The other company: the counterparty for the writer, the writer for the counterparty. */
  counterpart: { id: string | null; name: string }
  currentVersion: number
  createdAt: Date
  updatedAt: Date
}

export type DocumentPage = { items: DocumentSummary[]; total: number }

/** What the company may see: what it wrote, and what was issued to it (never a draft it has not been shown). */
const visibleTo = (companyId: string): SQL =>
  or(eq(documents.organizationId, companyId), and(eq(documents.counterpartyCompanyId, companyId), isNotNull(documents.firstIssuedAt)))!

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)

/**
 * The company's documents, newest first: filtered by direction, type, status, counterpart, record and creation day
 * (UTC), searched by number, record number or the counterparty's name. The counterparty sees the status of the issued
 * version (a newer draft stays the writer's).
 */
export async function listDocuments(ctx: ServiceContext, query: DocumentListQuery): Promise<DocumentPage> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const filters: SQL[] = [visibleTo(companyId)]
  if (query.direction === 'sent') filters.push(eq(documents.organizationId, companyId))
  if (query.direction === 'received') filters.push(eq(documents.counterpartyCompanyId, companyId))
  if (query.type) filters.push(eq(documents.type, query.type))
  if (query.status) filters.push(eq(documents.status, query.status))
  if (query.counterpart) filters.push(or(eq(documents.counterpartyCompanyId, query.counterpart), eq(documents.organizationId, query.counterpart))!)
  if (query.sourceKind) filters.push(eq(documents.sourceKind, query.sourceKind))
  if (query.sourceId) filters.push(eq(documents.sourceId, query.sourceId))
  if (query.from) filters.push(gte(documents.createdAt, new Date(`${query.from}T00:00:00Z`)))
  if (query.to) filters.push(lt(documents.createdAt, dayAfter(query.to)))
  if (query.q) {
    const pattern = containsPattern(query.q)
    filters.push(or(ilike(documents.number, pattern), ilike(documents.sourceNumber, pattern), ilike(documents.counterpartyName, pattern))!)
  }
  const where = and(...filters)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db.select().from(documents).where(where).orderBy(desc(documents.createdAt), desc(documents.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(documents).where(where),
  ])
  const writers = await companyNames(rows.filter((row) => row.organizationId !== companyId).map((row) => row.organizationId))
  return { items: rows.map((row) => summaryOf(row, companyId, writers)), total: total?.n ?? 0 }
}

function summaryOf(row: DocumentRow, companyId: string, writers: Map<string, string>): DocumentSummary {
  const side = sideOf(row, companyId)!
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    status: side === 'writer' ? row.status : outwardStatus(row),
    side,
    language: row.language,
    source: { kind: row.sourceKind, id: row.sourceId, number: row.sourceNumber },
    counterpart:
      side === 'writer'
        ? { id: row.counterpartyCompanyId, name: row.counterpartyName }
        : { id: row.organizationId, name: writers.get(row.organizationId) ?? '' },
    currentVersion: row.currentVersion,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** The document when the company may see it, with the versions it may see (the counterparty: issued ones only). */
async function visibleDocument(ctx: ServiceContext, id: string) {
  requireCompany(ctx.actor)
  const db = database()
  const [row] = await db.select().from(documents).where(eq(documents.id, id))
  const side = row ? sideOf(row, ctx.actor.companyId) : null
  if (!row || !side) throw new AppError('not_found', 'Document not found')
  const versions = await db.select().from(documentVersions).where(eq(documentVersions.documentId, id)).orderBy(documentVersions.number)
  return { row, side, versions: side === 'writer' ? versions : versions.filter((version) => version.issuedAt !== null) }
}

/** Two versions of one document compared field by field; a version the company may not see (or another document's) is a 422 on its field. */
export async function compareVersions(
  ctx: ServiceContext,
  id: string,
  from: number,
  to: number,
): Promise<{ from: number; to: number; changes: DocumentChange[] }> {
  const { versions } = await visibleDocument(ctx, id)
  const before = versions.find((version) => version.number === from)
  const after = versions.find((version) => version.number === to)
  const missing: Record<string, string[]> = {}
  if (!before) missing.from = ['validation.versionOfDocument']
  if (!after) missing.to = ['validation.versionOfDocument']
  if (!before || !after) throw new AppError('validation_failed', 'Validation failed', { fields: missing })
  return { from, to, changes: diffContents(before.content, after.content) }
}

/**
 * A version's PDF (the latest the company may see unless `versionNumber` says): the writer may have any, a draft
 * rendered now; the counterparty only issued ones. Another company's document, or a version it may not see, is a 404.
 */
export async function documentPdf(ctx: ServiceContext, id: string, versionNumber?: number): Promise<DocumentPdf> {
  const { row, versions } = await visibleDocument(ctx, id)
  const version = versionNumber === undefined ? versions.at(-1) : versions.find((candidate) => candidate.number === versionNumber)
  if (!version) throw new AppError('not_found', 'Version not found')
  return readPdf(paperOf(row, version))
}

/** A document's news on a record's timeline: issued, accepted or rejected, when, by whom. */
export type DocumentNews = { documentId: string; number: string; type: DocumentType; event: 'issued' | 'accepted' | 'rejected'; actorName: string; at: Date }

/** The news of the record's documents the company may see (its own and those issued to it), newest first. */
export async function documentNewsOfRecord(ctx: ServiceContext, sourceKind: DocumentSource, sourceId: string): Promise<DocumentNews[]> {
  requireCompany(ctx.actor)
  const rows = await database()
    .select({
      documentId: documents.id,
      number: documents.number,
      type: documents.type,
      event: documentEvents.type,
      actorName: documentEvents.actorName,
      actorUserId: documentEvents.actorUserId,
      at: documentEvents.createdAt,
    })
    .from(documentEvents)
    .innerJoin(documents, eq(documents.id, documentEvents.documentId))
    .where(
      and(
        eq(documents.sourceKind, sourceKind),
        eq(documents.sourceId, sourceId),
        visibleTo(ctx.actor.companyId),
        inArray(documentEvents.type, ['issued', 'accepted', 'rejected']),
      ),
    )
    .orderBy(desc(documentEvents.createdAt))
    .limit(100)
  const names = await userNames(rows.map((row) => row.actorUserId))
  return rows.map((row) => ({
    documentId: row.documentId,
    number: row.number,
    type: row.type,
    event: row.event as DocumentNews['event'],
    actorName: row.actorName || (row.actorUserId ? (names.get(row.actorUserId) ?? '') : ''),
    at: row.at,
  }))
}

/** The companies on the other side of the company's documents (the list's counterpart filter), by name. */
export async function documentCounterparts(ctx: ServiceContext): Promise<Array<{ id: string; name: string }>> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  const [written, received] = await Promise.all([
    db
      .selectDistinct({ id: documents.counterpartyCompanyId })
      .from(documents)
      .where(and(eq(documents.organizationId, companyId), isNotNull(documents.counterpartyCompanyId)))
      .limit(500),
    db
      .selectDistinct({ id: documents.organizationId })
      .from(documents)
      .where(and(eq(documents.counterpartyCompanyId, companyId), isNotNull(documents.firstIssuedAt)))
      .limit(500),
  ])
  const names = await companyNames([...written, ...received].map((row) => row.id!))
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
}
