// A company's webhook endpoints and their delivery log (ADR 053). Owners and admins manage them; deliveries go out
// from the drain job (webhook-dispatch.server.ts).
import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { openSecret, sealSecret } from '../../platform/secret-box.server'
import { fieldErrorsOf } from '../../platform/validation'
import type { z } from '../../platform/zod'
import { userNames } from '../identity/index.server'
import { type DeliveryStatus, WEBHOOK_ENDPOINTS_PER_COMPANY, type WebhookTopic } from './developers.constants'
import { CreateWebhookInput, DeliveryListQuery, UpdateWebhookInput } from './developers.inputs'
import { requireDeveloperAdmin } from './developers.policy'
import { webhookDeliveries, webhookEndpoints } from './developers.tables.server'
import { attemptDelivery, endpointsChanged, wakeEndpoints } from './webhook-dispatch.server'
import { newWebhookSecret } from './webhook-signing.server'
import { webhookUrlProblem } from './url-guard.server'

export const SECRET_PURPOSE = 'webhook-endpoint'

type EndpointRow = typeof webhookEndpoints.$inferSelect
type DeliveryRow = typeof webhookDeliveries.$inferSelect

export type WebhookEndpointView = {
  id: string
  url: string
  description: string
  topics: WebhookTopic[]
  enabled: boolean
  disabledReason: 'manual' | 'failing' | null
  disabledAt: Date | null
  failingSince: Date | null
  createdAt: Date
  updatedAt: Date
  createdBy: { id: string; name: string } | null
}

export type WebhookDeliveryView = {
  id: string
  endpointId: string
  endpointUrl: string
  messageId: string
  eventType: string
  status: DeliveryStatus
  attempts: number
  nextAttemptAt: Date | null
  lastAttemptAt: Date | null
  deliveredAt: Date | null
  createdAt: Date
  test: boolean
  replayOf: string | null
  request: { headers: Record<string, string> | null; body: string }
  response: { status: number | null; body: string | null; ms: number | null; error: string | null }
}

function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(parsed.error) })
  return parsed.data
}

/** Refuses a URL that is not https, carries credentials or points inside our network (SSRF), with the field's message. */
function checkUrl(url: string): void {
  const problem = webhookUrlProblem(url, env().WEBHOOKS_ALLOW_PRIVATE_URLS)
  if (problem) throw new AppError('validation_failed', `Refused webhook URL: ${problem}`, { fields: { url: [`validation.url_${problem}`] } })
}

function endpointView(row: EndpointRow, names: Map<string, string>): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    topics: row.topics,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt,
    failingSince: row.failingSince,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy ? { id: row.createdBy, name: names.get(row.createdBy) ?? '' } : null,
  }
}

function deliveryView(row: DeliveryRow, url: string): WebhookDeliveryView {
  return {
    id: row.id,
    endpointId: row.endpointId,
    endpointUrl: url,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
    lastAttemptAt: row.lastAttemptAt,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt,
    test: row.test,
    replayOf: row.replayOf,
    request: { headers: row.requestHeaders, body: row.body },
    response: { status: row.responseStatus, body: row.responseBody, ms: row.responseMs, error: row.error },
  }
}

async function endpointRow(companyId: string, id: string): Promise<EndpointRow> {
  const [row] = await database()
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, companyId)))
  if (!row) throw new AppError('not_found', 'Webhook endpoint not found')
  return row
}

/** Adds an endpoint for the active company and answers it with its signing secret. */
export async function createWebhookEndpoint(
  ctx: ServiceContext,
  raw: unknown,
  options: IdempotencyOption = {},
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  requireDeveloperAdmin(ctx)
  const input = parseInput(CreateWebhookInput, raw)
  checkUrl(input.url)
  const companyId = ctx.actor.companyId
  const topics = [...new Set(input.topics)].sort()
  const secret = newWebhookSecret()
  const created = await createIdempotently(`webhook_endpoint:${companyId}`, options, { ...input, topics }, async (tx, id) => {
    const [{ total = 0 } = {}] = await tx.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, companyId))
    if (total >= WEBHOOK_ENDPOINTS_PER_COMPANY) {
      throw new AppError('conflict', 'The company has as many webhook endpoints as it may have; delete one first', { limit: WEBHOOK_ENDPOINTS_PER_COMPANY })
    }
    await tx.insert(webhookEndpoints).values({
      id,
      organizationId: companyId,
      createdBy: ctx.actor.userId,
      url: input.url,
      description: input.description,
      topics,
      secretSealed: sealSecret(secret, SECRET_PURPOSE),
    })
  })
  endpointsChanged(companyId)
  const row = await endpointRow(companyId, created.id)
  return { endpoint: endpointView(row, await userNames([row.createdBy])), secret: openSecret(row.secretSealed, SECRET_PURPOSE) ?? secret }
}

export async function listWebhookEndpoints(ctx: ServiceContext): Promise<WebhookEndpointView[]> {
  requireDeveloperAdmin(ctx)
  const rows = await database()
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, ctx.actor.companyId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
  const names = await userNames(rows.map((row) => row.createdBy))
  return rows.map((row) => endpointView(row, names))
}

export async function getWebhookEndpoint(ctx: ServiceContext, id: string): Promise<WebhookEndpointView> {
  requireDeveloperAdmin(ctx)
  const row = await endpointRow(ctx.actor.companyId, id)
  return endpointView(row, await userNames([row.createdBy]))
}

/** Changes an endpoint; switching it on again clears its failure streak, and wakes its waiting deliveries. */
export async function updateWebhookEndpoint(ctx: ServiceContext, id: string, raw: unknown, now: Date = new Date()): Promise<WebhookEndpointView> {
  requireDeveloperAdmin(ctx)
  const input = parseInput(UpdateWebhookInput, raw)
  if (input.url !== undefined) checkUrl(input.url)
  const current = await endpointRow(ctx.actor.companyId, id)
  const switching = input.enabled !== undefined && input.enabled !== current.enabled
  await database()
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.topics !== undefined ? { topics: [...new Set(input.topics)].sort() } : {}),
      ...(switching
        ? input.enabled
          ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null }
          : { enabled: false, disabledReason: 'manual' as const, disabledAt: now }
        : {}),
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, ctx.actor.companyId)))
  endpointsChanged(ctx.actor.companyId)
  if (switching && input.enabled) await wakeEndpoints([id])
  return getWebhookEndpoint(ctx, id)
}

/** Deletes an endpoint with its delivery log. */
export async function deleteWebhookEndpoint(ctx: ServiceContext, id: string): Promise<void> {
  requireDeveloperAdmin(ctx)
  const removed = await database()
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, ctx.actor.companyId)))
    .returning({ id: webhookEndpoints.id })
  if (removed.length === 0) throw new AppError('not_found', 'Webhook endpoint not found')
  endpointsChanged(ctx.actor.companyId)
}

export async function revealWebhookSecret(ctx: ServiceContext, id: string): Promise<string> {
  requireDeveloperAdmin(ctx)
  const row = await endpointRow(ctx.actor.companyId, id)
  const secret = openSecret(row.secretSealed, SECRET_PURPOSE)
  if (!secret) throw new AppError('conflict', 'The secret can no longer be read (the server secret changed): rotate it')
  return secret
}

/** Replaces the signing secret at once; the next attempt is signed with the new one. */
export async function rotateWebhookSecret(ctx: ServiceContext, id: string, now: Date = new Date()): Promise<string> {
  requireDeveloperAdmin(ctx)
  await endpointRow(ctx.actor.companyId, id)
  const secret = newWebhookSecret()
  await database()
    .update(webhookEndpoints)
    .set({ secretSealed: sealSecret(secret, SECRET_PURPOSE), updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, ctx.actor.companyId)))
  endpointsChanged(ctx.actor.companyId)
  return secret
}

/** The company's deliveries, newest first, of one endpoint or status when asked. */
export async function listWebhookDeliveries(ctx: ServiceContext, rawQuery: unknown): Promise<{ items: WebhookDeliveryView[]; total: number }> {
  requireDeveloperAdmin(ctx)
  const query = parseInput(DeliveryListQuery, rawQuery)
  const filters: SQL[] = [eq(webhookDeliveries.organizationId, ctx.actor.companyId)]
  if (query.endpointId) filters.push(eq(webhookDeliveries.endpointId, query.endpointId))
  if (query.status) filters.push(eq(webhookDeliveries.status, query.status))
  const where = and(...filters)
  const [rows, [{ total = 0 } = {}]] = await Promise.all([
    database()
      .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.sequence))
      .limit(query.limit)
      .offset(query.offset),
    database().select({ total: count() }).from(webhookDeliveries).where(where),
  ])
  return { items: rows.map((row) => deliveryView(row.delivery, row.url)), total }
}

export async function getWebhookDelivery(ctx: ServiceContext, id: string): Promise<WebhookDeliveryView> {
  requireDeveloperAdmin(ctx)
  const [row] = await database()
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.organizationId, ctx.actor.companyId)))
  if (!row) throw new AppError('not_found', 'Webhook delivery not found')
  return deliveryView(row.delivery, row.url)
}

/**
 * Sends a delivery's message again, as a new delivery with the same `webhook-id` (a receiver that already handled it
 * may drop it) and body. Another company's delivery is not found; a switched-off endpoint is refused.
 */
export async function replayWebhookDelivery(ctx: ServiceContext, id: string, options: IdempotencyOption = {}): Promise<WebhookDeliveryView> {
  requireDeveloperAdmin(ctx)
  const original = await getWebhookDelivery(ctx, id)
  const endpoint = await endpointRow(ctx.actor.companyId, original.endpointId)
  if (!endpoint.enabled) throw new AppError('webhook_disabled', 'Switch the endpoint on before replaying to it')
  const created = await createIdempotently(`webhook_replay:${ctx.actor.companyId}`, options, { replay: id }, async (tx, newId) => {
    await tx.insert(webhookDeliveries).values({
      id: newId,
      endpointId: endpoint.id,
      organizationId: ctx.actor.companyId,
      messageId: original.messageId,
      eventType: original.eventType,
      body: original.request.body,
      test: original.test,
      replayOf: original.id,
    })
  })
  if (!created.replayed) await wakeEndpoints([endpoint.id])
  return getWebhookDelivery(ctx, created.id)
}

/**
 * Sends a `webhook.test` message to an endpoint now and answers the delivery with the receiver's answer (switched-off
 * endpoints too: test a fix before switching back on). A failure is retried like any delivery while the endpoint is on.
 */
export async function sendTestEvent(
  ctx: ServiceContext,
  endpointId: string,
  options: IdempotencyOption = {},
  now: Date = new Date(),
): Promise<WebhookDeliveryView> {
  requireDeveloperAdmin(ctx)
  const endpoint = await endpointRow(ctx.actor.companyId, endpointId)
  const body = JSON.stringify({ type: 'webhook.test', timestamp: now.toISOString(), data: { endpoint_id: endpoint.id, company_id: endpoint.organizationId } })
  const created = await createIdempotently(`webhook_test:${ctx.actor.companyId}`, options, { endpointId }, async (tx, id) => {
    await tx.insert(webhookDeliveries).values({
      id,
      endpointId: endpoint.id,
      organizationId: endpoint.organizationId,
      messageId: `msg_${randomUUID().replaceAll('-', '')}`,
      eventType: 'webhook.test',
      body,
      test: true,
      // Out of the drain's reach while this request attempts it.
      nextAttemptAt: new Date(now.getTime() + 3_600_000),
    })
  })
  if (!created.replayed) await attemptDelivery(created.id, now)
  return getWebhookDelivery(ctx, created.id)
}
