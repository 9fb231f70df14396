// The stored side of ePing matching (issue 22): the inputs read from the database (notifications, the catalogue's live
// products a page at a time, subscriptions), the `eping_matches` rows written, and the notice each company gets the
// first time a notification concerns it. Re-matching a company (its subscription or products changed) raises none.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { database, type Transaction } from '../../platform/db/index.server'
import { logger } from '../../platform/logger.server'
import { type OutboxEventId, recordEvent } from '../../platform/outbox/outbox.server'
import { type ComplianceProduct, streamProductsForCompliance } from '../catalog/index.server'
import { type Notice, recordNotice } from '../companies/index.server'
import { epingMatches, epingNotifications, epingSubscriptions } from './compliance.tables.server'
import {
  type EpingMatch,
  EpingMatcher,
  EpingNotificationIndex,
  type MatchableNotification,
  type MatchableProduct,
  type MatchableSubscription,
} from './eping-matching.server'

/** Where a notification is read in the app (the notice links there). */
export const epingNotificationPath = (id: string) => `/app/infor/eping/${encodeURIComponent(id)}`

/** How much of a title a notice carries. */
export const NOTICE_TITLE_MAX = 120

const WRITE_CHUNK = 500

export const matchableProduct = (product: ComplianceProduct): MatchableProduct => ({
  id: product.id,
  organizationId: product.organizationId,
  hsCode: product.hsCode,
  names: [product.nameEn, product.nameZhHans, product.nameZhHant].filter((name): name is string => !!name),
})

const matchableColumns = {
  id: epingNotifications.id,
  hsCodes: epingNotifications.hsCodes,
  memberCode: epingNotifications.memberCode,
  title: epingNotifications.title,
  products: epingNotifications.products,
  searchText: epingNotifications.searchText,
}

/** Every stored notification, as matching reads it. */
export function storedNotifications(): Promise<MatchableNotification[]> {
  return database().select(matchableColumns).from(epingNotifications)
}

/** The subscriptions (of these companies, or all), as matching reads them. */
export async function subscriptionsOf(companyIds?: readonly string[]): Promise<MatchableSubscription[]> {
  if (companyIds?.length === 0) return []
  return database()
    .select({
      organizationId: epingSubscriptions.organizationId,
      hsCodes: epingSubscriptions.hsCodes,
      memberCodes: epingSubscriptions.memberCodes,
      keywords: epingSubscriptions.keywords,
    })
    .from(epingSubscriptions)
    .where(companyIds ? inArray(epingSubscriptions.organizationId, [...companyIds]) : undefined)
}

/** The matches of these notifications with every live product and every subscription (reads only). */
export async function matchesFor(notifications: readonly MatchableNotification[]): Promise<EpingMatch[]> {
  if (notifications.length === 0) return []
  const matcher = new EpingMatcher(new EpingNotificationIndex(notifications))
  for await (const page of streamProductsForCompliance()) matcher.addProducts(page.map(matchableProduct))
  return matcher.addSubscriptions(await subscriptionsOf()).matches()
}

/** What a notice says of its notification. */
export type NoticeFacts = { id: string; documentSymbol: string; memberName: string; title: string }

const shortTitle = (title: string) => (title.length > NOTICE_TITLE_MAX ? `${title.slice(0, NOTICE_TITLE_MAX - 1).trimEnd()}…` : title)

/**
 * Writes the matches (a match already there keeps its date and takes the new products and reasons) and, for each
 * company a notification concerns for the first time, one in-app notice, mailed per the members' settings. Answers the
 * outbox events to relay after commit, and how many notices were raised.
 */
export async function storeMatches(
  tx: Transaction,
  matches: readonly EpingMatch[],
  facts: ReadonlyMap<string, NoticeFacts>,
): Promise<{ events: OutboxEventId[]; notices: number }> {
  const fresh: EpingMatch[] = []
  for (let start = 0; start < matches.length; start += WRITE_CHUNK) {
    const chunk = matches.slice(start, start + WRITE_CHUNK)
    const rows = await tx
      .insert(epingMatches)
      .values(chunk.map((match) => ({ ...match })))
      .onConflictDoUpdate({
        target: [epingMatches.organizationId, epingMatches.notificationId],
        set: { productIds: sql`excluded.product_ids`, reasons: sql`excluded.reasons` },
      })
      .returning({ organizationId: epingMatches.organizationId, notificationId: epingMatches.notificationId, inserted: sql<boolean>`(xmax = 0)` })
    const inserted = new Set(rows.filter((row) => row.inserted).map((row) => `${row.notificationId}\u0000${row.organizationId}`))
    fresh.push(...chunk.filter((match) => inserted.has(`${match.notificationId}\u0000${match.organizationId}`)))
  }
  const byNotification = new Map<string, Notice[]>()
  for (const match of fresh) {
    const notification = facts.get(match.notificationId)
    if (!notification) continue
    const notice: Notice = {
      companyId: match.organizationId,
      kind: 'compliance.eping_match',
      params: {
        symbol: notification.documentSymbol,
        member: notification.memberName,
        title: shortTitle(notification.title),
        products: String(match.productIds.length),
      },
      link: epingNotificationPath(notification.id),
    }
    await recordNotice(tx, notice)
    const notices = byNotification.get(notification.id) ?? []
    notices.push(notice)
    byNotification.set(notification.id, notices)
  }
  const events: OutboxEventId[] = []
  for (const notices of byNotification.values()) events.push(await recordEvent(tx, { name: 'eping_notification.matched', notices, actorUserId: null }))
  return { events, notices: fresh.length }
}

/** A company's matches against a set of notifications: what was looked at, and what concerns the company. */
export type CompanyMatches = { companyId: string; considered: ReadonlySet<string>; matches: EpingMatch[] }

/**
 * Writes a company's matches in place of those it had with the notifications considered: gone ones are removed, new
 * ones added, none noticed. A notification stored since (by a sync running meanwhile) keeps the match the sync made.
 */
export async function replaceCompanyMatches(tx: Transaction, { companyId, considered, matches }: CompanyMatches): Promise<void> {
  const current = await tx.select({ notificationId: epingMatches.notificationId }).from(epingMatches).where(eq(epingMatches.organizationId, companyId))
  const kept = new Set(matches.map((match) => match.notificationId))
  const gone = current.map((row) => row.notificationId).filter((id) => considered.has(id) && !kept.has(id))
  for (let start = 0; start < gone.length; start += WRITE_CHUNK) {
    await tx
      .delete(epingMatches)
      .where(and(eq(epingMatches.organizationId, companyId), inArray(epingMatches.notificationId, gone.slice(start, start + WRITE_CHUNK))))
  }
  for (let start = 0; start < matches.length; start += WRITE_CHUNK) {
    await tx
      .insert(epingMatches)
      .values(matches.slice(start, start + WRITE_CHUNK).map((match) => ({ ...match })))
      .onConflictDoUpdate({
        target: [epingMatches.organizationId, epingMatches.notificationId],
        set: { productIds: sql`excluded.product_ids`, reasons: sql`excluded.reasons` },
      })
  }
}

/**
 * One company's matches against the stored notifications (`index`, or all of them read now): its live products and its
 * subscription — the stored one, or `subscription` when one is being saved (null: none). Reads only.
 */
export async function companyMatches(
  companyId: string,
  options: { index?: EpingNotificationIndex; subscription?: MatchableSubscription | null } = {},
): Promise<CompanyMatches> {
  const index = options.index ?? new EpingNotificationIndex(await storedNotifications())
  const matcher = new EpingMatcher(index)
  for await (const page of streamProductsForCompliance({ companyId })) matcher.addProducts(page.map(matchableProduct))
  const subscriptions = options.subscription === undefined ? await subscriptionsOf([companyId]) : options.subscription ? [options.subscription] : []
  return {
    companyId,
    considered: new Set(index.notifications.map((notification) => notification.id)),
    matches: matcher.addSubscriptions(subscriptions).matches(),
  }
}

/**
 * Matches these companies again against every stored notification (their products changed): the list shows what
 * concerns them now; no notice is raised for notifications already stored. Each company in a transaction of its own.
 */
export async function rematchCompanies(companyIds: readonly string[]): Promise<number> {
  if (companyIds.length === 0) return 0
  const index = new EpingNotificationIndex(await storedNotifications())
  for (const companyId of companyIds) {
    const found = await companyMatches(companyId, { index })
    await database().transaction((tx) => replaceCompanyMatches(tx, found))
  }
  logger().info({ companies: companyIds.length }, 'ePing matches renewed for companies whose products changed')
  return companyIds.length
}
