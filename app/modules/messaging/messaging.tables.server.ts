import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { organizations } from '../companies/companies.tables.server'
import { users } from '../identity/identity.tables.server'
import { CHANNEL_ROLES, CHANNEL_VISIBILITIES, CONVERSATION_KINDS } from './messaging.constants'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * A conversation. Threads (`direct`, `rfq`, `quotation`, `order`) join two companies: `organization_id` started it
 * (the buyer on records), `counterpart_organization_id` is the other side, and every member of either company with
 * access to the record takes part. `thread_key` makes each thread unique (`direct:{a}:{b}` with the ids sorted,
 * `rfq:{rfqId}:{supplierId}`, `quotation:{id}`, `order:{id}`). Channels (`channel`) belong to one company; public ones
 * are open to all its members, private ones to their listed members.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    counterpartOrganizationId: text('counterpart_organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id'),
    threadKey: text('thread_key'),
    name: text('name'),
    topic: text('topic').notNull().default(''),
    visibility: text('visibility', { enum: CHANNEL_VISIBILITIES }).notNull().default('public'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastMessageSeq: bigint('last_message_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversations_thread_key_idx').on(t.threadKey),
    uniqueIndex('conversations_channel_name_idx')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.kind} = 'channel'`),
    index('conversations_organization_idx').on(t.organizationId, t.lastMessageAt),
    index('conversations_counterpart_idx').on(t.counterpartOrganizationId, t.lastMessageAt),
    index('conversations_subject_idx').on(t.kind, t.subjectId),
    check('conversations_kind_check', sql`${t.kind} in (${oneOf(CONVERSATION_KINDS)})`),
    check('conversations_visibility_check', sql`${t.visibility} in (${oneOf(CHANNEL_VISIBILITIES)})`),
  ],
)

/** The listed members of a channel (private channels admit only them; public ones list who joined). */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: CHANNEL_ROLES }).notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
    check('conversation_members_role_check', sql`${t.role} in (${oneOf(CHANNEL_ROLES)})`),
  ],
)

/** How far each person has read each conversation (by message `seq`): unread = later messages of others. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_reads_user_idx').on(t.userId)],
)

/**
 * A message. `seq` grows across all conversations, so "everything after the last one I saw" is one indexed range
 * (missed-message replay after a reconnect). Deleting keeps the row with its body cleared (shown as deleted).
 * `client_id` makes a retried send land once.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorOrganizationId: text('author_organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    attachmentFileIds: text('attachment_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    clientId: text('client_id'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_seq_idx').on(t.seq),
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('messages_client_idx')
      .on(t.authorId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
)

/** One person's reaction to a message (one row per person and emoji). */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
)
