// The tracking provider's poll: an AfterShip-style REST API (TRACKING_PROVIDER_URL, TRACKING_PROVIDER_KEY) asked for the
// checkpoints of every live shipment with a carrier tracking number, the stalest first. Off when unset (ADR 043).
import { and, asc, ne, sql } from 'drizzle-orm'
import * as z from 'zod'
import { database } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { logger } from '../../platform/logger.server'
import { aftershipEvents, AftershipTracking } from './aftership-tracking.server'
import { applyCarrierUpdates, type CarrierUpdate } from './carrier-updates.server'
import { shipments } from './logistics.tables.server'

/** Tracking numbers per request (AfterShip's `tracking_numbers` takes up to 50). */
export const PROVIDER_BATCH_SIZE = 50
const REQUEST_TIMEOUT_MS = 15_000

export type TrackingProvider = { url: string; key: string }

/** The provider from the configuration, null when polling is off. */
export function trackingProvider(): TrackingProvider | null {
  const config = env()
  return config.TRACKING_PROVIDER_URL && config.TRACKING_PROVIDER_KEY
    ? { url: config.TRACKING_PROVIDER_URL.replace(/\/+$/, ''), key: config.TRACKING_PROVIDER_KEY }
    : null
}

/** The provider could not answer now (429, 5xx, a timeout, an unreadable answer): the job fails and is retried later. */
export class TrackingProviderError extends Error {
  override name = 'TrackingProviderError'
}

const ListResponse = z.object({
  meta: z.object({ code: z.number() }),
  data: z.object({ trackings: z.array(z.unknown()).nullish() }).nullish(),
})

/** The provider's trackings of these numbers (one per number and carrier); none for a 404. */
export async function fetchTrackings(provider: TrackingProvider, trackingNumbers: string[], signal?: AbortSignal): Promise<AftershipTracking[]> {
  const url = `${provider.url}/trackings?tracking_numbers=${trackingNumbers.map(encodeURIComponent).join(',')}`
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
  let response: Response
  try {
    response = await fetch(url, {
      headers: { 'as-api-key': provider.key, accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
  } catch (error) {
    throw new TrackingProviderError(`tracking provider unreachable: ${error instanceof Error ? error.name : 'error'}`)
  }
  if (response.status === 404) return []
  if (!response.ok) throw new TrackingProviderError(`tracking provider answered ${response.status}`)
  const body = ListResponse.safeParse(await response.json().catch(() => null))
  if (!body.success) throw new TrackingProviderError('tracking provider answered an unreadable body')
  const trackings: AftershipTracking[] = []
  for (const item of body.data.data?.trackings ?? []) {
    const tracking = AftershipTracking.safeParse(item)
    // One malformed tracking must not hold back the others.
    if (tracking.success) trackings.push(tracking.data)
    else logger().warn({ issues: tracking.error.issues.length }, 'tracking provider sent a tracking that does not parse; skipped')
  }
  return trackings
}

/** The tracking numbers of live shipments, those whose last news is oldest (or who have none) first. */
async function liveTrackingNumbers(): Promise<string[]> {
  const rows = await database()
    .select({ trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(and(ne(shipments.status, 'delivered'), ne(shipments.trackingNumber, '')))
    .groupBy(shipments.trackingNumber)
    .orderBy(sql`min(${shipments.lastEventAt}) asc nulls first`, asc(shipments.trackingNumber))
  return rows.map((row) => row.trackingNumber)
}

export type PollOutcome = { polled: number; stored: number; duplicates: number }

/**
 * Polls the provider for every live shipment's tracking number in batches and stores what is new; does nothing when
 * the provider is not configured. A batch the provider cannot answer now throws (the batches before it are kept).
 */
export async function pollTrackingProvider(signal?: AbortSignal): Promise<PollOutcome> {
  const provider = trackingProvider()
  const outcome: PollOutcome = { polled: 0, stored: 0, duplicates: 0 }
  if (!provider) {
    logger().debug('tracking provider not configured (TRACKING_PROVIDER_URL): poll skipped')
    return outcome
  }
  const numbers = await liveTrackingNumbers()
  for (let start = 0; start < numbers.length; start += PROVIDER_BATCH_SIZE) {
    signal?.throwIfAborted()
    const batch = numbers.slice(start, start + PROVIDER_BATCH_SIZE)
    const wanted = new Set(batch)
    const updates: CarrierUpdate[] = (await fetchTrackings(provider, batch, signal))
      .filter((tracking) => wanted.has(tracking.tracking_number))
      .map((tracking) => ({ trackingNumber: tracking.tracking_number, events: aftershipEvents(tracking) }))
    const applied = await applyCarrierUpdates(updates, 'provider')
    outcome.polled += batch.length
    outcome.stored += applied.stored
    outcome.duplicates += applied.duplicates
  }
  if (outcome.stored > 0) logger().info(outcome, 'tracking provider polled')
  return outcome
}
