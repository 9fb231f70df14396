import { randomUUID } from 'node:crypto'
import { requireVersion } from '../../platform/versioning'
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { availableActions, checkTransition } from '../../platform/state-machine'
import type { Incoterm } from '../../platform/trade-terms'
import { knownCategoryIds } from '../catalog/index.server'
import { requireCompany } from '../companies/index'
import { FILE_LIST_MAX_LIMIT } from '../kernel/index'
import { companyName, type Notice, publicCompanyCards as companies, recordNotice } from '../companies/index.server'
import { checkAttachments, attachedFiles, listFiles, nextNumber, type NotificationKindIn } from '../kernel/index.server'
import type {
  AnswerQuestionInput,
  AskQuestionInput,
  CreateRfqInput,
  RfqDirectAction,
  RfqFormValues,
  RfqInboxQuery,
  RfqLineInput,
  RfqListQuery,
  RfqTransitionInput,
  UpdateRfqInput,
} from './rfq.inputs'
import { RFQ_DIRECT_ACTIONS } from './rfq.inputs'
import type { QuotationStatus, RfqInvitationStatus, RfqStatus, RfqVisibility } from './sourcing.constants'
import { advanceProject, openProjects, recordProjectEvent } from './project.service.server'
import { projectRequirements, setRequirementStatus } from './requirement.service.server'
import { getShortlist, shortlistInvitees } from './shortlist.service.server'
import { type ProjectEventType, rfqMachine } from './sourcing.machines'
import { purchaseProjects, quotationLines, quotations, requirements, rfqInvitations, rfqLines, rfqQuestions, rfqs } from './sourcing.tables.server'

type RfqRow = typeof rfqs.$inferSelect
type Db = Database | Transaction

export type RfqLine = {
  id: string
  position: number
  requirementId: string | null
  title: string
  specification: string
  quantity: number
  unit: string
  targetUnitPrice: string | null
  hsCode: string | null
  categoryId: string | null
  requiredBy: string | null
}
export type RfqAttachment = { id: string; name: string; contentType: string; sizeBytes: number }
export type RfqInvitee = {
  supplierCompanyId: string
  name: string
  country: string | null
  status: RfqInvitationStatus
  declineReason: string
  invitedAt: Date
  viewedAt: Date | null
  respondedAt: Date | null
}
/** A clarification as the buyer sees it: who asked is known to the buyer only. */
export type RfqQuestion = { id: string; question: string; answer: string | null; askedByCompanyName: string | null; createdAt: Date; answeredAt: Date | null }
/** A clarification as an invitee sees it: never who asked, only whether it was the reader's company. */
export type SupplierRfqQuestion = { id: string; question: string; answer: string | null; mine: boolean; createdAt: Date; answeredAt: Date | null }
export type RfqQuotationSummary = {
  id: string
  supplierCompanyId: string
  supplierName: string
  status: QuotationStatus
  revision: number
  currency: string
  incoterm: Incoterm
  total: string
  validUntil: string
  submittedAt: Date | null
}

export type RfqSummary = {
  id: string
  number: string
  title: string
  status: RfqStatus
  visibility: RfqVisibility
  sealed: boolean
  quoteDeadline: Date
  quotingOpen: boolean
  currency: string
  incoterm: Incoterm
  projectId: string | null
  projectName: string | null
  lineCount: number
  inviteeCount: number
  /** Quotations received (drafts are the supplier's own business). */
  quotationCount: number
  publishedAt: Date | null
  createdAt: Date
  updatedAt: Date
  version: number
}

export type RfqDetail = RfqSummary &
  Pick<RfqRow, 'description' | 'incotermPlace' | 'deliveryDate' | 'destination' | 'categoryId' | 'statusReason' | 'closedAt'> & {
    lines: RfqLine[]
    invitees: RfqInvitee[]
    questions: RfqQuestion[]
    attachments: RfqAttachment[]
    /** Quotations while the RFQ is sealed: counts only (`items` is null); afterwards their summaries. */
    quotations: { sealed: boolean; count: number; items: RfqQuotationSummary[] | null }
    actions: RfqDirectAction[]
  }

export type RfqPage = { items: RfqSummary[]; total: number }

/** An RFQ as an invited (or public-board) supplier sees it: the buyer's request, never other suppliers. */
export type SupplierRfqView = Pick<
  RfqRow,
  | 'id'
  | 'number'
  | 'title'
  | 'description'
  | 'status'
  | 'visibility'
  | 'sealed'
  | 'quoteDeadline'
  | 'currency'
  | 'incoterm'
  | 'incotermPlace'
  | 'deliveryDate'
  | 'destination'
  | 'categoryId'
  | 'publishedAt'
> & {
  quotingOpen: boolean
  buyer: { id: string; name: string; country: string | null }
  invitation: { status: RfqInvitationStatus; declineReason: string; invitedAt: Date; viewedAt: Date | null; respondedAt: Date | null }
  lines: RfqLine[]
  questions: SupplierRfqQuestion[]
  attachments: RfqAttachment[]
  canAsk: boolean
  canDecline: boolean
}

export type RfqInboxItem = {
  id: string
  number: string
  title: string
  buyerName: string
  status: RfqStatus
  visibility: RfqVisibility
  sealed: boolean
  quoteDeadline: Date
  quotingOpen: boolean
  currency: string
  incoterm: Incoterm
  lineCount: number
  invitationStatus: RfqInvitationStatus
  invitedAt: Date
}
export type RfqInboxPage = { items: RfqInboxItem[]; total: number }

/** Quoting is open while the RFQ is open and its deadline has not passed (whatever the status column says). */
export function isQuotingOpen(rfq: Pick<RfqRow, 'status' | 'quoteDeadline'>, now: Date = new Date()): boolean {
  return rfq.status === 'open' && rfq.quoteDeadline.getTime() > now.getTime()
}

/** A sealed RFQ hides its quotations' prices and suppliers from the buyer until the deadline, even when closed early. */
export function isSealed(rfq: Pick<RfqRow, 'sealed' | 'quoteDeadline'>, now: Date = new Date()): boolean {
  return rfq.sealed && rfq.quoteDeadline.getTime() > now.getTime()
}

/** Where the buyer and an invited supplier open an RFQ. */
export const BUYER_LINK = (id: string) => `/app/sourcing/rfq/${id}`
export const SUPPLIER_LINK = (id: string) => `/app/supplier/portal/rfq/${id}`
/** Quotations the buyer has received: every status but the supplier's own draft. */
const RECEIVED = ne(quotations.status, 'draft')

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** The buyer's own RFQ, locked for update; not found for anyone else. */
async function lockOwnRfq(tx: Transaction, companyId: string, id: string): Promise<RfqRow> {
  const [rfq] = await tx
    .select()
    .from(rfqs)
    .where(and(eq(rfqs.id, id), eq(rfqs.organizationId, companyId)))
    .for('update')
  if (!rfq) throw new AppError('not_found', 'RFQ not found')
  return rfq
}

/**
 * The RFQ's business event, in its transaction: the buyer's open pages, and those of every invited (or quoting)
 * supplier unless `only` names the companies, hear that the RFQ changed (ids and the action only), and the notices go
 * out, after commit (`relayEvents`).
 */
async function recordRfqEvent(
  tx: Transaction,
  rfq: { id: string; organizationId: string },
  action: string,
  notices: Notice[],
  only?: string[],
): Promise<OutboxEventId> {
  const suppliers =
    only ?? (await tx.select({ id: rfqInvitations.supplierCompanyId }).from(rfqInvitations).where(eq(rfqInvitations.rfqId, rfq.id))).map((row) => row.id)
  return recordEvent(tx, { name: `rfq.${action}`, changes: [{ companyIds: [rfq.organizationId, ...suppliers], entity: 'rfq', id: rfq.id, action }], notices })
}

async function notify(tx: Transaction, notices: Notice[], notice: Notice): Promise<void> {
  await recordNotice(tx, notice)
  notices.push(notice)
}

/** Tells every invitee still in the running (not declined) of an RFQ. */
async function notifyInvitees(
  tx: Transaction,
  ctx: ServiceContext,
  rfq: RfqRow,
  kind: NotificationKindIn<'rfq'>,
  params: Record<string, string>,
  notices: Notice[],
): Promise<void> {
  const invitees = await tx
    .select({ companyId: rfqInvitations.supplierCompanyId })
    .from(rfqInvitations)
    .where(and(eq(rfqInvitations.rfqId, rfq.id), ne(rfqInvitations.status, 'declined')))
  const buyerName = await companyName(rfq.organizationId, tx)
  for (const invitee of invitees) {
    await notify(tx, notices, {
      companyId: invitee.companyId,
      exceptUserId: ctx.actor.userId,
      kind: `rfq.${kind}`,
      params: { number: rfq.number, title: rfq.title, company: buyerName, ...params },
      link: SUPPLIER_LINK(rfq.id),
    })
  }
}

/** A project's timeline entry for what happened to one of its RFQs (RFQs without a project have none to write to). */
async function projectEvent(
  tx: Transaction,
  ctx: ServiceContext,
  rfq: Pick<RfqRow, 'id' | 'number' | 'projectId'>,
  type: ProjectEventType,
  note = '',
  data: Record<string, unknown> = {},
): Promise<void> {
  if (rfq.projectId) await recordProjectEvent(tx, ctx, rfq.projectId, { type, note, data: { rfqId: rfq.id, number: rfq.number, ...data } })
}

// ---------------------------------------------------------------------------------------------------------------
// Drafting

type DraftInput = CreateRfqInput | UpdateRfqInput

/** The lines of the draft: the written ones, then a copy of each chosen requirement (which must be the buyer's). */
async function resolveLines(tx: Transaction, companyId: string, input: DraftInput): Promise<{ lines: RfqLineInput[]; projectId: string | null }> {
  const fields: Record<string, string[]> = {}
  let projectId = input.projectId ?? null
  if (projectId) {
    const [project] = await tx
      .select({ id: purchaseProjects.id })
      .from(purchaseProjects)
      .where(and(eq(purchaseProjects.id, projectId), eq(purchaseProjects.organizationId, companyId)))
    if (!project) fields.projectId = ['validation.project']
  }
  const linkedIds = [...new Set([...input.requirementIds, ...input.lines.flatMap((line) => (line.requirementId ? [line.requirementId] : []))])]
  const found =
    linkedIds.length === 0
      ? []
      : await tx
          .select()
          .from(requirements)
          .where(and(eq(requirements.organizationId, companyId), inArray(requirements.id, linkedIds)))
  const byId = new Map(found.map((row) => [row.id, row]))
  input.lines.forEach((line, index) => {
    if (line.requirementId && !byId.has(line.requirementId)) fields[`lines.${index}.requirementId`] = ['validation.requirement']
  })
  input.requirementIds.forEach((requirementId, index) => {
    const requirement = byId.get(requirementId)
    if (!requirement || (projectId && requirement.projectId !== projectId)) fields[`requirementIds.${index}`] = ['validation.requirement']
  })
  if (!projectId) {
    const projects = new Set(found.map((row) => row.projectId))
    if (projects.size === 1) projectId = [...projects][0]!
  }
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  const copied: RfqLineInput[] = input.requirementIds.map((requirementId) => {
    const requirement = byId.get(requirementId)!
    return {
      requirementId,
      title: requirement.title,
      specification: requirement.specification,
      quantity: requirement.quantity,
      unit: requirement.unit,
      targetUnitPrice: requirement.targetUnitPrice ?? undefined,
      hsCode: requirement.hsCode ?? undefined,
      categoryId: requirement.categoryId ?? undefined,
      requiredBy: requirement.requiredBy ?? undefined,
    }
  })
  return { lines: [...input.lines, ...copied], projectId }
}

/** Invitees must be supplying companies other than the buyer. */
async function checkSuppliers(tx: Transaction, companyId: string, supplierIds: string[]): Promise<string[]> {
  const unique = [...new Set(supplierIds)]
  if (unique.length === 0) return []
  const found = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, unique), isNull(companies.deletedAt), inArray(companies.kind, ['supplier', 'both'])))
  const known = new Set(found.map((row) => row.id))
  const fields: Record<string, string[]> = {}
  supplierIds.forEach((id, index) => {
    if (id === companyId) fields[`supplierIds.${index}`] = ['validation.ownCompany']
    else if (!known.has(id)) fields[`supplierIds.${index}`] = ['validation.supplier']
  })
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  return unique
}

async function checkCategory(tx: Transaction, categoryId: string | undefined): Promise<void> {
  if (!categoryId) return
  if (!(await knownCategoryIds([categoryId], tx)).has(categoryId)) throw fieldError({ categoryId: ['validation.category'] })
}

function checkDeadline(deadline: Date, now: Date, field = 'quoteDeadline'): void {
  if (deadline.getTime() <= now.getTime()) throw fieldError({ [field]: ['validation.deadlinePast'] })
}

async function writeDraftParts(tx: Transaction, rfqId: string, lines: RfqLineInput[], supplierIds: string[]): Promise<void> {
  await tx.delete(rfqLines).where(eq(rfqLines.rfqId, rfqId))
  await tx.insert(rfqLines).values(
    lines.map((line, position) => ({
      id: randomUUID(),
      rfqId,
      requirementId: line.requirementId ?? null,
      position,
      title: line.title,
      specification: line.specification,
      quantity: line.quantity,
      unit: line.unit,
      targetUnitPrice: line.targetUnitPrice ?? null,
      hsCode: line.hsCode ?? null,
      categoryId: line.categoryId ?? null,
      requiredBy: line.requiredBy ?? null,
    })),
  )
  await tx.delete(rfqInvitations).where(eq(rfqInvitations.rfqId, rfqId))
  if (supplierIds.length > 0) await tx.insert(rfqInvitations).values(supplierIds.map((supplierCompanyId) => ({ rfqId, supplierCompanyId })))
}

async function draftValues(tx: Transaction, companyId: string, input: DraftInput, now: Date) {
  checkDeadline(input.quoteDeadline, now)
  const { lines, projectId } = await resolveLines(tx, companyId, input)
  const supplierIds = await checkSuppliers(tx, companyId, input.supplierIds)
  await checkAttachments(companyId, input.attachmentFileIds, tx)
  await checkCategory(tx, input.categoryId)
  const values = {
    projectId,
    title: input.title,
    description: input.description,
    visibility: input.visibility,
    sealed: input.sealed,
    quoteDeadline: input.quoteDeadline,
    currency: input.currency,
    incoterm: input.incoterm,
    incotermPlace: input.incotermPlace,
    deliveryDate: input.deliveryDate ?? null,
    destination: input.destination,
    categoryId: input.categoryId ?? lines.find((line) => line.categoryId)?.categoryId ?? null,
    attachmentFileIds: input.attachmentFileIds,
  }
  return { values, lines, supplierIds }
}

/** A new RFQ of the actor's company, as a draft: lines written or copied from requirements, invitees, terms (once per idempotency key). */
export async function createRfq(ctx: ServiceContext, input: CreateRfqInput, options: IdempotencyOption = {}, now: Date = new Date()): Promise<RfqDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const events: OutboxEventId[] = []
  const { id } = await createIdempotently(`rfq:${companyId}`, options, input, async (tx, rfqId) => {
    const { values, lines, supplierIds } = await draftValues(tx, companyId, input, now)
    const number = await nextNumber(tx, companyId, 'RFQ', now)
    await tx.insert(rfqs).values({ id: rfqId, organizationId: companyId, number, status: 'draft', createdBy: ctx.actor.userId, ...values })
    await writeDraftParts(tx, rfqId, lines, supplierIds)
    if (values.projectId) await shortlistInvitees(tx, ctx, values.projectId, supplierIds)
    await projectEvent(tx, ctx, { id: rfqId, number, projectId: values.projectId }, 'rfq_created', values.title)
    events.push(await recordRfqEvent(tx, { id: rfqId, organizationId: companyId }, 'create', [], []))
  })
  await relayEvents(events)
  return getRfq(ctx, id, now)
}

/** A draft's terms, lines and invitees replaced as a whole (a new version); a sent RFQ is no longer edited. */
export async function updateRfq(ctx: ServiceContext, id: string, input: UpdateRfqInput, now: Date = new Date()): Promise<RfqDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const rfq = await lockOwnRfq(tx, companyId, id)
    requireVersion('RFQ', rfq.version, input.version)
    if (rfq.status !== 'draft') throw new AppError('invalid_transition', `Cannot edit an RFQ that is ${rfq.status}`, { action: 'edit', status: rfq.status })
    const { values, lines, supplierIds } = await draftValues(tx, companyId, input, now)
    await tx
      .update(rfqs)
      .set({ ...values, version: rfq.version + 1, updatedAt: now })
      .where(eq(rfqs.id, id))
    await writeDraftParts(tx, id, lines, supplierIds)
    if (values.projectId) await shortlistInvitees(tx, ctx, values.projectId, supplierIds)
    events.push(await recordRfqEvent(tx, rfq, 'update', [], []))
  })
  await relayEvents(events)
  return getRfq(ctx, id, now)
}

// ---------------------------------------------------------------------------------------------------------------
// Lifecycle

/**
 * Publishes, closes early, extends (a later deadline; reopens a closed RFQ) or cancels (with a reason). Publishing
 * sends the invitations, marks the linked requirements `rfq_sent` and moves the project to sourcing.
 */
export async function transitionRfq(ctx: ServiceContext, id: string, input: RfqTransitionInput, now: Date = new Date()): Promise<RfqDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const rfq = await lockOwnRfq(tx, companyId, id)
    requireVersion('RFQ', rfq.version, input.version)
    const { action } = input
    const check = checkTransition(rfqMachine, rfq.status, action, 'buyer')
    if (!check.ok) throw new AppError(check.problem, `Cannot ${action} an RFQ that is ${rfq.status}`, { action, status: rfq.status })
    const patch: Partial<typeof rfqs.$inferInsert> = { status: check.to, version: rfq.version + 1, updatedAt: now }
    if (action === 'publish') {
      checkDeadline(rfq.quoteDeadline, now)
      const invited = await tx.select({ n: count() }).from(rfqInvitations).where(eq(rfqInvitations.rfqId, id))
      if (rfq.visibility === 'invited' && (invited[0]?.n ?? 0) === 0) throw fieldError({ supplierIds: ['validation.noSuppliers'] })
      patch.publishedAt = now
      await tx.update(rfqInvitations).set({ status: 'invited', invitedAt: now }).where(eq(rfqInvitations.rfqId, id))
      await markRequirementsSent(tx, id)
      if (rfq.projectId) await advanceProject(tx, ctx, rfq.projectId, 'start_sourcing')
      await notifyInvitees(tx, ctx, rfq, 'invited', { deadline: rfq.quoteDeadline.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' }, notices)
    } else if (action === 'close') {
      patch.closedAt = now
    } else if (action === 'extend') {
      const deadline = input.deadline!
      checkDeadline(deadline, now, 'deadline')
      if (deadline.getTime() <= rfq.quoteDeadline.getTime()) throw fieldError({ deadline: ['validation.deadlineNotLater'] })
      // Once a sealed RFQ's quotations are open to the buyer, reopening it would let suppliers quote against what the buyer saw.
      if (rfq.sealed && !isSealed(rfq, now))
        throw new AppError('invalid_transition', 'A sealed RFQ cannot be reopened after its deadline', { action, status: rfq.status, reason: 'sealed_opened' })
      Object.assign(patch, { quoteDeadline: deadline, closedAt: null })
      await notifyInvitees(tx, ctx, rfq, 'extended', { deadline: deadline.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' }, notices)
    } else {
      Object.assign(patch, { statusReason: input.reason, closedAt: now })
      if (rfq.status !== 'draft') await notifyInvitees(tx, ctx, rfq, 'cancelled', { reason: input.reason }, notices)
    }
    await tx.update(rfqs).set(patch).where(eq(rfqs.id, id))
    await projectEvent(tx, ctx, rfq, `rfq_${action}`, input.reason, {
      fromStatus: rfq.status,
      toStatus: check.to,
      ...(input.deadline ? { deadline: input.deadline.toISOString() } : {}),
    })
    events.push(await recordRfqEvent(tx, rfq, action, notices))
  })
  await relayEvents(events)
  return getRfq(ctx, id, now)
}

/** Requirements still open move to `rfq_sent` (those already quoted or awarded stay where they are). */
async function markRequirementsSent(tx: Transaction, rfqId: string): Promise<void> {
  const linked = await tx
    .select({ id: requirements.id })
    .from(rfqLines)
    .innerJoin(requirements, eq(requirements.id, rfqLines.requirementId))
    .where(and(eq(rfqLines.rfqId, rfqId), eq(requirements.status, 'open')))
  await setRequirementStatus(
    tx,
    linked.map((row) => row.id),
    'rfq_sent',
  )
}

/**
 * Closes every open RFQ whose deadline has passed (the hourly upkeep); returns how many. The buyer's members get an
 * `rfq.closed` notice with the number of quotations received, recorded with the change and delivered after it.
 */
export async function closeExpiredRfqs(now: Date = new Date()): Promise<number> {
  const events: OutboxEventId[] = []
  const closed = await database().transaction(async (tx) => {
    const rows = await tx
      .update(rfqs)
      .set({ status: 'closed', closedAt: now, version: sql`${rfqs.version} + 1`, updatedAt: now })
      .where(and(eq(rfqs.status, 'open'), lte(rfqs.quoteDeadline, now)))
      .returning({ id: rfqs.id, organizationId: rfqs.organizationId, number: rfqs.number, title: rfqs.title })
    if (rows.length === 0) return rows
    const received = await tx
      .select({ rfqId: quotations.rfqId, n: count() })
      .from(quotations)
      .where(
        and(
          inArray(
            quotations.rfqId,
            rows.map((rfq) => rfq.id),
          ),
          ne(quotations.status, 'draft'),
        ),
      )
      .groupBy(quotations.rfqId)
    for (const rfq of rows) {
      const quotationsReceived = received.find((row) => row.rfqId === rfq.id)?.n ?? 0
      const notices: Notice[] = []
      await notify(tx, notices, {
        companyId: rfq.organizationId,
        kind: 'rfq.closed',
        params: { number: rfq.number, title: rfq.title, count: String(quotationsReceived) },
        link: `/app/sourcing/rfq/${rfq.id}`,
      })
      events.push(await recordEvent(tx, { name: 'rfq.close_expired', notices }))
    }
    return rows
  })
  await relayEvents(events)
  return closed.length
}

// ---------------------------------------------------------------------------------------------------------------
// Reading (buyer)

const lineColumns = {
  id: rfqLines.id,
  position: rfqLines.position,
  requirementId: rfqLines.requirementId,
  title: rfqLines.title,
  specification: rfqLines.specification,
  quantity: rfqLines.quantity,
  unit: rfqLines.unit,
  targetUnitPrice: rfqLines.targetUnitPrice,
  hsCode: rfqLines.hsCode,
  categoryId: rfqLines.categoryId,
  requiredBy: rfqLines.requiredBy,
}

async function linesOf(db: Db, rfqId: string): Promise<RfqLine[]> {
  return db.select(lineColumns).from(rfqLines).where(eq(rfqLines.rfqId, rfqId)).orderBy(asc(rfqLines.position))
}

async function attachmentsOf(db: Db, rfq: RfqRow): Promise<RfqAttachment[]> {
  const rows = await attachedFiles(rfq.attachmentFileIds, { companyId: rfq.organizationId, db })
  return rows.map(({ id, name, contentType, sizeBytes }) => ({ id, name, contentType, sizeBytes }))
}

const lineCount = sql<number>`(select count(*)::int from ${rfqLines} where ${rfqLines.rfqId} = ${rfqs.id})`
const inviteeCount = sql<number>`(select count(*)::int from ${rfqInvitations} where ${rfqInvitations.rfqId} = ${rfqs.id})`
const quotationCount = sql<number>`(select count(*)::int from ${quotations} where ${quotations.rfqId} = ${rfqs.id} and ${quotations.status} <> 'draft')`

function summaryOf(row: RfqRow & { projectName: string | null; lineCount: number; inviteeCount: number; quotationCount: number }, now: Date): RfqSummary {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    status: row.status,
    visibility: row.visibility,
    sealed: row.sealed,
    quoteDeadline: row.quoteDeadline,
    quotingOpen: isQuotingOpen(row, now),
    currency: row.currency,
    incoterm: row.incoterm,
    projectId: row.projectId,
    projectName: row.projectName,
    lineCount: Number(row.lineCount),
    inviteeCount: Number(row.inviteeCount),
    quotationCount: Number(row.quotationCount),
    publishedAt: row.publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }
}

function summaryQuery(db: Db) {
  return db
    .select({ rfq: rfqs, projectName: purchaseProjects.name, lineCount, inviteeCount, quotationCount })
    .from(rfqs)
    .leftJoin(purchaseProjects, eq(purchaseProjects.id, rfqs.projectId))
}

/**
 * One RFQ of the buyer with its lines, invitees, Q&A and quotations. While sealed, quotations are counted only, and an
 * invitee that has quoted shows as `viewed`: neither prices nor who quoted leave the server before the deadline.
 */
export async function getRfq(ctx: ServiceContext, id: string, now: Date = new Date()): Promise<RfqDetail> {
  requireCompany(ctx.actor)
  const db = database()
  const [row] = await summaryQuery(db).where(and(eq(rfqs.id, id), eq(rfqs.organizationId, ctx.actor.companyId)))
  if (!row) throw new AppError('not_found', 'RFQ not found')
  const rfq = row.rfq
  const sealed = isSealed(rfq, now)
  const [lines, inviteeRows, questionRows, attachments, quotationRows] = await Promise.all([
    linesOf(db, id),
    db
      .select({ invitation: rfqInvitations, name: companies.name, country: companies.country })
      .from(rfqInvitations)
      .innerJoin(companies, eq(companies.id, rfqInvitations.supplierCompanyId))
      .where(eq(rfqInvitations.rfqId, id))
      .orderBy(asc(companies.name)),
    db
      .select({ question: rfqQuestions, askedByCompanyName: companies.name })
      .from(rfqQuestions)
      .leftJoin(companies, eq(companies.id, rfqQuestions.askedByCompanyId))
      .where(eq(rfqQuestions.rfqId, id))
      .orderBy(asc(rfqQuestions.createdAt), asc(rfqQuestions.id)),
    attachmentsOf(db, rfq),
    sealed ? Promise.resolve([]) : quotationSummaries(db, id),
  ])
  const summary = summaryOf(
    { ...rfq, projectName: row.projectName, lineCount: row.lineCount, inviteeCount: row.inviteeCount, quotationCount: row.quotationCount },
    now,
  )
  return {
    ...summary,
    description: rfq.description,
    incotermPlace: rfq.incotermPlace,
    deliveryDate: rfq.deliveryDate,
    destination: rfq.destination,
    categoryId: rfq.categoryId,
    statusReason: rfq.statusReason,
    closedAt: rfq.closedAt,
    lines,
    invitees: inviteeRows.map(({ invitation, name, country }) => ({
      supplierCompanyId: invitation.supplierCompanyId,
      name,
      country,
      status: sealed && invitation.status === 'quoted' ? 'viewed' : invitation.status,
      declineReason: invitation.declineReason,
      invitedAt: invitation.invitedAt,
      viewedAt: invitation.viewedAt,
      respondedAt: sealed && invitation.status === 'quoted' ? null : invitation.respondedAt,
    })),
    questions: questionRows.map(({ question, askedByCompanyName }) => ({
      id: question.id,
      question: question.question,
      answer: question.answer,
      askedByCompanyName,
      createdAt: question.createdAt,
      answeredAt: question.answeredAt,
    })),
    attachments,
    quotations: { sealed, count: summary.quotationCount, items: sealed ? null : quotationRows },
    actions: RFQ_DIRECT_ACTIONS.filter(
      (action) => availableActions(rfqMachine, rfq.status, 'buyer').includes(action) && !(action === 'extend' && rfq.sealed && !sealed),
    ),
  }
}

/** The received quotations of an RFQ with their totals in their own currency (never call while sealed). */
async function quotationSummaries(db: Db, rfqId: string): Promise<RfqQuotationSummary[]> {
  const total = sql<string>`coalesce((select sum(${quotationLines.unitPrice} * ${rfqLines.quantity}) from ${quotationLines} inner join ${rfqLines} on ${rfqLines.id} = ${quotationLines.rfqLineId} where ${quotationLines.quotationId} = ${quotations.id}), 0)::text`
  const rows = await db
    .select({
      id: quotations.id,
      supplierCompanyId: quotations.supplierCompanyId,
      supplierName: companies.name,
      status: quotations.status,
      revision: quotations.revision,
      currency: quotations.currency,
      incoterm: quotations.incoterm,
      total,
      validUntil: quotations.validUntil,
      submittedAt: quotations.submittedAt,
    })
    .from(quotations)
    .innerJoin(companies, eq(companies.id, quotations.supplierCompanyId))
    .where(and(eq(quotations.rfqId, rfqId), RECEIVED))
    .orderBy(asc(quotations.submittedAt), asc(quotations.id))
  return rows
}

function escapeLike(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** The buyer company's RFQs, newest first, filtered (status, visibility, project, search) and paged. */
export async function listRfqs(ctx: ServiceContext, query: RfqListQuery, now: Date = new Date()): Promise<RfqPage> {
  requireCompany(ctx.actor)
  const filters: SQL[] = [eq(rfqs.organizationId, ctx.actor.companyId)]
  if (query.status) filters.push(eq(rfqs.status, query.status))
  if (query.visibility) filters.push(eq(rfqs.visibility, query.visibility))
  if (query.projectId) filters.push(eq(rfqs.projectId, query.projectId))
  if (query.q) filters.push(or(ilike(rfqs.number, escapeLike(query.q)), ilike(rfqs.title, escapeLike(query.q)))!)
  const where = and(...filters)
  const db = database()
  const [rows, [total]] = await Promise.all([
    summaryQuery(db).where(where).orderBy(desc(rfqs.createdAt), desc(rfqs.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(rfqs).where(where),
  ])
  return {
    items: rows.map((row) =>
      summaryOf(
        { ...row.rfq, projectName: row.projectName, lineCount: row.lineCount, inviteeCount: row.inviteeCount, quotationCount: row.quotationCount },
        now,
      ),
    ),
    total: total?.n ?? 0,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Supplier side

async function isSupplyingCompany(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ kind: companies.kind })
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
  return row?.kind === 'supplier' || row?.kind === 'both'
}

/**
 * The supplier's invitation to a sent RFQ, locked. A supplying company opening an open public RFQ for the first time
 * gets a `viewed` invitation (when `joinPublic`); anyone else gets not found, whether or not the RFQ exists.
 */
async function lockInvitation(tx: Transaction, companyId: string, id: string, now: Date, joinPublic: boolean) {
  const [rfq] = await tx
    .select()
    .from(rfqs)
    .where(and(eq(rfqs.id, id), ne(rfqs.status, 'draft'), ne(rfqs.organizationId, companyId)))
  if (!rfq) throw new AppError('not_found', 'RFQ not found')
  const [invitation] = await tx
    .select()
    .from(rfqInvitations)
    .where(and(eq(rfqInvitations.rfqId, id), eq(rfqInvitations.supplierCompanyId, companyId)))
    .for('update')
  if (invitation) return { rfq, invitation }
  if (!joinPublic || rfq.visibility !== 'public' || !isQuotingOpen(rfq, now) || !(await isSupplyingCompany(tx, companyId)))
    throw new AppError('not_found', 'RFQ not found')
  const [created] = await tx
    .insert(rfqInvitations)
    .values({ rfqId: id, supplierCompanyId: companyId, status: 'viewed', invitedAt: now, viewedAt: now })
    .onConflictDoNothing()
    .returning()
  if (created) return { rfq, invitation: created }
  const [existing] = await tx
    .select()
    .from(rfqInvitations)
    .where(and(eq(rfqInvitations.rfqId, id), eq(rfqInvitations.supplierCompanyId, companyId)))
  if (!existing) throw new AppError('not_found', 'RFQ not found')
  return { rfq, invitation: existing }
}

/** The RFQs the supplier is invited to, and public ones it opened, newest first (drafts never show). */
export async function listRfqInbox(
  ctx: ServiceContext,
  query: Pick<RfqInboxQuery, 'status' | 'limit' | 'offset'>,
  now: Date = new Date(),
): Promise<RfqInboxPage> {
  requireCompany(ctx.actor)
  const filters: SQL[] = [eq(rfqInvitations.supplierCompanyId, ctx.actor.companyId), ne(rfqs.status, 'draft')]
  if (query.status) filters.push(eq(rfqInvitations.status, query.status))
  const where = and(...filters)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db
      .select({ rfq: rfqs, buyerName: companies.name, invitation: rfqInvitations, lineCount })
      .from(rfqInvitations)
      .innerJoin(rfqs, eq(rfqs.id, rfqInvitations.rfqId))
      .innerJoin(companies, eq(companies.id, rfqs.organizationId))
      .where(where)
      .orderBy(desc(rfqInvitations.invitedAt), desc(rfqs.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(rfqInvitations).innerJoin(rfqs, eq(rfqs.id, rfqInvitations.rfqId)).where(where),
  ])
  return {
    items: rows.map(({ rfq, buyerName, invitation, lineCount: lines }) => ({
      id: rfq.id,
      number: rfq.number,
      title: rfq.title,
      buyerName,
      status: rfq.status,
      visibility: rfq.visibility,
      sealed: rfq.sealed,
      quoteDeadline: rfq.quoteDeadline,
      quotingOpen: isQuotingOpen(rfq, now),
      currency: rfq.currency,
      incoterm: rfq.incoterm,
      lineCount: Number(lines),
      invitationStatus: invitation.status,
      invitedAt: invitation.invitedAt,
    })),
    total: total?.n ?? 0,
  }
}

async function supplierView(db: Db, companyId: string, rfq: RfqRow, invitation: typeof rfqInvitations.$inferSelect, now: Date): Promise<SupplierRfqView> {
  const [lines, questionRows, attachments, [buyer]] = await Promise.all([
    linesOf(db, rfq.id),
    db.select().from(rfqQuestions).where(eq(rfqQuestions.rfqId, rfq.id)).orderBy(asc(rfqQuestions.createdAt), asc(rfqQuestions.id)),
    attachmentsOf(db, rfq),
    db.select({ id: companies.id, name: companies.name, country: companies.country }).from(companies).where(eq(companies.id, rfq.organizationId)),
  ])
  const open = isQuotingOpen(rfq, now)
  return {
    id: rfq.id,
    number: rfq.number,
    title: rfq.title,
    description: rfq.description,
    status: rfq.status,
    visibility: rfq.visibility,
    sealed: rfq.sealed,
    quoteDeadline: rfq.quoteDeadline,
    currency: rfq.currency,
    incoterm: rfq.incoterm,
    incotermPlace: rfq.incotermPlace,
    deliveryDate: rfq.deliveryDate,
    destination: rfq.destination,
    categoryId: rfq.categoryId,
    publishedAt: rfq.publishedAt,
    quotingOpen: open,
    buyer: { id: rfq.organizationId, name: buyer?.name ?? '', country: buyer?.country ?? null },
    invitation: {
      status: invitation.status,
      declineReason: invitation.declineReason,
      invitedAt: invitation.invitedAt,
      viewedAt: invitation.viewedAt,
      respondedAt: invitation.respondedAt,
    },
    lines,
    questions: questionRows.map((question) => ({
      id: question.id,
      question: question.question,
      answer: question.answer,
      mine: question.askedByCompanyId === companyId,
      createdAt: question.createdAt,
      answeredAt: question.answeredAt,
    })),
    attachments,
    canAsk: open && invitation.status !== 'declined',
    canDecline: open && (invitation.status === 'invited' || invitation.status === 'viewed'),
  }
}

/**
 * A sent RFQ as the supplier sees it (lines, terms, deadline, Q&A; never other suppliers). Opening it marks the
 * invitation viewed; a supplying company opening an open public RFQ joins it as viewed. Not found for anyone else.
 */
export async function getRfqForSupplier(ctx: ServiceContext, id: string, now: Date = new Date()): Promise<SupplierRfqView> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    const { rfq, invitation } = await lockInvitation(tx, companyId, id, now, true)
    let current = invitation
    if (invitation.status === 'invited') {
      const [viewed] = await tx
        .update(rfqInvitations)
        .set({ status: 'viewed', viewedAt: now })
        .where(and(eq(rfqInvitations.rfqId, id), eq(rfqInvitations.supplierCompanyId, companyId)))
        .returning()
      current = viewed ?? invitation
    }
    return supplierView(tx, companyId, rfq, current, now)
  })
}

/** The supplier declines to quote (while quoting is open and it has not quoted); the buyer hears of it. */
export async function declineRfq(ctx: ServiceContext, id: string, reason: string, now: Date = new Date()): Promise<SupplierRfqView> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  const view = await database().transaction(async (tx) => {
    const { rfq, invitation } = await lockInvitation(tx, companyId, id, now, true)
    if (!isQuotingOpen(rfq, now))
      throw new AppError('invalid_transition', 'Quoting on this RFQ is closed', { action: 'decline', status: rfq.status, reason: 'quoting_closed' })
    if (invitation.status === 'declined' || invitation.status === 'quoted')
      throw new AppError('invalid_transition', `Cannot decline an RFQ you have ${invitation.status}`, { action: 'decline', status: invitation.status })
    const [declined] = await tx
      .update(rfqInvitations)
      .set({ status: 'declined', declineReason: reason, respondedAt: now, viewedAt: invitation.viewedAt ?? now })
      .where(and(eq(rfqInvitations.rfqId, id), eq(rfqInvitations.supplierCompanyId, companyId)))
      .returning()
    await notify(tx, notices, {
      companyId: rfq.organizationId,
      exceptUserId: ctx.actor.userId,
      kind: 'rfq.declined',
      params: { number: rfq.number, title: rfq.title, company: await companyName(companyId, tx), reason },
      link: BUYER_LINK(rfq.id),
    })
    await projectEvent(tx, ctx, rfq, 'rfq_declined', reason, { supplierCompanyId: companyId })
    events.push(await recordRfqEvent(tx, rfq, 'decline', notices, [companyId]))
    return supplierView(tx, companyId, rfq, declined ?? invitation, now)
  })
  await relayEvents(events)
  return view
}

/** An invitee asks the buyer a clarification question while quoting is open (once per idempotency key); the buyer hears of it. */
export async function askQuestion(
  ctx: ServiceContext,
  id: string,
  input: AskQuestionInput,
  options: IdempotencyOption = {},
  now: Date = new Date(),
): Promise<SupplierRfqView> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  const asked: { view?: SupplierRfqView } = {}
  await createIdempotently(`rfq_question:${companyId}`, options, { rfqId: id, input }, async (tx, questionId) => {
    const { rfq, invitation } = await lockInvitation(tx, companyId, id, now, true)
    if (!isQuotingOpen(rfq, now))
      throw new AppError('invalid_transition', 'Quoting on this RFQ is closed', { action: 'ask', status: rfq.status, reason: 'quoting_closed' })
    if (invitation.status === 'declined') throw new AppError('invalid_transition', 'You declined this RFQ', { action: 'ask', status: invitation.status })
    await tx
      .insert(rfqQuestions)
      .values({ id: questionId, rfqId: id, askedByCompanyId: companyId, askedByUserId: ctx.actor.userId, question: input.question, createdAt: now })
    await notify(tx, notices, {
      companyId: rfq.organizationId,
      exceptUserId: ctx.actor.userId,
      kind: 'rfq.question',
      params: { number: rfq.number, title: rfq.title },
      link: BUYER_LINK(rfq.id),
    })
    events.push(await recordRfqEvent(tx, rfq, 'question', notices, [companyId]))
    asked.view = await supplierView(tx, companyId, rfq, invitation, now)
  })
  // A replayed question recorded no event: its first request's went out.
  await relayEvents(events)
  return asked.view ?? getRfqForSupplier(ctx, id, now)
}

/** The buyer answers (or corrects the answer to) a question; every invitee still in the running hears of it. */
export async function answerQuestion(
  ctx: ServiceContext,
  id: string,
  questionId: string,
  input: AnswerQuestionInput,
  now: Date = new Date(),
): Promise<RfqDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const rfq = await lockOwnRfq(tx, companyId, id)
    const [updated] = await tx
      .update(rfqQuestions)
      .set({ answer: input.answer, answeredByUserId: ctx.actor.userId, answeredAt: now })
      .where(and(eq(rfqQuestions.id, questionId), eq(rfqQuestions.rfqId, id)))
      .returning({ id: rfqQuestions.id })
    if (!updated) throw new AppError('not_found', 'Question not found')
    if (rfq.status === 'open' || rfq.status === 'closed') await notifyInvitees(tx, ctx, rfq, 'answer', {}, notices)
    events.push(await recordRfqEvent(tx, rfq, 'answer', notices))
  })
  await relayEvents(events)
  return getRfq(ctx, id, now)
}

// ---------------------------------------------------------------------------------------------------------------
// The RFQ form's choices

export type RfqFormOptions = {
  projects: Array<{ id: string; number: string; name: string }>
  requirements: Array<{ id: string; title: string; quantity: number; unit: string }>
  suppliers: Array<{ id: string; name: string; country: string | null }>
  attachmentFiles: Array<{ id: string; name: string }>
}

/**
 * What the RFQ form offers: the company's open projects, the chosen project's open requirements, its shortlist (plus
 * suppliers already invited to the draft) and the company's attachment files.
 */
export async function rfqFormOptions(ctx: ServiceContext, projectId: string | null, invitedIds: string[] = []): Promise<RfqFormOptions> {
  requireCompany(ctx.actor)
  const [projects, requirementRows, shortlist, fileList] = await Promise.all([
    openProjects(ctx),
    projectId ? projectRequirements(ctx, projectId) : Promise.resolve([]),
    projectId ? getShortlist(ctx, projectId) : Promise.resolve(null),
    listFiles(ctx, { purpose: 'attachment', limit: FILE_LIST_MAX_LIMIT }),
  ])
  const suppliers = new Map<string, RfqFormOptions['suppliers'][number]>(
    (shortlist?.entries ?? []).map((entry) => [entry.supplierId, { id: entry.supplierId, name: entry.name, country: entry.country }]),
  )
  const missing = invitedIds.filter((id) => !suppliers.has(id))
  if (missing.length > 0) {
    const rows = await database()
      .select({ id: companies.id, name: companies.name, country: companies.country })
      .from(companies)
      .where(inArray(companies.id, missing))
    for (const row of rows) suppliers.set(row.id, row)
  }
  return {
    projects: projects.map(({ id, number, name }) => ({ id, number, name })),
    requirements: requirementRows.filter((row) => row.status === 'open').map(({ id, title, quantity, unit }) => ({ id, title, quantity, unit })),
    suppliers: [...suppliers.values()],
    attachmentFiles: fileList.items.map((file) => ({ id: file.id, name: file.name })),
  }
}

/** A draft as the form shows it (deadline as UTC `YYYY-MM-DDTHH:mm`). */
export function rfqFormValuesOf(rfq: RfqDetail): RfqFormValues {
  return {
    projectId: rfq.projectId ?? '',
    title: rfq.title,
    description: rfq.description,
    quoteDeadline: rfq.quoteDeadline.toISOString().slice(0, 16),
    currency: rfq.currency,
    incoterm: rfq.incoterm,
    incotermPlace: rfq.incotermPlace,
    deliveryDate: rfq.deliveryDate ?? '',
    destination: rfq.destination,
    sealed: rfq.sealed,
    visibility: rfq.visibility,
    supplierIds: rfq.invitees.map((invitee) => invitee.supplierCompanyId),
    requirementIds: [],
    attachmentFileIds: rfq.attachments.map((file) => file.id),
    lines: rfq.lines.map((line) => ({
      requirementId: line.requirementId ?? '',
      title: line.title,
      specification: line.specification,
      quantity: String(line.quantity),
      unit: line.unit,
      targetUnitPrice: line.targetUnitPrice ?? '',
    })),
  }
}
