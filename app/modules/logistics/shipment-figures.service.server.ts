// Figures over shipments for the dashboard: what is on its way to or from the company (in transit, delayed, arriving
// this week, with the next few of each), and how punctually suppliers delivered over the last twelve months.
// Two statements, both on the (party, status, eta) indexes: one for the live shipments, one for the deliveries.
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { requireCompany } from '../companies/index'
import { LIVE_SHIPMENT_STATUSES, type ShipmentStatus } from './logistics.constants'
import { shipments } from './logistics.tables.server'
import { arrivingWeek, onTimeRate, yearBefore } from './shipment-figures'

/** The side of a shipment the company is on: it buys the goods, or it ships them. */
export type ShipmentSide = 'buyer' | 'shipper'

/** A shipment as a figure lists it: the other party is the shipper for a buyer and the buyer for a shipper. */
export type ShipmentMention = { id: string; number: string; counterpart: string; eta: string; status: ShipmentStatus }
/** How many shipments a figure counts, and the next few of them (earliest ETA first). */
export type ShipmentCount = { count: number; items: ShipmentMention[] }
export type ShipmentsUnderway = { inTransit: ShipmentCount; delayed: ShipmentCount; arrivingThisWeek: ShipmentCount }
export type OnTime = { delivered: number; onTime: number; rate: number | null }
export type SupplierOnTime = { companyId: string | null; name: string; delivered: number; onTime: number; rate: number }

export type ShipmentFigures = {
  /** Today and the six days after it: the window of "arriving this week". */
  week: { from: string; to: string }
  /** The first day of the twelve months on-time rates count. */
  since: string
  buyer: ShipmentsUnderway & {
    /** The suppliers who delivered the most shipments, with how many arrived by the first promised ETA. */
    bySupplier: SupplierOnTime[]
    /** All suppliers who delivered in the twelve months (bySupplier lists at most ON_TIME_SUPPLIERS). */
    suppliers: number
  }
  shipper: ShipmentsUnderway & { onTime: OnTime }
}

/** How many of each figure's shipments are listed. */
export const SHIPMENT_MENTIONS = 3
export const ON_TIME_SUPPLIERS = 10

// Literals, not parameters: the (party, status, eta) indexes are matched on the status list either way, and the
// statuses are the module's own constants.
const liveStatus = sql`${shipments.status} in (${sql.raw(LIVE_SHIPMENT_STATUSES.map((status) => `'${status}'`).join(', '))})`
const partyOf = (companyId: string) => sql`(${shipments.buyerCompanyId} = ${companyId} or ${shipments.shipperCompanyId} = ${companyId})`
const sideOf = (companyId: string) => sql<ShipmentSide>`case when ${shipments.buyerCompanyId} = ${companyId} then 'buyer' else 'shipper' end`

type LiveRow = ShipmentMention & {
  side: ShipmentSide
  delayed: boolean
  arriving: boolean
  inTransitCount: number
  delayedCount: number
  arrivingCount: number
  transitRank: number
  delayedRank: number
  arrivingRank: number
}

/**
 * The company's live shipments on each side, counted per figure, and the first few of each figure: one statement that
 * ranks the live shipments by ETA within each figure and keeps the first SHIPMENT_MENTIONS of each.
 */
function liveShipments(companyId: string, today: string, week: { from: string; to: string }): Promise<LiveRow[]> {
  const db = database()
  const live = db
    .select({
      id: shipments.id,
      number: shipments.number,
      status: shipments.status,
      eta: sql<string>`${shipments.eta}::text`.as('eta_text'),
      etaDay: sql<string>`${shipments.eta}`.as('eta_day'),
      side: sideOf(companyId).as('side'),
      counterpart: sql<string>`case when ${shipments.buyerCompanyId} = ${companyId} then ${shipments.shipperName} else ${shipments.buyerName} end`.as(
        'counterpart',
      ),
      // As the tracking list's "delayed" filter: the ETA passed, or it moved beyond the first promise.
      delayed: sql<boolean>`(${shipments.eta} < ${today}::date or ${shipments.eta} > ${shipments.firstEta})`.as('delayed'),
      arriving: sql<boolean>`(${shipments.eta} between ${week.from}::date and ${week.to}::date)`.as('arriving'),
    })
    .from(shipments)
    .where(and(partyOf(companyId), liveStatus))
    .as('live')
  const within = (partition: SQL) => sql`over (partition by ${partition} order by ${live.etaDay}, ${live.id})`
  const ranked = db
    .select({
      id: live.id,
      number: live.number,
      status: live.status,
      eta: live.eta,
      side: live.side,
      counterpart: live.counterpart,
      delayed: live.delayed,
      arriving: live.arriving,
      inTransitCount: sql<number>`(count(*) over (partition by ${live.side}))::int`.as('in_transit_count'),
      delayedCount: sql<number>`(count(*) filter (where ${live.delayed}) over (partition by ${live.side}))::int`.as('delayed_count'),
      arrivingCount: sql<number>`(count(*) filter (where ${live.arriving}) over (partition by ${live.side}))::int`.as('arriving_count'),
      transitRank: sql<number>`(row_number() ${within(sql`${live.side}`)})::int`.as('transit_rank'),
      delayedRank: sql<number>`(row_number() ${within(sql`${live.side}, ${live.delayed}`)})::int`.as('delayed_rank'),
      arrivingRank: sql<number>`(row_number() ${within(sql`${live.side}, ${live.arriving}`)})::int`.as('arriving_rank'),
    })
    .from(live)
    .as('ranked')
  return db
    .select({
      id: ranked.id,
      number: ranked.number,
      status: ranked.status,
      eta: ranked.eta,
      side: ranked.side,
      counterpart: ranked.counterpart,
      delayed: ranked.delayed,
      arriving: ranked.arriving,
      inTransitCount: ranked.inTransitCount,
      delayedCount: ranked.delayedCount,
      arrivingCount: ranked.arrivingCount,
      transitRank: ranked.transitRank,
      delayedRank: ranked.delayedRank,
      arrivingRank: ranked.arrivingRank,
    })
    .from(ranked)
    .where(
      sql`${ranked.transitRank} <= ${SHIPMENT_MENTIONS} or (${ranked.delayed} and ${ranked.delayedRank} <= ${SHIPMENT_MENTIONS}) or (${ranked.arriving} and ${ranked.arrivingRank} <= ${SHIPMENT_MENTIONS})`,
    )
    .orderBy(ranked.eta, ranked.id)
}

type DeliveryRow = { side: ShipmentSide; companyId: string | null; name: string; delivered: number; onTime: number }

/**
 * Shipments delivered since `since` on each side: per shipper for the company's purchases, in all for its own
 * shipping. On time: delivered (its UTC day) by the ETA first promised at booking.
 */
function deliveries(companyId: string, since: string): Promise<DeliveryRow[]> {
  const buying = sql`${shipments.buyerCompanyId} = ${companyId}`
  return (
    database()
      .select({
        side: sideOf(companyId),
        companyId: sql<string | null>`case when ${buying} then ${shipments.shipperCompanyId} end`,
        name: sql<string>`max(case when ${buying} then ${shipments.shipperName} else '' end)`,
        delivered: sql<number>`count(*)::int`.mapWith(Number),
        onTime: sql<number>`(count(*) filter (where (${shipments.deliveredAt} at time zone 'UTC')::date <= ${shipments.firstEta}))::int`.mapWith(Number),
      })
      .from(shipments)
      .where(and(partyOf(companyId), eq(shipments.status, 'delivered'), sql`${shipments.deliveredAt} >= (${since}::date::timestamp at time zone 'UTC')`))
      // By position: the side and the shipper are expressions with parameters, which GROUP BY would not match.
      .groupBy(sql.raw('1, 2'))
  )
}

function countOf(rows: LiveRow[], count: number, listed: (row: LiveRow) => boolean): ShipmentCount {
  return {
    count,
    items: rows.filter(listed).map((row) => ({ id: row.id, number: row.number, counterpart: row.counterpart, eta: row.eta, status: row.status })),
  }
}

function underway(rows: LiveRow[]): ShipmentsUnderway {
  const first = rows[0]
  return {
    inTransit: countOf(rows, first?.inTransitCount ?? 0, (row) => row.transitRank <= SHIPMENT_MENTIONS),
    delayed: countOf(rows, first?.delayedCount ?? 0, (row) => row.delayed && row.delayedRank <= SHIPMENT_MENTIONS),
    arrivingThisWeek: countOf(rows, first?.arrivingCount ?? 0, (row) => row.arriving && row.arrivingRank <= SHIPMENT_MENTIONS),
  }
}

/**
 * The actor's company's shipments as the dashboard shows them on `today` (an ISO date, the viewer's day): what is
 * underway as buyer and as shipper, on-time delivery per supplier of its purchases, and its own as a shipper.
 */
export async function shipmentFigures(ctx: ServiceContext, today: string): Promise<ShipmentFigures> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const week = arrivingWeek(today)
  const since = yearBefore(today)
  const [live, delivered] = await Promise.all([liveShipments(companyId, today, week), deliveries(companyId, since)])
  const bySupplier = delivered
    .filter((row) => row.side === 'buyer')
    .map((row) => ({ companyId: row.companyId, name: row.name, delivered: row.delivered, onTime: row.onTime, rate: row.onTime / row.delivered }))
    .sort((a, b) => b.delivered - a.delivered || a.name.localeCompare(b.name))
  const shipped = delivered.find((row) => row.side === 'shipper') ?? { delivered: 0, onTime: 0 }
  return {
    week,
    since,
    buyer: {
      ...underway(live.filter((row) => row.side === 'buyer')),
      bySupplier: bySupplier.slice(0, ON_TIME_SUPPLIERS),
      suppliers: bySupplier.length,
    },
    shipper: {
      ...underway(live.filter((row) => row.side === 'shipper')),
      onTime: { delivered: shipped.delivered, onTime: shipped.onTime, rate: onTimeRate(shipped.delivered, shipped.onTime) },
    },
  }
}
