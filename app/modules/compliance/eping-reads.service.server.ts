// What members read of WTO ePing (issue 22): the notifications with the filters of the list page, one notification with
// what concerns their company, their open comment deadlines, the notifying members, one product's notices; and the
// sync runs for platform admins. Notifications are public knowledge; matches and review marks are the company's own.
import { and, arrayContains, arrayOverlaps, asc, count, desc, eq, gte, isNotNull, isNull, lte, max, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany } from '../../platform/member-roles'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { localized } from '../catalog/index'
import { productsForCompliance } from '../catalog/index.server'
import type { EpingArea, EpingReviewStatus, EpingSource, EpingSyncStatus } from './compliance.constants'
import { type EpingLink, type EpingMatchReason, epingMatches, epingNotifications, epingReviews, epingSyncRuns } from './compliance.tables.server'
import type { EpingListQuery } from './eping.inputs'
import { fold } from './hs-text'

/** A company's mark on a notification. */
export type EpingReviewView = { status: EpingReviewStatus; note: string; reviewedAt: Date }

/** What concerns the company in a notification: through how many of its products, and why. */
export type EpingMatchView = { productCount: number; reasons: EpingMatchReason[]; matchedAt: Date }

/** A notification in a list, with the company's match and mark. */
export type EpingNotificationSummary = {
  id: string
  documentSymbol: string
  area: EpingArea
  memberCode: string
  memberName: string
  title: string
  products: string
  hsCodes: string[]
  distributedOn: string
  commentDeadline: string | null
  /** The comment deadline is today or later. */
  open: boolean
  /** `sample`: an offline example, not a WTO record (pages say so). */
  source: EpingSource
  match: EpingMatchView | null
  review: EpingReviewView | null
}

/** One notification in full, with the company's products it concerns. */
export type EpingNotificationDetail = EpingNotificationSummary & {
  description: string
  objectives: string[]
  adoptedOn: string | null
  inForceOn: string | null
  links: EpingLink[]
  matchedProducts: Array<{ id: string; name: string; hsCode: string | null }>
}

export type EpingNotificationPage = { items: EpingNotificationSummary[]; total: number }

/** The day a comment deadline is compared with (UTC). */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10)

const summaryColumns = {
  id: epingNotifications.id,
  documentSymbol: epingNotifications.documentSymbol,
  area: epingNotifications.area,
  memberCode: epingNotifications.memberCode,
  memberName: epingNotifications.memberName,
  title: epingNotifications.title,
  products: epingNotifications.products,
  hsCodes: epingNotifications.hsCodes,
  distributedOn: epingNotifications.distributedOn,
  commentDeadline: epingNotifications.commentDeadline,
  source: epingNotifications.source,
  matchProductIds: epingMatches.productIds,
  matchReasons: epingMatches.reasons,
  matchedAt: epingMatches.createdAt,
  reviewStatus: epingReviews.status,
  reviewNote: epingReviews.note,
  reviewedAt: epingReviews.reviewedAt,
}

type SummaryRow = Awaited<ReturnType<typeof withCompanyFacts>>[number]

function toSummary(row: SummaryRow, today: string): EpingNotificationSummary {
  return {
    id: row.id,
    documentSymbol: row.documentSymbol,
    area: row.area,
    memberCode: row.memberCode,
    memberName: row.memberName,
    title: row.title,
    products: row.products,
    hsCodes: row.hsCodes,
    distributedOn: row.distributedOn,
    commentDeadline: row.commentDeadline,
    open: row.commentDeadline !== null && row.commentDeadline >= today,
    source: row.source,
    match: row.matchedAt ? { productCount: row.matchProductIds?.length ?? 0, reasons: row.matchReasons ?? [], matchedAt: row.matchedAt } : null,
    review: row.reviewStatus && row.reviewedAt ? { status: row.reviewStatus, note: row.reviewNote ?? '', reviewedAt: row.reviewedAt } : null,
  }
}

/** Notifications with the company's match and review joined (left: a notification need not concern it). */
function withCompanyFacts(companyId: string) {
  return database()
    .select(summaryColumns)
    .from(epingNotifications)
    .leftJoin(epingMatches, and(eq(epingMatches.notificationId, epingNotifications.id), eq(epingMatches.organizationId, companyId)))
    .leftJoin(epingReviews, and(eq(epingReviews.notificationId, epingNotifications.id), eq(epingReviews.organizationId, companyId)))
    .$dynamic()
}

/** Every prefix of an HS code from its chapter on ("691200" → 69, 691, 6912, 69120, 691200). */
const prefixesOf = (code: string) => Array.from({ length: code.length - 1 }, (_, index) => code.slice(0, index + 2))

/** The list's filters as conditions on the joined notifications. */
function listConditions(query: EpingListQuery, today: string): SQL[] {
  const conditions: SQL[] = []
  if (query.member) conditions.push(eq(epingNotifications.memberCode, query.member))
  if (query.area) conditions.push(eq(epingNotifications.area, query.area))
  if (query.hs) {
    // Notified under the code (6912 → 691200) or over it (69 covers 6912).
    conditions.push(
      sql`(${arrayOverlaps(epingNotifications.hsCodes, prefixesOf(query.hs))} or exists (select 1 from unnest(${epingNotifications.hsCodes}) as notified(code) where notified.code like ${`${query.hs}%`}))`,
    )
  }
  if (query.q) conditions.push(sql`${epingNotifications.searchText} like ${containsPattern(fold(query.q))}`)
  if (query.from) conditions.push(gte(epingNotifications.distributedOn, query.from))
  if (query.to) conditions.push(lte(epingNotifications.distributedOn, query.to))
  if (query.open === true) conditions.push(gte(epingNotifications.commentDeadline, today))
  if (query.open === false) conditions.push(sql`(${epingNotifications.commentDeadline} is null or ${epingNotifications.commentDeadline} < ${today})`)
  if (query.matched === true) conditions.push(isNotNull(epingMatches.notificationId))
  if (query.matched === false) conditions.push(isNull(epingMatches.notificationId))
  if (query.review === 'none') conditions.push(isNull(epingReviews.status))
  else if (query.review) conditions.push(eq(epingReviews.status, query.review))
  return conditions
}

/** The notifications the filters select, newest distribution first, a page at a time with the total (any member). */
export async function listEpingNotifications(ctx: ServiceContext, query: EpingListQuery): Promise<EpingNotificationPage> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const today = todayUtc()
  const where = and(...listConditions(query, today))
  const [rows, [total]] = await Promise.all([
    withCompanyFacts(companyId)
      .where(where)
      .orderBy(desc(epingNotifications.distributedOn), desc(epingNotifications.documentSymbol))
      .limit(query.limit)
      .offset(query.offset),
    database()
      .select({ n: count() })
      .from(epingNotifications)
      .leftJoin(epingMatches, and(eq(epingMatches.notificationId, epingNotifications.id), eq(epingMatches.organizationId, companyId)))
      .leftJoin(epingReviews, and(eq(epingReviews.notificationId, epingNotifications.id), eq(epingReviews.organizationId, companyId)))
      .where(where),
  ])
  return { items: rows.map((row) => toSummary(row, today)), total: total?.n ?? 0 }
}

/** One notification with the company's match (and the products it concerns) and mark; unknown → not found. */
export async function getEpingNotification(ctx: ServiceContext, id: string): Promise<EpingNotificationDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const [row] = await withCompanyFacts(companyId).where(eq(epingNotifications.id, id))
  if (!row) throw new AppError('not_found', 'Notification not found')
  const [full] = await database()
    .select({
      description: epingNotifications.description,
      objectives: epingNotifications.objectives,
      adoptedOn: epingNotifications.adoptedOn,
      inForceOn: epingNotifications.inForceOn,
      links: epingNotifications.links,
    })
    .from(epingNotifications)
    .where(eq(epingNotifications.id, id))
  const products = row.matchProductIds?.length ? await productsForCompliance({ companyId, productIds: row.matchProductIds }) : []
  const summary = toSummary(row, todayUtc())
  return {
    ...summary,
    ...full!,
    // Products archived since the match are left out (and out of the count).
    match: summary.match ? { ...summary.match, productCount: products.length } : null,
    matchedProducts: products.map((product) => ({
      id: product.id,
      name: localized({ en: product.nameEn, 'zh-Hans': product.nameZhHans, 'zh-Hant': product.nameZhHant }, ctx.locale),
      hsCode: product.hsCode,
    })),
  }
}

/** How many deadlines the company's list shows at most. */
export const EPING_DEADLINES_LIMIT = 50

/** The notifications that concern the company whose comment deadline is still open, soonest first. */
export async function epingDeadlines(ctx: ServiceContext): Promise<EpingNotificationSummary[]> {
  requireCompany(ctx.actor)
  const today = todayUtc()
  const rows = await withCompanyFacts(ctx.actor.companyId)
    .where(and(isNotNull(epingMatches.notificationId), gte(epingNotifications.commentDeadline, today)))
    .orderBy(asc(epingNotifications.commentDeadline), asc(epingNotifications.documentSymbol))
    .limit(EPING_DEADLINES_LIMIT)
  return rows.map((row) => toSummary(row, today))
}

export type EpingMemberCount = { code: string; name: string; count: number }

/** The notifying members present, with how many notifications each has (for the member filter), by name. */
export async function epingMembers(ctx: ServiceContext): Promise<EpingMemberCount[]> {
  requireCompany(ctx.actor)
  const rows = await database()
    .select({ code: epingNotifications.memberCode, name: max(epingNotifications.memberName), count: count() })
    .from(epingNotifications)
    .groupBy(epingNotifications.memberCode)
  return rows.map((row) => ({ code: row.code, name: row.name ?? row.code, count: row.count })).sort((a, b) => a.name.localeCompare(b.name, 'en'))
}

/** How many of a product's notices its page lists at most. */
export const PRODUCT_NOTICES_LIMIT = 100

/** The notifications that concern one of the company's products (another company's product is not found). */
export async function productEpingNotices(ctx: ServiceContext, productId: string): Promise<{ items: EpingNotificationSummary[]; total: number; open: number }> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const [product] = await productsForCompliance({ companyId, productIds: [productId] })
  if (!product) throw new AppError('not_found', 'Product not found')
  const today = todayUtc()
  const concerns = and(eq(epingMatches.organizationId, companyId), arrayContains(epingMatches.productIds, [productId]))
  const [rows, [totals]] = await Promise.all([
    withCompanyFacts(companyId)
      .where(concerns)
      .orderBy(desc(epingNotifications.distributedOn), desc(epingNotifications.documentSymbol))
      .limit(PRODUCT_NOTICES_LIMIT),
    database()
      .select({ total: count(), open: sql<number>`count(*) filter (where ${epingNotifications.commentDeadline} >= ${today})`.mapWith(Number) })
      .from(epingMatches)
      .innerJoin(epingNotifications, eq(epingNotifications.id, epingMatches.notificationId))
      .where(concerns),
  ])
  return { items: rows.map((row) => toSummary(row, today)), total: totals?.total ?? 0, open: totals?.open ?? 0 }
}

export type EpingSyncRunView = {
  id: string
  source: EpingSource
  since: string | null
  status: EpingSyncStatus
  pages: number
  stored: number
  error: string | null
  startedAt: Date
  finishedAt: Date | null
}

export const EPING_SYNC_RUNS_LIMIT = 50

/** The latest sync runs, newest first (platform admins). */
export async function listEpingSyncRuns(ctx: ServiceContext): Promise<EpingSyncRunView[]> {
  requirePlatformAdmin(ctx.actor)
  return database().select().from(epingSyncRuns).orderBy(desc(epingSyncRuns.startedAt), desc(epingSyncRuns.id)).limit(EPING_SYNC_RUNS_LIMIT)
}
