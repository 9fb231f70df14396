// Share links (issue 20): `/view?token=…` shows an issued document to someone without an account — the counterparty's
// accounts desk, its bank, a broker. Only the token's SHA-256 is stored; a link expires, may ask for a password (tried
// at a limited rate), is revoked by its writer, logs each view, and — when its writer allows — lets the counterparty
// accept or reject, recording the name typed, the time and the hash of the PDF answered.
import { createHash, createHmac, randomBytes, randomUUID, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { and, count, desc, eq, inArray, max } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { relayEvents } from '../../platform/outbox/outbox.server'
import { rateLimitStore } from '../../platform/rate-limit.server'
import { requireCompany } from '../companies/index'
import { companyName } from '../companies/index.server'
import { type DocumentPdf, readPdf } from './document-files.server'
import type { CreateShareInput, ShareDecisionInput } from './document.inputs'
import { answerDocument, currentVersionOf, lockDocument, outwardStatus, paperOf, recordDocumentEvent } from './document.service.server'
import type { DocumentLanguage, DocumentStatus, DocumentType } from './documents.constants'
import { documents, documentShares, documentShareViews, documentVersions } from './documents.tables.server'
import { isWellFormedToken, type OfferedPassword, shareAccess } from './share-link'

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, length: number) => Promise<Buffer>
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Password attempts per visitor address and link in a quarter of an hour. */
const PASSWORD_ATTEMPTS = 10
const PASSWORD_WINDOW_SECONDS = 15 * 60

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  return `scrypt$${salt.toString('base64url')}$${(await scrypt(password, salt, 32)).toString('base64url')}`
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [, salt, hash] = stored.split('$')
  if (!salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const offered = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length)
  return timingSafeEqual(offered, expected)
}

/**
 * What a visitor who gave the right password carries afterwards (a cookie): bound to the link and its password, so a
 * changed password or another link needs it again.
 */
const passProof = (shareId: string, passwordHash: string) =>
  createHmac('sha256', env().AUTH_SECRET).update(`document-share:${shareId}:${passwordHash}`).digest('base64url')

/**
 * The cookie that carries a visitor's proof of a right password for one link (named by the token's hash, which is all
 * a request knows before the link is admitted): the share page and the API set and read the same one.
 */
export const shareProofCookieName = (token: string) => `tp_doc_share_${sha256(token).slice(0, 12)}`

/** How long a right password holds in a browser. */
export const SHARE_PROOF_MAX_AGE_SECONDS = 60 * 60

export type ShareStatus = 'active' | 'expired' | 'revoked'

export type ShareSummary = {
  id: string
  label: string
  hasPassword: boolean
  canDecide: boolean
  status: ShareStatus
  expiresAt: Date
  revokedAt: Date | null
  createdAt: Date
  views: number
  lastViewedAt: Date | null
}

/** The writer's own document, or 404: the counterparty and anyone else learn nothing of its links. */
async function writersDocument(ctx: ServiceContext, id: string): Promise<void> {
  requireCompany(ctx.actor)
  // A read: no lock, one indexed lookup scoped to the writer.
  const [row] = await database()
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.organizationId, ctx.actor.companyId)))
  if (!row) throw new AppError('not_found', 'Document not found')
}

/** A link's token, made again from its id with the server's secret so that a retried create answers the same link. */
const tokenOf = (shareId: string) => createHmac('sha256', env().AUTH_SECRET).update(`document-share-token:${shareId}`).digest('base64url')

/**
 * A new link to an issued (or answered) document, living `days` days, optionally with a password. The token is shown
 * once, here (and to a retry with the same idempotency key); only its hash is kept. A draft that was never issued, or a
 * void document, is not shared (409).
 */
export async function createShare(
  ctx: ServiceContext,
  id: string,
  input: CreateShareInput,
  options: IdempotencyOption = {},
): Promise<{ id: string; token: string; expiresAt: Date }> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const passwordHash = input.password ? await hashPassword(input.password) : null
  const expiresAt = new Date(Date.now() + input.days * 86_400_000)
  // The request's fingerprint (kept with the key) holds a keyed digest of the password, never the password.
  const fingerprint = { ...input, password: input.password ? createHmac('sha256', env().AUTH_SECRET).update(input.password).digest('hex') : '' }
  const created = await createIdempotently(`document-share:${companyId}:${id}`, options, fingerprint, async (tx, shareId) => {
    const { row, side } = await lockDocument(tx, companyId, id)
    if (side !== 'writer') throw new AppError('not_found', 'Document not found')
    if (!row.firstIssuedAt || row.status === 'void') throw new AppError('invalid_transition', 'Only an issued document is shared', { status: row.status })
    await tx.insert(documentShares).values({
      id: shareId,
      documentId: id,
      tokenSha256: sha256(tokenOf(shareId)),
      passwordHash,
      label: input.label,
      canDecide: input.canDecide,
      expiresAt,
      createdBy: ctx.actor.userId,
    })
    await recordDocumentEvent(tx, id, 'shared', null, ctx, { note: input.label })
  })
  if (!created.replayed) return { id: created.id, token: tokenOf(created.id), expiresAt }
  const [first] = await database().select({ expiresAt: documentShares.expiresAt }).from(documentShares).where(eq(documentShares.id, created.id))
  if (!first) throw new AppError('not_found', 'Share link not found')
  return { id: created.id, token: tokenOf(created.id), expiresAt: first.expiresAt }
}

/** The document's links with their view counts, newest first (the writer's). */
export async function listShares(ctx: ServiceContext, id: string): Promise<ShareSummary[]> {
  await writersDocument(ctx, id)
  const db = database()
  const rows = await db.select().from(documentShares).where(eq(documentShares.documentId, id)).orderBy(desc(documentShares.createdAt))
  const counts =
    rows.length === 0
      ? []
      : await db
          .select({ shareId: documentShareViews.shareId, views: count(), last: max(documentShareViews.viewedAt) })
          .from(documentShareViews)
          .where(
            inArray(
              documentShareViews.shareId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(documentShareViews.shareId)
  const seen = new Map(counts.map((entry) => [entry.shareId, entry]))
  const now = new Date()
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    hasPassword: row.passwordHash !== null,
    canDecide: row.canDecide,
    status: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
    views: seen.get(row.id)?.views ?? 0,
    lastViewedAt: seen.get(row.id)?.last ?? null,
  }))
}

/** Each opening of one link, newest first (at most 200): when, which version, and a digest of who. */
export async function shareViews(ctx: ServiceContext, id: string, shareId: string) {
  await writersDocument(ctx, id)
  const [share] = await database()
    .select({ id: documentShares.id })
    .from(documentShares)
    .where(and(eq(documentShares.id, shareId), eq(documentShares.documentId, id)))
  if (!share) throw new AppError('not_found', 'Share link not found')
  return database()
    .select({ viewedAt: documentShareViews.viewedAt, versionNumber: documentShareViews.versionNumber, visitor: documentShareViews.visitorDigest })
    .from(documentShareViews)
    .where(eq(documentShareViews.shareId, shareId))
    .orderBy(desc(documentShareViews.viewedAt))
    .limit(200)
}

/** The writer revokes a link: it answers 404 from now on. Revoking twice changes nothing. */
export async function revokeShare(ctx: ServiceContext, id: string, shareId: string): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const { side } = await lockDocument(tx, companyId, id)
    if (side !== 'writer') throw new AppError('not_found', 'Document not found')
    const [share] = await tx
      .select()
      .from(documentShares)
      .where(and(eq(documentShares.id, shareId), eq(documentShares.documentId, id)))
    if (!share) throw new AppError('not_found', 'Share link not found')
    if (share.revokedAt) return
    await tx.update(documentShares).set({ revokedAt: new Date() }).where(eq(documentShares.id, shareId))
    await recordDocumentEvent(tx, id, 'share_revoked', null, ctx, { note: share.label })
  })
}

/** How a visitor opens a link: the token, and a password typed now or the proof of one typed before. */
export type ShareVisit = { token: string | null | undefined; password?: string | null; proof?: string | null; visitor: { ip: string; userAgent: string } }

/** What the share page shows: the document's face, the issued version and its recorded hash, and what the visitor may do. */
export type SharedDocument = {
  shareId: string
  canDecide: boolean
  /** Set after a right password: the page keeps it (a cookie) so the PDF and the answer open without asking again. */
  proof: string | null
  document: {
    id: string
    number: string
    type: DocumentType
    status: DocumentStatus
    language: DocumentLanguage
    writerName: string
    counterpartyName: string
    sourceNumber: string
    versionNumber: number
    issuedAt: Date
    pdfSha256: string
    decision: { at: Date; byName: string; reason: string; sha256: string | null } | null
    voidReason: string
  }
}

/** The link's facts once the visitor may open it: 404 unknown or revoked, 410 expired, 403 password (429 past its rate). */
async function admit(visit: ShareVisit) {
  if (!isWellFormedToken(visit.token)) throw new AppError('not_found', 'Link not found')
  const [share] = await database()
    .select()
    .from(documentShares)
    .where(eq(documentShares.tokenSha256, sha256(visit.token)))
  let offered: OfferedPassword = 'none'
  let proof: string | null = null
  if (share?.passwordHash) {
    const expected = passProof(share.id, share.passwordHash)
    if (visit.proof && visit.proof === expected) offered = 'matches'
    else if (visit.password) {
      const decision = await rateLimitStore().hit(`document-share:${share.id}:${visit.visitor.ip}`, PASSWORD_WINDOW_SECONDS, PASSWORD_ATTEMPTS)
      if (!decision.allowed) throw new AppError('rate_limited', 'Too many attempts', { retryAfterSeconds: decision.retryAfterSeconds })
      offered = (await passwordMatches(visit.password, share.passwordHash)) ? 'matches' : 'wrong'
      if (offered === 'matches') proof = expected
    }
  }
  const access = shareAccess(
    share ? { revokedAt: share.revokedAt, expiresAt: share.expiresAt, hasPassword: share.passwordHash !== null } : null,
    new Date(),
    offered,
  )
  if (!access.ok) {
    if (access.status === 404) throw new AppError('not_found', 'Link not found')
    if (access.status === 410) throw new AppError('share_expired', 'This link has expired')
    throw new AppError(access.reason === 'password_required' ? 'share_password_required' : 'share_password_wrong', 'A password is needed')
  }
  return { share: share!, proof }
}

/** The latest issued version of the shared document. */
async function issuedVersion(documentId: string) {
  const versions = await database().select().from(documentVersions).where(eq(documentVersions.documentId, documentId)).orderBy(desc(documentVersions.number))
  const issued = versions.find((version) => version.issuedAt !== null && version.pdfSha256 !== null)
  if (!issued) throw new AppError('not_found', 'Link not found')
  return issued
}

const visitorDigest = (visitor: ShareVisit['visitor']) => sha256(`${env().AUTH_SECRET}:${visitor.ip}:${visitor.userAgent}`).slice(0, 16)

/** Opens a link for the share page (and logs the view). */
export async function openShare(visit: ShareVisit, { logView = true } = {}): Promise<SharedDocument> {
  const { share, proof } = await admit(visit)
  const [row] = await database().select().from(documents).where(eq(documents.id, share.documentId))
  if (!row) throw new AppError('not_found', 'Link not found')
  const version = await issuedVersion(row.id)
  if (logView) {
    await database()
      .insert(documentShareViews)
      .values({ id: randomUUID(), shareId: share.id, visitorDigest: visitorDigest(visit.visitor), versionNumber: version.number })
  }
  return {
    shareId: share.id,
    canDecide: share.canDecide && row.status === 'issued',
    proof,
    document: {
      id: row.id,
      number: row.number,
      type: row.type,
      status: outwardStatus(row),
      language: row.language,
      writerName: await companyName(row.organizationId),
      counterpartyName: row.counterpartyName,
      sourceNumber: row.sourceNumber,
      versionNumber: version.number,
      issuedAt: version.issuedAt!,
      pdfSha256: version.pdfSha256!,
      decision: row.decidedAt ? { at: row.decidedAt, byName: row.decidedByName, reason: row.decisionReason, sha256: row.decisionSha256 } : null,
      voidReason: row.voidReason,
    },
  }
}

/** The shared document's issued PDF, its bytes checked against the recorded hash. */
export async function sharedPdf(visit: ShareVisit): Promise<DocumentPdf> {
  const { share } = await admit(visit)
  const [row] = await database().select().from(documents).where(eq(documents.id, share.documentId))
  if (!row) throw new AppError('not_found', 'Link not found')
  return readPdf(paperOf(row, await issuedVersion(row.id)))
}

/**
 * The counterparty's answer through a link that allows it: the name typed, the time, and the hash of the issued PDF
 * (which must be the version the visitor saw: `versionNumber`, else 409 — a newer version was issued meanwhile).
 */
export async function decideThroughShare(visit: ShareVisit, input: ShareDecisionInput & { versionNumber: number }): Promise<void> {
  const { share } = await admit(visit)
  if (!share.canDecide) throw new AppError('forbidden', 'This link only shows the document')
  const event = await database().transaction(async (tx) => {
    const [row] = await tx.select().from(documents).where(eq(documents.id, share.documentId)).for('update')
    if (!row) throw new AppError('not_found', 'Link not found')
    const current = await currentVersionOf(tx, row)
    if (current.number !== input.versionNumber || !current.issuedAt)
      throw new AppError('stale_version', 'A newer version was issued', { current: current.number })
    return answerDocument(tx, row, { decision: input.decision, reason: input.reason }, input.name, null)
  })
  await relayEvents([event])
}
