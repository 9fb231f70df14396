// AfterShip's tracking object, as its webhook and its REST API both send it, turned into events of our store. The
// webhook and the poll map a checkpoint the same way, so the same checkpoint from both is stored once (ADR 043).
import * as z from 'zod'
import { alpha2Of } from './country-alpha3'
import type { ShipmentStatus } from './logistics.constants'
import { eventInstant, type IncomingEvent, offsetOf } from './tracking.service.server'

/** The most checkpoints taken from one tracking (a long sea voyage has a few hundred). */
export const MAX_CHECKPOINTS = 2000

const text = z.string().nullish()

const Checkpoint = z.object({
  /** The carrier's time of the checkpoint: with an offset, or local time of the place. */
  checkpoint_time: z.iso.datetime({ offset: true, local: true }),
  message: text,
  location: text,
  city: text,
  state: text,
  /** ISO alpha-3: `country_region` since API 2024-04, `country_iso3` before. */
  country_region: text,
  country_iso3: text,
  tag: text,
  subtag: text,
  subtag_message: text,
})
type Checkpoint = z.infer<typeof Checkpoint>

const EstimatedDelivery = z.object({ estimated_delivery_date: text }).nullish()

export const AftershipTracking = z.object({
  tracking_number: z.string().trim().min(1).max(60),
  slug: text,
  tag: text,
  /** The carrier's, then AfterShip's estimate (API 2024-04); `expected_delivery` in older versions. */
  courier_estimated_delivery_date: EstimatedDelivery,
  aftership_estimated_delivery_date: EstimatedDelivery,
  expected_delivery: text,
  checkpoints: z.array(Checkpoint).max(MAX_CHECKPOINTS).nullish(),
})
export type AftershipTracking = z.infer<typeof AftershipTracking>

/** The `tracking_update` webhook (and the other tracking events, e.g. `edd_revise`): the tracking is the message. */
export const AftershipWebhook = z.object({ event: z.string().max(60), msg: AftershipTracking })

/**
 * Our status for an AfterShip tag (and subtag): Pending and Expired say nothing about the goods. Customs and pick-up
 * are subtags of InTransit that only their message names ("Customs clearance …", "Acceptance scan").
 */
export function aftershipStatus(tag: string | null | undefined, subtagMessage = '', message = ''): ShipmentStatus | null {
  switch (tag) {
    case 'InfoReceived':
      return 'booked'
    case 'PickedUp':
      return 'picked_up'
    case 'InTransit':
      if (/customs/i.test(subtagMessage) || /customs/i.test(message)) return 'at_customs'
      if (/picked up|pickup scan|acceptance|accepted by/i.test(subtagMessage)) return 'picked_up'
      return 'in_transit'
    case 'OutForDelivery':
    case 'AvailableForPickup':
      return 'out_for_delivery'
    case 'Delivered':
      return 'delivered'
    case 'Exception':
    case 'FailedAttempt':
    case 'AttemptFail':
      return 'exception'
    default:
      return null
  }
}

const clip = (value: string, max: number) => value.trim().replace(/\s+/g, ' ').slice(0, max)

/** The day of an estimate (`2026-12-24` or a time on that day), null when there is none. */
function estimatedDay(tracking: AftershipTracking): string | null {
  const estimate =
    tracking.courier_estimated_delivery_date?.estimated_delivery_date ??
    tracking.aftership_estimated_delivery_date?.estimated_delivery_date ??
    tracking.expected_delivery
  const day = estimate?.slice(0, 10) ?? ''
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : null
}

function checkpointEvent(checkpoint: Checkpoint): IncomingEvent {
  const offset = offsetOf(checkpoint.checkpoint_time)
  const message = checkpoint.message ?? ''
  const subtagMessage = checkpoint.subtag_message ?? ''
  const place = checkpoint.location || [checkpoint.city, checkpoint.state].filter(Boolean).join(', ')
  return {
    externalId: null,
    occurredAt: eventInstant(checkpoint.checkpoint_time, offset),
    utcOffsetMinutes: offset,
    status: aftershipStatus(checkpoint.tag, subtagMessage, message),
    location: clip(place, 120),
    country: alpha2Of(checkpoint.country_region ?? checkpoint.country_iso3 ?? '') ?? '',
    description: clip(message || subtagMessage || checkpoint.tag || '', 500),
    eta: null,
  }
}

/** The tracking's checkpoints as events, oldest first; the latest one carries the estimated delivery day. */
export function aftershipEvents(tracking: AftershipTracking): IncomingEvent[] {
  const events = (tracking.checkpoints ?? []).map(checkpointEvent).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
  const latest = events.at(-1)
  if (latest) latest.eta = estimatedDay(tracking)
  return events
}
