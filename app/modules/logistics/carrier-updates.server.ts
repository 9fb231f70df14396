// News from a carrier's system (its webhook, the tracking provider's poll) for shipments of any company, found by the
// carrier's tracking number: no person acts, so every party hears of it.
import { asc, inArray } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { shipments } from './logistics.tables.server'
import { applyTrackingEvents, type IncomingEvent } from './tracking.service.server'

export type CarrierUpdate = { trackingNumber: string; events: IncomingEvent[] }
export type CarrierOutcome = { matched: Set<string>; stored: number; duplicates: number }

/**
 * Applies each update to every shipment with its tracking number, in one transaction (shipments locked in id order),
 * and relays the business events after commit. Tracking numbers no shipment has are left out of `matched`.
 */
export async function applyCarrierUpdates(updates: CarrierUpdate[], source: 'webhook' | 'provider'): Promise<CarrierOutcome> {
  const byNumber = new Map<string, IncomingEvent[]>()
  for (const update of updates) byNumber.set(update.trackingNumber, [...(byNumber.get(update.trackingNumber) ?? []), ...update.events])
  if (byNumber.size === 0) return { matched: new Set(), stored: 0, duplicates: 0 }
  const reporter = { source, companyId: null, userId: null }
  const { outcome, relay } = await database().transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(shipments)
      .where(inArray(shipments.trackingNumber, [...byNumber.keys()]))
      .orderBy(asc(shipments.id))
      .for('update')
    const outcome: CarrierOutcome = { matched: new Set(), stored: 0, duplicates: 0 }
    const relay: OutboxEventId[] = []
    for (const shipment of locked) {
      outcome.matched.add(shipment.trackingNumber)
      const applied = await applyTrackingEvents(tx, null, shipment, byNumber.get(shipment.trackingNumber) ?? [], reporter)
      outcome.stored += applied.stored
      outcome.duplicates += applied.duplicates
      relay.push(...applied.events)
    }
    return { outcome, relay }
  })
  await relayEvents(relay)
  return outcome
}
