// The outbox (ADR 033): a business event is written in the transaction of the change it announces, and delivered after
// commit to its handlers (realtime here; notices by the companies module; webhooks later). The committing request relays
// its own events at once; the `outbox.relay` job takes whatever that missed (a crash, a failed handler).
import { clearTimeout as stopTimer, setTimeout as startTimer } from 'node:timers'
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { coalesce } from '../coalesce'
import { beforeDatabaseCloses, database, type Database, type Transaction } from '../db/index.server'
import { resultRows } from '../db/result-rows'
import { logger } from '../logger.server'
import { LIVE_ENTITIES } from '../realtime/events'
import { publishChange } from '../realtime/publisher.server'
import { requestScope } from '../request-scope.server'
import { z } from '../zod'
import { outboxEvents } from './outbox.tables.server'

/** An `entity:changed` for the companies' open pages (ids and the action only). */
const LiveChange = z.object({
  companyIds: z.array(z.string()),
  entity: z.enum(LIVE_ENTITIES),
  id: z.string(),
  action: z.string(),
  rfqId: z.string().optional(),
})
export type LiveChange = z.infer<typeof LiveChange>

const OutboxPayload = z.object({
  /** Whose request made the change: realtime leaves out their own sockets (their page shows the outcome already). */
  actorUserId: z.string().nullable(),
  changes: z.array(LiveChange),
  /** Checked by the handler that delivers them (the notifications module owns their shape). */
  notices: z.array(z.unknown()),
})

/** What a service records: `name` is `<entity>.<action>`, e.g. `purchase_order.place`. */
export type BusinessEvent = {
  name: string
  changes?: LiveChange[]
  notices?: readonly object[]
  /** Defaults to the user the current request acts for (none outside a request, e.g. in a job). */
  actorUserId?: string | null
}

/** An event as its handlers receive it. */
export type OutboxEvent = z.infer<typeof OutboxPayload> & { id: number; name: string; createdAt: Date }

/** Delivers one event; throws to have it retried (later, with back-off) — only the handlers that failed run again. */
export type OutboxHandler = (event: OutboxEvent) => Promise<void>

export type OutboxEventId = number

/** How long the committing request's own relay has the event to itself before the relay job may take it. */
export const FAST_PATH_GRACE_MS = 15_000
/** A claimed event whose relay died (a crash mid-delivery) is taken again after this. */
const CLAIM_LEASE_MS = 2 * 60_000
const RETRY_DELAY_MS = 30_000
const MAX_RETRY_DELAY_MS = 30 * 60_000
/** Claims before an event is left failed: about an hour of retries. */
export const MAX_ATTEMPTS = 8
const BATCH_SIZE = 100
/** How long the fast path's "delivered" marks wait, to be written together (a crash meanwhile: delivered again). */
const MARK_DELAY_MS = 50
/** Delivered events are kept this long (to look into), failed ones longer. */
const KEEP_DELIVERED_MS = 3 * 86_400_000
const KEEP_FAILED_MS = 30 * 86_400_000

// On globalThis: a dev-mode module reload registers its handlers again, by name, where the running relay job sees them.
const holder = globalThis as unknown as { __tradeportOutboxHandlers?: Map<string, OutboxHandler> }
const handlers = (holder.__tradeportOutboxHandlers ??= new Map())

/** Subscribes a handler to every event, in registration order; a module registers its own when it loads. Answers how to unsubscribe it (tests). */
export function registerOutboxHandler(name: string, handler: OutboxHandler): () => void {
  handlers.set(name, handler)
  return () => {
    if (handlers.get(name) === handler) handlers.delete(name)
  }
}

/**
 * Tests: leaves only the named handlers subscribed (the modules a test worker loaded for earlier files registered theirs)
 * and answers how to put the others back.
 */
export function keepOnlyOutboxHandlersForTesting(names: readonly string[]): () => void {
  const removed = [...handlers].filter(([name]) => !names.includes(name))
  for (const [name] of removed) handlers.delete(name)
  return () => {
    for (const [name, handler] of removed) if (!handlers.has(name)) handlers.set(name, handler)
  }
}

registerOutboxHandler('realtime', async (event) => {
  for (const { companyIds, ...change } of event.changes) publishChange(companyIds, change, { exceptUserId: event.actorUserId, at: event.createdAt })
})

/** Writes the event in the caller's transaction: it exists exactly when the change does. Relay it after commit. */
export async function recordEvent(tx: Database | Transaction, event: BusinessEvent, now: Date = new Date()): Promise<OutboxEventId> {
  const [row] = resultRows<{ id: number | string }>(await tx.execute(eventInsert(event, now)))
  return Number(row!.id)
}

/**
 * The event's INSERT, answering its `id`, as a statement to compose with the change it announces, e.g. as a CTE of a
 * money movement's one statement (ADR 060); `when` limits it to when that change happened. `recordEvent` runs it alone.
 */
export function eventInsert(event: BusinessEvent, now: Date = new Date(), when?: SQL): SQL {
  const payload: z.input<typeof OutboxPayload> = {
    actorUserId: event.actorUserId === undefined ? (requestScope()?.userId ?? null) : event.actorUserId,
    changes: event.changes ?? [],
    notices: [...(event.notices ?? [])],
  }
  const availableAt = new Date(now.getTime() + FAST_PATH_GRACE_MS)
  return sql`insert into ${outboxEvents} (name, payload, created_at, available_at)
    select ${event.name}, ${JSON.stringify(payload)}::jsonb, ${now.toISOString()}::timestamptz, ${availableAt.toISOString()}::timestamptz
    ${when ? sql`where ${when}` : sql``} returning ${outboxEvents.id}`
}

/**
 * The fast path, right after the transaction that recorded `ids` committed: delivers those events now, so pages and
 * mail hear of the change as soon as it is made. Never throws (the change has happened): what it misses, the relay
 * job delivers. An event the relay job already took (or a rolled-back one) is skipped.
 */
export async function relayEvents(ids: readonly OutboxEventId[]): Promise<void> {
  if (ids.length === 0) return
  try {
    const now = new Date()
    await deliverAll(await claimFresh({ ids, now }), now, 'soon')
  } catch (error) {
    logger().warn({ err: error instanceof Error ? error.message : String(error), events: ids }, 'outbox events left for the relay job')
  }
}

/**
 * Claims requests' own events, fresh (no attempt yet): a guarded UPDATE claims them without a locking subselect; a row
 * the relay job holds is past `attempts = 0`, and one it locks right now is waited for and then no longer matches. The
 * requests that commit while a claim is in flight are claimed together by the next one (one UPDATE for all).
 */
const claimFresh = coalesce(async (requests: Array<{ ids: readonly OutboxEventId[]; now: Date }>) => {
  const rows = await database()
    .update(outboxEvents)
    .set(claimed(requests[0]!.now))
    .where(
      and(
        inArray(
          outboxEvents.id,
          requests.flatMap((request) => request.ids),
        ),
        eq(outboxEvents.attempts, 0),
        isNull(outboxEvents.deliveredAt),
        isNull(outboxEvents.failedAt),
      ),
    )
    .returning()
  return requests.map((request) => rows.filter((row) => request.ids.includes(row.id)))
})

/**
 * The safety net (the `outbox.relay` job): delivers every event that is due — past the fast path's grace, a dead
 * relay's lease, or a failure's back-off — oldest first, a batch at a time. Answers how many it claimed.
 */
export async function relayPendingEvents(now: Date = new Date(), maxBatches = 20): Promise<number> {
  let claimed = 0
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const count = await relay(lte(outboxEvents.availableAt, now), now)
    claimed += count
    if (count < BATCH_SIZE) break
  }
  return claimed
}

/** Claims pending events matching `filter` (leased: no other relay takes them meanwhile), delivers each and settles it. */
async function relay(filter: SQL, now: Date): Promise<number> {
  const db = database()
  const pending = and(filter, isNull(outboxEvents.deliveredAt), isNull(outboxEvents.failedAt))
  const due = db
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(pending)
    .orderBy(asc(outboxEvents.id))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true })
  const rows = await db.update(outboxEvents).set(claimed(now)).where(inArray(outboxEvents.id, due)).returning()
  await deliverAll(rows, now, 'now')
  return rows.length
}

/** What claiming an event writes: one more attempt, and the lease during which no other relay takes it. */
const claimed = (now: Date) => ({ attempts: sql`${outboxEvents.attempts} + 1`, availableAt: new Date(now.getTime() + CLAIM_LEASE_MS) })

/**
 * When a delivered event is marked so: `now` (the relay job), or `soon`, together with the others delivered meanwhile
 * (the fast path: the request that made the change does not wait for the bookkeeping).
 */
type MarkWhen = 'now' | 'soon'

async function deliverAll(rows: Array<typeof outboxEvents.$inferSelect>, now: Date, mark: MarkWhen): Promise<void> {
  rows.sort((a, b) => a.id - b.id)
  for (const row of rows) await deliver(row, now, mark)
}

async function deliver(row: typeof outboxEvents.$inferSelect, now: Date, mark: MarkWhen): Promise<void> {
  const payload = OutboxPayload.safeParse(row.payload)
  // A payload that does not fit will not fit on a retry either.
  if (!payload.success) return settle(row, row.handled, `invalid payload: ${payload.error.message}`, now, true, mark)
  const event: OutboxEvent = { ...payload.data, id: row.id, name: row.name, createdAt: row.createdAt }
  const handled = [...row.handled]
  const errors: string[] = []
  for (const [name, handler] of handlers) {
    if (handled.includes(name)) continue
    try {
      await handler(event)
      handled.push(name)
    } catch (error) {
      errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  await settle(row, handled, errors.length > 0 ? errors.join('; ') : null, now, false, mark)
}

/** Delivered; or back in line after a growing wait; or, with its attempts spent (or an unreadable payload), failed. */
async function settle(
  row: typeof outboxEvents.$inferSelect,
  handled: string[],
  error: string | null,
  now: Date,
  hopeless: boolean,
  mark: MarkWhen,
): Promise<void> {
  const log = logger()
  const where = eq(outboxEvents.id, row.id)
  if (error === null) return mark === 'now' ? markDelivered(database(), [{ id: row.id, handled }], now) : markDeliveredSoon(row.id, handled)
  if (hopeless || row.attempts >= MAX_ATTEMPTS) {
    log.error({ event: row.name, eventId: row.id, attempts: row.attempts, err: error }, 'outbox event not delivered; given up')
    await database().update(outboxEvents).set({ handled, lastError: error, failedAt: now }).where(where)
    return
  }
  const delay = Math.min(RETRY_DELAY_MS * 2 ** (row.attempts - 1), MAX_RETRY_DELAY_MS)
  log.warn({ event: row.name, eventId: row.id, attempts: row.attempts, retryInSeconds: delay / 1000, err: error }, 'outbox event not delivered; will retry')
  await database()
    .update(outboxEvents)
    .set({ handled, lastError: error, availableAt: new Date(now.getTime() + delay) })
    .where(where)
}

/** Forgets delivered events after a few days and failed ones after a month (hourly upkeep); answers how many went. */
export async function purgeOutboxEvents(now: Date = new Date()): Promise<number> {
  const gone = await database()
    .delete(outboxEvents)
    .where(
      or(
        and(lt(outboxEvents.createdAt, new Date(now.getTime() - KEEP_DELIVERED_MS)), isNotNull(outboxEvents.deliveredAt)),
        and(lt(outboxEvents.createdAt, new Date(now.getTime() - KEEP_FAILED_MS)), isNotNull(outboxEvents.failedAt)),
      ),
    )
    .returning({ id: outboxEvents.id })
  return gone.length
}

type DeliveredMark = { id: OutboxEventId; handled: string[] }

/** Marks events delivered: one UPDATE per set of handlers among them (usually one). */
async function markDelivered(db: Database, marks: readonly DeliveredMark[], now: Date): Promise<void> {
  const groups = new Map<string, { handled: string[]; ids: OutboxEventId[] }>()
  for (const { id, handled } of marks) {
    const key = handled.join(' ')
    const group = groups.get(key) ?? { handled, ids: [] }
    group.ids.push(id)
    groups.set(key, group)
  }
  for (const { handled, ids } of groups.values())
    await db.update(outboxEvents).set({ handled, lastError: null, deliveredAt: now }).where(inArray(outboxEvents.id, ids))
}

// The fast path's marks waiting to be written, by the database they belong to (tests open one per file).
const pendingMarks = new Map<Database, DeliveredMark[]>()
let marksTimer: ReturnType<typeof startTimer> | null = null

/**
 * Marks a fast-path delivery within MARK_DELAY_MS, in one UPDATE with every other delivered meanwhile: under load, one
 * statement for many requests' events instead of one each. Until then the event stays claimed (its lease runs for
 * minutes), so no relay takes it; if the process dies first, the relay job delivers it again after the lease, as it
 * does an event whose delivery the crash interrupted (delivery is at least once).
 */
function markDeliveredSoon(id: OutboxEventId, handled: string[]): void {
  const db = database()
  const marks = pendingMarks.get(db) ?? []
  marks.push({ id, handled })
  pendingMarks.set(db, marks)
  // node:timers' own: a test's fake timers must not hold the marks back.
  marksTimer ??= startTimer(() => void writeDeliveredMarks(), MARK_DELAY_MS)
}

/**
 * Writes the fast path's waiting marks now (the timer does it within MARK_DELAY_MS; the server's stop and tests call
 * it before the database closes). A failed write is logged: those events are delivered again after their lease.
 */
export async function writeDeliveredMarks(): Promise<void> {
  if (marksTimer) stopTimer(marksTimer)
  marksTimer = null
  const batches = [...pendingMarks]
  pendingMarks.clear()
  const now = new Date()
  for (const [db, marks] of batches) {
    try {
      await markDelivered(db, marks, now)
    } catch (error) {
      logger().warn(
        { err: error instanceof Error ? error.message : String(error), events: marks.map((mark) => mark.id) },
        'outbox events delivered but not marked; the relay job delivers them again after their lease',
      )
    }
  }
}
beforeDatabaseCloses('outbox delivered marks', writeDeliveredMarks)
