// Figures over RFQs and quotations for the dashboard: what waits on a buyer (quotations to decide, RFQs closing) and on
// a supplier (RFQs to answer), the buyer's savings, the supplier's win rate and response time, and platform activity.
import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { FIRST_COLUMN, isoText, queueLength, queueOf } from '../../platform/db/sql-text.server'
import { requireCompany, requirePlatformAdmin } from '../companies/index'
import { companyNames } from '../companies/index.server'
import { purchaseProjects, quotationRevisions, quotations, rfqAwards, rfqInvitations, rfqLines, rfqs } from './sourcing.tables.server'

export type FigurePeriod = { from: string; to: string; bucket: 'day' | 'month'; timeZone: string }
export type RfqMention = { id: string; number: string; title: string; counterpart: string | null; deadline: string; quotations: number }
/** A queue of RFQs: its length (to QUEUE_COUNT_CAP; `more` past it) and its first few RFQs. */
export type WaitingRfqs = { count: number; more: boolean; items: RfqMention[] }

/** RFQs closing within this many hours count as "closing soon". */
export const CLOSING_SOON_HOURS = 72
const MENTIONS = 3

const within = (at: SQL | typeof rfqAwards.createdAt, period: FigurePeriod): SQL =>
  sql`${at} >= (${period.from}::date::timestamp at time zone ${period.timeZone}) and ${at} < ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`
const bucketOf = (period: FigurePeriod, at: SQL | typeof rfqs.publishedAt): SQL<string> =>
  sql<string>`to_char(${at} at time zone ${period.timeZone}, ${period.bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})`
// Written with aliases: in a one-table select Drizzle leaves column names unqualified, and "id" would mean the quotation's.
const submittedCount = sql<number>`(select count(*) from ${quotations} as q where q.rfq_id = "rfqs"."id" and q.status = 'submitted')::int`.mapWith(Number)

async function waitingRfqs(where: SQL | undefined, order: SQL, buyerNamed: boolean): Promise<WaitingRfqs> {
  const rows = await database()
    .select({
      id: rfqs.id,
      number: rfqs.number,
      title: rfqs.title,
      buyerId: rfqs.organizationId,
      deadline: isoText(rfqs.quoteDeadline),
      quotations: submittedCount,
      queued: queueLength(rfqs, where, order),
    })
    .from(rfqs)
    .where(where)
    .orderBy(order)
    .limit(MENTIONS)
  const buyers = buyerNamed ? await companyNames(rows.map((row) => row.buyerId)) : new Map<string, string>()
  return queueOf(rows.map(({ buyerId, ...row }) => ({ ...row, counterpart: buyers.get(buyerId) ?? null })))
}

export type BuyerSourcingTasks = { toDecide: WaitingRfqs; closingSoon: WaitingRfqs }

/** The buyer's RFQs whose quotations wait for a decision (quoting is over), and those whose deadline is near. */
export async function buyerSourcingTasks(ctx: ServiceContext, now: Date = new Date()): Promise<BuyerSourcingTasks> {
  requireCompany(ctx.actor)
  const mine = eq(rfqs.organizationId, ctx.actor.companyId)
  const quotingOver = sql`(${rfqs.status} = 'closed' or (${rfqs.status} = 'open' and ${rfqs.quoteDeadline} <= ${now.toISOString()}))`
  const hasQuotations = sql`exists (select 1 from ${quotations} where ${quotations.rfqId} = ${rfqs.id} and ${quotations.status} = 'submitted')`
  const soon = new Date(now.getTime() + CLOSING_SOON_HOURS * 3_600_000)
  const [toDecide, closingSoon] = await Promise.all([
    waitingRfqs(and(mine, quotingOver, hasQuotations), sql`${rfqs.quoteDeadline} asc`, false),
    waitingRfqs(and(mine, eq(rfqs.status, 'open'), gt(rfqs.quoteDeadline, now), lte(rfqs.quoteDeadline, soon)), sql`${rfqs.quoteDeadline} asc`, false),
  ])
  return { toDecide, closingSoon }
}

/** Open RFQs the supplier is invited to (or opened) and has neither quoted nor declined, the nearest deadline first. */
export async function supplierSourcingTasks(ctx: ServiceContext, now: Date = new Date()): Promise<{ toQuote: WaitingRfqs }> {
  requireCompany(ctx.actor)
  const invited = sql`exists (select 1 from ${rfqInvitations} where ${rfqInvitations.rfqId} = ${rfqs.id} and ${rfqInvitations.supplierCompanyId} = ${ctx.actor.companyId} and ${rfqInvitations.status} in ('invited', 'viewed'))`
  const toQuote = await waitingRfqs(and(eq(rfqs.status, 'open'), gt(rfqs.quoteDeadline, now), invited), sql`${rfqs.quoteDeadline} asc`, true)
  return { toQuote }
}

/**
 * What the buyer's awards in the period came to against the suppliers' first quotes and the RFQ targets, per pair of
 * award and RFQ currency (the dashboard converts): `awarded` is every awarded line; `firstQuoted` the same lines at
 * the awarded supplier's first-round price; `target` and `awardedAgainstTarget` only the lines that had a target.
 */
export type AwardSavings = {
  currency: string
  rfqCurrency: string
  lines: number
  awarded: string
  firstQuoted: string
  target: string
  awardedAgainstTarget: string
}

export async function buyerAwardSavings(ctx: ServiceContext, period: FigurePeriod): Promise<AwardSavings[]> {
  requireCompany(ctx.actor)
  const award = rfqAwards
  const firstPrice = sql`coalesce((
    select (line->>'unitPrice')::numeric from ${quotationRevisions} revision, jsonb_array_elements(revision.snapshot->'lines') line
    where revision.quotation_id = ${award.quotationId} and revision.revision = 1 and line->>'rfqLineId' = ${award.rfqLineId}
    limit 1), ${award.unitPrice})`
  const hasTarget = sql`${rfqLines.targetUnitPrice} is not null`
  return database()
    .select({
      currency: award.currency,
      rfqCurrency: rfqs.currency,
      lines: sql<number>`count(*)::int`.mapWith(Number),
      awarded: sql<string>`coalesce(sum(${award.quantity} * ${award.unitPrice}), 0)::text`,
      firstQuoted: sql<string>`coalesce(sum(${award.quantity} * ${firstPrice}), 0)::text`,
      target: sql<string>`coalesce(sum(${award.quantity} * ${rfqLines.targetUnitPrice}) filter (where ${hasTarget}), 0)::text`,
      awardedAgainstTarget: sql<string>`coalesce(sum(${award.quantity} * ${award.unitPrice}) filter (where ${hasTarget}), 0)::text`,
    })
    .from(award)
    .innerJoin(rfqs, eq(rfqs.id, award.rfqId))
    .innerJoin(rfqLines, eq(rfqLines.id, award.rfqLineId))
    .where(and(eq(rfqs.organizationId, ctx.actor.companyId), within(award.createdAt, period)))
    .groupBy(award.currency, rfqs.currency)
}

export type SupplierQuoting = {
  /** Quotations submitted in the period whose RFQ has been decided for them. */
  decided: number
  won: number
  /** Median hours from invitation to first submission, over invitations first answered in the period; null without any. */
  medianResponseHours: number | null
  responses: number
}

/** The supplier's win rate and response time over quotations first submitted in the period. */
export async function supplierQuoting(ctx: ServiceContext, period: FigurePeriod): Promise<SupplierQuoting> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const firstSubmitted = sql`(select min(${quotationRevisions.submittedAt}) from ${quotationRevisions} where ${quotationRevisions.quotationId} = ${quotations.id})`
  const db = database()
  const [outcomes, response] = await Promise.all([
    db
      .select({
        decided: sql<number>`count(*) filter (where ${quotations.status} in ('accepted', 'rejected', 'expired'))::int`.mapWith(Number),
        won: sql<number>`count(*) filter (where ${quotations.status} = 'accepted')::int`.mapWith(Number),
      })
      .from(quotations)
      .where(and(eq(quotations.supplierCompanyId, companyId), within(firstSubmitted, period))),
    db
      .select({
        median: sql<
          string | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (${firstSubmitted} - ${rfqInvitations.invitedAt})) / 3600)::text`,
        responses: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(quotations)
      .innerJoin(rfqInvitations, and(eq(rfqInvitations.rfqId, quotations.rfqId), eq(rfqInvitations.supplierCompanyId, quotations.supplierCompanyId)))
      .where(and(eq(quotations.supplierCompanyId, companyId), within(firstSubmitted, period))),
  ])
  const median = response[0]?.median
  return {
    decided: outcomes[0]?.decided ?? 0,
    won: outcomes[0]?.won ?? 0,
    medianResponseHours: median === null || median === undefined ? null : Math.max(0, Math.round(Number(median) * 10) / 10),
    responses: response[0]?.responses ?? 0,
  }
}

export type PlatformSourcingFigures = { rfqs: Array<{ bucket: string; count: number }>; quotations: Array<{ bucket: string; count: number }> }

/** Platform admins: RFQs published and quotations first submitted per bucket of the period. */
export async function platformSourcingFigures(ctx: ServiceContext, period: FigurePeriod): Promise<PlatformSourcingFigures> {
  requirePlatformAdmin(ctx.actor)
  const db = database()
  const rfqBucket = bucketOf(period, rfqs.publishedAt)
  const revisionBucket = bucketOf(period, sql`${quotationRevisions.submittedAt}`)
  const [published, submitted] = await Promise.all([
    db
      .select({ bucket: rfqBucket, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(rfqs)
      .where(within(sql`${rfqs.publishedAt}`, period))
      .groupBy(FIRST_COLUMN),
    db
      .select({ bucket: revisionBucket, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(quotationRevisions)
      .where(and(eq(quotationRevisions.revision, 1), within(sql`${quotationRevisions.submittedAt}`, period)))
      .groupBy(FIRST_COLUMN),
  ])
  return { rfqs: published, quotations: submitted }
}

/** The guide's sourcing facts: the buyer's first project and sent RFQ, the supplier's first quotation sent. */
export type SourcingProgress = { hasProject: boolean; sentRfq: boolean; answeredRfq: boolean }

/** Existence checks only, for the sides the company trades on (a side it does not trade on is not read). */
export async function sourcingProgress(ctx: ServiceContext, sides: { buys: boolean; sells: boolean }): Promise<SourcingProgress> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  const none = Promise.resolve([])
  const [project, sent, answered] = await Promise.all([
    sides.buys ? db.select({ id: purchaseProjects.id }).from(purchaseProjects).where(eq(purchaseProjects.organizationId, companyId)).limit(1) : none,
    sides.buys
      ? db
          .select({ id: rfqs.id })
          .from(rfqs)
          .where(and(eq(rfqs.organizationId, companyId), sql`${rfqs.publishedAt} is not null`))
          .limit(1)
      : none,
    sides.sells
      ? db
          .select({ id: quotations.id })
          .from(quotations)
          .where(and(eq(quotations.supplierCompanyId, companyId), sql`${quotations.submittedAt} is not null`))
          .limit(1)
      : none,
  ])
  return { hasProject: project.length > 0, sentRfq: sent.length > 0, answeredRfq: answered.length > 0 }
}
