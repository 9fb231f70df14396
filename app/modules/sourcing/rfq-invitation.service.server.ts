import { and, asc, count, desc, eq, isNull, ne, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import { companyName, type Notice, publicCompanyCards as companies } from '../companies/index.server'
import { notify, projectEvent, recordRfqEvent } from './rfq-events.server'
import type { RfqInboxQuery } from './rfq.inputs'
import { buyerRfqPath } from './rfq.links'
import { allowedSupplierRfqActions, canDeclineRfq, isQuotingOpen } from './rfq.policy'
import { attachmentsOf, type Db, lineCount, linesOf } from './rfq.read.service.server'
import type { RfqInboxPage, RfqRow, SupplierRfqView } from './rfq.types'
import { rfqInvitations, rfqQuestions, rfqs } from './sourcing.tables.server'

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
export async function lockInvitation(tx: Transaction, companyId: string, id: string, now: Date, joinPublic: boolean) {
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

/** The RFQ as the supplier sees it, with what it may do on it now. */
export async function supplierView(
  db: Db,
  companyId: string,
  rfq: RfqRow,
  invitation: typeof rfqInvitations.$inferSelect,
  now: Date,
): Promise<SupplierRfqView> {
  const [lines, questionRows, attachments, [buyer]] = await Promise.all([
    linesOf(db, rfq.id),
    db.select().from(rfqQuestions).where(eq(rfqQuestions.rfqId, rfq.id)).orderBy(asc(rfqQuestions.createdAt), asc(rfqQuestions.id)),
    attachmentsOf(db, rfq),
    db.select({ id: companies.id, name: companies.name, country: companies.country }).from(companies).where(eq(companies.id, rfq.organizationId)),
  ])
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
    quotingOpen: isQuotingOpen(rfq, now),
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
    actions: allowedSupplierRfqActions(rfq, invitation, now),
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
    if (!canDeclineRfq(rfq, invitation, now))
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
      link: buyerRfqPath(rfq.id),
    })
    await projectEvent(tx, ctx, rfq, 'rfq_declined', reason, { supplierCompanyId: companyId })
    events.push(await recordRfqEvent(tx, rfq, 'decline', notices, [companyId]))
    return supplierView(tx, companyId, rfq, declined ?? invitation, now)
  })
  await relayEvents(events)
  return view
}
