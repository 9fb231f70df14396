import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { products } from '../catalog/catalog.tables.server'
import { addresses, organizations } from '../companies/companies.tables.server'
import { users } from '../identity/identity.tables.server'
import {
  type AddressSnapshot,
  CHANGE_REQUEST_KINDS,
  CHANGE_REQUEST_STATUSES,
  type ChangeProposal,
  FREIGHT_QUOTE_STATUSES,
  type FreightDetails,
  INCOTERMS,
  OFFERING_PRICE_BASES,
  ORDERABLE_SERVICES,
  PAYMENT_TERMS,
  PURCHASE_ORDER_STATUSES,
  SERVICE_ORDER_KINDS,
  SERVICE_ORDER_STATUSES,
} from './orders.constants'
import type { PurchaseOrderEventType } from './purchase-order.machine'
import type { ServiceOrderEventType } from './service-order.machine'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const money = (name: string) => numeric(name, { precision: 18, scale: 4 })
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * A purchase order: the contract between a buying and a supplying company. Party ids become null when a company is
 * purged; the names stay so the other party's record still reads. `version` is the optimistic lock.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    buyerCompanyId: text('buyer_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    supplierCompanyId: text('supplier_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    supplierName: text('supplier_name').notNull(),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('draft'),
    currency: text('currency').notNull(),
    incoterm: text('incoterm', { enum: INCOTERMS }).notNull(),
    incotermPlace: text('incoterm_place').notNull(),
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull(),
    requestedDeliveryDate: date('requested_delivery_date'),
    shipToAddressId: text('ship_to_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    shipTo: jsonb('ship_to').$type<AddressSnapshot>(),
    notes: text('notes').notNull().default(''),
    attachmentFileIds: jsonb('attachment_file_ids').$type<string[]>().notNull().default([]),
    subtotal: money('subtotal').notNull().default('0'),
    total: money('total').notNull().default('0'),
    lineCount: integer('line_count').notNull().default(0),
    /** Why it was declined, cancelled or disputed. */
    statusReason: text('status_reason').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('purchase_orders_buyer_number_key').on(t.buyerCompanyId, t.number),
    index('purchase_orders_buyer_status_idx').on(t.buyerCompanyId, t.status, t.createdAt),
    index('purchase_orders_buyer_created_idx').on(t.buyerCompanyId, t.createdAt),
    index('purchase_orders_supplier_status_idx').on(t.supplierCompanyId, t.status, t.createdAt),
    index('purchase_orders_supplier_created_idx').on(t.supplierCompanyId, t.createdAt),
    // The companies a company trades with (the lists' counterpart filter), read by skipping from one to the next.
    index('purchase_orders_buyer_supplier_idx').on(t.buyerCompanyId, t.supplierCompanyId),
    index('purchase_orders_supplier_buyer_idx').on(t.supplierCompanyId, t.buyerCompanyId),
    // The dashboard's figures: a party's orders placed in a period, and the platform's.
    index('purchase_orders_buyer_placed_idx').on(t.buyerCompanyId, t.placedAt),
    index('purchase_orders_supplier_placed_idx').on(t.supplierCompanyId, t.placedAt),
    index('purchase_orders_placed_idx').on(t.placedAt),
    // The dashboard's live tasks: orders to confirm, and open orders past their requested day, oldest first.
    index('purchase_orders_supplier_to_confirm_idx')
      .on(t.supplierCompanyId, t.placedAt)
      .where(sql`${t.status} = 'placed'`),
    index('purchase_orders_buyer_open_due_idx')
      .on(t.buyerCompanyId, t.requestedDeliveryDate)
      .where(sql`${t.status} in ('placed', 'confirmed', 'in_production', 'shipped')`),
    index('purchase_orders_supplier_producing_due_idx')
      .on(t.supplierCompanyId, t.requestedDeliveryDate)
      .where(sql`${t.status} in ('confirmed', 'in_production')`),
    index('purchase_orders_number_trgm_idx').using('gin', sql`lower(${t.number}) gin_trgm_ops`),
    check('purchase_orders_status_check', sql`${t.status} in (${oneOf(PURCHASE_ORDER_STATUSES)})`),
    check('purchase_orders_incoterm_check', sql`${t.incoterm} in (${oneOf(INCOTERMS)})`),
    check('purchase_orders_payment_terms_check', sql`${t.paymentTerms} in (${oneOf(PAYMENT_TERMS)})`),
    check('purchase_orders_parties_check', sql`${t.buyerCompanyId} is null or ${t.supplierCompanyId} is null or ${t.buyerCompanyId} <> ${t.supplierCompanyId}`),
  ],
)

/** A line: a catalogue product (price from the supplier's list) or free text (price given by the buyer). */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull().default(''),
    description: text('description').notNull(),
    unit: text('unit').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    lineTotal: money('line_total').notNull(),
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    receivedQuantity: integer('received_quantity').notNull().default(0),
  },
  (t) => [
    index('purchase_order_lines_order_idx').on(t.orderId, t.position),
    index('purchase_order_lines_product_idx').on(t.productId),
    check(
      'purchase_order_lines_quantities_check',
      sql`${t.quantity} > 0 and ${t.shippedQuantity} between 0 and ${t.quantity} and ${t.receivedQuantity} between 0 and ${t.shippedQuantity}`,
    ),
  ],
)

/** The order's timeline: every transition and change, written in the transaction that made it. */
export const purchaseOrderEvents = pgTable(
  'purchase_order_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    type: text('type').$type<PurchaseOrderEventType>().notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorCompanyId: text('actor_company_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('purchase_order_events_order_idx').on(t.orderId, t.createdAt)],
)

/** A change (or cancellation) one party proposes after confirmation; the other accepts or rejects it. */
export const purchaseOrderChangeRequests = pgTable(
  'purchase_order_change_requests',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHANGE_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: CHANGE_REQUEST_STATUSES }).notNull().default('pending'),
    requestedByCompanyId: text('requested_by_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    requestedByUserId: text('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    proposal: jsonb('proposal').$type<ChangeProposal>().notNull().default({}),
    /** The order's terms and lines as they were when the change was proposed. */
    before: jsonb('before').$type<Record<string, unknown>>().notNull().default({}),
    decidedByUserId: text('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchase_order_change_requests_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('purchase_order_change_requests_one_pending_key')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
    check('purchase_order_change_requests_kind_check', sql`${t.kind} in (${oneOf(CHANGE_REQUEST_KINDS)})`),
    check('purchase_order_change_requests_status_check', sql`${t.status} in (${oneOf(CHANGE_REQUEST_STATUSES)})`),
  ],
)

/**
 * Service and logistic orders. A service order names its provider from the start; a logistic order starts as a freight
 * request (`quoting`, no provider) that providers price, and gets its provider and price when the buyer accepts a quote.
 */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    kind: text('kind', { enum: SERVICE_ORDER_KINDS }).notNull(),
    serviceType: text('service_type', { enum: ORDERABLE_SERVICES }).notNull(),
    buyerCompanyId: text('buyer_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    providerCompanyId: text('provider_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    providerName: text('provider_name').notNull().default(''),
    status: text('status', { enum: SERVICE_ORDER_STATUSES }).notNull(),
    scope: text('scope').notNull().default(''),
    location: text('location').notNull().default(''),
    serviceDate: date('service_date'),
    linkedPurchaseOrderId: text('linked_purchase_order_id').references(() => purchaseOrders.id, { onDelete: 'set null' }),
    freight: jsonb('freight').$type<FreightDetails>(),
    currency: text('currency'),
    price: money('price'),
    statusReason: text('status_reason').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('service_orders_buyer_number_key').on(t.buyerCompanyId, t.number),
    index('service_orders_buyer_status_idx').on(t.buyerCompanyId, t.status, t.createdAt),
    index('service_orders_provider_status_idx').on(t.providerCompanyId, t.status, t.createdAt),
    // Open freight requests, for providers looking for work.
    index('service_orders_open_requests_idx')
      .on(t.kind, t.status, t.createdAt)
      .where(sql`${t.providerCompanyId} is null`),
    check('service_orders_kind_check', sql`${t.kind} in (${oneOf(SERVICE_ORDER_KINDS)})`),
    check('service_orders_service_type_check', sql`${t.serviceType} in (${oneOf(ORDERABLE_SERVICES)})`),
    check('service_orders_status_check', sql`${t.status} in (${oneOf(SERVICE_ORDER_STATUSES)})`),
  ],
)

export const serviceOrderEvents = pgTable(
  'service_order_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    type: text('type').$type<ServiceOrderEventType>().notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorCompanyId: text('actor_company_id').references(() => organizations.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('service_order_events_order_idx').on(t.orderId, t.createdAt)],
)

/** A provider's price for a freight request. */
export const freightQuotes = pgTable(
  'freight_quotes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    providerCompanyId: text('provider_company_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: FREIGHT_QUOTE_STATUSES }).notNull().default('pending'),
    currency: text('currency').notNull(),
    price: money('price').notNull(),
    transitDays: integer('transit_days').notNull(),
    validUntil: date('valid_until').notNull(),
    note: text('note').notNull().default(''),
    includesInsurance: boolean('includes_insurance').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('freight_quotes_order_idx').on(t.orderId, t.createdAt),
    index('freight_quotes_provider_idx').on(t.providerCompanyId, t.createdAt),
    uniqueIndex('freight_quotes_one_pending_per_provider_key')
      .on(t.orderId, t.providerCompanyId)
      .where(sql`${t.status} = 'pending'`),
    check('freight_quotes_status_check', sql`${t.status} in (${oneOf(FREIGHT_QUOTE_STATUSES)})`),
  ],
)

/** A supplier's private note about a customer company (the `/app/customers` page). */
export const customerNotes = pgTable(
  'customer_notes',
  {
    supplierCompanyId: text('supplier_company_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerCompanyId: text('customer_company_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.supplierCompanyId, t.customerCompanyId] })],
)

/**
 * A service a provider offers (inspection, customs brokerage, freight…): where it is served (worldwide, or a list of
 * countries) and at what price per basis, or on request (no price). These feed the public `/services/{type}` pages and
 * make the company a provider of the service beside the services it named at onboarding. `version` is the optimistic lock.
 */
export const serviceOfferings = pgTable(
  'service_offerings',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    serviceType: text('service_type', { enum: ORDERABLE_SERVICES }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    worldwide: boolean('worldwide').notNull().default(false),
    /** ISO 3166-1 alpha-2 codes of the countries served (empty when worldwide). */
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    currency: text('currency'),
    price: money('price'),
    priceBasis: text('price_basis', { enum: OFFERING_PRICE_BASES }),
    leadTimeDays: integer('lead_time_days').notNull(),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_offerings_organization_idx').on(t.organizationId, t.createdAt),
    index('service_offerings_type_idx').on(t.serviceType, t.organizationId),
    // "Which providers serve this country?" (countries @> '["DE"]').
    index('service_offerings_countries_idx').using('gin', t.countries),
    check('service_offerings_service_type_check', sql`${t.serviceType} in (${oneOf(ORDERABLE_SERVICES)})`),
    check('service_offerings_price_basis_check', sql`${t.priceBasis} is null or ${t.priceBasis} in (${oneOf(OFFERING_PRICE_BASES)})`),
    check(
      'service_offerings_price_check',
      sql`(${t.price} is null) = (${t.currency} is null) and (${t.price} is null) = (${t.priceBasis} is null) and (${t.price} is null or ${t.price} >= 0)`,
    ),
    check('service_offerings_area_check', sql`${t.worldwide} or jsonb_array_length(${t.countries}) > 0`),
    check('service_offerings_lead_time_check', sql`${t.leadTimeDays} between 1 and 365`),
  ],
)
