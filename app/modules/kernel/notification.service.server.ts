import { and, count, desc, eq, inArray, isNull, lte, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { resultRows } from '../../platform/db/result-rows'
import { env } from '../../platform/env.server'
import { DEFAULT_LOCALE, LOCALE_ENTRIES, localizePath } from '../../platform/i18n/locales'
import { translator } from '../../platform/i18n/translate.server'
import { logger } from '../../platform/logger.server'
import { roomOf } from '../../platform/realtime/events'
import { publish } from '../../platform/realtime/publisher.server'
import { renderMail } from '../../platform/mail/layout.server'
import { sendMail } from '../../platform/mail/mailer.server'
import { userDirectory as users } from '../identity/index.server'
import { companyFacts } from './company-facts.server'
import { notificationMailQueue, notifications, notificationSettings } from './kernel.tables.server'
import { groupOfKind, type NotificationKind } from './notification.inputs'

export type NotificationItem = { id: string; kind: NotificationKind; title: string; body: string; link: string; read: boolean; createdAt: Date }
export type NotificationPage = { items: NotificationItem[]; total: number; unread: number }

export const NOTIFICATIONS_PAGE_SIZE = 20

/** A notice for named people, whether or not they are members of a company (e.g. someone invited to join one). */
export type UserNotice = {
  userIds: string[]
  kind: NotificationKind
  params: Record<string, string>
  /** An app path without locale. */
  link: string
  /** The company the notice is about, if any (named in the mail's footer). */
  companyId?: string | null
}

/** The live signal of a user notice (`notification:new` to each `user:{id}` room). */
export type UserNoticeSignal = { companyId: string | null; kind: NotificationKind; exceptUserId: null; userIds: string[] }

/**
 * Writes a notice to each named person's in-app list, in the caller's transaction; it travels on as `toUsers(notice)`
 * in the change's outbox event. `collapseUnread` skips anyone who still has an unread notice of the same kind and link
 * (one notice per busy conversation).
 */
export async function recordUserNotice(tx: Database | Transaction, notice: UserNotice, options: { collapseUnread?: boolean } = {}): Promise<number> {
  const { userIds, ...rest } = notice
  if (userIds.length === 0) return 0
  const named = sql`select user_id from (values ${sql.join(
    userIds.map((userId) => sql`(${userId}::text)`),
    sql`, `,
  )}) as named (user_id)`
  return recordNoticeForRecipients(tx, named, rest, options)
}

/**
 * Writes a notice to the in-app list of each person a query answers (one `user_id` column, e.g. a company's members;
 * each once), in one INSERT … SELECT: a notice costs one round trip however many people it is for.
 */
export async function recordNoticeForRecipients(
  tx: Database | Transaction,
  recipients: SQLWrapper,
  notice: Omit<UserNotice, 'userIds'>,
  options: { collapseUnread?: boolean } = {},
): Promise<number> {
  return resultRows(await tx.execute(sql`${noticeInsert(recipients, notice, options)} returning ${notifications.id}`)).length
}

/**
 * The INSERT … SELECT of `recordNoticeForRecipients` as a statement to compose, e.g. as a CTE beside the change it
 * announces (one round trip for both); `when` limits it to when a condition holds (e.g. that change happened).
 */
export function noticeInsert(recipients: SQLWrapper, notice: Omit<UserNotice, 'userIds'>, options: { collapseUnread?: boolean; when?: SQL } = {}): SQL {
  const unread = options.collapseUnread
    ? sql`and not exists (select 1 from ${notifications} where ${notifications.userId} = r.user_id and ${notifications.kind} = ${notice.kind} and ${notifications.link} = ${notice.link} and ${notifications.readAt} is null)`
    : sql``
  const when = options.when ? sql`and ${options.when}` : sql``
  return sql`insert into ${notifications} (id, user_id, organization_id, kind, params, link, read_at, created_at)
    select distinct on (r.user_id) gen_random_uuid()::text, r.user_id, ${notice.companyId ?? null}, ${notice.kind}, ${JSON.stringify(notice.params)}::jsonb, ${notice.link}, null::timestamptz, now()
    from (${recipients}) as r (user_id) where true ${unread} ${when}`
}

/**
 * After commit (the outbox relay calls it): signals each person's open pages (`user:{id}` rooms) and mails them per
 * their settings, unless `mail: false` (the caller sends its own mail about the same thing). As `deliverNotice`, a
 * failed look-up throws so the relay tries again.
 */
export async function deliverUserNotice(notice: UserNotice, options: { mail?: boolean } = {}): Promise<void> {
  const userIds = [...new Set(notice.userIds)]
  if (userIds.length === 0) return
  publish(userIds.map(roomOf.user), 'notification:new', {
    companyId: notice.companyId ?? null,
    kind: notice.kind,
    exceptUserId: null,
    userIds,
  } satisfies UserNoticeSignal)
  if (options.mail === false) return
  const recipients = database()
    .select({ userId: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.emailIsPlaceholder, false)))
  await mailNotice(recipients, { organizationId: notice.companyId ?? null, kind: notice.kind, params: notice.params, link: notice.link })
}

// ---------------------------------------------------------------------------------------------------------------
// Mail: per recipient, per settings, and batched into digests

/** One notice to mail (or queue) for one person. */
export type MailedNotice = { organizationId: string | null; kind: NotificationKind; params: Record<string, string>; link: string }

/**
 * Mails (or queues) the notice for each person `recipients` answers (one `user_id` column, e.g. a company's members
 * with a real address): `claimMailNow` decides in one statement, with that look-up, who is mailed now and queues the
 * rest. Then each is mailed on their own, so one person's failure does not stop the others. A claim that fails throws,
 * so the relay tries the notice again: the statement claimed and queued nothing.
 */
export async function mailNotice(recipients: SQLWrapper, notice: MailedNotice): Promise<void> {
  for (const userId of await claimMailNow(recipients, notice)) {
    await sendNoticeMail(userId, [notice]).catch((error: unknown) =>
      logger().error({ err: (error as Error).message, kind: notice.kind }, 'notification mail not sent'),
    )
  }
}

const digestWindowMs = () => env().NOTIFICATION_DIGEST_WINDOW_SECONDS * 1000

/** Whose settings leave the notice's group on. */
const wantsGroup = (notice: MailedNotice) => sql`not (${groupOfKind(notice.kind)} = any(${notificationSettings.mailDisabled}))`

/**
 * Who among the recipients is mailed the notice at once: their group is on, they were last mailed longer than the
 * digest window ago and no mail waits for them. An upsert is the claim: it stamps `last_mailed_at` on exactly those rows
 * (creating the settings of people who have none), in the order of their ids, so concurrent claims lock rows in the
 * same order; a concurrent notice to the same person, which waits for the row, then finds the stamp fresh and queues
 * instead. Everyone else whose group is on gets the notice queued for their next digest, in the same statement (none
 * with a window of 0). With the recipients' look-up, a notice's mail costs one statement and one commit. The queue's
 * part reads the settings as they were when the statement began: a person the claim stamps or creates a row for is the
 * claim's, and one whose row it cannot see yet (a concurrent notice created it and is mailing them) has the settings'
 * defaults, every group on, so is queued.
 */
async function claimMailNow(recipients: SQLWrapper, notice: MailedNotice, now = new Date()): Promise<string[]> {
  const windowMs = digestWindowMs()
  const settings = notificationSettings
  const free =
    windowMs > 0
      ? sql`and (${settings.lastMailedAt} is null or ${settings.lastMailedAt} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz)
          and not exists (select 1 from ${notificationMailQueue} where ${notificationMailQueue.userId} = ${settings.userId})`
      : sql``
  const claim = sql`insert into ${settings} (user_id, last_mailed_at)
    select distinct person.user_id, ${now.toISOString()}::timestamptz from person order by person.user_id
    on conflict (user_id) do update set last_mailed_at = excluded.last_mailed_at where ${wantsGroup(notice)} ${free}
    returning ${settings.userId}`
  // The columns in the queue's order: id, user_id, organization_id, kind, params, link, created_at.
  const queue = sql`insert into ${notificationMailQueue}
    select gen_random_uuid()::text, person.user_id, ${notice.organizationId}, ${notice.kind}, ${JSON.stringify(notice.params)}::jsonb, ${notice.link}, ${now.toISOString()}::timestamptz
    from (select distinct user_id from person) as person
    left join ${settings} on ${settings.userId} = person.user_id
    where person.user_id not in (select user_id from claimed) and (${settings.userId} is null or ${wantsGroup(notice)})`
  const rows = resultRows<{ user_id: string }>(
    await database().execute(
      sql`with person (user_id) as (${recipients.getSQL()}), claimed as (${claim})${windowMs > 0 ? sql`, queued as (${queue})` : sql``} select user_id from claimed`,
    ),
  )
  return rows.map((row) => row.user_id)
}

/**
 * Sends the queued notification mail of everyone whose digest window has passed: one mail per person (the normal
 * mail for a single notice, a digest listing them for more). Each person's rows are claimed in a transaction that
 * locks their settings row with SKIP LOCKED and deletes the rows it sends, so two instances never send the same
 * digest. Runs every 30 seconds (server/app.ts); answers how many mails went out.
 */
export async function flushNotificationDigests(now: Date = new Date()): Promise<number> {
  const due = new Date(now.getTime() - digestWindowMs())
  const isDue = or(isNull(notificationSettings.lastMailedAt), lte(notificationSettings.lastMailedAt, due))
  const waiting = await database()
    .selectDistinct({ userId: notificationMailQueue.userId })
    .from(notificationMailQueue)
    .innerJoin(notificationSettings, eq(notificationSettings.userId, notificationMailQueue.userId))
    .where(isDue)
  let sent = 0
  for (const { userId } of waiting) {
    try {
      const claimed = await database().transaction(async (tx) => {
        const [settings] = await tx
          .select({ mailDisabled: notificationSettings.mailDisabled })
          .from(notificationSettings)
          .where(and(eq(notificationSettings.userId, userId), isDue))
          .for('update', { skipLocked: true })
        if (!settings) return []
        const rows = await tx.delete(notificationMailQueue).where(eq(notificationMailQueue.userId, userId)).returning()
        // Groups turned off while the mail waited are dropped.
        const wanted = rows.filter((row) => !settings.mailDisabled.includes(groupOfKind(row.kind)))
        if (wanted.length > 0) await tx.update(notificationSettings).set({ lastMailedAt: now }).where(eq(notificationSettings.userId, userId))
        return wanted.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      })
      if (claimed.length === 0) continue
      await sendNoticeMail(userId, claimed)
      sent += 1
    } catch (error) {
      logger().error({ err: (error as Error).message, userId }, 'notification digest not sent')
    }
  }
  return sent
}

/** Renders and sends one mail to the person: the notice itself for one, a digest listing each for more. */
async function sendNoticeMail(userId: string, notices: MailedNotice[]): Promise<void> {
  const [recipient] = await database()
    // The recipient's language in the same query (English until they choose one).
    .select({ email: users.email, name: users.name, placeholder: users.emailIsPlaceholder, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
  const [first] = notices
  if (!recipient || recipient.placeholder || !first) return
  const locale = recipient.language ?? DEFAULT_LOCALE
  const t = translator(locale, 'notifications')
  const url = (link: string) => `${env().PUBLIC_URL}${localizePath(locale, link)}`
  const companyIds = [...new Set(notices.flatMap((notice) => (notice.organizationId ? [notice.organizationId] : [])))]
  const names = companyIds.length > 0 ? await companyFacts().names(companyIds) : new Map<string, string>()
  const companies = companyIds.flatMap((id) => names.get(id) ?? [])
  const footer = companies.length > 0 ? t('mail.footer', { company: companies.join(', ') }) : t('mail.footerAccount')
  const common = { lang: LOCALE_ENTRIES[locale].language, greeting: t('mail.greeting', { name: recipient.name }), footer: `${footer} ${t('mail.manage')}` }
  let subject: string
  let content: Parameters<typeof renderMail>[0]
  if (notices.length === 1) {
    subject = t(`kinds.${first.kind}.title`, first.params)
    content = {
      ...common,
      preview: subject,
      paragraphs: [t(`kinds.${first.kind}.body`, first.params)],
      action: { label: t('mail.open'), url: url(first.link) },
    }
  } else {
    subject = t('mail.digest.subject', { count: String(notices.length) })
    content = {
      ...common,
      preview: subject,
      paragraphs: [t('mail.digest.intro', { count: String(notices.length) })],
      items: notices.map((notice) => ({
        title: t(`kinds.${notice.kind}.title`, notice.params),
        text: t(`kinds.${notice.kind}.body`, notice.params),
        url: url(notice.link),
      })),
      action: { label: t('mail.digest.open'), url: url('/app/notifications') },
    }
  }
  const { html, text } = renderMail(content)
  await sendMail({ to: recipient.email, subject, html, text }).catch((error: unknown) =>
    logger().error({ err: (error as Error).message, kinds: notices.map((notice) => notice.kind) }, 'notification mail not sent'),
  )
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
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ])
  const t = translator(ctx.locale, 'notifications')
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: t(`kinds.${row.kind}.title`, row.params),
      body: t(`kinds.${row.kind}.body`, row.params),
      link: row.link,
      read: row.readAt !== null,
      createdAt: row.createdAt,
    })),
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
  const changed = await database()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(...filters))
    .returning({ id: notifications.id })
  return changed.length
}
