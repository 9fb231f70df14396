import { sql } from 'drizzle-orm'
import { check, date, doublePrecision, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { organizations } from '../companies/companies.tables.server'
import { users } from '../identity/identity.tables.server'
import { INCOTERMS, type ShipmentPackage, SHIPMENT_MODES, SHIPMENT_STATUSES, TRACKING_SOURCES } from './logistics.constants'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * A shipment: goods of one or more orders of one buyer, on their way from the shipper (the supplier) to the buyer,
 * optionally in the hands of a logistics provider. Party ids become null when a company is purged; names stay.
 * Orders are another module's: lines name them by id and number (no foreign key across modules).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    shipperCompanyId: text('shipper_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    buyerCompanyId: text('buyer_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** The logistics provider carrying it under an accepted freight order, when there is one. */
    carrierCompanyId: text('carrier_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    shipperName: text('shipper_name').notNull(),
    buyerName: text('buyer_name').notNull(),
    carrierCompanyName: text('carrier_company_name').notNull().default(''),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('booked'),
    /** Why it is in exception. */
    statusReason: text('status_reason').notNull().default(''),
    mode: text('mode', { enum: SHIPMENT_MODES }).notNull(),
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    billOfLading: text('bill_of_lading').notNull().default(''),
    airWaybill: text('air_waybill').notNull().default(''),
    containerNumbers: jsonb('container_numbers').$type<string[]>().notNull().default([]),
    originName: text('origin_name').notNull(),
    originCountry: text('origin_country').notNull(),
    originLat: doublePrecision('origin_lat'),
    originLon: doublePrecision('origin_lon'),
    destinationName: text('destination_name').notNull(),
    destinationCountry: text('destination_country').notNull(),
    destinationLat: doublePrecision('destination_lat'),
    destinationLon: doublePrecision('destination_lon'),
    /** The buyer's warehouse the goods are expected in (its incoming stock); inventory's id, set by the buyer. */
    destinationWarehouseId: text('destination_warehouse_id'),
    etd: date('etd').notNull(),
    eta: date('eta').notNull(),
    /** The ETA first promised at booking: delay is measured against it. */
    firstEta: date('first_eta').notNull(),
    incoterm: text('incoterm', { enum: INCOTERMS }).notNull(),
    incotermPlace: text('incoterm_place').notNull().default(''),
    packages: jsonb('packages').$type<ShipmentPackage[]>().notNull().default([]),
    packageCount: integer('package_count').notNull().default(0),
    grossWeightKg: numeric('gross_weight_kg', { precision: 14, scale: 3 }).notNull().default('0'),
    netWeightKg: numeric('net_weight_kg', { precision: 14, scale: 3 }).notNull().default('0'),
    volumeM3: numeric('volume_m3', { precision: 14, scale: 4 }).notNull().default('0'),
    notes: text('notes').notNull().default(''),
    attachmentFileIds: jsonb('attachment_file_ids').$type<string[]>().notNull().default([]),
    /** The buyer's photos of the goods as they arrived (its own files). */
    receiptPhotoFileIds: jsonb('receipt_photo_file_ids').$type<string[]>().notNull().default([]),
    /** The last known position (from the latest tracking event that named a place on the map). */
    lastLocation: text('last_location').notNull().default(''),
    lastLat: doublePrecision('last_lat'),
    lastLon: doublePrecision('last_lon'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** The ETA last alerted about, so that one slip sends one alert. */
    alertedEta: date('alerted_eta'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_shipper_number_key').on(t.shipperCompanyId, t.number),
    index('shipments_shipper_created_idx').on(t.shipperCompanyId, t.createdAt),
    index('shipments_buyer_created_idx').on(t.buyerCompanyId, t.createdAt),
    index('shipments_carrier_created_idx').on(t.carrierCompanyId, t.createdAt),
    index('shipments_shipper_status_idx').on(t.shipperCompanyId, t.status, t.eta),
    index('shipments_buyer_status_idx').on(t.buyerCompanyId, t.status, t.eta),
    index('shipments_carrier_status_idx').on(t.carrierCompanyId, t.status, t.eta),
    // The webhook and the provider poll find a shipment by its carrier tracking number.
    index('shipments_tracking_number_idx')
      .on(t.trackingNumber)
      .where(sql`${t.trackingNumber} <> ''`),
    // Incoming stock of a buyer's warehouse.
    index('shipments_destination_warehouse_idx')
      .on(t.destinationWarehouseId)
      .where(sql`${t.destinationWarehouseId} is not null and ${t.receivedAt} is null`),
    check('shipments_status_check', sql`${t.status} in (${oneOf(SHIPMENT_STATUSES)})`),
    check('shipments_mode_check', sql`${t.mode} in (${oneOf(SHIPMENT_MODES)})`),
    check('shipments_incoterm_check', sql`${t.incoterm} in (${oneOf(INCOTERMS)})`),
    check('shipments_dates_check', sql`${t.eta} >= ${t.etd}`),
  ],
)

/** What a shipment carries: a quantity of one order line, and what the buyer received of it. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: text('id').primaryKey(),
    shipmentId: text('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    orderId: text('order_id').notNull(),
    orderNumber: text('order_number').notNull(),
    orderLineId: text('order_line_id').notNull(),
    productId: text('product_id'),
    sku: text('sku').notNull().default(''),
    description: text('description').notNull(),
    unit: text('unit').notNull(),
    quantity: integer('quantity').notNull(),
    /** The order's price of one unit, for the value of the stock it becomes. */
    unitPrice: numeric('unit_price', { precision: 18, scale: 4 }).notNull(),
    currency: text('currency').notNull(),
    /** Received in good condition; damaged units arrived but are not usable; short = quantity − received − damaged. */
    receivedQuantity: integer('received_quantity'),
    damagedQuantity: integer('damaged_quantity'),
    receiptNote: text('receipt_note').notNull().default(''),
  },
  (t) => [
    index('shipment_lines_shipment_idx').on(t.shipmentId, t.position),
    index('shipment_lines_order_idx').on(t.orderId),
    check('shipment_lines_quantity_check', sql`${t.quantity} > 0 and coalesce(${t.receivedQuantity}, 0) >= 0 and coalesce(${t.damagedQuantity}, 0) >= 0`),
  ],
)

/**
 * The tracking timeline, shared by both parties: each event once, whatever its source. `dedupeKey` is the carrier's
 * event id when it has one, else a digest of the time, code, place and description; a second copy of the same
 * event is not stored.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: text('id').primaryKey(),
    shipmentId: text('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The offset from UTC of the event's place at that moment, in minutes (null: unknown, shown in UTC). */
    utcOffsetMinutes: smallint('utc_offset_minutes'),
    /** The status the event moves the shipment to, when it is a milestone. */
    status: text('status', { enum: SHIPMENT_STATUSES }),
    location: text('location').notNull().default(''),
    country: text('country').notNull().default(''),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    description: text('description').notNull().default(''),
    source: text('source', { enum: TRACKING_SOURCES }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** A new ETA the event announced. */
    eta: date('eta'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tracking_events_dedupe_key').on(t.shipmentId, t.dedupeKey),
    index('tracking_events_shipment_idx').on(t.shipmentId, t.occurredAt),
    check('tracking_events_source_check', sql`${t.source} in (${oneOf(TRACKING_SOURCES)})`),
    check('tracking_events_status_check', sql`${t.status} is null or ${t.status} in (${oneOf(SHIPMENT_STATUSES)})`),
  ],
)

/** Every change of a shipment's ETA: the promise history (first promised vs now). */
export const shipmentEtaChanges = pgTable(
  'shipment_eta_changes',
  {
    id: text('id').primaryKey(),
    shipmentId: text('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    previousEta: date('previous_eta'),
    eta: date('eta').notNull(),
    source: text('source', { enum: TRACKING_SOURCES }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shipment_eta_changes_shipment_idx').on(t.shipmentId, t.createdAt)],
)
