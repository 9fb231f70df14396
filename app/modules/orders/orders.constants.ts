// The vocabulary of orders, shared by the tables, the inputs, the state machines and the pages.

export { INCOTERMS, PAYMENT_TERMS, type Incoterm, type PaymentTerms } from '../../platform/trade-terms'
import type { Incoterm, PaymentTerms } from '../../platform/trade-terms'

export const PURCHASE_ORDER_STATUSES = [
  'draft',
  'placed',
  'confirmed',
  'declined',
  'in_production',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'disputed',
] as const
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number]

/** Statuses in which the supplier still has work to do (production planning, the fulfilment board). */
export const OPEN_PURCHASE_ORDER_STATUSES = ['placed', 'confirmed', 'in_production', 'shipped'] as const satisfies readonly PurchaseOrderStatus[]

export const CHANGE_REQUEST_KINDS = ['change', 'cancel'] as const
export type ChangeRequestKind = (typeof CHANGE_REQUEST_KINDS)[number]
export const CHANGE_REQUEST_STATUSES = ['pending', 'accept', 'reject', 'withdrawn'] as const
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number]

export const SERVICE_ORDER_KINDS = ['service', 'logistic'] as const
export type ServiceOrderKind = (typeof SERVICE_ORDER_KINDS)[number]

/** What a provider can be ordered for; the public `/services/{type}` pages list these. */
export const ORDERABLE_SERVICES = ['logistics', 'inspection', 'customs', 'certification', 'sourcing_agent'] as const
export type OrderableService = (typeof ORDERABLE_SERVICES)[number]

/** A service order: requested → accepted (or declined) by the provider → in_progress → completed; cancelled; disputed. */
export const SERVICE_ORDER_STATUSES = ['requested', 'quoting', 'accepted', 'declined', 'in_progress', 'completed', 'cancelled', 'disputed'] as const
export type ServiceOrderStatus = (typeof SERVICE_ORDER_STATUSES)[number]

/** Company kinds that may offer services (a supplier may also inspect or ship). */
export const PROVIDER_KINDS = ['service_provider', 'supplier', 'both'] as const

/** What an offering's price is counted per; an offering without a price is quoted on request. */
export const OFFERING_PRICE_BASES = ['per_job', 'per_shipment', 'per_container', 'per_kg', 'per_cbm', 'per_day', 'per_hour'] as const
export type OfferingPriceBasis = (typeof OFFERING_PRICE_BASES)[number]

/** A provider lists at most this many offerings; a country list at most this many countries. */
export const MAX_SERVICE_OFFERINGS = 100
export const MAX_OFFERING_COUNTRIES = 100

export const FREIGHT_MODES = ['sea', 'air', 'road', 'rail', 'express'] as const
export type FreightMode = (typeof FREIGHT_MODES)[number]

export const FREIGHT_QUOTE_STATUSES = ['pending', 'accept', 'reject', 'withdrawn'] as const
export type FreightQuoteStatus = (typeof FREIGHT_QUOTE_STATUSES)[number]

/** The ship-to address as it was when the order was placed (the address book may change later). */
export type AddressSnapshot = {
  label: string
  recipient: string
  phone: string
  line1: string
  line2: string
  city: string
  region: string
  postalCode: string
  country: string
}

/** What a logistic order carries and where. */
export type FreightDetails = {
  origin: string
  originCountry: string
  destination: string
  destinationCountry: string
  mode: FreightMode
  packages: number
  weightKg: string
  volumeM3: string
  dangerousGoods: boolean
  readyDate: string
  incoterm: Incoterm
  cargoDescription: string
}

/** What a change request proposes; absent fields stay as they are. */
export type ChangeProposal = {
  lines?: Array<{ lineId: string; quantity: number; unitPrice: string }>
  requestedDeliveryDate?: string | null
  incoterm?: Incoterm
  incotermPlace?: string
  paymentTerms?: PaymentTerms
  notes?: string
}

export const MAX_ORDER_LINES = 200
export const MAX_ORDER_ATTACHMENTS = 20
