// A notice for the members of a company: who they are is companies' to say; the kernel records, signals and mails it.
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { roomOf } from '../../platform/realtime/events'
import { publish } from '../../platform/realtime/publisher.server'
import { userDirectory as users } from '../identity/index.server'
import type { NotificationKind } from '../kernel/index'
import { mailNotice, noticeInsert, recordNoticeForRecipients } from '../kernel/index.server'
import { members } from './companies.tables.server'

/** What happened, for whom: `kind` names messages `kinds.<kind>.title|body` in the notifications catalog. */
export type Notice = {
  /** Every member of this company hears of it… */
  companyId: string
  /** …except the person who caused it. */
  exceptUserId?: string | null
  kind: NotificationKind
  params: Record<string, string>
  /** An app path without locale, e.g. `/app/orders/{id}/view`. */
  link: string
  /** Only these members of the company (e.g. the people mentioned in a message). */
  userIds?: string[]
  /** Skip anyone who still has an unread notice of the same kind and link (one notice per busy conversation). */
  collapseUnread?: boolean
}

/** The live signal of a new notice (`notification:new` to the company room); the bell re-reads its list. */
export type NoticeSignal = { companyId: string; kind: NotificationKind; exceptUserId: string | null; userIds: string[] | null }

/**
 * Writes the notice to every member's in-app list, in the caller's transaction (so it exists exactly when the change
 * does). The notice travels on in the change's outbox event (`recordEvent(tx, { notices })`), delivered after commit.
 */
export async function recordNotice(tx: Database | Transaction, notice: Notice): Promise<number> {
  const recipients = tx
    .select({ userId: members.userId })
    .from(members)
    .where(and(...recipientFilters(notice)))
  return recordNoticeForRecipients(
    tx,
    recipients,
    { companyId: notice.companyId, kind: notice.kind, params: notice.params, link: notice.link },
    { collapseUnread: notice.collapseUnread },
  )
}

/**
 * `recordNotice` as a statement to compose beside the change it announces (e.g. a CTE of a money movement's one
 * statement); `when` limits it to when that change happened.
 */
export function noticeInsertFor(notice: Notice, when?: SQL): SQL {
  const recipients = database()
    .select({ userId: members.userId })
    .from(members)
    .where(and(...recipientFilters(notice)))
  return noticeInsert(
    recipients,
    { companyId: notice.companyId, kind: notice.kind, params: notice.params, link: notice.link },
    { collapseUnread: notice.collapseUnread, when },
  )
}

/** Who among the company's members a notice is for. */
function recipientFilters(notice: Notice): SQL[] {
  const filters = [eq(members.organizationId, notice.companyId)]
  if (notice.exceptUserId) filters.push(ne(members.userId, notice.exceptUserId))
  if (notice.userIds) filters.push(notice.userIds.length > 0 ? inArray(members.userId, notice.userIds) : sql`false`)
  return filters
}

/**
 * After the transaction that recorded the notice has committed (the outbox relay calls it, notice-delivery.server.ts):
 * signals open pages (the bell updates live) and mails the recipients (per their settings, batched into digests).
 * `mail: false` when the caller mails the news itself (e.g. the verification decision), so nobody gets it twice. A mail
 * that fails is logged; a failed look-up and claim of the recipients (one statement) throws, so the relay tries again
 * later.
 */
export async function deliverNotice(notice: Notice, options: { mail?: boolean } = {}): Promise<void> {
  publish([roomOf.company(notice.companyId)], 'notification:new', {
    companyId: notice.companyId,
    kind: notice.kind,
    exceptUserId: notice.exceptUserId ?? null,
    userIds: notice.userIds ?? null,
  } satisfies NoticeSignal)
  if (options.mail === false) return
  const recipients = database()
    .select({ userId: members.userId })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(...recipientFilters(notice), eq(users.emailIsPlaceholder, false)))
  await mailNotice(recipients, { organizationId: notice.companyId, kind: notice.kind, params: notice.params, link: notice.link })
}
