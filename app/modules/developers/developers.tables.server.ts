import { sql } from 'drizzle-orm'
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '../identity/identity.tables.server'
import { DELIVERY_STATUSES, type ApiScope, type WebhookTopic } from './developers.constants'

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** The company a key or endpoint belongs to, named by its key only (not exported: drizzle-kit knows the real table). */
const organizations = pgTable('organizations', { id: text('id').primaryKey() })

/**
 * A company's API key (ADR 053). The secret is shown once and stored as its SHA-256 (it is 32 random bytes: a slow
 * hash adds nothing); `prefix` is its visible start. A key acts as the member who created it, within its scopes.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    /** Addresses and CIDR ranges the key may be used from; empty: anywhere. */
    allowedIps: text('allowed_ips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash), index('api_keys_organization_created_idx').on(t.organizationId, t.createdAt)],
)

/** Where a company wants to hear of its events: an https URL, the topics, and the signing secret (sealed). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    topics: text('topics').array().$type<WebhookTopic[]>().notNull(),
    /** `whsec_…`, sealed with the secret box. */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was switched off: by a person, or after failing for a day. */
    disabledReason: text('disabled_reason', { enum: ['manual', 'failing'] }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Since when every attempt failed (null after a success): a day of it disables the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId, t.createdAt)],
)

/**
 * One message to one endpoint and what became of it. The drain job delivers the pending ones of an endpoint in order;
 * `messageId` (the `webhook-id` header) is the same on every attempt and replay, so a receiver can drop duplicates.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    /** The outbox event and change it came from (`<event>:<change>`); null for test events and replays. */
    sourceKey: text('source_key'),
    eventType: text('event_type').notNull(),
    /** The JSON body exactly as signed and sent. */
    body: text('body').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseMs: integer('response_ms'),
    error: text('error'),
    replayOf: text('replay_of'),
    test: boolean('test').notNull().default(false),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Orders deliveries of one endpoint as they were created (ids are random). */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('webhook_deliveries_status_check', sql`${t.status} in (${oneOf(DELIVERY_STATUSES)})`),
    uniqueIndex('webhook_deliveries_source_idx').on(t.endpointId, t.sourceKey),
    index('webhook_deliveries_due_idx')
      .on(t.endpointId, t.nextAttemptAt, t.sequence)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_organization_created_idx').on(t.organizationId, t.createdAt),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
  ],
)
