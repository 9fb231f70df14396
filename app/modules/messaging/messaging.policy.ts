import type { Actor } from '../../platform/actor'
import { hasRole } from '../companies/index'
import type { ChannelRole, ChannelVisibility, ConversationKind } from './messaging.constants'

/** What the access rules need to know about a conversation. */
export type ConversationAccessFacts = {
  kind: ConversationKind
  organizationId: string
  counterpartOrganizationId: string | null
  visibility: ChannelVisibility
  archivedAt: Date | string | null
}

/** The caller's listed membership of a channel (null: not listed; always null for threads). */
export type ChannelMembership = { role: ChannelRole } | null

export const isThread = (kind: ConversationKind) => kind !== 'channel'

/**
 * Whether the actor takes part (reads, and posts unless archived): a thread through its active company being one of the
 * two sides; a channel of its active company when public, or when listed as a member of a private one. Platform admins
 * get no special access to private conversations.
 */
export function canReadConversation(actor: Actor, conversation: ConversationAccessFacts, membership: ChannelMembership): boolean {
  const companyId = actor.companyId
  if (!companyId) return false
  if (isThread(conversation.kind)) return conversation.organizationId === companyId || conversation.counterpartOrganizationId === companyId
  if (conversation.organizationId !== companyId) return false
  return conversation.visibility === 'public' || membership !== null
}

/** Posting (and reacting) needs access and a conversation that is not archived. */
export function canPostConversation(actor: Actor, conversation: ConversationAccessFacts, membership: ChannelMembership): boolean {
  return canReadConversation(actor, conversation, membership) && conversation.archivedAt === null
}

/** Renaming, topic, visibility, archiving and members of a channel: its owner, or an owner or admin of the company. */
export function canManageChannel(actor: Actor, conversation: ConversationAccessFacts, membership: ChannelMembership): boolean {
  if (conversation.kind !== 'channel' || !canReadConversation(actor, conversation, membership)) return false
  return membership?.role === 'owner' || hasRole(actor, 'admin')
}

/** A message may be edited by its author only, and deleted by its author or a manager of the channel. */
export function canEditMessage(actor: Actor, message: { authorId: string | null }): boolean {
  return message.authorId !== null && message.authorId === actor.userId
}

export function canDeleteMessage(
  actor: Actor,
  message: { authorId: string | null },
  conversation: ConversationAccessFacts,
  membership: ChannelMembership,
): boolean {
  return canEditMessage(actor, message) || canManageChannel(actor, conversation, membership)
}

/** The other company of a thread, from the caller's side (null for channels). */
export function counterpartOf(
  conversation: Pick<ConversationAccessFacts, 'kind' | 'organizationId' | 'counterpartOrganizationId'>,
  companyId: string | null,
): string | null {
  if (!isThread(conversation.kind)) return null
  return conversation.organizationId === companyId ? conversation.counterpartOrganizationId : conversation.organizationId
}

/** The unique key of a thread: one conversation per company pair, RFQ and supplier, quotation or order. */
export const threadKeys = {
  direct: (a: string, b: string) => (a < b ? `direct:${a}:${b}` : `direct:${b}:${a}`),
  rfq: (rfqId: string, supplierCompanyId: string) => `rfq:${rfqId}:${supplierCompanyId}`,
  quotation: (quotationId: string) => `quotation:${quotationId}`,
  order: (orderId: string) => `order:${orderId}`,
}

const EXCERPT_MAX = 140

/** A one-line preview of a message body (whitespace collapsed, at most 140 characters). */
export function excerptOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim()
  const chars = [...line]
  return chars.length <= EXCERPT_MAX ? line : `${chars.slice(0, EXCERPT_MAX - 1).join('')}…`
}

/** Escapes LIKE wildcards so a search term matches literally (used with `escape '\'`). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}
