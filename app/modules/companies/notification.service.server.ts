import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, inArray, isNull, ne, notExists, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { DEFAULT_LOCALE, LOCALE_ENTRIES, localizePath } from '../../platform/i18n/locales'
import { translator } from '../../platform/i18n/translate.server'
import { logger } from '../../platform/logger.server'
import { roomOf } from '../../platform/realtime/events'
import { publish } from '../../platform/realtime/publisher.server'
import { renderMail } from '../../platform/mail/layout.server'
import { sendMail } from '../../platform/mail/mailer.server'
import { userPreferences, users } from '../identity/index.server'
import { members, notifications, organizations } from './companies.tables.server'

/** What happened, for whom: `kind` names messages `kinds.<kind>.title|body` in the notifications catalog. */
export type Notice = {
  /** Every member of this company hears of it… */
  companyId: string
  /** …except the person who caused it. */
  exceptUserId?: string | null
  kind: string
  params: Record<string, string>
  /** An app path without locale, e.g. `/app/orders/{id}/view`. */
  link: string
  /** Only these members of the company (e.g. the people mentioned in a message). */
  userIds?: string[]
  /** Skip anyone who still has an unread notice of the same kind and link (one notice per busy conversation). */
  collapseUnread?: boolean
}

/** The live signal of a new notice (`notification:new` to the company room); the bell re-reads its list. */
export type NoticeSignal = { companyId: string; kind: string; exceptUserId: string | null; userIds: string[] | null }

export type NotificationItem = { id: string; kind: string; title: string; body: string; link: string; read: boolean; createdAt: Date }
export type NotificationPage = { items: NotificationItem[]; total: number; unread: number }

export const NOTIFICATIONS_PAGE_SIZE = 20

/**
 * Writes the notice to every member's in-app list, in the caller's transaction (so it exists exactly when the change
 * does). Mail follows with `deliverNotice` once the transaction has committed.
 */
export async function recordNotice(tx: Database | Transaction, notice: Notice): Promise<number> {
  const filters = recipientFilters(notice)
  if (notice.collapseUnread) {
    const pending = tx
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.userId, members.userId), eq(notifications.kind, notice.kind), eq(notifications.link, notice.link), isNull(notifications.readAt)))
    filters.push(notExists(pending))
  }
  const recipients = await tx.select({ userId: members.userId }).from(members).where(and(...filters))
  if (recipients.length === 0) return 0
  await tx.insert(notifications).values(recipients.map(({ userId }) => ({ id: randomUUID(), userId, organizationId: notice.companyId, kind: notice.kind, params: notice.params, link: notice.link })))
  return recipients.length
}

/** Who among the company's members a notice is for. */
function recipientFilters(notice: Notice): SQL[] {
  const filters = [eq(members.organizationId, notice.companyId)]
  if (notice.exceptUserId) filters.push(ne(members.userId, notice.exceptUserId))
  if (notice.userIds) filters.push(notice.userIds.length > 0 ? inArray(members.userId, notice.userIds) : sql`false`)
  return filters
}

/**
 * After the transaction that recorded the notice has committed: signals open pages (the bell updates live) and mails
 * the recipients. A failure is logged, never thrown.
 */
export async function deliverNotice(notice: Notice): Promise<void> {
  publish([roomOf.company(notice.companyId)], 'notification:new', { companyId: notice.companyId, kind: notice.kind, exceptUserId: notice.exceptUserId ?? null, userIds: notice.userIds ?? null } satisfies NoticeSignal)
  await mailNotice(notice)
}

/** Mails the notice to its recipients (in each one's language); a mail that cannot go out is logged, never thrown. */
async function mailNotice(notice: Notice): Promise<void> {
  try {
    const filters = [...recipientFilters(notice), eq(users.emailIsPlaceholder, false)]
    const recipients = await database()
      .select({ userId: users.id, email: users.email, name: users.name, companyName: organizations.name, language: userPreferences.language })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .innerJoin(organizations, eq(organizations.id, members.organizationId))
      // Each recipient's language in the same query (English until they choose one).
      .leftJoin(userPreferences, eq(userPreferences.userId, members.userId))
      .where(and(...filters))
    for (const recipient of recipients) {
      const locale = recipient.language ?? DEFAULT_LOCALE
      const t = translator(locale, 'notifications')
      const title = t(`kinds.${notice.kind}.title`, notice.params)
      const { html, text } = renderMail({
        lang: LOCALE_ENTRIES[locale].language,
        preview: title,
        greeting: t('mail.greeting', { name: recipient.name }),
        paragraphs: [t(`kinds.${notice.kind}.body`, notice.params)],
        action: { label: t('mail.open'), url: `${env().PUBLIC_URL}${localizePath(locale, notice.link)}` },
        footer: t('mail.footer', { company: recipient.companyName }),
      })
      await sendMail({ to: recipient.email, subject: title, html, text }).catch((error: unknown) => logger().error({ err: (error as Error).message, kind: notice.kind }, 'notification mail not sent'))
    }
  } catch (error) {
    logger().error({ err: (error as Error).message, kind: notice.kind }, 'notification mail not sent')
  }
}

/** The actor's notifications, newest first, rendered in the request's language (own only). */
export async function listNotifications(ctx: ServiceContext, query: { limit?: number; offset?: number; unreadOnly?: boolean } = {}): Promise<NotificationPage> {
  const limit = Math.min(Math.max(query.limit ?? NOTIFICATIONS_PAGE_SIZE, 1), 100)
  const offset = Math.max(query.offset ?? 0, 0)
  const mine = eq(notifications.userId, ctx.actor.userId)
  const where = query.unreadOnly ? and(mine, isNull(notifications.readAt)) : mine
  const db = database()
  const [rows, [total], [unread]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(notifications).where(where),
    db.select({ n: count() }).from(notifications).where(and(mine, isNull(notifications.readAt))),
  ])
  const t = translator(ctx.locale, 'notifications')
  return {
    items: rows.map((row) => ({ id: row.id, kind: row.kind, title: t(`kinds.${row.kind}.title`, row.params), body: t(`kinds.${row.kind}.body`, row.params), link: row.link, read: row.readAt !== null, createdAt: row.createdAt })),
    total: total?.n ?? 0,
    unread: unread?.n ?? 0,
  }
}

/** Marks some (or, without ids, all) of the actor's notifications read; answers how many changed. */
export async function markNotificationsRead(ctx: ServiceContext, ids?: string[]): Promise<number> {
  const filters = [eq(notifications.userId, ctx.actor.userId), isNull(notifications.readAt)]
  if (ids) {
    if (ids.length === 0) return 0
    filters.push(inArray(notifications.id, ids))
  }
  const changed = await database().update(notifications).set({ readAt: new Date() }).where(and(...filters)).returning({ id: notifications.id })
  return changed.length
}
