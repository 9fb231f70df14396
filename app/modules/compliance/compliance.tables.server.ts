import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { organizations } from '../companies/companies.tables.server'
import { users } from '../identity/identity.tables.server'
import { EPING_AREAS, EPING_REVIEW_STATUSES, EPING_SOURCES, EPING_SYNC_STATUSES, type EpingMatchReason } from './compliance.constants'

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

export type EpingLink = { label: string; url: string }

/**
 * A WTO ePing notification (SPS or TBT), as the ePing API or the offline sample gives it; `document_symbol`
 * (G/TBT/N/CHN/1234) names it. `hs_codes` are digits only (2–6 of them as notified), `search_text` the lower-cased
 * words of title, description, products and objectives that keyword filters and matching look in.
 */
export const epingNotifications = pgTable(
  'eping_notifications',
  {
    id: text('id').primaryKey(),
    documentSymbol: text('document_symbol').notNull().unique(),
    area: text('area', { enum: EPING_AREAS }).notNull(),
    /** The notifying member's ISO 3166 alpha-2 code, or EU for the European Union. */
    memberCode: text('member_code').notNull(),
    memberName: text('member_name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    products: text('products').notNull().default(''),
    hsCodes: text('hs_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    objectives: text('objectives')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    distributedOn: date('distributed_on', { mode: 'string' }).notNull(),
    commentDeadline: date('comment_deadline', { mode: 'string' }),
    adoptedOn: date('adopted_on', { mode: 'string' }),
    inForceOn: date('in_force_on', { mode: 'string' }),
    links: jsonb('links').$type<EpingLink[]>().notNull().default([]),
    source: text('source', { enum: EPING_SOURCES }).notNull(),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('eping_notifications_area_check', sql`${t.area} in (${oneOf(EPING_AREAS)})`),
    check('eping_notifications_source_check', sql`${t.source} in (${oneOf(EPING_SOURCES)})`),
    index('eping_notifications_distributed_idx').on(t.distributedOn, t.id),
    index('eping_notifications_member_idx').on(t.memberCode, t.distributedOn),
    index('eping_notifications_deadline_idx').on(t.commentDeadline),
    index('eping_notifications_hs_idx').using('gin', t.hsCodes),
    index('eping_notifications_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

/** One run of the ePing sync: from which distribution date it asked, how many it stored, how it ended. */
export const epingSyncRuns = pgTable(
  'eping_sync_runs',
  {
    id: text('id').primaryKey(),
    source: text('source', { enum: EPING_SOURCES }).notNull(),
    since: date('since', { mode: 'string' }),
    status: text('status', { enum: EPING_SYNC_STATUSES }).notNull(),
    pages: integer('pages').notNull().default(0),
    stored: integer('stored').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [check('eping_sync_runs_status_check', sql`${t.status} in (${oneOf(EPING_SYNC_STATUSES)})`), index('eping_sync_runs_started_idx').on(t.startedAt)],
)

/** What a company follows: HS codes (prefixes), notifying members and keywords. One per company. */
export const epingSubscriptions = pgTable('eping_subscriptions', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  hsCodes: text('hs_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  memberCodes: text('member_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  keywords: text('keywords')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type { EpingMatchReason } from './compliance.constants'

/**
 * A notification that concerns a company: matched to its own products (by HS code prefix or words) and/or to its
 * subscription, with the reasons. Made once per company and notification, when the notification is first stored or
 * the company's subscription or products change.
 */
export const epingMatches = pgTable(
  'eping_matches',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    notificationId: text('notification_id')
      .notNull()
      .references(() => epingNotifications.id, { onDelete: 'cascade' }),
    productIds: text('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reasons: jsonb('reasons').$type<EpingMatchReason[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.notificationId] }),
    index('eping_matches_notification_idx').on(t.notificationId),
    index('eping_matches_products_idx').using('gin', t.productIds),
    index('eping_matches_company_created_idx').on(t.organizationId, t.createdAt),
  ],
)

/** A company's mark on a notification (reviewed, relevant, not relevant) with its note. */
export const epingReviews = pgTable(
  'eping_reviews',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    notificationId: text('notification_id')
      .notNull()
      .references(() => epingNotifications.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EPING_REVIEW_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.notificationId] }),
    check('eping_reviews_status_check', sql`${t.status} in (${oneOf(EPING_REVIEW_STATUSES)})`),
    index('eping_reviews_company_status_idx').on(t.organizationId, t.status),
  ],
)
