// Business documents (issue 20): made from a record the company is party to (read through its module's service, so
// another company's record is not found), numbered per company and type, versioned, issued, answered, voided.
import { randomBytes, randomUUID } from 'node:crypto'
import { and, desc, eq, isNotNull, or, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { requireVersion } from '../../platform/versioning'
import { type OutboxEventId, recordEvent as recordOutboxEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import { companyName as companyNameOf, type Notice, recordNotice } from '../companies/index.server'
import { nextNumber } from '../kernel/index.server'
import { noteDocumentOnOrders } from '../orders/index.server'
import { type PaperOf, storeIssuedPdf } from './document-files.server'
import type { DocumentContent } from './document-content'
import type { CreateDocumentInput, DecideDocumentInput, EditDocumentInput } from './document.inputs'
import { DOCUMENT_NUMBER_PREFIX, DOCUMENT_WRITER, type DocumentStatus, type DocumentType, fitsSource } from './documents.constants'
import { documentEvents, documents, documentVersions } from './documents.tables.server'

export type DocumentRow = typeof documents.$inferSelect
export type VersionRow = typeof documentVersions.$inferSelect

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/**
 * What a record gives the document: its content, the writer's side of it, and who the document is for. Read from the
 * record's module by the create-document workflow (logistics is this module's peer), as the actor may see it.
 */
export type RecordSnapshot = {
  content: DocumentContent
  side: 'buyer' | 'seller'
  counterparty: { id: string | null; name: string }
  /** The purchase orders whose timelines hear of the document: the order itself, or those the shipment carries. */
  orderIds: string[]
}

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
  const writer = DOCUMENT_WRITER[input.type]
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
      orderIds: [...new Set(snapshot.orderIds)].sort(),
      verifyCode: randomBytes(16).toString('base64url'),
      counterpartyCompanyId: snapshot.counterparty.id,
      counterpartyName: snapshot.counterparty.name,
      language: input.language,
      createdBy: ctx.actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    await tx.insert(documentVersions).values({ id: randomUUID(), documentId, number: 1, content: snapshot.content, createdBy: ctx.actor.userId })
    await recordDocumentEvent(tx, documentId, 'created', 1, ctx)
  })
  return id
}

export function recordDocumentEvent(
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

/**
 * The status as anyone but the writer sees it: while the writer drafts a new version of an issued document, the
 * others still hold the issued paper (answering it waits for the new version: 409).
 */
export const outwardStatus = (row: Pick<DocumentRow, 'status' | 'firstIssuedAt'>): DocumentStatus =>
  row.status === 'draft' && row.firstIssuedAt !== null ? 'issued' : row.status

/** The company's side of a document: its writer, or the counterparty (who sees it once issued, never a draft version). */
export type DocumentSide = 'writer' | 'counterparty'

export const sideOf = (row: DocumentRow, companyId: string): DocumentSide | null =>
  row.organizationId === companyId ? 'writer' : row.counterpartyCompanyId === companyId && row.firstIssuedAt !== null ? 'counterparty' : null

/** The document, locked, when the company is its writer or (issued) its counterparty; not found otherwise. */
export async function lockDocument(tx: Transaction, companyId: string, id: string): Promise<{ row: DocumentRow; side: DocumentSide }> {
  const [row] = await tx.select().from(documents).where(eq(documents.id, id)).for('update')
  const side = row ? sideOf(row, companyId) : null
  if (!row || !side) throw new AppError('not_found', 'Document not found')
  return { row, side }
}

export async function currentVersionOf(tx: Transaction, row: DocumentRow): Promise<VersionRow> {
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
      await recordDocumentEvent(tx, id, 'edited', row.currentVersion, ctx)
    } else {
      const number = row.currentVersion + 1
      await tx.insert(documentVersions).values({ id: randomUUID(), documentId: id, number, content, createdBy: ctx.actor.userId, createdAt: now })
      Object.assign(patch, { currentVersion: number, status: 'draft', decidedAt: null, decidedByName: '', decisionReason: '', decisionSha256: null })
      await recordDocumentEvent(tx, id, 'new_version', number, ctx)
    }
    await tx.update(documents).set(patch).where(eq(documents.id, id))
  })
}

/** The path of a document's page (without locale). */
export const documentLink = (id: string) => `/app/documents/edit/${encodeURIComponent(id)}`

/**
 * Tells the other company of the document's news (in app now, by mail after commit through the outbox), adds a line to
 * the timelines of the orders it concerns, and signals both companies' open pages. Answers the outbox event to relay.
 */
async function announce(
  tx: Transaction,
  row: DocumentRow,
  news: 'issued' | 'accepted' | 'rejected' | 'voided',
  ctx: ServiceContext | null,
  params: Record<string, string>,
): Promise<OutboxEventId> {
  const notices: Notice[] = []
  const to = news === 'accepted' || news === 'rejected' ? row.organizationId : row.counterpartyCompanyId
  if (to) {
    const notice: Notice = {
      companyId: to,
      exceptUserId: ctx?.actor.userId ?? null,
      kind: `document.${news}`,
      params: { number: row.number, record: row.sourceNumber, ...params },
      link: documentLink(row.id),
    }
    await recordNotice(tx, notice)
    notices.push(notice)
  }
  if (news !== 'voided') {
    const reference = { id: row.id, number: row.number, type: row.type }
    await noteDocumentOnOrders(tx, ctx, row.orderIds, `document_${news}`, reference, params.name ?? '')
  }
  const companyIds = [row.organizationId, row.counterpartyCompanyId].filter((id): id is string => id !== null)
  return recordOutboxEvent(tx, {
    name: `document.${news}`,
    changes: [{ companyIds, entity: 'document', id: row.id, action: news }],
    notices,
    ...(ctx ? {} : { actorUserId: null }),
  })
}

/** The paper of a document's version, for the PDF. */
export const paperOf = (row: DocumentRow, version: VersionRow): PaperOf => ({ document: row, version })

/**
 * The writer issues the current draft version: its PDF is rendered and kept with its SHA-256, the counterparty sees it,
 * may answer, and is told; the orders' timelines get a line.
 */
export async function issueDocument(ctx: ServiceContext, id: string, version: number): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  // Rendered before the transaction (CPU, storage); the lock then checks nothing changed since (`version`).
  const { row: seen, version: draft } = await database().transaction(async (tx) => {
    const { row, side } = await lockDocument(tx, companyId, id)
    if (side !== 'writer') throw new AppError('forbidden', 'Only the writer issues a document')
    requireVersion('document', row.version, version)
    if (row.status !== 'draft') throw new AppError('invalid_transition', 'Only a draft is issued', { status: row.status })
    return { row, version: await currentVersionOf(tx, row) }
  })
  const now = new Date()
  const pdfSha256 = await storeIssuedPdf(paperOf(seen, draft), now)
  const event = await database().transaction(async (tx) => {
    const { row } = await lockDocument(tx, companyId, id)
    requireVersion('document', row.version, version)
    if (row.status !== 'draft' || row.currentVersion !== draft.number)
      throw new AppError('invalid_transition', 'Only a draft is issued', { status: row.status })
    await tx.update(documentVersions).set({ issuedAt: now, pdfSha256 }).where(eq(documentVersions.id, draft.id))
    await tx
      .update(documents)
      .set({ status: 'issued', firstIssuedAt: row.firstIssuedAt ?? now, version: row.version + 1, updatedAt: now })
      .where(eq(documents.id, id))
    await recordDocumentEvent(tx, id, 'issued', row.currentVersion, ctx)
    return announce(tx, row, 'issued', ctx, { company: (await companyNameOf(companyId, tx)) || row.number })
  })
  await relayEvents([event])
}

/** The writer voids an issued or answered document, with a reason; its versions and history stay. The counterparty is told. */
export async function voidDocument(ctx: ServiceContext, id: string, input: { version: number; reason: string }): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const event = await database().transaction(async (tx) => {
    const { row, side } = await lockDocument(tx, companyId, id)
    if (side !== 'writer') throw new AppError('forbidden', 'Only the writer voids a document')
    requireVersion('document', row.version, input.version)
    if (row.status === 'draft' || row.status === 'void') throw new AppError('invalid_transition', 'Only an issued document is voided', { status: row.status })
    await tx
      .update(documents)
      .set({ status: 'void', voidReason: input.reason, version: row.version + 1, updatedAt: new Date() })
      .where(eq(documents.id, id))
    await recordDocumentEvent(tx, id, 'voided', row.currentVersion, ctx, { note: input.reason })
    return announce(tx, row, 'voided', ctx, { company: (await companyNameOf(companyId, tx)) || row.number, reason: input.reason })
  })
  await relayEvents([event])
}

/**
 * The counterparty's answer to the issued version (accept, or reject with a reason), once: who answered by name, when,
 * and the SHA-256 of the PDF they answered; in the caller's transaction, with the row locked. `ctx` null: through a
 * share link.
 */
export async function answerDocument(
  tx: Transaction,
  row: DocumentRow,
  input: { version?: number; decision: 'accept' | 'reject'; reason: string },
  actorName: string,
  ctx: ServiceContext | null,
): Promise<OutboxEventId> {
  if (input.version !== undefined) requireVersion('document', row.version, input.version)
  if (row.status !== 'issued') throw new AppError('invalid_transition', 'Only an issued document is answered', { status: row.status })
  const current = await currentVersionOf(tx, row)
  const status: DocumentStatus = input.decision === 'accept' ? 'accepted' : 'rejected'
  const now = new Date()
  await tx
    .update(documents)
    .set({
      status,
      decidedAt: now,
      decidedByName: actorName,
      decisionReason: input.reason,
      decisionSha256: current.pdfSha256,
      version: row.version + 1,
      updatedAt: now,
    })
    .where(eq(documents.id, row.id))
  await recordDocumentEvent(tx, row.id, status, row.currentVersion, ctx, { actorName, note: input.reason })
  return announce(tx, row, status, ctx, { name: actorName, company: row.counterpartyName, reason: input.reason })
}

/** The counterparty accepts or rejects (with a reason) the issued version, once; `actorName` is who answered. */
export async function decideDocument(ctx: ServiceContext, id: string, input: DecideDocumentInput, actorName: string): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const event = await database().transaction(async (tx) => {
    const { row, side } = await lockDocument(tx, companyId, id)
    if (side !== 'counterparty') throw new AppError('forbidden', 'Only the counterparty answers a document')
    return answerDocument(tx, row, input, actorName, ctx)
  })
  await relayEvents([event])
}

const COUNTERPARTY_EVENTS = new Set(['issued', 'accepted', 'rejected', 'voided'])

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
  /** Whether the company may answer now: the counterparty, of an issued document with no new version in draft. */
  canAnswer: boolean
  /** The code of the verification page the PDF's QR opens (the writer's, to print or send). */
  verifyCode: string | null
  /** The answered version's PDF hash, as the counterparty saw it. */
  decisionSha256: string | null
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
    status: side === 'writer' ? row.status : outwardStatus(row),
    side,
    source: { kind: row.sourceKind, id: row.sourceId, number: row.sourceNumber },
    counterparty: { id: row.counterpartyCompanyId, name: row.counterpartyName },
    language: row.language,
    currentVersion: current.number,
    content: current.content,
    versions: shown.map((version) => ({ number: version.number, issuedAt: version.issuedAt, pdfSha256: version.pdfSha256, createdAt: version.createdAt })),
    events: events
      // The counterparty reads what was issued to it and the answers; drafts, edits and share links (with their private labels) stay the writer's.
      .filter((event) => side === 'writer' || COUNTERPARTY_EVENTS.has(event.type))
      .map((event) => ({ type: event.type, versionNumber: event.versionNumber, actorName: event.actorName, note: event.note, createdAt: event.createdAt })),
    decision: row.decidedAt ? { at: row.decidedAt, byName: row.decidedByName, reason: row.decisionReason } : null,
    voidReason: row.voidReason,
    canAnswer: side === 'counterparty' && row.status === 'issued',
    verifyCode: side === 'writer' ? row.verifyCode : null,
    decisionSha256: row.decisionSha256,
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
