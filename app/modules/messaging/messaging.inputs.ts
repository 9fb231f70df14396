import { z } from '../../platform/zod'
import {
  CHANNEL_NAME_MAX_CHARS,
  CHANNEL_TOPIC_MAX_CHARS,
  CHANNEL_VISIBILITIES,
  CONVERSATION_KINDS,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_CHARS,
  MESSAGE_MAX_MENTIONS,
  MESSAGE_PAGE_SIZE,
  MESSAGE_REPLAY_MAX,
  REACTIONS,
} from './messaging.constants'

/** Field messages are keys of the `messaging` catalog. */
const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)
const ids = (max: number, message: string) => z.array(id(message), message).max(max, message)

/** A message: a trimmed body (1…MESSAGE_MAX_CHARS, or empty with attachments), attachments, mentions, a retry key. */
export const MessageInput = z
  .object({
    body: z.string('validation.body').trim().max(MESSAGE_MAX_CHARS, 'validation.bodyTooLong').default(''),
    mentions: ids(MESSAGE_MAX_MENTIONS, 'validation.mentions').default([]),
    attachmentFileIds: ids(MESSAGE_MAX_ATTACHMENTS, 'validation.attachments').default([]),
    clientId: z.string('validation.clientId').trim().min(1, 'validation.clientId').max(64, 'validation.clientId').optional(),
  })
  .strict()
  .superRefine((input, issues) => {
    if (input.body.length === 0 && input.attachmentFileIds.length === 0) issues.addIssue({ code: 'custom', path: ['body'], message: 'validation.body' })
  })
export type SendMessageFields = z.infer<typeof MessageInput>

export const EditMessageInput = z.object({ body: z.string('validation.body').trim().max(MESSAGE_MAX_CHARS, 'validation.bodyTooLong') }).strict()
export type EditMessageInput = z.infer<typeof EditMessageInput>

export const ReactionInput = z.object({ emoji: z.enum(REACTIONS, 'validation.emoji') })

export const MarkReadInput = z.object({ seq: z.coerce.number('validation.seq').int('validation.seq').min(0, 'validation.seq') }).strict()

/** Opening a thread: the company pair, an RFQ (with the supplier when the buyer opens it), a quotation or an order. */
export const OpenThreadInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('direct'), companyId: id('validation.company') }).strict(),
    z.object({ kind: z.literal('rfq'), rfqId: id('validation.rfq'), supplierCompanyId: id('validation.supplier').optional() }).strict(),
    z.object({ kind: z.literal('quotation'), quotationId: id('validation.quotation') }).strict(),
    z.object({ kind: z.literal('order'), orderId: id('validation.order') }).strict(),
  ],
  'validation.kind',
)

const limit = (fallback: number, max: number) =>
  z.coerce.number('validation.limit').int('validation.limit').min(1, 'validation.limit').max(max, 'validation.limit').default(fallback)
const offset = z.coerce.number('validation.offset').int('validation.offset').min(0, 'validation.offset').max(1_000_000, 'validation.offset').default(0)
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], 'validation.flag')

export const INBOX_PAGE_SIZE = 30
export const InboxQuery = z.object({
  limit: limit(INBOX_PAGE_SIZE, 100),
  offset,
  unreadOnly: flag.optional(),
  kind: z.enum(CONVERSATION_KINDS, 'validation.kind').optional(),
  q: z.string('validation.q').trim().max(100, 'validation.q').optional(),
})
export type InboxQuery = z.input<typeof InboxQuery>

/** `before` pages back through history, `after` replays what a reconnecting client missed. */
export const MessagePageQuery = z.object({
  before: z.coerce.number('validation.seq').int('validation.seq').min(1, 'validation.seq').optional(),
  after: z.coerce.number('validation.seq').int('validation.seq').min(0, 'validation.seq').optional(),
  limit: z.coerce.number('validation.limit').int('validation.limit').min(1, 'validation.limit').max(MESSAGE_REPLAY_MAX, 'validation.limit').optional(),
})
export type MessagePageQuery = z.input<typeof MessagePageQuery>
export const DEFAULT_MESSAGE_PAGE = MESSAGE_PAGE_SIZE

export const SEARCH_PAGE_SIZE = 20
export const MessageSearchQuery = z.object({
  q: z.string('validation.searchTerm').trim().min(2, 'validation.searchTerm').max(100, 'validation.searchTerm'),
  conversationId: id('validation.conversation').optional(),
  limit: limit(SEARCH_PAGE_SIZE, 100),
  offset,
})
export type MessageSearchQuery = z.input<typeof MessageSearchQuery>

export const CHANNEL_PAGE_SIZE = 50
export const ChannelListQuery = z.object({
  q: z.string('validation.q').trim().max(100, 'validation.q').optional(),
  limit: limit(CHANNEL_PAGE_SIZE, 100),
  offset,
})
export type ChannelListQuery = z.input<typeof ChannelListQuery>

const channelName = z.string('validation.name').trim().min(1, 'validation.name').max(CHANNEL_NAME_MAX_CHARS, 'validation.name')
const channelTopic = z.string('validation.topic').trim().max(CHANNEL_TOPIC_MAX_CHARS, 'validation.topic')
const visibility = z.enum(CHANNEL_VISIBILITIES, 'validation.visibility')
export const CHANNEL_MAX_NEW_MEMBERS = 200

export const CreateChannelInput = z
  .object({
    name: channelName,
    topic: channelTopic.default(''),
    visibility: visibility.default('public'),
    memberIds: ids(CHANNEL_MAX_NEW_MEMBERS, 'validation.members').default([]),
  })
  .strict()
export type CreateChannelInput = z.input<typeof CreateChannelInput>

export const UpdateChannelInput = z
  .object({
    name: channelName.optional(),
    topic: channelTopic.optional(),
    visibility: visibility.optional(),
    archived: z.boolean('validation.archived').optional(),
  })
  .strict()
export type UpdateChannelInput = z.input<typeof UpdateChannelInput>

export const ChannelMembersInput = z.object({ userIds: ids(CHANNEL_MAX_NEW_MEMBERS, 'validation.members').min(1, 'validation.members') }).strict()
