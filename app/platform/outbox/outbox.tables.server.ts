import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Business events written in the transaction of the change they announce (the outbox), delivered after commit by the
 * relay to realtime, notifications and later webhooks. A row is pending until every handler has taken it.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    // In commit order (near enough): the relay delivers oldest first.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `<entity>.<action>`, e.g. `purchase_order.place`. */
    name: text('name').notNull(),
    /** What the handlers deliver (OutboxPayload, checked with zod when read). */
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the relay job may take it: after the fast path's grace, a claim's lease, or a failure's back-off. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    /** Claims so far; 0 while only the committing request's own relay may take it. */
    attempts: integer('attempts').notNull().default(0),
    /** Handlers that have delivered it: a retry runs only the others. */
    handled: text('handled')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set when its attempts ran out; it is then left alone (and logged). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.availableAt, t.id)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    index('outbox_events_created_idx').on(t.createdAt),
  ],
)
