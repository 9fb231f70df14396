// Business documents (issue 20): made from a record the company is party to (read through its module's service, so
// another company's record is not found), numbered per company and type, versioned, issued, answered, voided.
import { randomUUID } from 'node:crypto'
import { and, desc, eq, isNotNull, or, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { requireVersion } from '../../platform/versioning'
import { requireCompany } from '../companies/index'
import { nextNumber } from '../kernel/index.server'
import type { DocumentContent } from './document-content'
import type { CreateDocumentInput, DecideDocumentInput, EditDocumentInput } from './document.inputs'
import { DOCUMENT_NUMBER_PREFIX, type DocumentStatus, type DocumentType, fitsSource } from './documents.constants'
import { documentEvents, documents, documentVersions } from './documents.tables.server'

type DocumentRow = typeof documents.$inferSelect
type VersionRow = typeof documentVersions.$inferSelect

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** Who writes a type: the buying side (a purchase order), the selling side (invoices, lists, quotations), or either. */
const WRITER: Readonly<Record<DocumentType, 'buyer' | 'seller' | 'either'>> = {
  purchase_order: 'buyer',
  proforma_invoice: 'seller',
  commercial_invoice: 'seller',
  packing_list: 'seller',
  quotation: 'seller',
  sales_contract: 'either',
}

/**
 * What a record gives the document: its content, the writer's side of it, and who the document is for. Read from the
 * record's module by the create-document workflow (logistics is this module's peer), as the actor may see it.
 */
export type RecordSnapshot = { content: DocumentContent; side: 'buyer' | 'seller'; counterparty: { id: string | null; name: string } }

/** A type that fits the record, or a 422: checked before the record is read. */
export function requireFittingType(input: Pick<CreateDocumentInput, 'type' | 'sourceKind'>): void {
  if (!fitsSource(input.type, input.sourceKind)) throw fieldError({ type: ['validation.typeForSource'] })
}

/**
 * Makes a draft document of `type` from the record's snapshot, numbered in the company's series for the type; the
 * same idempotency key makes it once. Returns its id.
 */
export async function createDocument(
  ctx: ServiceContext,
  input: CreateDocumentInput,
  snapshot: RecordSnapshot,
  options: IdempotencyOption = {},
): Promise<string> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  requireFittingType(input)
  if (snapshot.content.source.kind !== input.sourceKind || snapshot.content.source.id !== input.sourceId) throw fieldError({ sourceId: ['validation.source'] })
  const writer = WRITER[input.type]
  if (writer !== 'either' && writer !== snapshot.side) throw fieldError({ type: ['validation.typeForSide'] })
  const { id } = await createIdempotently(`document:${companyId}`, options, input, async (tx, documentId) => {
    const now = new Date()
    const number = await nextNumber(tx, companyId, DOCUMENT_NUMBER_PREFIX[input.type], now)
    await tx.insert(documents).values({
      id: documentId,
      organizationId: companyId,
      number,
      type: input.type,
      sourceKind: input.sourceKind,
      sourceId: snapshot.content.source.id,
      sourceNumber: snapshot.content.source.number,
      counterpartyCompanyId: snapshot.counterparty.id,
      counterpartyName: snapshot.counterparty.name,
      language: input.language,
      createdBy: ctx.actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    await tx.insert(documentVersions).values({ id: randomUUID(), documentId, number: 1, content: snapshot.content, createdBy: ctx.actor.userId })
    await recordEvent(tx, documentId, 'created', 1, ctx)
  })
  return id
}

function recordEvent(
  tx: Transaction,
  documentId: string,
  type: string,
  versionNumber: number | null,
  ctx: ServiceContext | null,
  extra: { actorName?: string; note?: string } = {},
) {
  return tx.insert(documentEvents).values({
    id: randomUUID(),
    documentId,
    type,
    versionNumber,
    actorUserId: ctx?.actor.userId ?? null,
    actorName: extra.actorName ?? '',
    note: extra.note ?? '',
  })
}

/** The company's side of a document: its writer, or the counterparty (who sees it once issued, never a draft version). */
export type DocumentSide = 'writer' | 'counterparty'

const sideOf = (row: DocumentRow, companyId: string): DocumentSide | null =>
  row.organizationId === companyId ? 'writer' : row.counterpartyCompanyId === companyId && row.firstIssuedAt !== null ? 'counterparty' : null

/** The document, locked, when the company is its writer or (issued) its counterparty; not found otherwise. */
async function lockDocument(tx: Transaction, companyId: string, id: string): Promise<{ row: DocumentRow; side: DocumentSide }> {
  const [row] = await tx.select().from(documents).where(eq(documents.id, id)).for('update')
  const side = row ? sideOf(row, companyId) : null
  if (!row || !side) throw new AppError('not_found', 'Document not found')
  return { row, side }
}

async function currentVersionOf(tx: Transaction, row: DocumentRow): Promise<VersionRow> {
  const [version] = await tx
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, row.id), eq(documentVersions.number, row.currentVersion)))
  if (!version) throw new AppError('internal', 'A document without its current version')
  return version
}

/** The document's own fields on its content: the record's facts stay as snapshotted. */
function withEdits(content: DocumentContent, input: EditDocumentInput): DocumentContent {
  const lines = new Map((input.lines ?? []).map((line) => [line.position, line]))
  const unknown = [...lines.keys()].filter((position) => !content.lines.some((line) => line.position === position))
  if (unknown.length > 0) throw fieldError(Object.fromEntries(unknown.map((position) => [`lines.${position}`, ['validation.line']])))
  return {
    ...content,
    fields: { ...content.fields, ...input.fields },
    lines: content.lines.map((line) => {
      const edit = lines.get(line.position)
      return edit ? { ...line, hsCode: edit.hsCode, originCountry: edit.originCountry } : line
    }),
  }
}

/**
 * The writer edits the document's fields: a draft in place; an issued or answered document by a new version (every
 * version kept), which is a draft until issued again and clears the earlier answer. A void document is final (409).
 */
export async function editDocument(ctx: ServiceContext, id: string, input: EditDocumentInput): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const { row, side } = await lockDocument(tx, companyId, id)
    if (side !== 'writer') throw new AppError('forbidden', 'Only the writer edits a document')
    requireVersion('document', row.version, input.version)
    if (row.status === 'void') throw new AppError('invalid_transition', 'A void document cannot change', { status: row.status })
    const current = await currentVersionOf(tx, row)
    const content = withEdits(current.content, input)
    const now = new Date()
    const patch: Partial<typeof documents.$inferInsert> = { version: row.version + 1, updatedAt: now, ...(input.language ? { language: input.language } : {}) }
    if (row.status === 'draft') {
      await tx.update(documentVersions).set({ content }).where(eq(documentVersions.id, current.id))
      await recordEvent(tx, id, 'edited', row.currentVersion, ctx)
    } else {
      const number = row.currentVersion + 1
      await tx.insert(documentVersions).values({ id: randomUUID(), documentId: id, number, content, createdBy: ctx.actor.userId, createdAt: now })
      Object.assign(patch, { currentVersion: number, status: 'draft', decidedAt: null, decidedByName: '', decisionReason: '', decisionSha256: null })
      await recordEvent(tx, id, 'new_version', number, ctx)
    }
    await tx.update(documents).set(patch).where(eq(documents.id, id))
  })
}

/** The writer issues the current draft version: the counterparty sees it and may answer. */
export async function issueDocument(ctx: ServiceContext, id: string, version: number): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const { row, side } = await lockDocument(tx, companyId, id)
    if (side !== 'writer') throw new AppError('forbidden', 'Only the writer issues a document')
    requireVersion('document', row.version, version)
    if (row.status !== 'draft') throw new AppError('invalid_transition', 'Only a draft is issued', { status: row.status })
    const now = new Date()
    await tx
      .update(documentVersions)
      .set({ issuedAt: now })
      .where(and(eq(documentVersions.documentId, id), eq(documentVersions.number, row.currentVersion)))
    await tx
      .update(documents)
      .set({ status: 'issued', firstIssuedAt: row.firstIssuedAt ?? now, version: row.version + 1, updatedAt: now })
      .where(eq(documents.id, id))
    await recordEvent(tx, id, 'issued', row.currentVersion, ctx)
  })
}

/** The writer voids an issued or answered document, with a reason; its versions and history stay. */
export async function voidDocument(ctx: ServiceContext, id: string, input: { version: number; reason: string }): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const { row, side } = await lockDocument(tx, companyId, id)
    if (side !== 'writer') throw new AppError('forbidden', 'Only the writer voids a document')
    requireVersion('document', row.version, input.version)
    if (row.status === 'draft' || row.status === 'void') throw new AppError('invalid_transition', 'Only an issued document is voided', { status: row.status })
    await tx
      .update(documents)
      .set({ status: 'void', voidReason: input.reason, version: row.version + 1, updatedAt: new Date() })
      .where(eq(documents.id, id))
    await recordEvent(tx, id, 'voided', row.currentVersion, ctx, { note: input.reason })
  })
}

/** The counterparty accepts or rejects (with a reason) the issued version, once; `actorName` is who answered. */
export async function decideDocument(ctx: ServiceContext, id: string, input: DecideDocumentInput, actorName: string): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const { row, side } = await lockDocument(tx, companyId, id)
    if (side !== 'counterparty') throw new AppError('forbidden', 'Only the counterparty answers a document')
    requireVersion('document', row.version, input.version)
    if (row.status !== 'issued') throw new AppError('invalid_transition', 'Only an issued document is answered', { status: row.status })
    const current = await currentVersionOf(tx, row)
    const status: DocumentStatus = input.decision === 'accept' ? 'accepted' : 'rejected'
    await tx
      .update(documents)
      .set({
        status,
        decidedAt: new Date(),
        decidedByName: actorName,
        decisionReason: input.reason,
        decisionSha256: current.pdfSha256,
        version: row.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(documents.id, id))
    await recordEvent(tx, id, status, row.currentVersion, ctx, { actorName, note: input.reason })
  })
}

export type DocumentDetail = {
  id: string
  number: string
  type: DocumentType
  status: DocumentStatus
  side: DocumentSide
  source: { kind: DocumentRow['sourceKind']; id: string; number: string }
  counterparty: { id: string | null; name: string }
  language: DocumentRow['language']
  currentVersion: number
  content: DocumentContent
  versions: Array<{ number: number; issuedAt: Date | null; pdfSha256: string | null; createdAt: Date }>
  events: Array<{ type: string; versionNumber: number | null; actorName: string; note: string; createdAt: Date }>
  decision: { at: Date; byName: string; reason: string } | null
  voidReason: string
  version: number
  createdAt: Date
}

/**
 * A document as its writer or its counterparty sees it; the counterparty reads the latest issued version (a newer draft
 * stays the writer's until issued). Not found for anyone else.
 */
export async function getDocument(ctx: ServiceContext, id: string): Promise<DocumentDetail> {
  requireCompany(ctx.actor)
  const db = database()
  const [row] = await db.select().from(documents).where(eq(documents.id, id))
  const side = row ? sideOf(row, ctx.actor.companyId) : null
  if (!row || !side) throw new AppError('not_found', 'Document not found')
  const [versions, events] = await Promise.all([
    db.select().from(documentVersions).where(eq(documentVersions.documentId, id)).orderBy(documentVersions.number),
    db.select().from(documentEvents).where(eq(documentEvents.documentId, id)).orderBy(desc(documentEvents.createdAt)),
  ])
  const shown = side === 'writer' ? versions : versions.filter((version) => version.issuedAt !== null)
  const current = shown.at(-1)!
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    status: row.status,
    side,
    source: { kind: row.sourceKind, id: row.sourceId, number: row.sourceNumber },
    counterparty: { id: row.counterpartyCompanyId, name: row.counterpartyName },
    language: row.language,
    currentVersion: current.number,
    content: current.content,
    versions: shown.map((version) => ({ number: version.number, issuedAt: version.issuedAt, pdfSha256: version.pdfSha256, createdAt: version.createdAt })),
    events: events
      .filter((event) => side === 'writer' || event.type !== 'edited')
      .map((event) => ({ type: event.type, versionNumber: event.versionNumber, actorName: event.actorName, note: event.note, createdAt: event.createdAt })),
    decision: row.decidedAt ? { at: row.decidedAt, byName: row.decidedByName, reason: row.decisionReason } : null,
    voidReason: row.voidReason,
    version: row.version,
    createdAt: row.createdAt,
  }
}

/** The documents of a record that the company writes or receives (the record's page lists them), newest first. */
export async function documentsOfRecord(ctx: ServiceContext, sourceKind: DocumentRow['sourceKind'], sourceId: string) {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const visible: SQL = or(eq(documents.organizationId, companyId), and(eq(documents.counterpartyCompanyId, companyId), isNotNull(documents.firstIssuedAt)))!
  return database()
    .select({ id: documents.id, number: documents.number, type: documents.type, status: documents.status, createdAt: documents.createdAt })
    .from(documents)
    .where(and(eq(documents.sourceKind, sourceKind), eq(documents.sourceId, sourceId), visible))
    .orderBy(desc(documents.createdAt))
}
