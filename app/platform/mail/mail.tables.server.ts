import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Outgoing messages kept in the database when no SMTP server or SMS provider is configured. */
export const devMessages = pgTable(
  'dev_messages',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_messages_channel_created_at_idx').on(t.channel, t.createdAt)],
)
