import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany } from '../companies/index'
import { publicCompanyCards as companies } from '../companies/index.server'
import { attachedFiles } from '../kernel/index.server'
import type { RfqListQuery } from './rfq.inputs'
import { allowedRfqActions, canSeeQuotations, isQuotingOpen } from './rfq.policy'
import type { RfqAttachment, RfqDetail, RfqLine, RfqPage, RfqQuotationSummary, RfqRow, RfqSummary } from './rfq.types'
import { purchaseProjects, quotationLines, quotations, rfqInvitations, rfqLines, rfqQuestions, rfqs } from './sourcing.tables.server'

export type Db = Database | Transaction

/** Quotations the buyer has received: every status but the supplier's own draft. */
const RECEIVED = ne(quotations.status, 'draft')

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

export async function linesOf(db: Db, rfqId: string): Promise<RfqLine[]> {
  return db.select(lineColumns).from(rfqLines).where(eq(rfqLines.rfqId, rfqId)).orderBy(asc(rfqLines.position))
}

export async function attachmentsOf(db: Db, rfq: RfqRow): Promise<RfqAttachment[]> {
  const rows = await attachedFiles(rfq.attachmentFileIds, { companyId: rfq.organizationId, db })
  return rows.map(({ id, name, contentType, sizeBytes }) => ({ id, name, contentType, sizeBytes }))
}

/** Subqueries counting an RFQ's lines, invitees and received quotations (drafts are the suppliers' own). */
export const lineCount = sql<number>`(select count(*)::int from ${rfqLines} where ${rfqLines.rfqId} = ${rfqs.id})`
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
  const sealed = !canSeeQuotations(rfq, now)
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
    actions: allowedRfqActions(rfq, now),
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
