import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import {
  CHANNEL_MAX_NEW_MEMBERS,
  ChannelListQuery,
  ChannelMembersInput,
  CreateChannelInput,
  EditMessageInput,
  InboxQuery,
  MarkReadInput,
  MessageInput,
  MessagePageQuery,
  MessageSearchQuery,
  OpenThreadInput,
  UpdateChannelInput,
  CHANNEL_NAME_MAX_CHARS,
  CHANNEL_TOPIC_MAX_CHARS,
  CHANNEL_VISIBILITIES,
  CHANNEL_ROLES,
  CONVERSATION_KINDS,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_CHARS,
  MESSAGE_MAX_MENTIONS,
  MESSAGE_PAGE_SIZE,
  MESSAGE_REPLAY_MAX,
  REACTIONS,
} from './index'
import {
  addChannelMembers,
  createChannel,
  deleteMessage,
  editMessage,
  getConversation,
  joinChannel,
  leaveChannel,
  listChannels,
  listInbox,
  listMessages,
  markRead,
  openMessageAttachment,
  openThread,
  removeChannelMember,
  searchMessages,
  sendMessage,
  toggleReaction,
  unreadSummary,
  updateChannel,
} from './index.server'
import { companyServiceContext } from '../companies/index.server'
import { readJsonBody, withFieldMessages } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { sendDownload } from '../../platform/api/file-responses.server'
import {
  attachmentDownloadResponses,
  AttachmentParams,
  bodyRef,
  camelCaseKeys,
  errorResponses,
  IdParam,
  jsonResponse,
  memberAccess,
  pageSchema,
  SIGNED_IN,
  snakeCaseName,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const MessageSchema = z
  .object({
    id: z.string(),
    seq: z.number().int().openapi({ description: 'Grows across all conversations: page and replay by it' }),
    conversation_id: z.string(),
    author: z.object({ id: z.string().nullable(), name: z.string(), company_id: z.string().nullable(), company_name: z.string().nullable() }),
    body: z.string().openapi({ description: 'Empty once deleted' }),
    mentions: z.array(z.object({ user_id: z.string(), name: z.string() })),
    attachments: z
      .array(z.object({ id: z.string(), name: z.string(), content_type: z.string(), size_bytes: z.number().int(), url: z.string() }))
      .openapi({ description: 'Empty once deleted' }),
    reactions: z.array(z.object({ emoji: z.enum(REACTIONS), user_ids: z.array(z.string()) })),
    client_id: z.string().nullable(),
    edited_at: z.string().nullable(),
    deleted_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Message')

const SummarySchema = z
  .object({
    id: z.string(),
    kind: z.enum(CONVERSATION_KINDS),
    title: z.string().openapi({ description: 'Channel name, or the record and the other company (in the caller’s language)' }),
    topic: z.string(),
    visibility: z.enum(CHANNEL_VISIBILITIES),
    subject: z.object({ kind: z.enum(['rfq', 'quotation', 'order']), id: z.string(), number: z.string(), title: z.string(), link: z.string() }).nullable(),
    counterpart: z.object({ id: z.string(), name: z.string() }).nullable(),
    archived: z.boolean(),
    last_message: z.object({ seq: z.number().int(), author_name: z.string(), excerpt: z.string(), deleted: z.boolean(), at: z.string() }).nullable(),
    unread: z.number().int(),
    is_member: z.boolean(),
    member_count: z.number().int().nullable(),
  })
  .openapi('ConversationSummary')

const DetailSchema = SummarySchema.extend({
  participants: z.array(
    z.object({ user_id: z.string(), name: z.string(), company_id: z.string(), company_name: z.string(), role: z.enum(CHANNEL_ROLES).nullable() }),
  ),
  can_manage: z.boolean(),
  can_post: z.boolean(),
  last_read_seq: z.number().int(),
}).openapi('Conversation')

const MessagePageSchema = z.object({ items: z.array(MessageSchema), has_more: z.boolean() })

const SearchHitSchema = MessageSchema.extend({ conversation: z.object({ id: z.string(), kind: z.enum(CONVERSATION_KINDS), title: z.string() }) }).openapi(
  'MessageSearchHit',
)

const OPEN_THREAD_BODY = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ['direct', 'rfq', 'quotation', 'order'] },
    company_id: { type: 'string', maxLength: 64, description: 'direct: the other company' },
    rfq_id: { type: 'string', maxLength: 64, description: 'rfq: the RFQ' },
    supplier_company_id: { type: 'string', maxLength: 64, description: 'rfq, when the buyer opens it: the invited (or quoting) supplier' },
    quotation_id: { type: 'string', maxLength: 64, description: 'quotation: the quotation (buyer or supplier)' },
    order_id: { type: 'string', maxLength: 64, description: 'order: the purchase order (buyer or supplier)' },
  },
  example: { kind: 'rfq', rfq_id: '3f2a…', supplier_company_id: 'b3c1…' },
}
const SEND_BODY = {
  type: 'object',
  properties: {
    body: { type: 'string', maxLength: MESSAGE_MAX_CHARS, description: 'Trimmed; required unless there are attachments' },
    mentions: { type: 'array', maxItems: MESSAGE_MAX_MENTIONS, items: { type: 'string' }, description: 'User ids of participants' },
    attachment_file_ids: {
      type: 'array',
      maxItems: MESSAGE_MAX_ATTACHMENTS,
      items: { type: 'string' },
      description: 'Files your company uploaded with purpose attachment (POST /api/v1/files)',
    },
    client_id: { type: 'string', maxLength: 64, description: 'Makes retries idempotent: the same client_id returns the same message' },
  },
  example: { body: 'Could you confirm the carton size?', mentions: [], attachment_file_ids: [], client_id: '7d0e2c1a-retry-safe' },
}
const BODIES: Record<string, Record<string, unknown>> = {
  OpenThread: OPEN_THREAD_BODY,
  SendMessage: SEND_BODY,
  EditMessage: {
    type: 'object',
    required: ['body'],
    properties: { body: { type: 'string', maxLength: MESSAGE_MAX_CHARS } },
    example: { body: 'Could you confirm the carton size and weight?' },
  },
  MarkConversationRead: {
    type: 'object',
    required: ['seq'],
    properties: { seq: { type: 'integer', minimum: 0, description: 'The last message read; the mark never moves back' } },
    example: { seq: 1042 },
  },
  CreateChannel: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: CHANNEL_NAME_MAX_CHARS, description: 'Unique in the company (case-insensitive)' },
      topic: { type: 'string', maxLength: CHANNEL_TOPIC_MAX_CHARS },
      visibility: { type: 'string', enum: CHANNEL_VISIBILITIES, default: 'public' },
      member_ids: { type: 'array', maxItems: CHANNEL_MAX_NEW_MEMBERS, items: { type: 'string' }, description: 'Members of your company to add' },
    },
    example: { name: 'Sourcing team', topic: 'Supplier questions and shortlists', visibility: 'private', member_ids: [] },
  },
  UpdateChannel: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: CHANNEL_NAME_MAX_CHARS },
      topic: { type: 'string', maxLength: CHANNEL_TOPIC_MAX_CHARS },
      visibility: { type: 'string', enum: CHANNEL_VISIBILITIES },
      archived: { type: 'boolean', description: 'Archived channels stay readable; nobody can post' },
    },
    example: { topic: 'Quality questions for Q3 orders' },
  },
  AddChannelMembers: {
    type: 'object',
    required: ['user_ids'],
    properties: { user_ids: { type: 'array', minItems: 1, maxItems: CHANNEL_MAX_NEW_MEMBERS, items: { type: 'string' } } },
    example: { user_ids: ['9a1b…'] },
  },
}

const Paging = z.object({
  limit: z.string().max(6).optional().openapi({ description: '1–100' }),
  offset: z.string().max(8).optional().openapi({ description: 'default 0' }),
})
const InboxFilters = Paging.extend({
  unread: z.enum(['true', 'false']).optional().openapi({ description: 'true: conversations with unread messages only' }),
  kind: z.enum(CONVERSATION_KINDS).optional(),
  q: z.string().max(100).optional().openapi({ description: 'Searches channel names, topics, the other company and record numbers' }),
})
const MessageCursor = z.object({
  before: z.string().max(20).optional().openapi({ description: 'History: the newest messages below this seq' }),
  after: z.string().max(20).optional().openapi({ description: 'Replay: the messages after this seq (what a reconnecting client missed)' }),
  limit: z
    .string()
    .max(6)
    .optional()
    .openapi({ description: `Default ${MESSAGE_PAGE_SIZE} (replay: ${MESSAGE_REPLAY_MAX}), at most ${MESSAGE_REPLAY_MAX}` }),
})
const SearchFilters = Paging.extend({
  q: z.string().max(200).openapi({ description: '2–100 characters, matched literally and case-insensitively', example: 'carton' }),
  conversation_id: z.string().max(64).optional(),
})
const ChannelFilters = Paging.extend({ q: z.string().max(100).optional().openapi({ description: 'Searches channel names' }) })
const ReactionParams = z.object({
  id: z.string().min(1).max(64),
  emoji: z
    .string()
    .min(1)
    .max(64)
    .openapi({ description: `URL-encoded, one of ${REACTIONS.join(' ')}` }),
})
const MemberParams = z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) })

/** Parses and runs with translated field messages of the messaging catalog, under their JSON names. */
function parsed<R>(run: () => Promise<R>): Promise<R> {
  return withFieldMessages('messaging', run, snakeCaseName)
}

const tags = ['Conversations']
const write = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
  422: errorResponses[422],
  429: { description: 'Too many messages: wait Retry-After seconds', content: errorResponses[422].content },
}
const listErrors = { 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] }
const readErrors = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] }

const routes = {
  inbox: createRoute({
    method: 'get',
    path: '/v1/conversations',
    tags,
    summary: 'The caller’s inbox: threads of its company, its public channels and its private ones, newest activity first, with unread counts',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: InboxFilters },
    responses: { 200: jsonResponse(pageSchema(SummarySchema).extend({ unread_conversations: z.number().int() }), 'A page of conversations'), ...listErrors },
  }),
  unread: createRoute({
    method: 'get',
    path: '/v1/conversations/unread',
    tags,
    summary: 'For badges: conversations with unread messages and unread messages in all',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: {
      200: jsonResponse(z.object({ conversations: z.number().int(), messages: z.number().int() }), 'The counts'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  open: createRoute({
    method: 'post',
    path: '/v1/conversations',
    tags,
    summary: 'Open (find or start) the thread of a company, an RFQ and supplier, a quotation or an order',
    description:
      'direct: another company; rfq: the buyer names an invited (or quoting) supplier, a supplier opens its own thread; quotation and order: either party. A record the caller cannot see is 404.',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { body: bodyRef('OpenThread') },
    responses: { 200: jsonResponse(DetailSchema, 'The thread'), ...write },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/conversations/{id}',
    tags,
    summary: 'A conversation with its participants, the caller’s rights and read mark',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(DetailSchema, 'The conversation'), ...readErrors },
  }),
  messages: createRoute({
    method: 'get',
    path: '/v1/conversations/{id}/messages',
    tags,
    summary: 'Messages in ascending seq: the newest page, history (before) or a replay of what was missed (after)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, query: MessageCursor },
    responses: { 200: jsonResponse(MessagePageSchema, 'A page of messages'), ...readErrors },
  }),
  send: createRoute({
    method: 'post',
    path: '/v1/conversations/{id}/messages',
    tags,
    summary: 'Post a message (participants; not in archived conversations); a repeated client_id (or Idempotency-Key) returns the first message',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('SendMessage') },
    responses: { 201: jsonResponse(MessageSchema, 'The message'), ...write },
  }),
  read: createRoute({
    method: 'post',
    path: '/v1/conversations/{id}/read',
    tags,
    summary: 'Move the caller’s read mark forward (never back; at most the last message)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('MarkConversationRead') },
    responses: { 200: jsonResponse(z.object({ unread: z.number().int() }), 'What is still unread'), ...write },
  }),
  attachment: createRoute({
    method: 'get',
    path: '/v1/conversations/{id}/attachments/{fileId}',
    tags,
    summary: 'An attachment of a message of the conversation, for its participants',
    description: 'Served with its stored type, Content-Disposition, X-Content-Type-Options: nosniff, private caching and an ETag.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: AttachmentParams },
    responses: attachmentDownloadResponses,
  }),
  search: createRoute({
    method: 'get',
    path: '/v1/messages/search',
    tags,
    summary: 'Messages containing a term, in the conversations the caller takes part in, newest first',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: SearchFilters },
    responses: { 200: jsonResponse(pageSchema(SearchHitSchema), 'A page of messages'), ...readErrors },
  }),
  edit: createRoute({
    method: 'patch',
    path: '/v1/messages/{id}',
    tags,
    summary: 'Change the body of one’s own message (marked edited)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('EditMessage') },
    responses: { 200: jsonResponse(MessageSchema, 'The message'), ...write },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/v1/messages/{id}',
    tags,
    summary: 'Delete a message (its author, or a manager of the channel): it stays in place with an empty body',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(MessageSchema, 'The deleted message'), ...write },
  }),
  react: createRoute({
    method: 'put',
    path: '/v1/messages/{id}/reactions/{emoji}',
    tags,
    summary: 'Add the caller’s reaction (idempotent)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: ReactionParams },
    responses: { 200: jsonResponse(MessageSchema, 'The message'), ...write },
  }),
  unreact: createRoute({
    method: 'delete',
    path: '/v1/messages/{id}/reactions/{emoji}',
    tags,
    summary: 'Remove the caller’s reaction (idempotent)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: ReactionParams },
    responses: { 200: jsonResponse(MessageSchema, 'The message'), ...write },
  }),
  channels: createRoute({
    method: 'get',
    path: '/v1/channels',
    tags,
    summary: 'The company’s public channels and the private ones the caller is in, with membership and unread counts',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: ChannelFilters },
    responses: { 200: jsonResponse(pageSchema(SummarySchema), 'A page of channels'), ...listErrors },
  }),
  createChannel: createRoute({
    method: 'post',
    path: '/v1/channels',
    tags,
    summary: 'Create a channel of the company (any member; the creator owns it); added members are notified',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateChannel') },
    responses: { 201: jsonResponse(DetailSchema, 'The channel'), ...write },
  }),
  updateChannel: createRoute({
    method: 'patch',
    path: '/v1/channels/{id}',
    tags,
    summary: 'Rename, change topic or visibility, archive or restore (the channel owner or a company admin)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('UpdateChannel') },
    responses: { 200: jsonResponse(DetailSchema, 'The channel'), ...write },
  }),
  join: createRoute({
    method: 'post',
    path: '/v1/channels/{id}/join',
    tags,
    summary: 'Join a public channel of the company (a private one is 404 for non-members)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    responses: { 200: jsonResponse(DetailSchema, 'The channel'), ...write },
    request: { params: IdParam },
  }),
  leave: createRoute({
    method: 'post',
    path: '/v1/channels/{id}/leave',
    tags,
    summary: 'Leave a channel',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 204: { description: 'Left' }, ...write },
  }),
  addMembers: createRoute({
    method: 'post',
    path: '/v1/channels/{id}/members',
    tags,
    summary: 'Add members of the company to a channel (the channel owner or a company admin)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('AddChannelMembers') },
    responses: { 200: jsonResponse(DetailSchema, 'The channel'), ...write },
  }),
  removeMember: createRoute({
    method: 'delete',
    path: '/v1/channels/{id}/members/{userId}',
    tags,
    summary: 'Remove someone from a channel (the channel owner or a company admin; removing oneself is leaving)',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: MemberParams },
    responses: { 200: jsonResponse(DetailSchema, 'The channel'), 204: { description: 'Left the channel' }, ...write },
  }),
}

export function registerConversationRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.unread, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(await unreadSummary(ctx), 200)
  })

  api.openapi(routes.inbox, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = c.req.valid('query')
    const result = await parsed(() =>
      listInbox(ctx, InboxQuery.parse({ limit: query.limit, offset: query.offset, unreadOnly: query.unread, kind: query.kind, q: query.q })),
    )
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        items: result.items.map((item) => toWire(SummarySchema, item)),
        total: result.total,
        unread_conversations: result.unreadConversations,
        limit: result.limit,
        offset: result.offset,
      },
      200,
    )
  })

  api.openapi(routes.open, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(toWire(DetailSchema, await parsed(() => openThread(ctx, OpenThreadInput.parse(body)))), 200)
  })

  api.openapi(routes.get, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(DetailSchema, await getConversation(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.messages, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = c.req.valid('query')
    const result = await parsed(() => listMessages(ctx, c.req.valid('param').id, MessagePageQuery.parse(query)))
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(MessagePageSchema, result), 200)
  })

  api.openapi(routes.send, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    // The Idempotency-Key header serves as the message's client_id when the body has none: a retry returns the first message.
    const { idempotencyKey } = idempotencyOf(c)
    const input = idempotencyKey && body && typeof body === 'object' && !('clientId' in body) ? { ...body, clientId: idempotencyKey } : body
    return c.json(toWire(MessageSchema, await parsed(() => sendMessage(ctx, c.req.valid('param').id, MessageInput.parse(input)))), 201)
  })

  api.openapi(routes.read, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = await readJsonBody(c)
    return c.json(await parsed(() => markRead(ctx, c.req.valid('param').id, MarkReadInput.parse(body).seq)), 200)
  })

  api.openapi(routes.attachment, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, fileId } = c.req.valid('param')
    const file = await openMessageAttachment(ctx, id, fileId)
    return sendDownload(c, file)
  })

  api.openapi(routes.search, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = c.req.valid('query')
    const result = await parsed(() =>
      searchMessages(ctx, MessageSearchQuery.parse({ q: query.q, conversationId: query.conversation_id, limit: query.limit, offset: query.offset })),
    )
    c.header('Cache-Control', 'no-store')
    return c.json({ items: result.items.map((hit) => toWire(SearchHitSchema, hit)), total: result.total, limit: result.limit, offset: result.offset }, 200)
  })

  api.openapi(routes.edit, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = await readJsonBody(c)
    return c.json(toWire(MessageSchema, await parsed(() => editMessage(ctx, c.req.valid('param').id, EditMessageInput.parse(body)))), 200)
  })

  api.openapi(routes.delete, async (c) => {
    const ctx = await companyServiceContext(c)
    return c.json(toWire(MessageSchema, await deleteMessage(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.react, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, emoji } = c.req.valid('param')
    return c.json(toWire(MessageSchema, await parsed(() => toggleReaction(ctx, id, emoji, true))), 200)
  })

  api.openapi(routes.unreact, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, emoji } = c.req.valid('param')
    return c.json(toWire(MessageSchema, await parsed(() => toggleReaction(ctx, id, emoji, false))), 200)
  })

  api.openapi(routes.channels, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = c.req.valid('query')
    const result = await parsed(() => listChannels(ctx, ChannelListQuery.parse(query)))
    c.header('Cache-Control', 'no-store')
    return c.json({ items: result.items.map((item) => toWire(SummarySchema, item)), total: result.total, limit: result.limit, offset: result.offset }, 200)
  })

  api.openapi(routes.createChannel, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(toWire(DetailSchema, await parsed(() => createChannel(ctx, CreateChannelInput.parse(body), idempotencyOf(c)))), 201)
  })

  api.openapi(routes.updateChannel, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(toWire(DetailSchema, await parsed(() => updateChannel(ctx, c.req.valid('param').id, UpdateChannelInput.parse(body)))), 200)
  })

  api.openapi(routes.join, async (c) => {
    const ctx = await companyServiceContext(c)
    return c.json(toWire(DetailSchema, await joinChannel(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.leave, async (c) => {
    const ctx = await companyServiceContext(c)
    await leaveChannel(ctx, c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.addMembers, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(toWire(DetailSchema, await parsed(() => addChannelMembers(ctx, c.req.valid('param').id, ChannelMembersInput.parse(body).userIds))), 200)
  })

  api.openapi(routes.removeMember, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, userId } = c.req.valid('param')
    const channel = await removeChannelMember(ctx, id, userId)
    return channel ? c.json(toWire(DetailSchema, channel), 200) : c.body(null, 204)
  })
}
