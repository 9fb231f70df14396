import { randomUUID } from 'node:crypto'
import { requireVersion } from '../../platform/versioning'
import DecimalBase from 'decimal.js'
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { claimIdempotencyKey, createIdempotently, fingerprintOf, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { availableActions, checkTransition, type Party } from '../../platform/state-machine'
import type { Incoterm, PaymentTerms } from '../../platform/trade-terms'
import { roundToCurrency } from '../catalog/index'
import { requireCompany } from '../companies/index'
import { companyName, companyNames, companyStanding, type Notice, recordNotice } from '../companies/index.server'
import { attachedFiles, checkAttachments } from '../kernel/index.server'
import { userNames } from '../identity/index.server'
import type {
  MyQuotationsQuery,
  QuotationDecisionInput,
  QuotationLineInput,
  QuotationStepInput,
  ReviseQuotationInput,
  SaveQuotationInput,
} from './quotation.inputs'
import { QUOTATION_STATUSES, type QuotationStatus, type RfqVisibility } from './sourcing.constants'
import { type ProjectEventType, type QuotationAction, quotationMachine } from './sourcing.machines'
import { recordProjectEvent } from './project.service.server'
import { isQuotingOpen as quotingOpen, isSealed as sealedNow } from './rfq.service.server'
import { quotationLines, quotationRevisions, quotations, requirements, rfqInvitations, rfqLines, rfqs } from './sourcing.tables.server'

const Decimal = DecimalBase.clone({ precision: 40 })

type RfqRow = typeof rfqs.$inferSelect
type QuotationRow = typeof quotations.$inferSelect
type RfqLineRow = typeof rfqLines.$inferSelect
type Db = Database | Transaction

export type QuotationLine = {
  rfqLineId: string
  position: number
  title: string
  specification: string
  quantity: number
  unit: string
  /** The buyer's target price: shown to the buyer only (null for the supplier). */
  targetUnitPrice: string | null
  /** The supplier skipped this line. */
  noOffer: boolean
  unitPrice: string | null
  moq: number | null
  leadTimeDays: number | null
  note: string
  alternativeDescription: string | null
  alternativeUnitPrice: string | null
  /** quantity × unit price, rounded to the currency. */
  lineTotal: string | null
}

export type QuotationAttachment = { id: string; name: string; contentType: string; sizeBytes: number }

export type QuotationDetail = {
  id: string
  rfq: { id: string; number: string; title: string; sealed: boolean; quoteDeadline: Date; visibility: RfqVisibility; quotingOpen: boolean }
  side: Party
  buyer: { id: string; name: string }
  supplier: { id: string; name: string }
  status: QuotationStatus
  revision: number
  currency: string
  incoterm: Incoterm
  incotermPlace: string
  freightAmount: string | null
  insuranceAmount: string | null
  paymentTerms: PaymentTerms
  validUntil: string
  notes: string
  /** The buyer's reason for a decision, or the supplier's for a withdrawal. */
  decisionReason: string
  submittedAt: Date | null
  decidedAt: Date | null
  createdAt: Date
  updatedAt: Date
  /** The optimistic lock: a write names the version it saw. */
  version: number
  /** Sum of the priced lines (unit price × quantity), without freight and insurance. */
  total: string
  lines: QuotationLine[]
  attachments: QuotationAttachment[]
  /** What this actor may do now (state machine, deadline and side). */
  actions: QuotationAction[]
  /** The supplier may still save the draft. */
  canEdit: boolean
}

/** What the buyer gets for an RFQ: the quotations, or only their number while the RFQ is sealed. */
export type RfqQuotations =
  { sealed: true; count: number; quoteDeadline: Date } | { sealed: false; count: number; quoteDeadline: Date; items: QuotationDetail[] }

export type QuotationChange = { field: QuotationHistoryField; rfqLineId: string | null; lineTitle: string | null; before: string | null; after: string | null }
export type QuotationRevisionEntry = { revision: number; submittedAt: Date; submittedByName: string | null; changes: QuotationChange[] }

export type MyQuotationSummary = {
  id: string
  rfqId: string
  rfqNumber: string
  rfqTitle: string
  visibility: RfqVisibility
  /** The buyer's name for an invited RFQ; null for a public request. */
  buyerName: string | null
  status: QuotationStatus
  revision: number
  currency: string
  total: string
  lineCount: number
  validUntil: string
  quoteDeadline: Date
  submittedAt: Date | null
  updatedAt: Date
  version: number
}
export type MyQuotationsPage = { items: MyQuotationSummary[]; total: number; counts: Record<QuotationStatus, number> }

type SnapshotLine = {
  rfqLineId: string
  title: string
  unitPrice: string
  moq: number
  leadTimeDays: number
  note: string
  alternativeDescription: string | null
  alternativeUnitPrice: string | null
}
type Snapshot = {
  currency: string
  incoterm: string
  incotermPlace: string
  freightAmount: string | null
  insuranceAmount: string | null
  paymentTerms: string
  validUntil: string
  notes: string
  attachmentFileIds: string[]
  lines: SnapshotLine[]
}

// ——— rules ———

const today = (now = new Date()) => now.toISOString().slice(0, 10)
const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })
const quotingClosed = (rfq: RfqRow) =>
  new AppError('invalid_transition', 'Quoting is closed for this RFQ: its deadline has passed or it is no longer open', {
    reason: 'quoting_closed',
    quoteDeadline: rfq.quoteDeadline.toISOString(),
    rfqStatus: rfq.status,
  })
const sealedError = (rfq: RfqRow) =>
  new AppError('forbidden', 'The quotations of this sealed RFQ stay hidden until its deadline', {
    reason: 'sealed',
    quoteDeadline: rfq.quoteDeadline.toISOString(),
  })

function refuse(action: QuotationAction, quotation: QuotationRow, party: Party): void {
  const check = checkTransition(quotationMachine, quotation.status, action, party)
  if (!check.ok) {
    const message =
      check.problem === 'invalid_transition' ? `Cannot ${action} a quotation that is ${quotation.status}` : `Only the other party can ${action} this quotation`
    throw new AppError(check.problem, message, { action, status: quotation.status })
  }
}

// ——— reading the RFQ as a supplier ———

/**
 * The RFQ as a supplier may answer it: sent (not a draft), not its own, and the supplier invited to it — or, for a
 * public request, any supplying company. Anything else is not found (no hint it exists).
 */
async function rfqForSupplier(db: Db, companyId: string, rfqId: string): Promise<RfqRow> {
  const [rfq] = await db.select().from(rfqs).where(eq(rfqs.id, rfqId))
  if (!rfq || rfq.status === 'draft' || rfq.organizationId === companyId) throw new AppError('not_found', 'RFQ not found')
  const [invitation] = await db
    .select({ status: rfqInvitations.status })
    .from(rfqInvitations)
    .where(and(eq(rfqInvitations.rfqId, rfqId), eq(rfqInvitations.supplierCompanyId, companyId)))
  if (invitation) return rfq
  if (rfq.visibility === 'public') {
    const profile = await companyStanding(companyId, db)
    if (profile && (profile.kind === 'supplier' || profile.kind === 'both')) return rfq
  }
  throw new AppError('not_found', 'RFQ not found')
}

/** Checks one entry per RFQ line (priced, or explicitly no offer) and at least one priced; field errors under lines.<i>. */
function checkLines(lines: RfqLineRow[], input: QuotationLineInput[]): QuotationLineInput[] {
  const fields: Record<string, string[]> = {}
  const known = new Map(lines.map((line) => [line.id, line]))
  const seen = new Set<string>()
  input.forEach((line, index) => {
    if (!known.has(line.rfqLineId) || seen.has(line.rfqLineId)) fields[`lines.${index}.rfqLineId`] = ['validation.line']
    seen.add(line.rfqLineId)
  })
  if (Object.keys(fields).length === 0 && lines.some((line) => !seen.has(line.id))) fields.lines = ['validation.everyLine']
  if (Object.keys(fields).length === 0 && input.every((line) => line.noOffer)) fields.lines = ['validation.noPricedLine']
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  return input.filter((line) => !line.noOffer)
}

/** Validates the whole content against the RFQ and answers the columns and lines to store. */
async function contentOf(tx: Transaction, companyId: string, rfq: RfqRow, input: SaveQuotationInput, now: Date) {
  const lines = await tx.select().from(rfqLines).where(eq(rfqLines.rfqId, rfq.id)).orderBy(asc(rfqLines.position))
  const priced = checkLines(lines, input.lines)
  if (input.validUntil < today(now)) throw fieldError({ validUntil: ['validation.validUntilPast'] })
  await checkAttachments(companyId, input.attachmentFileIds, tx)
  const columns = {
    currency: input.currency,
    incoterm: input.incoterm,
    incotermPlace: input.incotermPlace,
    freightAmount: input.freightAmount ?? null,
    insuranceAmount: input.insuranceAmount ?? null,
    paymentTerms: input.paymentTerms,
    validUntil: input.validUntil,
    notes: input.notes,
    attachmentFileIds: input.attachmentFileIds,
  }
  return { columns, priced }
}

async function replaceLines(tx: Transaction, quotationId: string, priced: QuotationLineInput[]): Promise<void> {
  await tx.delete(quotationLines).where(eq(quotationLines.quotationId, quotationId))
  if (priced.length === 0) return
  await tx.insert(quotationLines).values(
    priced.map((line) => ({
      id: randomUUID(),
      quotationId,
      rfqLineId: line.rfqLineId,
      unitPrice: line.unitPrice!,
      moq: line.moq,
      leadTimeDays: line.leadTimeDays ?? 0,
      note: line.note,
      alternativeDescription: line.alternativeDescription ?? null,
      alternativeUnitPrice: line.alternativeDescription ? (line.alternativeUnitPrice ?? null) : null,
    })),
  )
}

/** The quotation as stored now (terms and lines), kept as one revision. */
async function snapshotOf(tx: Transaction, quotationId: string): Promise<Snapshot> {
  const [row] = await tx.select().from(quotations).where(eq(quotations.id, quotationId))
  if (!row) throw new AppError('internal', 'Quotation not stored')
  const lines = await tx
    .select({ line: quotationLines, title: rfqLines.title })
    .from(quotationLines)
    .innerJoin(rfqLines, eq(rfqLines.id, quotationLines.rfqLineId))
    .where(eq(quotationLines.quotationId, quotationId))
    .orderBy(asc(rfqLines.position))
  return {
    currency: row.currency,
    incoterm: row.incoterm,
    incotermPlace: row.incotermPlace,
    freightAmount: row.freightAmount,
    insuranceAmount: row.insuranceAmount,
    paymentTerms: row.paymentTerms,
    validUntil: row.validUntil,
    notes: row.notes,
    attachmentFileIds: row.attachmentFileIds,
    lines: lines.map(({ line, title }) => ({
      rfqLineId: line.rfqLineId,
      title,
      unitPrice: line.unitPrice,
      moq: line.moq,
      leadTimeDays: line.leadTimeDays,
      note: line.note,
      alternativeDescription: line.alternativeDescription,
      alternativeUnitPrice: line.alternativeUnitPrice,
    })),
  }
}

async function recordRevision(tx: Transaction, ctx: ServiceContext, quotationId: string, revision: number, now: Date): Promise<Snapshot> {
  const snapshot = await snapshotOf(tx, quotationId)
  await tx.insert(quotationRevisions).values({ id: randomUUID(), quotationId, revision, snapshot, submittedBy: ctx.actor.userId, submittedAt: now })
  return snapshot
}

const snapshotTotal = (snapshot: Snapshot, quantities: Map<string, number>) =>
  roundToCurrency(
    snapshot.lines.reduce((sum, line) => sum.plus(new Decimal(line.unitPrice).times(quantities.get(line.rfqLineId) ?? 0)), new Decimal(0)).toString(),
    snapshot.currency,
  )

/** A line on the project's timeline (when the RFQ belongs to a project); sealed RFQs keep the supplier out of it. */
async function projectEvent(
  tx: Transaction,
  ctx: ServiceContext,
  rfq: RfqRow,
  type: ProjectEventType,
  data: Record<string, unknown>,
  note = '',
): Promise<void> {
  if (rfq.projectId) await recordProjectEvent(tx, ctx, rfq.projectId, { type, note, data: { rfqId: rfq.id, number: rfq.number, ...data } })
}

const buyerLink = (rfqId: string) => `/app/sourcing/rfq/${rfqId}`
const supplierLink = (rfqId: string) => `/app/supplier/portal/rfq/${rfqId}`

/**
 * Tells the buyer of a supplier's step. While a sealed RFQ is before its deadline the notice names neither the supplier
 * nor a price (the `_sealed` kinds).
 */
async function noticeToBuyer(
  tx: Transaction,
  ctx: ServiceContext,
  rfq: RfqRow,
  kind: 'submitted' | 'revised' | 'withdrawn',
  params: { company: string; total: string; revision: string; reason: string },
  now: Date,
  notices: Notice[],
): Promise<void> {
  const sealed = sealedNow(rfq, now)
  const notice: Notice = {
    companyId: rfq.organizationId,
    exceptUserId: ctx.actor.userId,
    kind: sealed ? `quotation.${kind}_sealed` : `quotation.${kind}`,
    params: sealed ? { number: rfq.number, title: rfq.title } : { number: rfq.number, title: rfq.title, ...params },
    link: buyerLink(rfq.id),
  }
  await recordNotice(tx, notice)
  notices.push(notice)
}

/**
 * The quotation's business event, in its transaction: the buyer's and the supplier's open pages hear that it changed
 * (ids and the action only: nothing of a sealed bid), and the notices go out, after commit (`relayEvents`).
 */
function recordQuotationEvent(
  tx: Transaction,
  rfq: { id: string; organizationId: string },
  supplierCompanyId: string,
  id: string,
  action: string,
  notices: Notice[],
): Promise<OutboxEventId> {
  return recordEvent(tx, {
    name: `quotation.${action}`,
    changes: [{ companyIds: [rfq.organizationId, supplierCompanyId], entity: 'quotation', id, action, rfqId: rfq.id }],
    notices,
  })
}

// ——— supplier ———

async function lockOwnQuotation(tx: Transaction, companyId: string, id: string): Promise<{ quotation: QuotationRow; rfq: RfqRow }> {
  const [quotation] = await tx
    .select()
    .from(quotations)
    .where(and(eq(quotations.id, id), eq(quotations.supplierCompanyId, companyId)))
    .for('update')
  if (!quotation) throw new AppError('not_found', 'Quotation not found')
  const [rfq] = await tx.select().from(rfqs).where(eq(rfqs.id, quotation.rfqId))
  if (!rfq) throw new AppError('not_found', 'Quotation not found')
  return { quotation, rfq }
}

/**
 * Creates or updates the supplier's draft for an RFQ (one quotation per supplier and RFQ): every RFQ line priced or
 * marked no offer, the terms, a validity date from today on, the company's own attachments. Only while quoting is open.
 */
export async function saveQuotation(ctx: ServiceContext, rfqId: string, input: SaveQuotationInput, options: IdempotencyOption = {}): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const now = new Date()
  const id = await database().transaction(async (tx) => {
    const rfq = await rfqForSupplier(tx, companyId, rfqId)
    const [existing] = await tx
      .select()
      .from(quotations)
      .where(and(eq(quotations.rfqId, rfqId), eq(quotations.supplierCompanyId, companyId)))
      .for('update')
    const newId = randomUUID()
    // A retried save answers with the quotation its first attempt stored, before the version it carries goes stale.
    if (options.idempotencyKey) {
      const replayed = await claimIdempotencyKey(tx, {
        scope: `quotation:${companyId}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf({ rfqId, input }),
        resourceId: existing?.id ?? newId,
      })
      if (replayed) return replayed
    }
    if (!quotingOpen(rfq, now)) throw quotingClosed(rfq)
    if (existing) {
      if (existing.status !== 'draft')
        throw new AppError(
          'invalid_transition',
          `Only a draft is saved; this quotation is ${existing.status}${existing.status === 'submitted' ? ' (revise it instead)' : ''}`,
          { action: 'save', status: existing.status },
        )
      requireVersion('quotation', existing.version, input.version)
    }
    const { columns, priced } = await contentOf(tx, companyId, rfq, input, now)
    if (existing) {
      await tx
        .update(quotations)
        .set({ ...columns, version: existing.version + 1, updatedAt: now })
        .where(eq(quotations.id, existing.id))
      await replaceLines(tx, existing.id, priced)
      return existing.id
    }
    const inserted = await tx
      .insert(quotations)
      .values({ id: newId, rfqId, supplierCompanyId: companyId, status: 'draft', revision: 0, ...columns, createdBy: ctx.actor.userId })
      .onConflictDoNothing()
      .returning({ id: quotations.id })
    if (inserted.length === 0) throw new AppError('stale_version', 'A quotation for this RFQ was saved meanwhile; reload it', { currentVersion: 1 })
    await replaceLines(tx, newId, priced)
    return newId
  })
  return getQuotation(ctx, id)
}

/** The supplier's quotation for an RFQ it may answer, or null when it has none yet. */
export async function getMyQuotationForRfq(ctx: ServiceContext, rfqId: string): Promise<QuotationDetail | null> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  await rfqForSupplier(db, companyId, rfqId)
  const [row] = await db
    .select({ id: quotations.id })
    .from(quotations)
    .where(and(eq(quotations.rfqId, rfqId), eq(quotations.supplierCompanyId, companyId)))
  return row ? getQuotation(ctx, row.id) : null
}

/**
 * Sends the draft to the buyer (revision 1): the round is kept, the invitation becomes quoted, the RFQ's requirements
 * still at rfq_sent become quoted and the buyer hears of it (without supplier or price while sealed).
 */
export async function submitQuotation(ctx: ServiceContext, id: string, input: Pick<QuotationStepInput, 'version'>): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const now = new Date()
  const event = await database().transaction(async (tx) => {
    const { quotation, rfq } = await lockOwnQuotation(tx, companyId, id)
    refuse('submit', quotation, 'supplier')
    if (!quotingOpen(rfq, now)) throw quotingClosed(rfq)
    requireVersion('quotation', quotation.version, input.version)
    if (quotation.validUntil < today(now)) throw fieldError({ validUntil: ['validation.validUntilPast'] })
    const [priced] = await tx.select({ n: count() }).from(quotationLines).where(eq(quotationLines.quotationId, id))
    if (!priced || priced.n === 0) throw fieldError({ lines: ['validation.noPricedLine'] })
    await tx
      .update(quotations)
      .set({ status: 'submitted', revision: 1, submittedAt: now, version: quotation.version + 1, updatedAt: now })
      .where(eq(quotations.id, id))
    const snapshot = await recordRevision(tx, ctx, id, 1, now)
    await tx
      .insert(rfqInvitations)
      .values({ rfqId: rfq.id, supplierCompanyId: companyId, status: 'quoted', viewedAt: now, respondedAt: now })
      .onConflictDoUpdate({ target: [rfqInvitations.rfqId, rfqInvitations.supplierCompanyId], set: { status: 'quoted', respondedAt: now } })
    const requirementIds = await tx
      .select({ id: rfqLines.requirementId })
      .from(rfqLines)
      .innerJoin(quotationLines, and(eq(quotationLines.rfqLineId, rfqLines.id), eq(quotationLines.quotationId, id)))
      .where(eq(rfqLines.rfqId, rfq.id))
    const ids = requirementIds.flatMap((row) => (row.id ? [row.id] : []))
    if (ids.length > 0) {
      await tx
        .update(requirements)
        .set({ status: 'quoted', version: sql`${requirements.version} + 1`, updatedAt: now })
        .where(and(inArray(requirements.id, ids), eq(requirements.status, 'rfq_sent')))
    }
    const supplierName = await companyName(companyId, tx)
    const total = await totalOf(tx, rfq.id, snapshot)
    const sealed = sealedNow(rfq, now)
    await projectEvent(tx, ctx, rfq, 'quotation_submitted', sealed ? {} : { quotationId: id, supplier: supplierName, total, currency: snapshot.currency })
    await noticeToBuyer(tx, ctx, rfq, 'submitted', { company: supplierName, total: `${total} ${snapshot.currency}`, revision: '1', reason: '' }, now, notices)
    return recordQuotationEvent(tx, rfq, companyId, id, 'submit', notices)
  })
  await relayEvents([event])
  return getQuotation(ctx, id)
}

async function totalOf(tx: Transaction, rfqId: string, snapshot: Snapshot): Promise<string> {
  const lines = await tx.select({ id: rfqLines.id, quantity: rfqLines.quantity }).from(rfqLines).where(eq(rfqLines.rfqId, rfqId))
  return snapshotTotal(snapshot, new Map(lines.map((line) => [line.id, line.quantity])))
}

/**
 * A new round of a submitted quotation (revision + 1, kept for the history): the whole content again. Refused for a
 * quotation decided, withdrawn or expired, and after the deadline.
 */
export async function reviseQuotation(ctx: ServiceContext, id: string, input: ReviseQuotationInput, options: IdempotencyOption = {}): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const now = new Date()
  const events: OutboxEventId[] = []
  // A retried revision answers with the quotation its first attempt revised, before the version it carries goes stale.
  await createIdempotently(
    `quotation_revision:${companyId}`,
    options,
    { id, input },
    async (tx) => {
      const { quotation, rfq } = await lockOwnQuotation(tx, companyId, id)
      refuse('revise', quotation, 'supplier')
      if (!quotingOpen(rfq, now)) throw quotingClosed(rfq)
      requireVersion('quotation', quotation.version, input.version)
      const { columns, priced } = await contentOf(tx, companyId, rfq, input, now)
      const revision = quotation.revision + 1
      await tx
        .update(quotations)
        .set({ ...columns, revision, submittedAt: now, version: quotation.version + 1, updatedAt: now })
        .where(eq(quotations.id, id))
      await replaceLines(tx, id, priced)
      const snapshot = await recordRevision(tx, ctx, id, revision, now)
      const supplierName = await companyName(companyId, tx)
      const total = await totalOf(tx, rfq.id, snapshot)
      const sealed = sealedNow(rfq, now)
      await projectEvent(
        tx,
        ctx,
        rfq,
        'quotation_revised',
        sealed ? { revision } : { quotationId: id, supplier: supplierName, total, currency: snapshot.currency, revision },
      )
      await noticeToBuyer(
        tx,
        ctx,
        rfq,
        'revised',
        { company: supplierName, total: `${total} ${snapshot.currency}`, revision: String(revision), reason: '' },
        now,
        notices,
      )
      events.push(await recordQuotationEvent(tx, rfq, companyId, id, 'revise', notices))
    },
    id,
  )
  // A replayed revision recorded no event: its first request's went out.
  await relayEvents(events)
  return getQuotation(ctx, id)
}

/** Withdraws a draft or a pending quotation before the buyer decides (the reason is kept and sent to the buyer). */
export async function withdrawQuotation(ctx: ServiceContext, id: string, input: QuotationStepInput): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const now = new Date()
  const event = await database().transaction(async (tx) => {
    const { quotation, rfq } = await lockOwnQuotation(tx, companyId, id)
    refuse('withdraw', quotation, 'supplier')
    requireVersion('quotation', quotation.version, input.version)
    await tx
      .update(quotations)
      .set({ status: 'withdrawn', decisionReason: input.reason, decidedAt: now, version: quotation.version + 1, updatedAt: now })
      .where(eq(quotations.id, id))
    if (quotation.status === 'submitted') {
      const supplierName = await companyName(companyId, tx)
      const sealed = sealedNow(rfq, now)
      await projectEvent(tx, ctx, rfq, 'quotation_withdrawn', sealed ? {} : { quotationId: id, supplier: supplierName }, sealed ? '' : input.reason)
      await noticeToBuyer(
        tx,
        ctx,
        rfq,
        'withdrawn',
        { company: supplierName, total: '', revision: String(quotation.revision), reason: input.reason },
        now,
        notices,
      )
    }
    return recordQuotationEvent(tx, rfq, companyId, id, 'withdraw', notices)
  })
  await relayEvents([event])
  return getQuotation(ctx, id)
}

// ——— buyer ———

/** The buyer's RFQ, or not found. */
async function ownRfq(db: Db, companyId: string, rfqId: string): Promise<RfqRow> {
  const [rfq] = await db
    .select()
    .from(rfqs)
    .where(and(eq(rfqs.id, rfqId), eq(rfqs.organizationId, companyId)))
  if (!rfq) throw new AppError('not_found', 'RFQ not found')
  return rfq
}

/**
 * The quotations on the buyer's RFQ (drafts are the suppliers' alone). While a sealed RFQ is before its deadline only
 * their number comes back: no supplier, no price.
 */
export async function listQuotationsForRfq(ctx: ServiceContext, rfqId: string): Promise<RfqQuotations> {
  requireCompany(ctx.actor)
  const db = database()
  const now = new Date()
  const rfq = await ownRfq(db, ctx.actor.companyId, rfqId)
  const visible = and(eq(quotations.rfqId, rfqId), sql`${quotations.status} <> 'draft'`)
  const [counted] = await db.select({ n: count() }).from(quotations).where(visible)
  const total = counted?.n ?? 0
  if (sealedNow(rfq, now)) return { sealed: true, count: total, quoteDeadline: rfq.quoteDeadline }
  const rows = await db.select().from(quotations).where(visible).orderBy(asc(quotations.submittedAt), asc(quotations.id))
  return { sealed: false, count: total, quoteDeadline: rfq.quoteDeadline, items: await detailsOf(db, rows, rfq, 'buyer', now) }
}

/**
 * One quotation: the supplier's own (any status), or for the buyer of its RFQ a sent one (sealed rule: 403 until the
 * deadline). Anyone else — another supplier included — gets not found.
 */
export async function getQuotation(ctx: ServiceContext, id: string): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const db = database()
  const now = new Date()
  const { quotation, rfq, side } = await readable(db, ctx.actor.companyId, id, now)
  const [detail] = await detailsOf(db, [quotation], rfq, side, now)
  return detail!
}

async function readable(db: Db, companyId: string, id: string, now: Date): Promise<{ quotation: QuotationRow; rfq: RfqRow; side: Party }> {
  const [row] = await db
    .select({ quotation: quotations, rfq: rfqs })
    .from(quotations)
    .innerJoin(rfqs, eq(rfqs.id, quotations.rfqId))
    .where(eq(quotations.id, id))
  if (row && row.quotation.supplierCompanyId === companyId) return { ...row, side: 'supplier' }
  if (row && row.rfq.organizationId === companyId && row.quotation.status !== 'draft') {
    if (sealedNow(row.rfq, now)) throw sealedError(row.rfq)
    return { ...row, side: 'buyer' }
  }
  throw new AppError('not_found', 'Quotation not found')
}

/**
 * The buyer accepts or rejects a pending quotation (a rejection needs a reason); the supplier hears of it with the
 * reason. Inside the caller's transaction, with its business event; answers the event to relay after commit.
 */
export async function decideQuotationIn(tx: Transaction, ctx: ServiceContext, id: string, input: QuotationDecisionInput): Promise<OutboxEventId> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const now = new Date()
  const [quotation] = await tx.select().from(quotations).where(eq(quotations.id, id)).for('update')
  const rfq = quotation ? (await tx.select().from(rfqs).where(eq(rfqs.id, quotation.rfqId)))[0] : undefined
  if (quotation && quotation.supplierCompanyId === companyId)
    throw new AppError('not_your_turn', 'Only the buyer accepts or rejects a quotation', { action: input.decision, status: quotation.status })
  if (!quotation || !rfq || rfq.organizationId !== companyId || quotation.status === 'draft') throw new AppError('not_found', 'Quotation not found')
  if (sealedNow(rfq, now)) throw sealedError(rfq)
  refuse(input.decision, quotation, 'buyer')
  if (input.version !== undefined) requireVersion('quotation', quotation.version, input.version)
  if (input.decision === 'reject' && !input.reason) throw fieldError({ reason: ['validation.reason'] })
  const status = input.decision === 'accept' ? 'accepted' : 'rejected'
  await tx
    .update(quotations)
    .set({ status, decisionReason: input.reason, decidedAt: now, version: quotation.version + 1, updatedAt: now })
    .where(eq(quotations.id, id))
  const supplierName = await companyName(quotation.supplierCompanyId, tx)
  await projectEvent(tx, ctx, rfq, `quotation_${status}`, { quotationId: id, supplier: supplierName }, input.reason)
  const notice: Notice = {
    companyId: quotation.supplierCompanyId,
    exceptUserId: ctx.actor.userId,
    kind: `quotation.${status}`,
    params: { number: rfq.number, title: rfq.title, company: await companyName(companyId, tx), reason: input.reason },
    link: supplierLink(rfq.id),
  }
  await recordNotice(tx, notice)
  return recordQuotationEvent(tx, rfq, quotation.supplierCompanyId, id, input.decision, [notice])
}

/** The buyer's decision on one quotation, in its own transaction (see `decideQuotationIn`). */
export async function decideQuotation(ctx: ServiceContext, id: string, input: QuotationDecisionInput): Promise<QuotationDetail> {
  requireCompany(ctx.actor)
  const event = await database().transaction((tx) => decideQuotationIn(tx, ctx, id, input))
  await relayEvents([event])
  return getQuotation(ctx, id)
}

/** Pending quotations whose validity date has passed become expired (the hourly job); answers how many. */
export async function expireQuotations(now = new Date()): Promise<number> {
  const events: OutboxEventId[] = []
  const expired = await database().transaction(async (tx) => {
    const rows = await tx
      .update(quotations)
      .set({ status: 'expired', version: sql`${quotations.version} + 1`, updatedAt: now })
      .where(and(eq(quotations.status, 'submitted'), lt(quotations.validUntil, today(now))))
      .returning({ id: quotations.id, rfqId: quotations.rfqId, supplierCompanyId: quotations.supplierCompanyId })
    if (rows.length === 0) return rows
    const buyers = await tx
      .select({ id: rfqs.id, organizationId: rfqs.organizationId })
      .from(rfqs)
      .where(inArray(rfqs.id, [...new Set(rows.map((row) => row.rfqId))]))
    const buyerOf = new Map(buyers.map((rfq) => [rfq.id, rfq]))
    for (const row of rows) {
      const rfq = buyerOf.get(row.rfqId)
      if (rfq) events.push(await recordQuotationEvent(tx, rfq, row.supplierCompanyId, row.id, 'expire', []))
    }
    return rows
  })
  await relayEvents(events)
  return expired.length
}

// ——— history ———

const TERM_FIELDS = ['currency', 'incoterm', 'incotermPlace', 'freightAmount', 'insuranceAmount', 'paymentTerms', 'validUntil', 'notes'] as const
const LINE_FIELDS = ['unitPrice', 'moq', 'leadTimeDays', 'note', 'alternativeDescription', 'alternativeUnitPrice'] as const
/** What a round's change can concern (`quotations:history.field.*`): a term, the attachments, a line's offer or one of its fields. */
export const QUOTATION_HISTORY_FIELDS = [...TERM_FIELDS, 'attachments', 'offer', ...LINE_FIELDS] as const
export type QuotationHistoryField = (typeof QUOTATION_HISTORY_FIELDS)[number]
const DECIMAL_FIELDS = new Set(['freightAmount', 'insuranceAmount', 'unitPrice', 'alternativeUnitPrice'])

function same(field: string, before: unknown, after: unknown): boolean {
  if (before === null || before === undefined || after === null || after === undefined) return (before ?? null) === (after ?? null)
  if (DECIMAL_FIELDS.has(field)) return new Decimal(String(before)).eq(new Decimal(String(after)))
  return String(before) === String(after)
}

const shown = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

/** What changed from one round to the next: terms, attachments, and per line price, MOQ, lead time, note, alternative. */
export function diffSnapshots(before: Snapshot, after: Snapshot): QuotationChange[] {
  const changes: QuotationChange[] = []
  for (const field of TERM_FIELDS) {
    if (!same(field, before[field], after[field]))
      changes.push({ field, rfqLineId: null, lineTitle: null, before: shown(before[field]), after: shown(after[field]) })
  }
  if ([...before.attachmentFileIds].sort().join() !== [...after.attachmentFileIds].sort().join()) {
    changes.push({
      field: 'attachments',
      rfqLineId: null,
      lineTitle: null,
      before: String(before.attachmentFileIds.length),
      after: String(after.attachmentFileIds.length),
    })
  }
  const earlier = new Map(before.lines.map((line) => [line.rfqLineId, line]))
  const later = new Map(after.lines.map((line) => [line.rfqLineId, line]))
  for (const line of after.lines) {
    const old = earlier.get(line.rfqLineId)
    if (!old) {
      changes.push({ field: 'offer', rfqLineId: line.rfqLineId, lineTitle: line.title, before: null, after: line.unitPrice })
      continue
    }
    for (const field of LINE_FIELDS) {
      if (!same(field, old[field], line[field]))
        changes.push({ field, rfqLineId: line.rfqLineId, lineTitle: line.title, before: shown(old[field]), after: shown(line[field]) })
    }
  }
  for (const line of before.lines) {
    if (!later.has(line.rfqLineId)) changes.push({ field: 'offer', rfqLineId: line.rfqLineId, lineTitle: line.title, before: line.unitPrice, after: null })
  }
  return changes
}

/** Every submitted round, newest first, each with what changed against the round before (sealed rule for the buyer). */
export async function quotationHistory(ctx: ServiceContext, id: string): Promise<QuotationRevisionEntry[]> {
  requireCompany(ctx.actor)
  const db = database()
  await readable(db, ctx.actor.companyId, id, new Date())
  const rows = await db
    .select({
      revision: quotationRevisions.revision,
      snapshot: quotationRevisions.snapshot,
      submittedAt: quotationRevisions.submittedAt,
      submittedBy: quotationRevisions.submittedBy,
    })
    .from(quotationRevisions)
    .where(eq(quotationRevisions.quotationId, id))
    .orderBy(asc(quotationRevisions.revision))
  const names = await userNames(
    rows.map((row) => row.submittedBy),
    db,
  )
  const entries = rows.map((row, index) => ({
    revision: row.revision,
    submittedAt: row.submittedAt,
    submittedByName: row.submittedBy ? (names.get(row.submittedBy) ?? null) : null,
    changes: index === 0 ? [] : diffSnapshots(rows[index - 1]!.snapshot as Snapshot, row.snapshot as Snapshot),
  }))
  return entries.reverse()
}

// ——— supplier lists ———

/** The supplier's quotations, newest first: by status, or only the replies to public requests; with counts per status. */
export async function listMyQuotations(ctx: ServiceContext, query: MyQuotationsQuery): Promise<MyQuotationsPage> {
  requireCompany(ctx.actor)
  const db = database()
  const base: SQL[] = [eq(quotations.supplierCompanyId, ctx.actor.companyId)]
  if (query.publicOnly) base.push(eq(rfqs.visibility, 'public'))
  const filters = query.status ? [...base, eq(quotations.status, query.status)] : base
  const totalSql = sql<
    string | null
  >`(select sum(${quotationLines.unitPrice} * ${rfqLines.quantity})::text from ${quotationLines} inner join ${rfqLines} on ${rfqLines.id} = ${quotationLines.rfqLineId} where ${quotationLines.quotationId} = ${quotations.id})`
  const lineCountSql = sql<number>`(select count(*)::int from ${quotationLines} where ${quotationLines.quotationId} = ${quotations.id})`
  const [rows, totals, byStatus] = await Promise.all([
    db
      .select({
        quotation: quotations,
        rfq: { number: rfqs.number, title: rfqs.title, visibility: rfqs.visibility, quoteDeadline: rfqs.quoteDeadline },
        buyerId: rfqs.organizationId,
        total: totalSql,
        lineCount: lineCountSql,
      })
      .from(quotations)
      .innerJoin(rfqs, eq(rfqs.id, quotations.rfqId))
      .where(and(...filters))
      .orderBy(desc(quotations.updatedAt), asc(quotations.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(quotations)
      .innerJoin(rfqs, eq(rfqs.id, quotations.rfqId))
      .where(and(...filters)),
    db
      .select({ status: quotations.status, n: count() })
      .from(quotations)
      .innerJoin(rfqs, eq(rfqs.id, quotations.rfqId))
      .where(and(...base))
      .groupBy(quotations.status),
  ])
  const counts = Object.fromEntries(QUOTATION_STATUSES.map((status) => [status, 0])) as Record<QuotationStatus, number>
  for (const row of byStatus) counts[row.status] = row.n
  const buyers = await companyNames(
    rows.map((row) => row.buyerId),
    db,
  )
  return {
    items: rows.map(({ quotation, rfq, buyerId, total, lineCount }) => ({
      id: quotation.id,
      rfqId: quotation.rfqId,
      rfqNumber: rfq.number,
      rfqTitle: rfq.title,
      visibility: rfq.visibility,
      buyerName: rfq.visibility === 'invited' ? (buyers.get(buyerId) ?? '') : null,
      status: quotation.status,
      revision: quotation.revision,
      currency: quotation.currency,
      total: roundToCurrency(total ?? '0', quotation.currency),
      lineCount: Number(lineCount),
      validUntil: quotation.validUntil,
      quoteDeadline: rfq.quoteDeadline,
      submittedAt: quotation.submittedAt,
      updatedAt: quotation.updatedAt,
      version: quotation.version,
    })),
    total: totals[0]?.n ?? 0,
    counts,
  }
}

// ——— details ———

async function detailsOf(db: Db, rows: QuotationRow[], rfq: RfqRow, side: Party, now: Date): Promise<QuotationDetail[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const companyIds = [...new Set([rfq.organizationId, ...rows.map((row) => row.supplierCompanyId)])]
  const fileIds = [...new Set(rows.flatMap((row) => row.attachmentFileIds))]
  const [rfqLineRows, lineRows, nameOf, fileRows] = await Promise.all([
    db.select().from(rfqLines).where(eq(rfqLines.rfqId, rfq.id)).orderBy(asc(rfqLines.position)),
    db.select().from(quotationLines).where(inArray(quotationLines.quotationId, ids)),
    companyNames(companyIds, db),
    attachedFiles(fileIds, { db }),
  ])
  const open = quotingOpen(rfq, now)
  return rows.map((quotation) => {
    const mine = new Map(lineRows.filter((line) => line.quotationId === quotation.id).map((line) => [line.rfqLineId, line]))
    let sum = new Decimal(0)
    const lines: QuotationLine[] = rfqLineRows.map((rfqLine) => {
      const line = mine.get(rfqLine.id)
      if (line) sum = sum.plus(new Decimal(line.unitPrice).times(rfqLine.quantity))
      return {
        rfqLineId: rfqLine.id,
        position: rfqLine.position,
        title: rfqLine.title,
        specification: rfqLine.specification,
        quantity: rfqLine.quantity,
        unit: rfqLine.unit,
        targetUnitPrice: side === 'buyer' ? rfqLine.targetUnitPrice : null,
        noOffer: !line,
        unitPrice: line?.unitPrice ?? null,
        moq: line?.moq ?? null,
        leadTimeDays: line?.leadTimeDays ?? null,
        note: line?.note ?? '',
        alternativeDescription: line?.alternativeDescription ?? null,
        alternativeUnitPrice: line?.alternativeUnitPrice ?? null,
        lineTotal: line ? roundToCurrency(new Decimal(line.unitPrice).times(rfqLine.quantity).toString(), quotation.currency) : null,
      }
    })
    const actions = availableActions(quotationMachine, quotation.status, side).filter(
      (action) => action !== 'expire' && (open || (action !== 'submit' && action !== 'revise')),
    )
    return {
      id: quotation.id,
      rfq: {
        id: rfq.id,
        number: rfq.number,
        title: rfq.title,
        sealed: rfq.sealed,
        quoteDeadline: rfq.quoteDeadline,
        visibility: rfq.visibility,
        quotingOpen: open,
      },
      side,
      buyer: { id: rfq.organizationId, name: nameOf.get(rfq.organizationId) ?? '' },
      supplier: { id: quotation.supplierCompanyId, name: nameOf.get(quotation.supplierCompanyId) ?? '' },
      status: quotation.status,
      revision: quotation.revision,
      currency: quotation.currency,
      incoterm: quotation.incoterm,
      incotermPlace: quotation.incotermPlace,
      freightAmount: quotation.freightAmount,
      insuranceAmount: quotation.insuranceAmount,
      paymentTerms: quotation.paymentTerms,
      validUntil: quotation.validUntil,
      notes: quotation.notes,
      decisionReason: quotation.decisionReason,
      submittedAt: quotation.submittedAt,
      decidedAt: quotation.decidedAt,
      createdAt: quotation.createdAt,
      updatedAt: quotation.updatedAt,
      version: quotation.version,
      total: roundToCurrency(sum.toString(), quotation.currency),
      lines,
      attachments: quotation.attachmentFileIds.flatMap((fileId) => {
        const file = fileRows.find((row) => row.id === fileId && row.companyId === quotation.supplierCompanyId)
        return file ? [{ id: file.id, name: file.name, contentType: file.contentType, sizeBytes: file.sizeBytes }] : []
      }),
      actions,
      canEdit: side === 'supplier' && quotation.status === 'draft' && open,
    }
  })
}
