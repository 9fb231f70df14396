import DecimalBase from 'decimal.js'
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import type { Party } from '../../platform/state-machine'
import { roundToCurrency } from '../catalog/index'
import { requireCompany } from '../companies/index'
import { companyNames, companyStanding } from '../companies/index.server'
import { attachedFiles } from '../kernel/index.server'
import { sealedError } from './quotation-refusals.server'
import type { MyQuotationsQuery } from './quotation.inputs'
import { allowedQuotationActions, quotationSideOf } from './quotation.policy'
import type { MyQuotationsPage, QuotationDetail, QuotationLine, QuotationRow, RfqQuotations } from './quotation.types'
import { quotationTerms } from './quotation.types'
import { canSeeQuotations, isQuotingOpen } from './rfq.policy'
import type { RfqRow } from './rfq.types'
import { QUOTATION_STATUSES, type QuotationStatus } from './sourcing.constants'
import { quotationLines, quotations, rfqInvitations, rfqLines, rfqs } from './sourcing.tables.server'

const Decimal = DecimalBase.clone({ precision: 40 })

type Db = Database | Transaction

/**
 * The RFQ as a supplier may answer it: sent (not a draft), not its own, and the supplier invited to it — or, for a
 * public request, any supplying company. Anything else is not found (no hint it exists).
 */
export async function rfqForSupplier(db: Db, companyId: string, rfqId: string): Promise<RfqRow> {
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
  if (!canSeeQuotations(rfq, now)) return { sealed: true, count: total, quoteDeadline: rfq.quoteDeadline }
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
  const { quotation, rfq, side } = await readableQuotation(db, ctx.actor.companyId, id, now)
  const [detail] = await detailsOf(db, [quotation], rfq, side, now)
  return detail!
}

/** The quotation with the side the company reads it from; the buyer is refused a sealed one until the deadline. */
export async function readableQuotation(db: Db, companyId: string, id: string, now: Date): Promise<{ quotation: QuotationRow; rfq: RfqRow; side: Party }> {
  const [row] = await db
    .select({ quotation: quotations, rfq: rfqs })
    .from(quotations)
    .innerJoin(rfqs, eq(rfqs.id, quotations.rfqId))
    .where(eq(quotations.id, id))
  const side = row ? quotationSideOf(companyId, row.quotation, row.rfq) : null
  if (!row || !side) throw new AppError('not_found', 'Quotation not found')
  if (side === 'buyer' && !canSeeQuotations(row.rfq, now)) throw sealedError(row.rfq)
  return { ...row, side }
}

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
  const open = isQuotingOpen(rfq, now)
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
      ...quotationTerms(quotation),
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
      actions: allowedQuotationActions(quotation, rfq, side, now),
    }
  })
}
