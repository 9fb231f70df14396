// Webhook deliveries (ADR 053): the outbox hands each committed business change to `queueWebhookDeliveries`, which
// writes one delivery per subscribed endpoint (once, whatever the outbox retries) and wakes the endpoint's drain job.
// A drain delivers an endpoint's due deliveries in order, a few at a time; one endpoint's slow or failing receiver never
// holds up another's. Failures are retried with exponential back-off for a day; an endpoint that has failed every
// attempt for a day is switched off and its owner told.
import { createHash } from 'node:crypto'
import { and, asc, eq, lte, sql } from 'drizzle-orm'
import * as z from 'zod'
import { database } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { defineJob, sendJob } from '../../platform/jobs/index.server'
import { logger } from '../../platform/logger.server'
import { type OutboxEvent, recordEvent, registerOutboxHandler, relayEvents } from '../../platform/outbox/outbox.server'
import { openSecret } from '../../platform/secret-box.server'
import { SharedCache } from '../../platform/shared-cache.server'
import { recordNotice } from '../companies/index.server'
import type { WebhookTopic } from './developers.constants'
import { webhookDeliveries, webhookEndpoints } from './developers.tables.server'
import { webhookBody, webhookEventOf } from './webhook-events'
import { postWebhook } from './webhook-sender.server'
import { signedHeaders } from './webhook-signing.server'

const SECRET_PURPOSE = 'webhook-endpoint'
/** A delivery is retried for this long after it was created, then left failed (replay it from the log). */
export const RETRY_FOR_MS = 24 * 3_600_000
/** An endpoint whose every attempt has failed for this long is switched off. */
export const DISABLE_AFTER_MS = 24 * 3_600_000
const FIRST_RETRY_MS = 30_000
const LONGEST_RETRY_MS = 3_600_000
/** Deliveries of one endpoint sent side by side. */
const PARALLEL_PER_ENDPOINT = 8
const BATCH = 32
/** A drain hands over to a fresh job after this long, so a busy endpoint does not hold a job for ever. */
const DRAIN_BUDGET_MS = 50_000

/** The wait before attempt n + 1 after n failed ones: 30 s doubling, at most an hour, ±20 % so retries spread out. */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), LONGEST_RETRY_MS)
  return Math.round(base * (0.8 + 0.4 * random()))
}

// ---------------------------------------------------------------------------------------------------------------------
// Which endpoints hear of a company's events: cached per company (most have none), dropped when one changes.

type Subscriber = { id: string; topics: WebhookTopic[] }
const holder = globalThis as unknown as { __tradeportWebhookSubscribers?: SharedCache<Subscriber[]> }

function subscriberCache(): SharedCache<Subscriber[]> {
  if (!holder.__tradeportWebhookSubscribers) {
    holder.__tradeportWebhookSubscribers = new SharedCache('tradeport:webhook-endpoints-changed', 60_000)
    holder.__tradeportWebhookSubscribers.listen()
  }
  return holder.__tradeportWebhookSubscribers
}

export function endpointsChanged(companyId: string): void {
  subscriberCache().changed([companyId])
}

export function resetWebhookCaches(): void {
  holder.__tradeportWebhookSubscribers?.clear()
}

function subscribersOf(companyId: string): Promise<Subscriber[]> {
  return subscriberCache().read(companyId, () =>
    database()
      .select({ id: webhookEndpoints.id, topics: webhookEndpoints.topics })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.organizationId, companyId), eq(webhookEndpoints.enabled, true))),
  )
}

/** The same id for the same message wherever it is computed (outbox retries write the same delivery). */
function messageIdOf(eventId: number, change: number, companyId: string): string {
  return `msg_${createHash('sha256').update(`${eventId}:${change}:${companyId}`).digest('hex').slice(0, 32)}`
}

/** Writes the deliveries of one committed outbox event and wakes their endpoints. Idempotent per event. */
export async function queueWebhookDeliveries(event: Pick<OutboxEvent, 'id' | 'changes' | 'createdAt'>): Promise<number> {
  const rows: (typeof webhookDeliveries.$inferInsert)[] = []
  for (const [index, change] of event.changes.entries()) {
    const shape = webhookEventOf(change)
    if (!shape) continue
    for (const companyId of new Set(change.companyIds)) {
      const subscribers = (await subscribersOf(companyId)).filter((endpoint) => endpoint.topics.includes(shape.topic))
      if (subscribers.length === 0) continue
      const messageId = messageIdOf(event.id, index, companyId)
      const body = webhookBody(shape, companyId, event.createdAt)
      for (const endpoint of subscribers) {
        rows.push({
          id: crypto.randomUUID(),
          endpointId: endpoint.id,
          organizationId: companyId,
          messageId,
          sourceKey: `${event.id}:${index}`,
          eventType: shape.type,
          body,
          createdAt: event.createdAt,
        })
      }
    }
  }
  if (rows.length === 0) return 0
  await database().insert(webhookDeliveries).values(rows).onConflictDoNothing()
  // Woken even when the rows existed already (a retried event whose first wake was lost).
  wakeSoon(rows.map((row) => row.endpointId))
  return rows.length
}

/**
 * Wakes gathered over a moment go out as one drain job per endpoint: a busy company's changes cost one queue insert per
 * endpoint and moment instead of one per change. The rows are committed before the wake is sent, so the drain it wakes
 * (or the one already waiting) finds them; a process that dies first leaves them to the sweep.
 */
const WAKE_GATHER_MS = 50
const wakes = globalThis as unknown as { __tradeportWebhookWakes?: { ids: Set<string>; timer: NodeJS.Timeout | null } }

function wakeSoon(endpointIds: readonly string[]): void {
  const pending = (wakes.__tradeportWebhookWakes ??= { ids: new Set(), timer: null })
  for (const id of endpointIds) pending.ids.add(id)
  if (pending.timer) return
  pending.timer = setTimeout(() => {
    const ids = [...pending.ids]
    pending.ids.clear()
    pending.timer = null
    void wakeEndpoints(ids)
  }, WAKE_GATHER_MS)
  pending.timer.unref()
}

registerOutboxHandler('webhooks', async (event) => {
  await queueWebhookDeliveries(event)
})

/** Asks for a drain of each endpoint; a drain already queued for one takes the new deliveries too. */
export async function wakeEndpoints(endpointIds: readonly string[]): Promise<void> {
  for (const endpointId of new Set(endpointIds)) {
    try {
      await sendJob(drainWebhookJob, { endpointId })
    } catch (error) {
      // Without a running queue (scripts, some tests) the sweep, or whoever drains, delivers them.
      logger().debug({ err: error instanceof Error ? error.message : String(error), endpointId }, 'webhook drain not queued')
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Delivering.

type EndpointState = { id: string; organizationId: string; url: string; enabled: boolean; secret: string | null; failingSince: Date | null }

async function endpointState(id: string): Promise<EndpointState | null> {
  const [row] = await database().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
  if (!row) return null
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    enabled: row.enabled,
    secret: openSecret(row.secretSealed, SECRET_PURPOSE),
    failingSince: row.failingSince,
  }
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect

/** One attempt of one delivery, recorded; answers whether the receiver took it. */
async function attempt(endpoint: EndpointState, delivery: DeliveryRow, now: Date): Promise<boolean> {
  const config = env()
  const headers = endpoint.secret ? signedHeaders(endpoint.secret, delivery.messageId, delivery.body, now) : null
  const outcome = headers
    ? await postWebhook(endpoint.url, headers, delivery.body, { timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_URLS })
    : ({ ok: false, status: null, body: null, ms: 0, error: 'the signing secret cannot be read: rotate it' } as const)
  const attempts = delivery.attempts + 1
  // On the drain's clock (tests move it): the answer came `ms` after the attempt started.
  const answered = new Date(now.getTime() + outcome.ms)
  const common = {
    attempts,
    lastAttemptAt: now,
    requestHeaders: headers,
    responseStatus: outcome.status,
    responseBody: outcome.body,
    responseMs: outcome.ms,
    error: outcome.error ?? (outcome.ok ? null : `HTTP ${outcome.status}`),
  }
  if (outcome.ok) {
    await database()
      .update(webhookDeliveries)
      .set({ ...common, status: 'delivered', deliveredAt: answered })
      .where(eq(webhookDeliveries.id, delivery.id))
    return true
  }
  const givesUp = answered.getTime() - delivery.createdAt.getTime() >= RETRY_FOR_MS || !endpoint.enabled
  await database()
    .update(webhookDeliveries)
    .set({ ...common, status: givesUp ? 'failed' : 'pending', nextAttemptAt: new Date(answered.getTime() + retryDelayMs(attempts)) })
    .where(eq(webhookDeliveries.id, delivery.id))
  return false
}

/** Notes an endpoint's success or failure; a day of failures switches it off (and tells its owner). */
async function noteOutcome(endpoint: EndpointState, delivered: boolean, now: Date): Promise<void> {
  if (delivered) {
    if (endpoint.failingSince) {
      endpoint.failingSince = null
      await database().update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id))
    }
    return
  }
  if (!endpoint.failingSince) {
    const [row] = await database()
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failingSince: webhookEndpoints.failingSince })
    endpoint.failingSince = row?.failingSince ?? now
  }
  if (endpoint.enabled && now.getTime() - endpoint.failingSince.getTime() >= DISABLE_AFTER_MS) await switchOff(endpoint, now)
}

async function switchOff(endpoint: EndpointState, now: Date): Promise<void> {
  endpoint.enabled = false
  const events = await database().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'failing', disabledAt: now, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ createdBy: webhookEndpoints.createdBy })
    if (!row) return []
    // What waits for it fails now (replay it from the log once the receiver works again).
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', error: sql`coalesce(${webhookDeliveries.error}, 'endpoint switched off')` })
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')))
    const notice = {
      companyId: endpoint.organizationId,
      kind: 'developer.webhook_disabled' as const,
      params: { url: endpoint.url },
      link: '/dev/edit',
      ...(row.createdBy ? { userIds: [row.createdBy] } : {}),
    }
    await recordNotice(tx, notice)
    return [await recordEvent(tx, { name: 'webhook_endpoint.disabled', notices: [notice], actorUserId: null })]
  })
  endpointsChanged(endpoint.organizationId)
  logger().warn({ endpoint: endpoint.id }, 'webhook endpoint switched off after a day of failures')
  await relayEvents(events)
}

/** Attempts one delivery now, whatever its schedule (the test event's button); the outcome counts for its endpoint. */
export async function attemptDelivery(deliveryId: string, now: Date = new Date()): Promise<boolean> {
  const [delivery] = await database().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId))
  if (!delivery || delivery.status !== 'pending') return false
  const endpoint = await endpointState(delivery.endpointId)
  if (!endpoint) return false
  const delivered = await attempt(endpoint, delivery, now)
  if (endpoint.enabled) await noteOutcome(endpoint, delivered, now)
  return delivered
}

/**
 * Delivers an endpoint's due deliveries, oldest first, a batch at a time, until none is due or the budget is spent
 * (then it queues its successor). A batch that fails whole stops the drain: the receiver is down, and the back-off
 * (and the sweep) bring its deliveries back. Answers how many it delivered.
 */
export async function drainEndpoint(endpointId: string, clock: () => Date = () => new Date(), budgetMs = DRAIN_BUDGET_MS): Promise<number> {
  const endpoint = await endpointState(endpointId)
  if (!endpoint?.enabled) return 0
  const started = Date.now()
  let delivered = 0
  while (endpoint.enabled) {
    if (Date.now() - started > budgetMs) {
      await wakeEndpoints([endpointId])
      break
    }
    const now = clock()
    const due = await database()
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.sequence))
      .limit(BATCH)
    if (due.length === 0) break
    let failures = 0
    for (let start = 0; start < due.length && endpoint.enabled; start += PARALLEL_PER_ENDPOINT) {
      const outcomes = await Promise.all(due.slice(start, start + PARALLEL_PER_ENDPOINT).map((delivery) => attempt(endpoint, delivery, now)))
      for (const ok of outcomes) {
        if (ok) delivered += 1
        else failures += 1
        await noteOutcome(endpoint, ok, now)
        if (!endpoint.enabled) break
      }
    }
    if (failures === due.length) break
  }
  return delivered
}

/** Endpoints with deliveries due (a retry's time has come, or a wake was lost), for the sweep. */
export async function endpointsWithDueDeliveries(now: Date = new Date(), limit = 1000): Promise<string[]> {
  const rows = await database()
    .selectDistinct({ endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), eq(webhookEndpoints.enabled, true)))
    .limit(limit)
  return rows.map((row) => row.endpointId)
}

export const drainWebhookJob = defineJob({
  name: 'webhooks.drain',
  titleKey: 'names.drainWebhooks',
  payload: z.object({ endpointId: z.string().min(1).max(64) }),
  // One drain per endpoint runs while one more waits to take what arrives meanwhile.
  singletonKey: ({ endpointId }) => endpointId,
  singletonPolicy: 'stately',
  concurrency: 16,
  retry: { limit: 2, delaySeconds: 30, maxDelaySeconds: 120 },
  timeoutSeconds: 5 * 60,
  handle: async ({ endpointId }) => {
    await drainEndpoint(endpointId)
  },
})

export const sweepWebhooksJob = defineJob({
  name: 'webhooks.sweep',
  titleKey: 'names.sweepWebhooks',
  payload: z.object({}),
  cron: '* * * * *',
  singletonKey: () => 'once',
  retry: { limit: 1, delaySeconds: 10 },
  handle: async () => {
    await wakeEndpoints(await endpointsWithDueDeliveries())
  },
})

export const WEBHOOK_JOBS = [drainWebhookJob, sweepWebhooksJob]
