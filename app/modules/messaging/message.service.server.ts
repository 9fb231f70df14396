import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { translator } from '../../platform/i18n/translate.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { rateLimitStore } from '../../platform/rate-limit.server'
import { roomOf } from '../../platform/realtime/events'
import { publish } from '../../platform/realtime/publisher.server'
import { requireCompany } from '../companies/index'
import { companyName, companyNames, type Notice, recordNotice } from '../companies/index.server'
import { attachedFiles, foreignAttachments, openRecordAttachment, type RecordAttachmentDownload } from '../kernel/index.server'
import { userNames } from '../identity/index.server'
import {
  ensurePostable,
  fieldError,
  loadConversation,
  memberRoleColumn,
  parseInput,
  participantCompanies,
  participatingIn,
  type AccessibleConversation,
  type ConversationRow,
} from './conversation-access.server'
import { describeConversations } from './conversation.service.server'
import { MESSAGE_PAGE_SIZE, MESSAGE_REPLAY_MAX, type Reaction } from './messaging.constants'
import { EditMessageInput, MarkReadInput, MessageInput, MessagePageQuery, MessageSearchQuery, ReactionInput } from './messaging.inputs'
import { canDeleteMessage, canEditMessage, canReadConversation, counterpartOf, excerptOf, isThread, likePattern } from './messaging.policy'
import { conversationMembers, conversationReads, conversations, messageReactions, messages } from './messaging.tables.server'
import type { InboxChange, Message, MessageEvent, MessagePage, MessageSearchPage, SendMessageInput } from './messaging.types'

type MessageRow = typeof messages.$inferSelect

const unique = <T>(values: Array<T | null | undefined>): T[] => [...new Set(values.filter((value): value is T => value !== null && value !== undefined))]

/** The URL a participant downloads a message attachment from. */
export const messageAttachmentUrl = (conversationId: string, fileId: string) => `/api/v1/conversations/${conversationId}/attachments/${fileId}`

/**
 * Messages as the API shows them: author with company, mentions with names, attachments, grouped reactions. One query
 * per kind of related record for the whole page. Deleted messages keep their place with an empty body.
 */
export async function hydrateMessages(ctx: Pick<ServiceContext, 'locale'>, rows: MessageRow[]): Promise<Message[]> {
  if (rows.length === 0) return []
  const db = database()
  const userIds = unique(rows.flatMap((row) => [row.authorId, ...row.mentions]))
  const companyIds = unique(rows.map((row) => row.authorOrganizationId))
  const fileIds = unique(rows.filter((row) => !row.deletedAt).flatMap((row) => row.attachmentFileIds))
  const [nameOf, companyOf, fileRows, reactionRows] = await Promise.all([
    userNames(userIds, db),
    companyNames(companyIds, db),
    attachedFiles(fileIds, { db }),
    db
      .select({ messageId: messageReactions.messageId, userId: messageReactions.userId, emoji: messageReactions.emoji })
      .from(messageReactions)
      .where(
        inArray(
          messageReactions.messageId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(messageReactions.createdAt), asc(messageReactions.userId)),
  ])
  const fileOf = new Map(fileRows.map((file) => [file.id, file]))
  const reactionsOf = new Map<string, Map<Reaction, string[]>>()
  for (const reaction of reactionRows) {
    const byEmoji = reactionsOf.get(reaction.messageId) ?? new Map<Reaction, string[]>()
    byEmoji.set(reaction.emoji as Reaction, [...(byEmoji.get(reaction.emoji as Reaction) ?? []), reaction.userId])
    reactionsOf.set(reaction.messageId, byEmoji)
  }
  const t = translator(ctx.locale, 'messaging')
  return rows.map((row) => {
    const deleted = row.deletedAt !== null
    return {
      id: row.id,
      seq: row.seq,
      conversationId: row.conversationId,
      author: {
        id: row.authorId,
        name: (row.authorId && nameOf.get(row.authorId)) || t('deletedUser'),
        companyId: row.authorOrganizationId,
        companyName: row.authorOrganizationId ? (companyOf.get(row.authorOrganizationId) ?? null) : null,
      },
      body: deleted ? '' : row.body,
      mentions: deleted ? [] : row.mentions.map((userId) => ({ userId, name: nameOf.get(userId) ?? t('deletedUser') })),
      attachments: deleted
        ? []
        : row.attachmentFileIds.flatMap((fileId) => {
            const file = fileOf.get(fileId)
            return file
              ? [
                  {
                    id: file.id,
                    name: file.name,
                    contentType: file.contentType,
                    sizeBytes: file.sizeBytes,
                    url: messageAttachmentUrl(row.conversationId, file.id),
                  },
                ]
              : []
          }),
      reactions: [...(reactionsOf.get(row.id) ?? new Map<Reaction, string[]>()).entries()].map(([emoji, userIds]) => ({ emoji, userIds })),
      clientId: row.clientId,
      editedAt: row.editedAt?.toISOString() ?? null,
      deletedAt: row.deletedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }
  })
}

async function hydrateOne(ctx: Pick<ServiceContext, 'locale'>, row: MessageRow): Promise<Message> {
  const [message] = await hydrateMessages(ctx, [row])
  if (!message) throw new AppError('internal', 'Message not hydrated')
  return message
}

/**
 * A page of a conversation's messages in ascending seq: without cursors the newest page, `before` the page below it
 * (history), `after` everything since (what a reconnecting client missed, up to MESSAGE_REPLAY_MAX).
 */
export async function listMessages(ctx: ServiceContext, conversationId: string, query: MessagePageQuery = {}): Promise<MessagePage> {
  await loadConversation(ctx, conversationId)
  const input = parseInput(MessagePageQuery, query)
  const inConversation = eq(messages.conversationId, conversationId)
  const db = database()
  if (input.after !== undefined) {
    const limit = input.limit ?? MESSAGE_REPLAY_MAX
    const filters = [inConversation, gt(messages.seq, input.after), ...(input.before !== undefined ? [lt(messages.seq, input.before)] : [])]
    const rows = await db
      .select()
      .from(messages)
      .where(and(...filters))
      .orderBy(asc(messages.seq))
      .limit(limit + 1)
    return { items: await hydrateMessages(ctx, rows.slice(0, limit)), hasMore: rows.length > limit }
  }
  const limit = input.limit ?? MESSAGE_PAGE_SIZE
  const filters = [inConversation, ...(input.before !== undefined ? [lt(messages.seq, input.before)] : [])]
  const rows = await db
    .select()
    .from(messages)
    .where(and(...filters))
    .orderBy(desc(messages.seq))
    .limit(limit + 1)
  return { items: await hydrateMessages(ctx, rows.slice(0, limit).reverse()), hasMore: rows.length > limit }
}

/** Flood control: at most MESSAGE_RATE_LIMIT_MAX messages per user in each window (429 with the wait). */
async function enforceMessageRateLimit(userId: string): Promise<void> {
  const config = env()
  const decision = await rateLimitStore().hit(`messages:${userId}`, config.MESSAGE_RATE_LIMIT_WINDOW_SECONDS, config.MESSAGE_RATE_LIMIT_MAX)
  if (!decision.allowed) throw new AppError('rate_limited', 'Too many messages; wait a moment', { retryAfterSeconds: decision.retryAfterSeconds })
}

/** Attachments are files the caller's company uploaded for attachment (the upload already checked their type). */
/** A message names each of its company's attachments at most once. */
async function checkMessageAttachments(companyId: string, fileIds: string[]): Promise<void> {
  if (unique(fileIds).length !== fileIds.length || (await foreignAttachments(companyId, fileIds)).length > 0)
    throw fieldError({ attachmentFileIds: ['validation.attachments'] })
}

/** Rooms to tell that a conversation's inbox entry changed: company rooms of threads and public channels, user rooms of private ones. */
async function inboxRooms(row: ConversationRow): Promise<string[]> {
  if (isThread(row.kind)) return unique([row.organizationId, row.counterpartOrganizationId]).map(roomOf.company)
  if (row.visibility === 'public') return [roomOf.company(row.organizationId)]
  const listed = await database().select({ userId: conversationMembers.userId }).from(conversationMembers).where(eq(conversationMembers.conversationId, row.id))
  return listed.map(({ userId }) => roomOf.user(userId))
}

async function existingByClientId(authorId: string, clientId: string, tx: Database | Transaction = database()): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.authorId, authorId), eq(messages.clientId, clientId)))
  return row
}

/** The notices of a new message: the other company of a thread (collapsed while unread), and the people mentioned. */
async function noticesFor(
  ctx: ServiceContext & { actor: { companyId: string } },
  conversation: ConversationRow,
  body: string,
  author: { name: string; company: string },
  mentionedCompanies: Map<string, string>,
): Promise<Notice[]> {
  const link = `/app/inbox/${conversation.id}`
  const excerpt = excerptOf(body)
  const notices: Notice[] = []
  const titleFor = async (viewerCompanyId: string) =>
    (await describeConversations([conversation], viewerCompanyId, ctx.locale)).get(conversation.id)?.title ?? ''
  const otherCompanyId = counterpartOf(conversation, ctx.actor.companyId)
  if (otherCompanyId) {
    notices.push({
      companyId: otherCompanyId,
      exceptUserId: ctx.actor.userId,
      kind: 'message.thread',
      params: { author: author.name, company: author.company, conversation: await titleFor(otherCompanyId), excerpt },
      link,
      collapseUnread: true,
    })
  }
  const mentionedByCompany = new Map<string, string[]>()
  for (const [userId, companyId] of mentionedCompanies)
    if (userId !== ctx.actor.userId) mentionedByCompany.set(companyId, [...(mentionedByCompany.get(companyId) ?? []), userId])
  for (const [companyId, userIds] of mentionedByCompany) {
    notices.push({
      companyId,
      exceptUserId: ctx.actor.userId,
      kind: 'message.mention',
      params: { author: author.name, conversation: await titleFor(companyId), excerpt },
      link,
      userIds,
    })
  }
  return notices
}

/**
 * Posts a message (any participant, not in an archived conversation). A retried `clientId` returns the message it
 * already created. In one transaction: the message, the conversation's last seq, the author's read mark and the notices;
 * after commit the message goes to the conversation room and the change to the participants' inboxes.
 */
export async function sendMessage(ctx: ServiceContext, conversationId: string, input: SendMessageInput): Promise<Message> {
  requireCompany(ctx.actor)
  const actor = ctx.actor
  const conversation = await loadConversation(ctx, conversationId)
  const fields = parseInput(MessageInput, input)
  if (fields.clientId) {
    const existing = await existingByClientId(actor.userId, fields.clientId)
    if (existing) return retried(ctx, existing, conversationId)
  }
  ensurePostable(actor, conversation)
  await enforceMessageRateLimit(actor.userId)
  await checkMessageAttachments(actor.companyId, fields.attachmentFileIds)
  const mentioned = unique(fields.mentions)
  const mentionedCompanies = await participantCompanies(conversation.row, mentioned)
  if (mentionedCompanies.size !== mentioned.length) throw fieldError({ mentions: ['validation.mentions'] })
  const [authorNames, authorCompany] = await Promise.all([userNames([actor.userId]), companyName(actor.companyId)])
  const author = { name: authorNames.get(actor.userId) ?? '', company: authorCompany }
  // Read before the transaction: it must only use its own connection (PGlite has one).
  const notices = await noticesFor(
    { ...ctx, actor },
    conversation.row,
    fields.body,
    { name: author?.name ?? '', company: author?.company ?? '' },
    mentionedCompanies,
  )

  const outcome = await database().transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        id: randomUUID(),
        conversationId,
        authorId: actor.userId,
        authorOrganizationId: actor.companyId,
        body: fields.body,
        mentions: mentioned,
        attachmentFileIds: fields.attachmentFileIds,
        clientId: fields.clientId ?? null,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return { row: await existingByClientId(actor.userId, fields.clientId ?? '', tx), events: [], duplicate: true }
    await tx
      .update(conversations)
      .set({
        lastMessageSeq: sql`greatest(${conversations.lastMessageSeq}, ${row.seq})`,
        lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${row.createdAt.toISOString()}::timestamptz)`,
        updatedAt: new Date(),
      })
      .where(eq(conversations.id, conversationId))
    await tx
      .insert(conversationReads)
      .values({ conversationId, userId: actor.userId, lastReadSeq: row.seq })
      .onConflictDoUpdate({
        target: [conversationReads.conversationId, conversationReads.userId],
        set: { lastReadSeq: sql`greatest(${conversationReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: new Date() },
      })
    for (const notice of notices) await recordNotice(tx, notice)
    // The message itself is pushed at once below (its row is durable); only its notices travel through the outbox.
    const events: OutboxEventId[] = notices.length > 0 ? [await recordEvent(tx, { name: 'message.send', notices })] : []
    return { row, events, duplicate: false }
  })
  if (!outcome.row) throw new AppError('conflict', 'The message could not be stored')
  const message = await hydrateOne(ctx, outcome.row)
  if (outcome.duplicate) return message
  publish([roomOf.conversation(conversationId)], 'message:new', { conversationId, message } satisfies MessageEvent)
  publish(await inboxRooms(conversation.row), 'inbox:changed', { conversationId, seq: message.seq, authorId: actor.userId } satisfies InboxChange)
  await relayEvents(outcome.events)
  return message
}

/** A retry of a send that already landed answers the same message; a clientId reused elsewhere is a conflict. */
async function retried(ctx: ServiceContext, existing: MessageRow, conversationId: string): Promise<Message> {
  if (existing.conversationId !== conversationId) throw new AppError('idempotency_key_reused', 'This clientId was used for another conversation')
  return hydrateOne(ctx, existing)
}

/** A message in a conversation the caller takes part in; 404 otherwise. */
async function loadMessage(ctx: ServiceContext, messageId: string): Promise<{ message: MessageRow; conversation: AccessibleConversation }> {
  requireCompany(ctx.actor)
  const [found] = await database()
    .select({ message: messages, row: conversations, role: memberRoleColumn(ctx.actor.userId) })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId))
  const membership = found?.role ? { role: found.role } : null
  if (!found || !canReadConversation(ctx.actor, found.row, membership)) throw new AppError('not_found', 'Message not found')
  return { message: found.message, conversation: { row: found.row, membership } }
}

function announceUpdate(message: Message): Message {
  publish([roomOf.conversation(message.conversationId)], 'message:updated', { conversationId: message.conversationId, message } satisfies MessageEvent)
  return message
}

/** Changes the body of one's own message (not deleted, conversation not archived); marks it edited. */
export async function editMessage(ctx: ServiceContext, messageId: string, input: EditMessageInput): Promise<Message> {
  const { message, conversation } = await loadMessage(ctx, messageId)
  if (!canEditMessage(ctx.actor, message)) throw new AppError('forbidden', 'Only the author may edit a message')
  if (message.deletedAt) throw new AppError('conflict', 'The message was deleted', { reason: 'message_deleted' })
  ensurePostable(ctx.actor, conversation)
  const { body } = parseInput(EditMessageInput, input)
  if (body.length === 0 && message.attachmentFileIds.length === 0) throw fieldError({ body: ['validation.body'] })
  const [row] = await database().update(messages).set({ body, editedAt: new Date() }).where(eq(messages.id, messageId)).returning()
  if (!row) throw new AppError('not_found', 'Message not found')
  return announceUpdate(await hydrateOne(ctx, row))
}

/**
 * Deletes a message (its author, or a manager of the channel): the row stays in place with body, mentions and
 * attachments cleared. Deleting twice changes nothing.
 */
export async function deleteMessage(ctx: ServiceContext, messageId: string): Promise<Message> {
  const { message, conversation } = await loadMessage(ctx, messageId)
  if (!canDeleteMessage(ctx.actor, message, conversation.row, conversation.membership))
    throw new AppError('forbidden', 'Only the author or a channel manager may delete a message')
  if (message.deletedAt) return hydrateOne(ctx, message)
  const [row] = await database()
    .update(messages)
    .set({ deletedAt: new Date(), body: '', mentions: [], attachmentFileIds: [] })
    .where(eq(messages.id, messageId))
    .returning()
  if (!row) throw new AppError('not_found', 'Message not found')
  return announceUpdate(await hydrateOne(ctx, row))
}

/** Adds (`on`) or removes the caller's reaction; the emoji is one of REACTIONS. */
export async function toggleReaction(ctx: ServiceContext, messageId: string, emoji: string, on: boolean): Promise<Message> {
  const { message, conversation } = await loadMessage(ctx, messageId)
  const input = parseInput(ReactionInput, { emoji })
  if (message.deletedAt) throw new AppError('conflict', 'The message was deleted', { reason: 'message_deleted' })
  ensurePostable(ctx.actor, conversation)
  const db = database()
  if (on) await db.insert(messageReactions).values({ messageId, userId: ctx.actor.userId, emoji: input.emoji }).onConflictDoNothing()
  else
    await db
      .delete(messageReactions)
      .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.userId, ctx.actor.userId), eq(messageReactions.emoji, input.emoji)))
  return announceUpdate(await hydrateOne(ctx, message))
}

/** Unread messages of others after `seq`, for the caller. */
async function unreadAfter(conversationId: string, userId: string, seq: number): Promise<number> {
  const [row] = await database()
    .select({ n: count() })
    .from(messages)
    .where(
      and(eq(messages.conversationId, conversationId), gt(messages.seq, seq), sql`${messages.authorId} is distinct from ${userId}`, isNull(messages.deletedAt)),
    )
  return row?.n ?? 0
}

/** Moves the caller's read mark forward to `seq` (never back; at most the last message); answers what is still unread. */
export async function markRead(ctx: ServiceContext, conversationId: string, seq: number): Promise<{ unread: number }> {
  const { row } = await loadConversation(ctx, conversationId)
  const input = parseInput(MarkReadInput, { seq })
  const target = Math.min(input.seq, row.lastMessageSeq)
  const [mark] = await database()
    .insert(conversationReads)
    .values({ conversationId, userId: ctx.actor.userId, lastReadSeq: target })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadSeq: sql`greatest(${conversationReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: new Date() },
    })
    .returning({ lastReadSeq: conversationReads.lastReadSeq })
  const unread = await unreadAfter(conversationId, ctx.actor.userId, mark?.lastReadSeq ?? target)
  publish([roomOf.user(ctx.actor.userId)], 'inbox:changed', { conversationId, seq: row.lastMessageSeq, authorId: null } satisfies InboxChange)
  return { unread }
}

/** Messages containing a term (case-insensitive, literally), in the conversations the caller takes part in; newest first. */
export async function searchMessages(ctx: ServiceContext, query: MessageSearchQuery): Promise<MessageSearchPage> {
  requireCompany(ctx.actor)
  const actor = ctx.actor
  const input = parseInput(MessageSearchQuery, query)
  if (input.conversationId) await loadConversation(ctx, input.conversationId)
  const filters: SQL[] = [participatingIn(actor), isNull(messages.deletedAt), sql`${messages.body} ilike ${likePattern(input.q)} escape '\\'`]
  if (input.conversationId) filters.push(eq(messages.conversationId, input.conversationId))
  const db = database()
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: messages, conversation: conversations })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(...filters))
      .orderBy(desc(messages.seq))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ n: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(...filters)),
  ])
  const conversationRows = [...new Map(rows.map((row) => [row.conversation.id, row.conversation])).values()]
  const [hydrated, described] = await Promise.all([
    hydrateMessages(
      ctx,
      rows.map((row) => row.message),
    ),
    describeConversations(conversationRows, actor.companyId, ctx.locale),
  ])
  return {
    items: hydrated.map((message, index) => {
      const conversation = rows[index]?.conversation
      return {
        ...message,
        conversation: { id: message.conversationId, kind: conversation?.kind ?? 'direct', title: described.get(message.conversationId)?.title ?? '' },
      }
    }),
    total: total?.n ?? 0,
    limit: input.limit,
    offset: input.offset,
  }
}

export type MessageAttachmentDownload = RecordAttachmentDownload

/** An attachment of a message of the conversation, for its participants; 404 otherwise (or once the message is deleted). */
export async function openMessageAttachment(ctx: ServiceContext, conversationId: string, fileId: string): Promise<MessageAttachmentDownload> {
  await loadConversation(ctx, conversationId)
  const db = database()
  const [attached] = await db
    .select({ authorOrganizationId: messages.authorOrganizationId })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), isNull(messages.deletedAt), sql`${fileId} = any(${messages.attachmentFileIds})`))
    .limit(1)
  if (!attached?.authorOrganizationId) throw new AppError('not_found', 'Attachment not found')
  // Attachments are files of the author's company, checked when the message was sent.
  return openRecordAttachment(fileId, attached.authorOrganizationId)
}
