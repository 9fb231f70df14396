import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Actor, ServiceContext } from '../../platform/actor'
import { database, forgetOnDatabaseChange } from '../../platform/db/index.server'
import { translator } from '../../platform/i18n/translate.server'
import type { Locale } from '../../platform/i18n/locales'
import { ExpiringLru } from '../../platform/lru'
import { requireCompany } from '../companies/index'
import { companyMemberships as members, companyNames, publicCompanyCards as companies } from '../companies/index.server'
import { userDirectory as users } from '../identity/index.server'
import { orderSubjects, partyOf } from '../orders/index.server'
import { quotationSubjects, rfqSubjects, supplierTakesPartInRfq } from '../sourcing/index.server'
import {
  conversationNotFound,
  fieldError,
  loadConversation,
  memberRoleColumn,
  parseInput,
  participatingIn,
  type ConversationRow,
} from './conversation-access.server'
import { InboxQuery, OpenThreadInput } from './messaging.inputs'
import { canManageChannel, canPostConversation, canReadConversation, counterpartOf, excerptOf, isThread, likePattern, threadKeys } from './messaging.policy'
import { conversationMembers, conversationReads, conversations, messages } from './messaging.tables.server'
import type { ConversationDetail, ConversationParticipant, ConversationSubject, ConversationSummary, InboxPage, ThreadTarget } from './messaging.types'

/** Messages of others after the caller's read mark, not deleted (correlated per conversation; uses the seq index). */
export function unreadColumn(userId: string) {
  return sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.seq} > coalesce(${conversationReads.lastReadSeq}, 0) and ${messages.authorId} is distinct from ${userId} and ${messages.deletedAt} is null)`.mapWith(
    Number,
  )
}

const memberCountColumn =
  sql<number>`(select count(*)::int from ${conversationMembers} where ${conversationMembers.conversationId} = ${conversations.id})`.mapWith(Number)

/** The inbox order: newest activity first, then the newest conversations. */
const newestFirst = [sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.createdAt), desc(conversations.id)]

type SummaryRow = Awaited<ReturnType<typeof summaryRows>>[number]

/** Conversations the caller takes part in, with its read mark, unread count, membership and the last message. */
function summaryRows(actor: Actor, filters: SQL[], page: { limit: number; offset: number } | null) {
  const query = database()
    .select({
      row: conversations,
      lastReadSeq: conversationReads.lastReadSeq,
      unread: unreadColumn(actor.userId),
      role: memberRoleColumn(actor.userId),
      memberCount: memberCountColumn,
      last: {
        seq: messages.seq,
        body: messages.body,
        deletedAt: messages.deletedAt,
        createdAt: messages.createdAt,
        attachmentCount: sql<number>`cardinality(${messages.attachmentFileIds})`.mapWith(Number),
      },
      lastAuthorName: users.name,
    })
    .from(conversations)
    .leftJoin(conversationReads, and(eq(conversationReads.conversationId, conversations.id), eq(conversationReads.userId, actor.userId)))
    .leftJoin(messages, eq(messages.seq, conversations.lastMessageSeq))
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(and(participatingIn(actor), ...filters))
    .orderBy(...newestFirst)
  return page ? query.limit(page.limit).offset(page.offset) : query
}

type Description = { title: string; subject: ConversationSubject | null; counterpart: { id: string; name: string } | null }

/**
 * Titles, subjects and counterparts of conversations as `viewerCompanyId` sees them, in `locale`: one query per kind of
 * record (never one per conversation).
 */
export async function describeConversations(rows: ConversationRow[], viewerCompanyId: string, locale: Locale): Promise<Map<string, Description>> {
  const db = database()
  const idsOf = (kind: ConversationRow['kind']) => [...new Set(rows.filter((row) => row.kind === kind && row.subjectId).map((row) => row.subjectId as string))]
  const companyIds = [...new Set(rows.flatMap((row) => [row.organizationId, row.counterpartOrganizationId]).filter((id): id is string => Boolean(id)))]
  const [nameOf, rfqRows, quotationRows, orderRows] = await Promise.all([
    companyNames(companyIds, db),
    idsOf('rfq').length
      ? db
          .select({ id: rfqSubjects.id, number: rfqSubjects.number, title: rfqSubjects.title, buyerId: rfqSubjects.buyerCompanyId })
          .from(rfqSubjects)
          .where(inArray(rfqSubjects.id, idsOf('rfq')))
      : [],
    idsOf('quotation').length
      ? db
          .select({
            id: quotationSubjects.id,
            rfqId: quotationSubjects.rfqId,
            number: quotationSubjects.number,
            title: quotationSubjects.title,
            buyerId: quotationSubjects.buyerCompanyId,
          })
          .from(quotationSubjects)
          .where(inArray(quotationSubjects.id, idsOf('quotation')))
      : [],
    idsOf('order').length
      ? db
          .select({ id: orderSubjects.id, number: orderSubjects.number })
          .from(orderSubjects)
          .where(inArray(orderSubjects.id, idsOf('order')))
      : [],
  ])
  const rfqLink = (rfqId: string, buyerId: string) => (buyerId === viewerCompanyId ? `/app/sourcing/rfq/${rfqId}` : `/app/supplier/portal/rfq/${rfqId}`)
  const subjects = new Map<string, ConversationSubject>([
    ...rfqRows.map((rfq): [string, ConversationSubject] => [
      `rfq:${rfq.id}`,
      { kind: 'rfq', id: rfq.id, number: rfq.number, title: rfq.title, link: rfqLink(rfq.id, rfq.buyerId) },
    ]),
    ...quotationRows.map((quote): [string, ConversationSubject] => [
      `quotation:${quote.id}`,
      { kind: 'quotation', id: quote.id, number: quote.number, title: quote.title, link: rfqLink(quote.rfqId, quote.buyerId) },
    ]),
    ...orderRows.map((order): [string, ConversationSubject] => [
      `order:${order.id}`,
      { kind: 'order', id: order.id, number: order.number, title: order.number, link: `/app/orders/${order.id}/view` },
    ]),
  ])
  const t = translator(locale, 'messaging')
  const described = new Map<string, Description>()
  for (const row of rows) {
    if (!isThread(row.kind)) {
      described.set(row.id, { title: row.name ?? '', subject: null, counterpart: null })
      continue
    }
    const otherId = counterpartOf(row, viewerCompanyId)
    const counterpart = otherId ? { id: otherId, name: nameOf.get(otherId) ?? t('deletedCompany') } : null
    const subject = row.subjectId ? (subjects.get(`${row.kind}:${row.subjectId}`) ?? null) : null
    const company = counterpart?.name ?? t('deletedCompany')
    const title = row.kind === 'direct' || !subject ? t('titles.direct', { company }) : t(`titles.${subject.kind}`, { number: subject.number, company })
    described.set(row.id, { title, subject, counterpart })
  }
  return described
}

/** Summaries in the caller's language, in the order of `rows`. */
async function toSummaries(ctx: ServiceContext & { actor: { companyId: string } }, rows: SummaryRow[]): Promise<ConversationSummary[]> {
  const described = await describeConversations(
    rows.map((row) => row.row),
    ctx.actor.companyId,
    ctx.locale,
  )
  const t = translator(ctx.locale, 'messaging')
  return rows.map(({ row, unread, role, memberCount, last, lastAuthorName }) => {
    const description = described.get(row.id) ?? { title: '', subject: null, counterpart: null }
    return {
      id: row.id,
      kind: row.kind,
      title: description.title,
      topic: row.topic,
      visibility: row.visibility,
      subject: description.subject,
      counterpart: description.counterpart,
      archived: row.archivedAt !== null,
      lastMessage: last
        ? {
            seq: last.seq,
            authorName: lastAuthorName ?? t('deletedUser'),
            excerpt: last.deletedAt ? '' : excerptOf(last.body) || (last.attachmentCount > 0 ? t('attachmentsOnly', { count: last.attachmentCount }) : ''),
            deleted: last.deletedAt !== null,
            at: last.createdAt.toISOString(),
          }
        : null,
      unread,
      isMember: isThread(row.kind) || role !== null,
      memberCount: isThread(row.kind) ? null : memberCount,
    }
  })
}

/** The inbox filters of a query (kind, unread only, a search over names, numbers and the other company). */
function inboxFilters(
  actor: Actor & { companyId: string },
  query: { unreadOnly?: boolean | undefined; kind?: ConversationRow['kind'] | undefined; q?: string | undefined },
): SQL[] {
  const filters: SQL[] = []
  if (query.kind) filters.push(eq(conversations.kind, query.kind))
  if (query.unreadOnly) filters.push(sql`${unreadColumn(actor.userId)} > 0`)
  if (query.q) {
    const pattern = likePattern(query.q)
    const otherCompany = sql`case when ${conversations.organizationId} = ${actor.companyId} then ${conversations.counterpartOrganizationId} else ${conversations.organizationId} end`
    filters.push(sql`(
      ${conversations.name} ilike ${pattern} escape '\\'
      or ${conversations.topic} ilike ${pattern} escape '\\'
      or (${conversations.kind} <> 'channel' and exists (select 1 from ${companies} where ${companies.id} = ${otherCompany} and ${companies.name} ilike ${pattern} escape '\\'))
      or (${conversations.kind} = 'rfq' and exists (select 1 from ${rfqSubjects} where ${rfqSubjects.id} = ${conversations.subjectId} and (${rfqSubjects.number} ilike ${pattern} escape '\\' or ${rfqSubjects.title} ilike ${pattern} escape '\\')))
      or (${conversations.kind} = 'quotation' and exists (select 1 from ${quotationSubjects} where ${quotationSubjects.id} = ${conversations.subjectId} and (${quotationSubjects.number} ilike ${pattern} escape '\\' or ${quotationSubjects.title} ilike ${pattern} escape '\\')))
      or (${conversations.kind} = 'order' and exists (select 1 from ${orderSubjects} where ${orderSubjects.id} = ${conversations.subjectId} and ${orderSubjects.number} ilike ${pattern} escape '\\'))
    )`)
  }
  return filters
}

/** Summaries of conversations matching filters, with the total (for the inbox and the channel list). */
export async function conversationPage(
  ctx: ServiceContext,
  filters: SQL[],
  page: { limit: number; offset: number },
): Promise<{ items: ConversationSummary[]; total: number }> {
  requireCompany(ctx.actor)
  const actor = ctx.actor
  const [rows, [total]] = await Promise.all([
    summaryRows(actor, filters, page),
    database()
      .select({ n: count() })
      .from(conversations)
      .leftJoin(conversationReads, and(eq(conversationReads.conversationId, conversations.id), eq(conversationReads.userId, actor.userId)))
      .where(and(participatingIn(actor), ...filters)),
  ])
  return { items: await toSummaries({ ...ctx, actor }, rows), total: total?.n ?? 0 }
}

/** One conversation's summary when the caller takes part in it; null otherwise. */
export async function conversationSummary(ctx: ServiceContext, conversationId: string): Promise<ConversationSummary | null> {
  requireCompany(ctx.actor)
  const actor = ctx.actor
  const rows = await summaryRows(actor, [eq(conversations.id, conversationId)], null)
  const [summary] = await toSummaries({ ...ctx, actor }, rows)
  return summary ?? null
}

/**
 * Everything the caller takes part in: its company's threads, its company's public channels and the private channels
 * it is listed in; newest activity first, each with the caller's unread count and the last message.
 */
export async function listInbox(ctx: ServiceContext, query: InboxQuery = {}): Promise<InboxPage> {
  requireCompany(ctx.actor)
  const actor = ctx.actor
  const input = parseInput(InboxQuery, query)
  const [page, summary] = await Promise.all([conversationPage(ctx, inboxFilters(actor, input), input), unreadSummary(ctx)])
  return { items: page.items, total: page.total, unreadConversations: summary.conversations, limit: input.limit, offset: input.offset }
}

/** For badges: how many conversations have unread messages, and how many unread messages there are in all. */
export async function unreadSummary(ctx: ServiceContext): Promise<{ conversations: number; messages: number }> {
  requireCompany(ctx.actor)
  const actor = ctx.actor
  const perConversation = database()
    .select({ unread: unreadColumn(actor.userId).as('unread') })
    .from(conversations)
    .leftJoin(conversationReads, and(eq(conversationReads.conversationId, conversations.id), eq(conversationReads.userId, actor.userId)))
    .where(and(participatingIn(actor), sql`${conversations.lastMessageSeq} > coalesce(${conversationReads.lastReadSeq}, 0)`))
    .as('per_conversation')
  const [totals] = await database()
    .select({
      conversations: sql<number>`count(*) filter (where ${perConversation.unread} > 0)::int`.mapWith(Number),
      messages: sql<number>`coalesce(sum(${perConversation.unread}), 0)::int`.mapWith(Number),
    })
    .from(perConversation)
  return { conversations: totals?.conversations ?? 0, messages: totals?.messages ?? 0 }
}

/** The people of a conversation: both companies' members for threads, the listed members (with roles) for channels. */
async function participantsOf(row: ConversationRow): Promise<ConversationParticipant[]> {
  const db = database()
  if (isThread(row.kind)) {
    const sides = [row.organizationId, row.counterpartOrganizationId].filter((id): id is string => Boolean(id))
    const rows = await db
      .select({ userId: users.id, name: users.name, companyId: companies.id, companyName: companies.name })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .innerJoin(companies, eq(companies.id, members.companyId))
      .where(inArray(members.companyId, sides))
      .orderBy(sql`${companies.id} = ${row.organizationId} desc`, asc(users.name), asc(users.id))
    return rows.map((person) => ({ ...person, role: null }))
  }
  return db
    .select({ userId: users.id, name: users.name, companyId: companies.id, companyName: companies.name, role: conversationMembers.role })
    .from(conversationMembers)
    .innerJoin(members, and(eq(members.userId, conversationMembers.userId), eq(members.companyId, row.organizationId)))
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .innerJoin(companies, eq(companies.id, members.companyId))
    .where(eq(conversationMembers.conversationId, row.id))
    .orderBy(sql`${conversationMembers.role} = 'owner' desc`, asc(users.name), asc(users.id))
}

/** A conversation the caller takes part in, with its participants, the caller's rights and read mark; 404 otherwise. */
export async function getConversation(ctx: ServiceContext, conversationId: string): Promise<ConversationDetail> {
  const conversation = await loadConversation(ctx, conversationId)
  const [summary, participants, [read]] = await Promise.all([
    conversationSummary(ctx, conversationId),
    participantsOf(conversation.row),
    database()
      .select({ seq: conversationReads.lastReadSeq })
      .from(conversationReads)
      .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, ctx.actor.userId))),
  ])
  if (!summary) throw conversationNotFound()
  return {
    ...summary,
    participants,
    canManage: canManageChannel(ctx.actor, conversation.row, conversation.membership),
    canPost: canPostConversation(ctx.actor, conversation.row, conversation.membership),
    lastReadSeq: read?.seq ?? 0,
  }
}

type ThreadSpec = { kind: ConversationRow['kind']; threadKey: string; organizationId: string; counterpartOrganizationId: string; subjectId: string | null }
const recordNotFound = () => conversationNotFound()

/** Where the thread of a target hangs and who its two sides are, after checking the caller may see the record. */
async function resolveThread(ctx: ServiceContext, target: ThreadTarget): Promise<ThreadSpec> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const input = parseInput(OpenThreadInput, target)
  const db = database()
  switch (input.kind) {
    case 'direct': {
      if (input.companyId === companyId) throw fieldError({ companyId: ['validation.ownCompany'] })
      const [other] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, input.companyId), isNull(companies.deletedAt)))
      if (!other) throw recordNotFound()
      return {
        kind: 'direct',
        threadKey: threadKeys.direct(companyId, other.id),
        organizationId: companyId,
        counterpartOrganizationId: other.id,
        subjectId: null,
      }
    }
    case 'rfq': {
      const [rfq] = await db
        .select({ id: rfqSubjects.id, buyerId: rfqSubjects.buyerCompanyId, status: rfqSubjects.status })
        .from(rfqSubjects)
        .where(eq(rfqSubjects.id, input.rfqId))
      if (!rfq) throw recordNotFound()
      let supplierId: string
      if (rfq.buyerId === companyId) {
        if (!input.supplierCompanyId) throw fieldError({ supplierCompanyId: ['validation.supplier'] })
        supplierId = input.supplierCompanyId
      } else {
        if (rfq.status === 'draft' || (input.supplierCompanyId && input.supplierCompanyId !== companyId)) throw recordNotFound()
        supplierId = companyId
      }
      if (!(await supplierTakesPartInRfq(rfq.id, supplierId))) throw recordNotFound()
      return {
        kind: 'rfq',
        threadKey: threadKeys.rfq(rfq.id, supplierId),
        organizationId: rfq.buyerId,
        counterpartOrganizationId: supplierId,
        subjectId: rfq.id,
      }
    }
    case 'quotation': {
      const [quote] = await db
        .select({
          id: quotationSubjects.id,
          status: quotationSubjects.status,
          supplierId: quotationSubjects.supplierCompanyId,
          buyerId: quotationSubjects.buyerCompanyId,
        })
        .from(quotationSubjects)
        .where(eq(quotationSubjects.id, input.quotationId))
      const visible = quote && (quote.supplierId === companyId || (quote.buyerId === companyId && quote.status !== 'draft'))
      if (!quote || !visible) throw recordNotFound()
      return {
        kind: 'quotation',
        threadKey: threadKeys.quotation(quote.id),
        organizationId: quote.buyerId,
        counterpartOrganizationId: quote.supplierId,
        subjectId: quote.id,
      }
    }
    case 'order': {
      const [order] = await db.select().from(orderSubjects).where(eq(orderSubjects.id, input.orderId))
      if (!order || !partyOf(order, companyId) || !order.buyerCompanyId || !order.supplierCompanyId) throw recordNotFound()
      return {
        kind: 'order',
        threadKey: threadKeys.order(order.id),
        organizationId: order.buyerCompanyId,
        counterpartOrganizationId: order.supplierCompanyId,
        subjectId: order.id,
      }
    }
  }
}

/**
 * The thread of a company pair, RFQ (and supplier), quotation or order: found, or created on first use. Concurrent
 * first uses meet on the unique thread key (insert … on conflict do nothing, then read).
 */
export async function openThread(ctx: ServiceContext, target: ThreadTarget): Promise<ConversationDetail> {
  const spec = await resolveThread(ctx, target)
  const db = database()
  await db
    .insert(conversations)
    .values({ id: randomUUID(), ...spec, createdBy: ctx.actor.userId })
    .onConflictDoNothing({ target: conversations.threadKey })
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.threadKey, spec.threadKey))
  if (!row) throw recordNotFound()
  return getConversation(ctx, row.id)
}

/** The thread of a record if it exists (pages choose between "Open conversation" and "Start conversation"). */
export async function conversationForSubject(ctx: ServiceContext, target: ThreadTarget): Promise<ConversationSummary | null> {
  const spec = await resolveThread(ctx, target)
  const [row] = await database().select({ id: conversations.id }).from(conversations).where(eq(conversations.threadKey, spec.threadKey))
  return row ? conversationSummary(ctx, row.id) : null
}

const JOIN_CACHE_MS = 5_000
const joinCache = forgetOnDatabaseChange(new ExpiringLru<string, boolean>(10_000))

/** Membership or visibility changed: the socket server must ask again. */
export function forgetJoinDecisions(): void {
  joinCache.clear()
}

/** For the socket server: may the actor join the room of this conversation (one query, remembered for 5 s). */
export async function canJoinConversation(actor: Actor, conversationId: string): Promise<boolean> {
  if (!actor.companyId) return false
  const key = `${actor.userId}|${actor.companyId}|${conversationId}`
  const cached = joinCache.get(key)
  if (cached !== undefined) return cached
  const [found] = await database()
    .select({
      kind: conversations.kind,
      organizationId: conversations.organizationId,
      counterpartOrganizationId: conversations.counterpartOrganizationId,
      visibility: conversations.visibility,
      archivedAt: conversations.archivedAt,
      role: memberRoleColumn(actor.userId),
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
  const allowed = Boolean(found && canReadConversation(actor, found, found.role ? { role: found.role } : null))
  joinCache.set(key, allowed, JOIN_CACHE_MS)
  return allowed
}
