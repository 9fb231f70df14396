import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../identity/identity.tables.server'
import type { AuditAction } from './audit.inputs'
import { FILE_PURPOSES, NUMBER_SERIES } from './kernel.constants'
import type { NotificationKind } from './notification.inputs'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/**
 * The company these records belong to, named by its key only: companies come after the kernel in the module order, so
 * the kernel may not import their tables, yet its rows must go with their company (the foreign keys below are the same
 * constraints as before the kernel existed). Not exported: drizzle-kit and the database handle know only the real table.
 */
const organizations = pgTable('organizations', { id: text('id').primaryKey() })

/** Uploaded files; the bytes live in the configured storage under storage_key. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    purpose: text('purpose', { enum: FILE_PURPOSES }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_organization_name_idx').on(t.organizationId, t.name),
    index('files_organization_purpose_idx').on(t.organizationId, t.purpose),
    // The plan's storage sum (issue 24), read from the index alone on every guarded upload.
    index('files_organization_size_idx').on(t.organizationId, t.sizeBytes),
  ],
)

/** Every membership, role, profile and verification change: who, where, what, before and after. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_organization_created_idx').on(t.organizationId, t.createdAt),
    index('audit_events_organization_action_idx').on(t.organizationId, t.action, t.createdAt),
    index('audit_events_target_idx').on(t.targetType, t.targetId),
  ],
)

/**
 * In-app notifications: one row per recipient, written in the transaction of the event that caused it. `kind` and
 * `params` are rendered in the reader's language; `link` is a locale-less app path.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
)

/**
 * Per-user notification settings: the groups (`purchase_order`, `rfq`, `message`, …, the first part of a kind) whose
 * notices must not also be mailed, and when this person was last mailed (the digest window runs from there).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailDisabled: text('mail_disabled')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
  updatedAt: updatedAt(),
})

/**
 * Notification mail waiting to go out: a notice that arrives while its recipient was mailed moments ago waits here and
 * leaves with the others in one digest when the window has passed.
 */
export const notificationMailQueue = pgTable(
  'notification_mail_queue',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    link: text('link').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('notification_mail_queue_user_idx').on(t.userId, t.createdAt)],
)

/**
 * The last number given per company, series and year (row-locked while numbering): orders, projects and RFQs.
 * The table keeps the name it was created with (`order_number_sequences`, migration 0007).
 */
export const numberSequences = pgTable(
  'order_number_sequences',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    series: text('series', { enum: NUMBER_SERIES }).notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.series, t.year] })],
)
