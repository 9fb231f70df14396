import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { roomOf } from '../../platform/realtime/events'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { leaveRooms } from '../../platform/realtime/publisher.server'
import { requireCompany } from '../companies/index'
import { companyMemberships as members, type Notice, recordNotice } from '../companies/index.server'
import { userNames } from '../identity/index.server'
import { conversationNotFound, fieldError, loadConversation, parseInput, type AccessibleConversation } from './conversation-access.server'
import { conversationPage, forgetJoinDecisions, getConversation } from './conversation.service.server'
import { ChannelListQuery, ChannelMembersInput, CreateChannelInput, UpdateChannelInput } from './messaging.inputs'
import { canManageChannel, likePattern } from './messaging.policy'
import { conversationMembers, conversations } from './messaging.tables.server'
import type { ConversationDetail, ConversationSummary } from './messaging.types'

export type ChannelPage = { items: ConversationSummary[]; total: number; limit: number; offset: number }

/** The company's public channels and the private ones the caller is in, by latest activity, with membership and unread. */
export async function listChannels(ctx: ServiceContext, query: ChannelListQuery = {}): Promise<ChannelPage> {
  const input = parseInput(ChannelListQuery, query)
  const filters = [eq(conversations.kind, 'channel')]
  if (input.q) filters.push(sql`${conversations.name} ilike ${likePattern(input.q)} escape '\\'`)
  const page = await conversationPage(ctx, filters, input)
  return { ...page, limit: input.limit, offset: input.offset }
}

/** 409-free name check: channel names are unique per company, case-insensitively (`validation.nameTaken`). */
async function ensureNameFree(tx: Database | Transaction, companyId: string, name: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.organizationId, companyId),
        eq(conversations.kind, 'channel'),
        sql`lower(${conversations.name}) = lower(${name})`,
        ...(exceptId ? [ne(conversations.id, exceptId)] : []),
      ),
    )
  if (taken) throw fieldError({ name: ['validation.nameTaken'] })
}

/** A racing insert or rename hit the unique name index. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code
  return code === '23505'
}

/** The users among `userIds` that are members of the company; a stranger is a field error under `field`. */
async function requireCompanyMembers(tx: Database | Transaction, companyId: string, userIds: string[], field: string): Promise<string[]> {
  const wanted = [...new Set(userIds)]
  if (wanted.length === 0) return []
  const found = await tx
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.companyId, companyId), inArray(members.userId, wanted)))
  if (found.length !== wanted.length) throw fieldError({ [field]: ['validation.members'] })
  return wanted
}

async function actorName(userId: string): Promise<string> {
  return (await userNames([userId])).get(userId) ?? ''
}

function channelAddedNotice(
  actor: { userId: string; companyId: string },
  author: string,
  channelId: string,
  channelName: string,
  userIds: string[],
): Notice | null {
  const recipients = userIds.filter((id) => id !== actor.userId)
  if (recipients.length === 0) return null
  return {
    companyId: actor.companyId,
    exceptUserId: actor.userId,
    kind: 'message.channel_added',
    params: { author, channel: channelName },
    link: `/app/inbox/${channelId}`,
    userIds: recipients,
  }
}

/** A channel of the caller's company (any member); the creator becomes its owner, `memberIds` (company members) join it. */
export async function createChannel(ctx: ServiceContext, input: CreateChannelInput, options: IdempotencyOption = {}): Promise<ConversationDetail> {
  requireCompany(ctx.actor)
  const actor = ctx.actor
  const fields = parseInput(CreateChannelInput, input)
  const author = await actorName(actor.userId)
  const events: OutboxEventId[] = []
  let created: { id: string; replayed: boolean }
  try {
    created = await createIdempotently(`channel:${actor.companyId}`, options, fields, async (tx, id) => {
      await ensureNameFree(tx, actor.companyId, fields.name)
      const invited = (await requireCompanyMembers(tx, actor.companyId, fields.memberIds, 'memberIds')).filter((userId) => userId !== actor.userId)
      await tx.insert(conversations).values({
        id,
        kind: 'channel',
        organizationId: actor.companyId,
        name: fields.name,
        topic: fields.topic,
        visibility: fields.visibility,
        createdBy: actor.userId,
      })
      await tx
        .insert(conversationMembers)
        .values([
          { conversationId: id, userId: actor.userId, role: 'owner' as const },
          ...invited.map((userId) => ({ conversationId: id, userId, role: 'member' as const })),
        ])
      const notice = channelAddedNotice(actor, author, id, fields.name, invited)
      if (notice) await recordNotice(tx, notice)
      events.push(await recordChannelEvent(tx, actor.companyId, id, 'created', notice))
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError({ name: ['validation.nameTaken'] })
    throw error
  }
  // A replayed create recorded no event: its first request's went out.
  await relayEvents(events)
  return getConversation(ctx, created.id)
}

/** The channel's business event, in its transaction: the company's open pages hear of it, and the notice goes out, after commit. */
function recordChannelEvent(tx: Transaction, companyId: string, channelId: string, action: string, notice: Notice | null = null): Promise<OutboxEventId> {
  return recordEvent(tx, {
    name: `conversation.${action}`,
    changes: [{ companyIds: [companyId], entity: 'conversation', id: channelId, action }],
    notices: notice ? [notice] : [],
  })
}

/** The channel when the caller may manage it: 404 when it cannot see it (or it is no channel), 403 when it may not manage. */
async function managedChannel(ctx: ServiceContext, channelId: string): Promise<AccessibleConversation> {
  const channel = await loadConversation(ctx, channelId)
  if (channel.row.kind !== 'channel') throw conversationNotFound()
  if (!canManageChannel(ctx.actor, channel.row, channel.membership))
    throw new AppError('forbidden', 'Only the channel owner or a company admin may manage the channel')
  return channel
}

/** Renames, changes the topic or visibility, archives or restores a channel (its owner or a company admin, who stays in it when making it private). */
export async function updateChannel(ctx: ServiceContext, channelId: string, input: UpdateChannelInput): Promise<ConversationDetail> {
  const channel = await managedChannel(ctx, channelId)
  const fields = parseInput(UpdateChannelInput, input)
  const changes: Partial<typeof conversations.$inferInsert> = { updatedAt: new Date() }
  if (fields.name !== undefined) changes.name = fields.name
  if (fields.topic !== undefined) changes.topic = fields.topic
  if (fields.visibility !== undefined) changes.visibility = fields.visibility
  if (fields.archived !== undefined) changes.archivedAt = fields.archived ? (channel.row.archivedAt ?? new Date()) : null
  const action = fields.archived === true ? 'archived' : fields.archived === false ? 'restored' : 'updated'
  let event: OutboxEventId
  try {
    event = await database().transaction(async (tx) => {
      if (fields.name !== undefined) await ensureNameFree(tx, channel.row.organizationId, fields.name, channelId)
      await tx.update(conversations).set(changes).where(eq(conversations.id, channelId))
      // A company admin who makes a channel private keeps it: they become a listed member.
      if (fields.visibility === 'private' && !channel.membership)
        await tx.insert(conversationMembers).values({ conversationId: channelId, userId: ctx.actor.userId, role: 'member' }).onConflictDoNothing()
      return recordChannelEvent(tx, channel.row.organizationId, channelId, action)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError({ name: ['validation.nameTaken'] })
    throw error
  }
  forgetJoinDecisions()
  if (fields.visibility === 'private' && channel.row.visibility !== 'private') await evictNonMembers(channel.row.organizationId, channelId)
  await relayEvents([event])
  return getConversation(ctx, channelId)
}

/** Joins a public channel of the caller's company (a private one is not there for non-members: 404). */
export async function joinChannel(ctx: ServiceContext, channelId: string): Promise<ConversationDetail> {
  const channel = await loadConversation(ctx, channelId)
  if (channel.row.kind !== 'channel' || (channel.row.visibility === 'private' && !channel.membership)) throw conversationNotFound()
  const event = await database().transaction(async (tx) => {
    await tx.insert(conversationMembers).values({ conversationId: channelId, userId: ctx.actor.userId, role: 'member' }).onConflictDoNothing()
    return recordChannelEvent(tx, channel.row.organizationId, channelId, 'joined')
  })
  forgetJoinDecisions()
  await relayEvents([event])
  return getConversation(ctx, channelId)
}

/** Leaves a channel (a private one then disappears for the caller). */
export async function leaveChannel(ctx: ServiceContext, channelId: string): Promise<void> {
  const channel = await loadConversation(ctx, channelId)
  if (channel.row.kind !== 'channel') throw conversationNotFound()
  const event = await database().transaction(async (tx) => {
    await tx.delete(conversationMembers).where(and(eq(conversationMembers.conversationId, channelId), eq(conversationMembers.userId, ctx.actor.userId)))
    return recordChannelEvent(tx, channel.row.organizationId, channelId, 'left')
  })
  forgetJoinDecisions()
  if (channel.row.visibility === 'private') leaveRooms([ctx.actor.userId], [roomOf.conversation(channelId)])
  await relayEvents([event])
}

/** Adds company members to a channel (owner or company admin); they are notified. */
export async function addChannelMembers(ctx: ServiceContext, channelId: string, userIds: string[]): Promise<ConversationDetail> {
  requireCompany(ctx.actor)
  const actor = ctx.actor
  const channel = await managedChannel(ctx, channelId)
  const input = parseInput(ChannelMembersInput, { userIds })
  const author = await actorName(actor.userId)
  const event = await database().transaction(async (tx) => {
    const wanted = await requireCompanyMembers(tx, channel.row.organizationId, input.userIds, 'userIds')
    const added = await tx
      .insert(conversationMembers)
      .values(wanted.map((userId) => ({ conversationId: channelId, userId, role: 'member' as const })))
      .onConflictDoNothing()
      .returning({ userId: conversationMembers.userId })
    const notice = channelAddedNotice(
      actor,
      author,
      channelId,
      channel.row.name ?? '',
      added.map((row) => row.userId),
    )
    if (notice) await recordNotice(tx, notice)
    return recordChannelEvent(tx, channel.row.organizationId, channelId, 'members_added', notice)
  })
  forgetJoinDecisions()
  await relayEvents([event])
  return getConversation(ctx, channelId)
}

/** Removes someone from a channel (owner or company admin; anyone may remove themselves, which is leaving). */
export async function removeChannelMember(ctx: ServiceContext, channelId: string, userId: string): Promise<ConversationDetail | null> {
  if (userId === ctx.actor.userId) {
    await leaveChannel(ctx, channelId)
    return null
  }
  const channel = await managedChannel(ctx, channelId)
  const event = await database().transaction(async (tx) => {
    const removed = await tx
      .delete(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, channelId), eq(conversationMembers.userId, userId)))
      .returning({ userId: conversationMembers.userId })
    if (removed.length === 0) throw new AppError('not_found', 'Not a member of this channel')
    return recordChannelEvent(tx, channel.row.organizationId, channelId, 'member_removed')
  })
  forgetJoinDecisions()
  if (channel.row.visibility === 'private') leaveRooms([userId], [roomOf.conversation(channelId)])
  await relayEvents([event])
  return getConversation(ctx, channelId)
}

/** A channel just went private: company members who are not listed stop receiving it on their open sockets. */
async function evictNonMembers(companyId: string, channelId: string): Promise<void> {
  const outsiders = await database()
    .select({ userId: members.userId })
    .from(members)
    .leftJoin(conversationMembers, and(eq(conversationMembers.conversationId, channelId), eq(conversationMembers.userId, members.userId)))
    .where(and(eq(members.companyId, companyId), sql`${conversationMembers.userId} is null`))
  leaveRooms(
    outsiders.map((row) => row.userId),
    [roomOf.conversation(channelId)],
  )
}
