// A carrier's (or AfterShip's) tracking webhook: a provider configured in TRACKING_WEBHOOK_SECRETS signs each body with
// its secret; a signed body's events go into the shipments that carry its tracking number (ADR 043).
import { createHmac, timingSafeEqual } from 'node:crypto'
import * as z from 'zod'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { logger } from '../../platform/logger.server'
import { rateLimitStore } from '../../platform/rate-limit.server'
import { isCountryCode } from '../../platform/countries'
import { fieldErrorsOf } from '../../platform/validation'
import { aftershipEvents, AftershipWebhook } from './aftership-tracking.server'
import { applyCarrierUpdates, type CarrierUpdate } from './carrier-updates.server'
import { SHIPMENT_STATUSES } from './logistics.constants'
import { isoDate } from './shipment.inputs'
import { eventInstant, offsetOf } from './tracking.service.server'

/** The most events one generic webhook request may carry. */
export const MAX_WEBHOOK_EVENTS = 2000

/** The signatures a request may carry: AfterShip's (base64) or ours (`sha256=<hex>`). */
export type WebhookSignatures = { aftership?: string | null; tradeport?: string | null }

/** Whether one of the signatures is the HMAC-SHA256 of the body with the secret (compared in constant time). */
export function verifyWebhookSignature(secret: string, body: Uint8Array, signatures: WebhookSignatures): boolean {
  const expected = createHmac('sha256', secret).update(body).digest()
  const given = [
    signatures.aftership ? Buffer.from(signatures.aftership.trim(), 'base64') : null,
    signatures.tradeport?.trim().startsWith('sha256=') ? Buffer.from(signatures.tradeport.trim().slice('sha256='.length), 'hex') : null,
  ]
  return given.some((signature) => signature !== null && signature.length === expected.length && timingSafeEqual(signature, expected))
}

const optionalText = (max: number) => z.string().trim().max(max).nullish()

const GenericEvent = z.object({
  /** The carrier's event id: the same id is stored once. */
  id: optionalText(120),
  occurred_at: z.iso.datetime({ offset: true, local: true }),
  status: z.enum(SHIPMENT_STATUSES).nullish(),
  location: optionalText(120),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || isCountryCode(value), 'an ISO 3166-1 alpha-2 code')
    .nullish(),
  description: optionalText(500),
  eta: isoDate.nullish(),
})

/** The generic shape: one tracking number and its events. */
export const GenericWebhook = z.object({
  tracking_number: z.string().trim().min(1).max(60),
  events: z.array(GenericEvent).min(1).max(MAX_WEBHOOK_EVENTS),
})

/** A body in the provider's shape, as the update of one tracking number; 400 for broken JSON, 422 for another shape. */
export function webhookUpdate(provider: string, body: Uint8Array): CarrierUpdate {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body))
  } catch {
    throw new AppError('bad_request', 'The body is not UTF-8 JSON')
  }
  if (provider === 'aftership') {
    const parsed = AftershipWebhook.safeParse(json)
    if (!parsed.success) throw shapeError(parsed.error)
    return { trackingNumber: parsed.data.msg.tracking_number, events: aftershipEvents(parsed.data.msg) }
  }
  const parsed = GenericWebhook.safeParse(json)
  if (!parsed.success) throw shapeError(parsed.error)
  return {
    trackingNumber: parsed.data.tracking_number,
    events: parsed.data.events.map((event) => {
      const offset = offsetOf(event.occurred_at)
      return {
        externalId: event.id ?? null,
        occurredAt: eventInstant(event.occurred_at, offset),
        utcOffsetMinutes: offset,
        status: event.status ?? null,
        location: event.location ?? '',
        country: event.country ?? '',
        description: event.description ?? '',
        eta: event.eta ?? null,
      }
    }),
  }
}

const shapeError = (error: z.ZodError) => new AppError('validation_failed', 'The body is not in the provider’s webhook shape', { fields: fieldErrorsOf(error) })

async function enforceWebhookRateLimit(provider: string, clientIp: string): Promise<void> {
  const config = env()
  const decision = await rateLimitStore().hit(
    `tracking-webhook:${provider}:${clientIp}`,
    config.TRACKING_WEBHOOK_RATE_LIMIT_WINDOW_SECONDS,
    config.TRACKING_WEBHOOK_RATE_LIMIT_MAX,
  )
  if (!decision.allowed) throw new AppError('rate_limited', 'Too many webhook requests', { retryAfterSeconds: decision.retryAfterSeconds })
}

export type WebhookOutcome = { matched: boolean; stored: number; duplicates: number }

/**
 * Receives one webhook request: an unknown provider is not found, a missing or wrong signature unauthenticated (and
 * nothing is read), a tracking number no shipment has is accepted and logged.
 */
export async function receiveTrackingWebhook(provider: string, body: Uint8Array, signatures: WebhookSignatures, clientIp: string): Promise<WebhookOutcome> {
  const secret = Object.hasOwn(env().TRACKING_WEBHOOK_SECRETS, provider) ? env().TRACKING_WEBHOOK_SECRETS[provider] : undefined
  if (!secret) throw new AppError('not_found', 'No such tracking provider')
  await enforceWebhookRateLimit(provider, clientIp)
  if (!verifyWebhookSignature(secret, body, signatures)) {
    logger().warn({ provider, clientIp }, 'tracking webhook refused: missing or wrong signature')
    throw new AppError('unauthenticated', 'Missing or wrong webhook signature')
  }
  const update = webhookUpdate(provider, body)
  const outcome = await applyCarrierUpdates([update], 'webhook')
  const matched = outcome.matched.has(update.trackingNumber)
  if (!matched)
    logger().info({ provider, trackingNumber: update.trackingNumber, events: update.events.length }, 'tracking webhook for an unknown tracking number')
  return { matched, stored: outcome.stored, duplicates: outcome.duplicates }
}
