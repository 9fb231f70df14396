// Reading shipments: the tracking list of every shipment the company is party to (as shipper, buyer or carrier), and
// one shipment with its lines, timeline, ETA history and attachments, as every party sees it.
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany } from '../companies/index'
import { type AttachedFile, attachedFiles, openRecordAttachment, type RecordAttachmentDownload } from '../kernel/index.server'
import { userNames } from '../identity/index.server'
import { LIVE_SHIPMENT_STATUSES, type ShipmentMode, type ShipmentPackage, type ShipmentStatus, type TrackingSource } from './logistics.constants'
import { shipmentEtaChanges, shipmentLines, shipments, trackingEvents } from './logistics.tables.server'
import type { ShipmentListQuery, ShipmentRole } from './shipment.inputs'
import { availableActions } from '../../platform/state-machine'
import { type ShipmentAction, shipmentMachine } from './shipment.machine'
import { roleOf, type ShipmentRow } from './shipment-writes.server'

export type ShipmentSummary = {
  id: string
  number: string
  role: ShipmentRole
  status: ShipmentStatus
  mode: ShipmentMode
  shipperCompanyId: string | null
  shipperName: string
  buyerCompanyId: string | null
  buyerName: string
  carrier: string
  trackingNumber: string
  originName: string
  originCountry: string
  destinationName: string
  destinationCountry: string
  etd: string
  eta: string
  firstEta: string
  lastLocation: string
  lastEventAt: Date | null
  deliveredAt: Date | null
  receivedAt: Date | null
  orderNumbers: string[]
  createdAt: Date
}

export type ShipmentPage = { items: ShipmentSummary[]; total: number }

export type TrackingEvent = {
  id: string
  occurredAt: Date
  utcOffsetMinutes: number | null
  status: ShipmentStatus | null
  location: string
  country: string
  description: string
  source: TrackingSource
  eta: string | null
  authorName: string | null
}

export type ShipmentLine = {
  id: string
  orderId: string
  orderNumber: string
  orderLineId: string
  productId: string | null
  sku: string
  description: string
  unit: string
  quantity: number
  /** The order line's price as shipped (decimal text), in `currency`: what the shipment's papers state. */
  unitPrice: string
  currency: string
  receivedQuantity: number | null
  damagedQuantity: number | null
  receiptNote: string
}

export type EtaChange = { eta: string; previousEta: string | null; source: TrackingSource; createdAt: Date }

export type ShipmentDetail = ShipmentSummary & {
  version: number
  statusReason: string
  carrierCompanyName: string
  billOfLading: string
  airWaybill: string
  containerNumbers: string[]
  incoterm: string
  incotermPlace: string
  packages: ShipmentPackage[]
  packageCount: number
  grossWeightKg: string
  netWeightKg: string
  volumeM3: string
  notes: string
  origin: { lat: number | null; lon: number | null }
  destination: { lat: number | null; lon: number | null }
  last: { lat: number | null; lon: number | null }
  destinationWarehouseId: string | null
  lines: ShipmentLine[]
  events: TrackingEvent[]
  etaChanges: EtaChange[]
  attachments: AttachedFile[]
  /** The buyer's photos of the goods as they arrived. */
  receiptPhotos: AttachedFile[]
  /** What this company may do now. */
  actions: { steps: ShipmentAction[]; track: boolean; receive: boolean; chooseWarehouse: boolean }
}

const partyFilter = (companyId: string, role?: ShipmentRole): SQL => {
  if (role === 'shipper') return eq(shipments.shipperCompanyId, companyId)
  if (role === 'buyer') return eq(shipments.buyerCompanyId, companyId)
  if (role === 'carrier') return eq(shipments.carrierCompanyId, companyId)
  return or(eq(shipments.shipperCompanyId, companyId), eq(shipments.buyerCompanyId, companyId), eq(shipments.carrierCompanyId, companyId))!
}

/** A company the actor's company ships with, for the list's counterpart filter. */
export type ShipmentCounterpart = { companyId: string; name: string }

/**
 * The other parties of the company's shipments (shippers, buyers, carriers), by name, at most `limit`: one pass over
 * the company's shipments through its party indexes.
 */
export async function shipmentCounterparts(ctx: ServiceContext, limit = 200): Promise<ShipmentCounterpart[]> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const rows = await database()
    .selectDistinct({
      shipperId: shipments.shipperCompanyId,
      shipperName: shipments.shipperName,
      buyerId: shipments.buyerCompanyId,
      buyerName: shipments.buyerName,
      carrierId: shipments.carrierCompanyId,
      carrierName: shipments.carrierCompanyName,
    })
    .from(shipments)
    .where(partyFilter(companyId))
  const found = new Map<string, string>()
  for (const row of rows)
    for (const [id, name] of [
      [row.shipperId, row.shipperName],
      [row.buyerId, row.buyerName],
      [row.carrierId, row.carrierName],
    ] as const)
      if (id && id !== companyId && !found.has(id)) found.set(id, name)
  return [...found]
    .map(([id, name]) => ({ companyId: id, name }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, limit)
}

/** Today in UTC, as an ISO date. */
const today = () => new Date().toISOString().slice(0, 10)

/** The company's shipments, the next to arrive first (delivered ones last, newest first). */
export async function listShipments(ctx: ServiceContext, query: ShipmentListQuery): Promise<ShipmentPage> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const filters: SQL[] = [partyFilter(companyId, query.role)]
  if (query.status === 'live') filters.push(inArray(shipments.status, [...LIVE_SHIPMENT_STATUSES]))
  else if (query.status) filters.push(eq(shipments.status, query.status))
  if (query.mode) filters.push(eq(shipments.mode, query.mode))
  if (query.counterpart)
    filters.push(
      or(
        eq(shipments.shipperCompanyId, query.counterpart),
        eq(shipments.buyerCompanyId, query.counterpart),
        eq(shipments.carrierCompanyId, query.counterpart),
      )!,
    )
  if (query.etaFrom) filters.push(gte(shipments.eta, query.etaFrom))
  if (query.etaTo) filters.push(lte(shipments.eta, query.etaTo))
  if (query.delayed) filters.push(ne(shipments.status, 'delivered'), or(sql`${shipments.eta} < ${today()}`, gt(shipments.eta, shipments.firstEta))!)
  if (query.q) {
    const pattern = containsPattern(query.q)
    filters.push(
      or(
        ilike(shipments.number, pattern),
        ilike(shipments.trackingNumber, pattern),
        ilike(shipments.billOfLading, pattern),
        ilike(shipments.buyerName, pattern),
        ilike(shipments.shipperName, pattern),
        sql`exists (select 1 from ${shipmentLines} where ${shipmentLines.shipmentId} = ${shipments.id} and ${shipmentLines.orderNumber} ilike ${pattern})`,
      )!,
    )
  }
  const where = and(...filters)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shipments)
      .where(where)
      .orderBy(
        sql`${shipments.status} = 'delivered'`,
        sql`case when ${shipments.status} = 'delivered' then null else ${shipments.eta} end asc nulls last`,
        desc(shipments.createdAt),
        asc(shipments.id),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(shipments).where(where),
  ])
  const orderNumbers = await orderNumbersOf(rows.map((row) => row.id))
  return { items: rows.map((row) => summaryOf(row, companyId, orderNumbers.get(row.id) ?? [])), total: total?.n ?? 0 }
}

async function orderNumbersOf(shipmentIds: string[]): Promise<Map<string, string[]>> {
  if (shipmentIds.length === 0) return new Map()
  const rows = await database()
    .selectDistinct({ shipmentId: shipmentLines.shipmentId, orderNumber: shipmentLines.orderNumber })
    .from(shipmentLines)
    .where(inArray(shipmentLines.shipmentId, shipmentIds))
    .orderBy(shipmentLines.shipmentId, shipmentLines.orderNumber)
  const numbers = new Map<string, string[]>()
  for (const row of rows) numbers.set(row.shipmentId, [...(numbers.get(row.shipmentId) ?? []), row.orderNumber])
  return numbers
}

function summaryOf(row: ShipmentRow, companyId: string, orderNumbers: string[]): ShipmentSummary {
  return {
    id: row.id,
    number: row.number,
    role: roleOf(row, companyId)!,
    status: row.status,
    mode: row.mode,
    shipperCompanyId: row.shipperCompanyId,
    shipperName: row.shipperName,
    buyerCompanyId: row.buyerCompanyId,
    buyerName: row.buyerName,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    originName: row.originName,
    originCountry: row.originCountry,
    destinationName: row.destinationName,
    destinationCountry: row.destinationCountry,
    etd: row.etd,
    eta: row.eta,
    firstEta: row.firstEta,
    lastLocation: row.lastLocation,
    lastEventAt: row.lastEventAt,
    deliveredAt: row.deliveredAt,
    receivedAt: row.receivedAt,
    orderNumbers,
    createdAt: row.createdAt,
  }
}

/** Who may have attached the booking's files: the shipper, or the freight provider that booked for it. */
const bookingFileOwners = (row: Pick<ShipmentRow, 'shipperCompanyId' | 'carrierCompanyId'>) =>
  [row.shipperCompanyId, row.carrierCompanyId].filter((id): id is string => id !== null)

/** Who took the receipt's photos: the buyer. */
const receiptFileOwners = (row: Pick<ShipmentRow, 'buyerCompanyId'>) => (row.buyerCompanyId ? [row.buyerCompanyId] : [])

/** A file attached to the shipment (a booking document or a receipt photo), for any party; not found for anyone else or for a file it does not carry. */
export async function openShipmentAttachment(ctx: ServiceContext, id: string, fileId: string): Promise<RecordAttachmentDownload> {
  requireCompany(ctx.actor)
  const [row] = await database().select().from(shipments).where(eq(shipments.id, id))
  if (!row || !roleOf(row, ctx.actor.companyId)) throw new AppError('not_found', 'Attachment not found')
  // A booking document is the shipping side's file; a receipt photo the buyer's.
  const owners = row.attachmentFileIds.includes(fileId) ? bookingFileOwners(row) : row.receiptPhotoFileIds.includes(fileId) ? receiptFileOwners(row) : []
  const [file] = await attachedFiles([fileId], { companyIds: owners })
  if (!file) throw new AppError('not_found', 'Attachment not found')
  return openRecordAttachment(fileId, file.companyId)
}

/** One shipment as a party sees it; not found for anyone else. */
export async function getShipment(ctx: ServiceContext, id: string): Promise<ShipmentDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id))
  const role = row ? roleOf(row, companyId) : null
  if (!row || !role) throw new AppError('not_found', 'Shipment not found')
  const [lines, events, etaChanges, attachments, receiptPhotos] = await Promise.all([
    db.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, id)).orderBy(asc(shipmentLines.position)),
    db.select().from(trackingEvents).where(eq(trackingEvents.shipmentId, id)).orderBy(desc(trackingEvents.occurredAt), desc(trackingEvents.createdAt)),
    db.select().from(shipmentEtaChanges).where(eq(shipmentEtaChanges.shipmentId, id)).orderBy(asc(shipmentEtaChanges.createdAt)),
    attachedFiles(row.attachmentFileIds, { companyIds: bookingFileOwners(row) }),
    attachedFiles(row.receiptPhotoFileIds, { companyIds: receiptFileOwners(row) }),
  ])
  const authors = await userNames(events.map((event) => event.createdBy))
  const shipping = role === 'shipper' || role === 'carrier'
  return {
    ...summaryOf(row, companyId, [...new Set(lines.map((line) => line.orderNumber))].sort()),
    version: row.version,
    statusReason: row.statusReason,
    carrierCompanyName: row.carrierCompanyName,
    billOfLading: row.billOfLading,
    airWaybill: row.airWaybill,
    containerNumbers: row.containerNumbers,
    incoterm: row.incoterm,
    incotermPlace: row.incotermPlace,
    packages: row.packages,
    packageCount: row.packageCount,
    grossWeightKg: row.grossWeightKg,
    netWeightKg: row.netWeightKg,
    volumeM3: row.volumeM3,
    notes: row.notes,
    origin: { lat: row.originLat, lon: row.originLon },
    destination: { lat: row.destinationLat, lon: row.destinationLon },
    last: { lat: row.lastLat, lon: row.lastLon },
    destinationWarehouseId: role === 'buyer' ? row.destinationWarehouseId : null,
    lines: lines.map((line) => ({
      id: line.id,
      orderId: line.orderId,
      orderNumber: line.orderNumber,
      orderLineId: line.orderLineId,
      productId: line.productId,
      sku: line.sku,
      description: line.description,
      unit: line.unit,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      currency: line.currency,
      receivedQuantity: line.receivedQuantity,
      damagedQuantity: line.damagedQuantity,
      receiptNote: line.receiptNote,
    })),
    events: events.map((event) => ({
      id: event.id,
      occurredAt: event.occurredAt,
      utcOffsetMinutes: event.utcOffsetMinutes,
      status: event.status,
      location: event.location,
      country: event.country,
      description: event.description,
      source: event.source,
      eta: event.eta,
      authorName: event.createdBy ? (authors.get(event.createdBy) ?? null) : null,
    })),
    etaChanges: etaChanges.map((change) => ({ eta: change.eta, previousEta: change.previousEta, source: change.source, createdAt: change.createdAt })),
    attachments,
    receiptPhotos,
    actions: {
      steps: shipping ? availableActions(shipmentMachine, row.status, 'supplier') : [],
      track: shipping && row.status !== 'delivered',
      receive: role === 'buyer' && row.receivedAt === null,
      chooseWarehouse: role === 'buyer' && row.receivedAt === null,
    },
  }
}

/** Goods on their way to a buyer's warehouse, per item (its incoming stock), with the shipments carrying them. */
export async function incomingToWarehouse(
  ctx: ServiceContext,
  warehouseId: string,
): Promise<
  Array<{
    productId: string | null
    sku: string
    description: string
    unit: string
    quantity: number
    shipments: Array<{ id: string; number: string; eta: string }>
  }>
> {
  requireCompany(ctx.actor)
  const rows = await database()
    .select({
      shipmentId: shipments.id,
      number: shipments.number,
      eta: shipments.eta,
      productId: shipmentLines.productId,
      sku: shipmentLines.sku,
      description: shipmentLines.description,
      unit: shipmentLines.unit,
      quantity: shipmentLines.quantity,
    })
    .from(shipments)
    .innerJoin(shipmentLines, eq(shipmentLines.shipmentId, shipments.id))
    .where(and(eq(shipments.destinationWarehouseId, warehouseId), eq(shipments.buyerCompanyId, ctx.actor.companyId), sql`${shipments.receivedAt} is null`))
    .orderBy(asc(shipments.eta))
  const items = new Map<
    string,
    {
      productId: string | null
      sku: string
      description: string
      unit: string
      quantity: number
      shipments: Array<{ id: string; number: string; eta: string }>
    }
  >()
  for (const row of rows) {
    const key = row.productId ?? `${row.sku}|${row.description}`
    const item = items.get(key) ?? { productId: row.productId, sku: row.sku, description: row.description, unit: row.unit, quantity: 0, shipments: [] }
    item.quantity += row.quantity
    if (!item.shipments.some((shipment) => shipment.id === row.shipmentId)) item.shipments.push({ id: row.shipmentId, number: row.number, eta: row.eta })
    items.set(key, item)
  }
  return [...items.values()]
}

/** A shipment as an order's page lists it: where it is and how many of the order's units it carries. */
export type OrderShipment = {
  id: string
  number: string
  status: ShipmentStatus
  mode: ShipmentMode
  eta: string
  firstEta: string
  lastLocation: string
  units: number
  receivedAt: Date | null
}

/** The shipments carrying lines of an order, oldest first, for a party of the order (others see none). */
export async function shipmentsOfOrder(ctx: ServiceContext, orderId: string): Promise<OrderShipment[]> {
  requireCompany(ctx.actor)
  const rows = await database()
    .select({
      id: shipments.id,
      number: shipments.number,
      status: shipments.status,
      mode: shipments.mode,
      eta: shipments.eta,
      firstEta: shipments.firstEta,
      lastLocation: shipments.lastLocation,
      receivedAt: shipments.receivedAt,
      units: sql<number>`sum(${shipmentLines.quantity})::int`,
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(and(eq(shipmentLines.orderId, orderId), partyFilter(ctx.actor.companyId)))
    .groupBy(shipments.id)
    .orderBy(asc(shipments.createdAt), asc(shipments.id))
  return rows
}
