import { randomUUID } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import type { ServiceContext } from '../actor'
import { database } from '../db/index.server'
import { AppError } from '../errors'
import { devMessages } from './mail.tables.server'

export type DevChannel = 'mail' | 'sms'
export type DevMessage = typeof devMessages.$inferSelect

/** Keeps what would have been sent (no SMTP server or SMS provider configured) in the dev outbox, for admins and tests to read. */
export async function keepInDevOutbox(message: Omit<typeof devMessages.$inferInsert, 'id' | 'createdAt'>): Promise<void> {
  await database()
    .insert(devMessages)
    .values({ id: randomUUID(), ...message })
}

/** Only platform admins read what the platform would have sent. */
export function canReadDevMailbox(actor: ServiceContext['actor']): boolean {
  return actor.platformRole === 'admin'
}

function authorize(ctx: ServiceContext): void {
  if (!canReadDevMailbox(ctx.actor)) throw new AppError('forbidden', 'Only platform admins can read the dev mailbox')
}

export async function listDevMessages(
  ctx: ServiceContext,
  query: { channel: DevChannel; limit: number; offset: number },
): Promise<{ items: DevMessage[]; total: number }> {
  authorize(ctx)
  const where = eq(devMessages.channel, query.channel)
  const [items, [totals]] = await Promise.all([
    database().select().from(devMessages).where(where).orderBy(desc(devMessages.createdAt), desc(devMessages.id)).limit(query.limit).offset(query.offset),
    database().select({ total: count() }).from(devMessages).where(where),
  ])
  return { items, total: totals?.total ?? 0 }
}

export async function getDevMessage(ctx: ServiceContext, id: string): Promise<DevMessage> {
  authorize(ctx)
  const [message] = await database()
    .select()
    .from(devMessages)
    .where(and(eq(devMessages.id, id)))
    .limit(1)
  if (!message) throw new AppError('not_found', 'Message not found')
  return message
}
