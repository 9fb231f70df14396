// The tracking timeline: events from the shipper's hand, a CSV file, a carrier's webhook or the tracking provider go
// into one store, each once. A new event may move the shipment (only forward, only when it is the latest), its last
// known position and its ETA; the other parties are told of milestones, exceptions, delivery and a slipping ETA, and
// the carried orders' timelines get a line for the news that matters to them.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import type { Notice } from '../companies/index.server'
import { noteShipmentOnOrders } from '../orders/index.server'
import type { ShipmentStatus, TrackingSource } from './logistics.constants'
import { shipmentEtaChanges, shipmentLines, shipments, trackingEvents } from './logistics.tables.server'
import { locatePlace } from './places'
import type { TrackingEventInput } from './shipment.inputs'
import { statusAfterEvent } from './shipment.machine'
import { etaSlipped } from './shipment-figures'
import { dedupeKey } from './tracking-dedupe'
import { fieldError, lockShipment, notifyParties, recordShipmentEvent, type ShipmentRow } from './shipment-writes.server'

/** An event in the store's terms, whatever its source. */
export type IncomingEvent = {
  externalId?: string | null
  occurredAt: Date
  utcOffsetMinutes: number | null
  status: ShipmentStatus | null
  location: string
  country: string
  lat?: number | null
  lon?: number | null
  description: string
  eta: string | null
}

/** Who reported the events: a person of a party (manual, CSV), or a carrier's system (webhook, provider poll). */
export type Reporter = { source: TrackingSource; companyId: string | null; userId: string | null }

/** Days an ETA may move past the first promise before both sides are told (SHIPMENT_ETA_SLIP_DAYS, default 2). */
export function etaSlipThresholdDays(): number {
  const value = Number(process.env.SHIPMENT_ETA_SLIP_DAYS ?? 2)
  return Number.isInteger(value) && value >= 0 ? value : 2
}

/** What applying events did: how many were new, and the events to relay after commit. */
export type Applied = { stored: number; duplicates: number; events: OutboxEventId[] }

const EXCEPTION_REASON_MAX = 500

/**
 * Stores the events on the locked shipment (a copy of a stored event is skipped) and applies what they say. In the
 * caller's transaction; the caller relays `events` after commit.
 */
export async function applyTrackingEvents(
  tx: Transaction,
  ctx: ServiceContext | null,
  shipment: ShipmentRow,
  incoming: IncomingEvent[],
  reporter: Reporter,
): Promise<Applied> {
  // A person is told; a carrier's late events after delivery are kept as history.
  if (reporter.source === 'manual' && shipment.status === 'delivered' && incoming.some((event) => event.status && event.status !== 'delivered'))
    throw new AppError('invalid_transition', 'The shipment is delivered: its timeline is closed', { status: shipment.status })
  const rows = incoming.map((event) => {
    const place =
      event.lat != null && event.lon != null ? { lat: event.lat, lon: event.lon } : event.location ? locatePlace(event.location, event.country) : null
    return {
      id: randomUUID(),
      shipmentId: shipment.id,
      occurredAt: event.occurredAt,
      utcOffsetMinutes: event.utcOffsetMinutes,
      status: event.status,
      location: event.location,
      country: event.country,
      lat: place?.lat ?? null,
      lon: place?.lon ?? null,
      description: event.description,
      source: reporter.source,
      dedupeKey: dedupeKey(event),
      eta: event.eta,
      createdBy: reporter.userId,
    }
  })
  const inserted = rows.length === 0 ? [] : await tx.insert(trackingEvents).values(rows).onConflictDoNothing().returning({ id: trackingEvents.id })
  const stored = new Set(inserted.map((row) => row.id))
  const fresh = rows.filter((row) => stored.has(row.id)).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
  const notices: Notice[] = []
  const actor = { companyId: reporter.companyId, userId: reporter.userId }
  const orderIds = fresh.length > 0 ? await carriedOrderIds(tx, shipment.id) : []
  const reference = { id: shipment.id, number: shipment.number }
  const patch: Partial<typeof shipments.$inferInsert> = {}
  let current = shipment
  for (const event of fresh) {
    // The booking is Tradeport's own entry, not a carrier milestone: the first real event counts whenever it happened.
    const latest = current.status === 'booked' || !current.lastEventAt || event.occurredAt.getTime() >= current.lastEventAt.getTime()
    if (!latest) continue
    Object.assign(patch, { lastEventAt: event.occurredAt })
    if (event.location) Object.assign(patch, { lastLocation: event.location, lastLat: event.lat, lastLon: event.lon })
    const next = statusAfterEvent(current.status, event.status)
    if (next) {
      Object.assign(patch, { status: next, statusReason: next === 'exception' ? event.description.slice(0, EXCEPTION_REASON_MAX) : '' })
      const location = event.location || current.lastLocation
      if (next === 'exception') {
        await notifyParties(tx, current, actor, 'exception', { reason: event.description }, notices)
        await noteShipmentOnOrders(tx, ctx, orderIds, 'shipment_exception', reference, { note: event.description })
      } else if (next === 'delivered') {
        Object.assign(patch, { deliveredAt: event.occurredAt })
        await notifyParties(tx, current, actor, 'delivered', {}, notices)
        await noteShipmentOnOrders(tx, ctx, orderIds, 'shipment_delivered', reference)
      } else if (next !== 'booked') {
        await notifyParties(tx, current, actor, next, { location }, notices)
      }
    }
    current = { ...current, ...patch } as ShipmentRow
  }
  // A new ETA from any fresh event (the latest one that names one), whether or not the event was the latest move.
  const newEta = fresh.filter((event) => event.eta).at(-1)?.eta
  if (newEta && newEta !== shipment.eta && newEta >= shipment.etd) {
    Object.assign(patch, { eta: newEta })
    await tx
      .insert(shipmentEtaChanges)
      .values({ id: randomUUID(), shipmentId: shipment.id, previousEta: shipment.eta, eta: newEta, source: reporter.source, createdBy: reporter.userId })
    if (etaSlipped(shipment.firstEta, newEta, shipment.alertedEta, etaSlipThresholdDays())) {
      Object.assign(patch, { alertedEta: newEta })
      await notifyParties(tx, current, { companyId: null, userId: reporter.userId }, 'eta_slipped', { previous: shipment.firstEta, eta: newEta }, notices)
      await noteShipmentOnOrders(tx, ctx, orderIds, 'shipment_delayed', reference, { data: { firstEta: shipment.firstEta, eta: newEta } })
    }
  }
  const events: OutboxEventId[] = []
  if (fresh.length > 0) {
    await tx
      .update(shipments)
      .set({ ...patch, version: shipment.version + 1, updatedAt: new Date() })
      .where(eq(shipments.id, shipment.id))
    events.push(await recordShipmentEvent(tx, { ...shipment, ...patch } as ShipmentRow, 'tracked', notices, reporter.userId))
  }
  return { stored: fresh.length, duplicates: rows.length - fresh.length, events }
}

async function carriedOrderIds(tx: Transaction, shipmentId: string): Promise<string[]> {
  const rows = await tx.selectDistinct({ orderId: shipmentLines.orderId }).from(shipmentLines).where(eq(shipmentLines.shipmentId, shipmentId))
  return rows.map((row) => row.orderId)
}

/** When the event happened: a time with its own offset, or a local time at the place's offset (UTC when unknown). */
export function eventInstant(occurredAt: string, utcOffsetMinutes: number | null): Date {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(occurredAt)) return new Date(occurredAt)
  const local = new Date(`${occurredAt.length === 16 ? `${occurredAt}:00` : occurredAt}Z`)
  return new Date(local.getTime() - (utcOffsetMinutes ?? 0) * 60_000)
}

/** The offset an event's own time string carries, in minutes (null when it has none). */
export function offsetOf(occurredAt: string): number | null {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(occurredAt)
  if (match) return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
  return /z$/i.test(occurredAt) ? 0 : null
}

/** The event as the store takes it, from a person's input (the form, the API, a CSV row). */
export function incomingFromInput(input: TrackingEventInput): IncomingEvent {
  const offset = input.utcOffsetMinutes ?? offsetOf(input.occurredAt)
  return {
    externalId: input.externalId ?? null,
    occurredAt: eventInstant(input.occurredAt, offset),
    utcOffsetMinutes: offset,
    status: input.status ?? null,
    location: input.location,
    country: input.country ?? '',
    description: input.status === 'exception' && input.reason ? input.reason : input.description,
    eta: input.eta ?? null,
  }
}

/** Refuses what a person may not report: an exception without a reason, an event in the future. */
export function checkReportedEvent(input: TrackingEventInput, event: IncomingEvent, now = new Date()): void {
  const fields: Record<string, string[]> = {}
  if (input.status === 'exception' && !input.reason && !input.description) fields.reason = ['validation.reason']
  if (event.occurredAt.getTime() > now.getTime() + 10 * 60_000) fields.occurredAt = ['validation.futureEvent']
  if (Object.keys(fields).length > 0) throw fieldError(fields)
}

/** The shipping side's roles: they report tracking; the buyer reads it. */
const REPORTERS = new Set(['shipper', 'carrier'])

/** A tracking event reported by hand by the shipper or the carrier. Returns whether it was new (false: a copy). */
export async function addTrackingEvent(ctx: ServiceContext, shipmentId: string, input: TrackingEventInput): Promise<{ stored: boolean }> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const event = incomingFromInput(input)
  const applied = await database().transaction(async (tx) => {
    const { shipment, role } = await lockShipment(tx, companyId, shipmentId)
    if (!REPORTERS.has(role)) throw new AppError('forbidden', 'Only the shipper or the carrier reports tracking events')
    checkReportedEvent(input, event)
    if (event.occurredAt.getTime() < new Date(`${shipment.etd}T00:00:00Z`).getTime() - 31 * 86_400_000)
      throw fieldError({ occurredAt: ['validation.eventBeforeDeparture'] })
    return applyTrackingEvents(tx, ctx, shipment, [event], { source: 'manual', companyId, userId: ctx.actor.userId })
  })
  await relayEvents(applied.events)
  return { stored: applied.stored === 1 }
}

/** Shipments of the shipping side found by number or carrier tracking number (a CSV's rows name them so). */
export async function shipmentsByReference(tx: Transaction, companyId: string, references: string[]): Promise<Map<string, ShipmentRow>> {
  if (references.length === 0) return new Map()
  const rows = await tx
    .select()
    .from(shipments)
    .where(inArray(shipments.number, references))
    .union(
      tx
        .select()
        .from(shipments)
        .where(and(inArray(shipments.trackingNumber, references))),
    )
  const found = new Map<string, ShipmentRow>()
  for (const row of rows) {
    if (row.shipperCompanyId !== companyId && row.carrierCompanyId !== companyId) continue
    found.set(row.number, row)
    if (row.trackingNumber) found.set(row.trackingNumber, row)
  }
  return found
}
