import { and, eq, exists, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Actor, ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { fieldErrorsOf } from '../../platform/validation'
import type { z } from '../../platform/zod'
import { requireCompany } from '../companies/index'
import { companyMemberships as members } from '../companies/index.server'
import type { ChannelRole } from './messaging.constants'
import { type ChannelMembership, canPostConversation, canReadConversation } from './messaging.policy'
import { conversationMembers, conversations } from './messaging.tables.server'

export type ConversationRow = typeof conversations.$inferSelect
/** A conversation as the caller sees it: the row and the caller's listed membership (channels). */
export type AccessibleConversation = { row: ConversationRow; membership: ChannelMembership }

/** Parses with a shared input schema; failures become `validation_failed` with catalog keys per field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(parsed.error) })
  return parsed.data
}

export const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })
export const conversationNotFound = () => new AppError('not_found', 'Conversation not found')

/** SQL for "the actor takes part": threads of its active company, public channels of it, private ones it is listed in. */
export function participatingIn(actor: Actor): SQL {
  requireCompany(actor)
  const companyId = actor.companyId
  const listed = database()
    .select({ one: sql`1` })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, actor.userId)))
  return or(
    and(ne(conversations.kind, 'channel'), or(eq(conversations.organizationId, companyId), eq(conversations.counterpartOrganizationId, companyId))),
    and(eq(conversations.kind, 'channel'), eq(conversations.organizationId, companyId), or(eq(conversations.visibility, 'public'), exists(listed))),
  )!
}

/** The caller's role in a channel as a column (null when not listed). */
export function memberRoleColumn(userId: string) {
  return sql<ChannelRole | null>`(select ${conversationMembers.role} from ${conversationMembers} where ${conversationMembers.conversationId} = ${conversations.id} and ${conversationMembers.userId} = ${userId})`
}

/** The conversation when the caller takes part in it; 404 otherwise (no hint that it exists). */
export async function loadConversation(ctx: ServiceContext, conversationId: string, tx: Database | Transaction = database()): Promise<AccessibleConversation> {
  requireCompany(ctx.actor)
  const [found] = await tx
    .select({ row: conversations, role: memberRoleColumn(ctx.actor.userId) })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
  const membership = found?.role ? { role: found.role } : null
  if (!found || !canReadConversation(ctx.actor, found.row, membership)) throw conversationNotFound()
  return { row: found.row, membership }
}

/** Posting, reacting and editing need a conversation that is not archived (409 otherwise). */
export function ensurePostable(actor: Actor, conversation: AccessibleConversation): void {
  if (!canPostConversation(actor, conversation.row, conversation.membership))
    throw new AppError('conflict', 'The conversation is archived', { reason: 'conversation_archived' })
}

/**
 * Which of `userIds` take part in the conversation, with the company each takes part through: members of either
 * company of a thread, members of the company for a public channel, listed members (still in the company) for a
 * private one.
 */
export async function participantCompanies(
  conversation: ConversationRow,
  userIds: string[],
  tx: Database | Transaction = database(),
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map()
  const wanted = inArray(members.userId, [...new Set(userIds)])
  let rows: Array<{ userId: string; companyId: string }>
  if (conversation.kind !== 'channel') {
    const companies = [conversation.organizationId, conversation.counterpartOrganizationId].filter((id): id is string => Boolean(id))
    rows = await tx
      .select({ userId: members.userId, companyId: members.companyId })
      .from(members)
      .where(and(wanted, inArray(members.companyId, companies)))
      // The thread's owner side first, so a member of both companies counts once, for the first.
      .orderBy(sql`${members.companyId} = ${conversation.organizationId} desc`)
  } else if (conversation.visibility === 'public') {
    rows = await tx
      .select({ userId: members.userId, companyId: members.companyId })
      .from(members)
      .where(and(wanted, eq(members.companyId, conversation.organizationId)))
  } else {
    rows = await tx
      .select({ userId: members.userId, companyId: members.companyId })
      .from(conversationMembers)
      .innerJoin(members, and(eq(members.userId, conversationMembers.userId), eq(members.companyId, conversation.organizationId)))
      .where(and(wanted, eq(conversationMembers.conversationId, conversation.id)))
  }
  const byUser = new Map<string, string>()
  for (const row of rows) if (!byUser.has(row.userId)) byUser.set(row.userId, row.companyId)
  return byUser
}
