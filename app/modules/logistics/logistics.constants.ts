// The vocabulary of shipments, shared by the tables, the inputs, the state machine and the pages.

export { INCOTERMS, type Incoterm } from '../../platform/trade-terms'

/**
 * A shipment's life: booked at the shipper's dock, picked up by the carrier, in transit, at customs, out for delivery,
 * delivered; `exception` (a held container, a damaged pallet) can happen in any live state and is left by the next
 * real movement.
 */
export const SHIPMENT_STATUSES = ['booked', 'picked_up', 'in_transit', 'at_customs', 'out_for_delivery', 'delivered', 'exception'] as const
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]

/** Statuses in which goods are on their way (the buyer's incoming stock, the dashboards' "in transit"). */
export const LIVE_SHIPMENT_STATUSES = [
  'booked',
  'picked_up',
  'in_transit',
  'at_customs',
  'out_for_delivery',
  'exception',
] as const satisfies readonly ShipmentStatus[]

export const SHIPMENT_MODES = ['sea_fcl', 'sea_lcl', 'air', 'road', 'rail', 'express'] as const
export type ShipmentMode = (typeof SHIPMENT_MODES)[number]

export const PACKAGE_TYPES = ['carton', 'pallet', 'crate', 'bag', 'drum', 'roll', 'bundle', 'container'] as const
export type PackageType = (typeof PACKAGE_TYPES)[number]

/** Where a tracking event came from: the shipper's hand, a CSV file, a carrier's webhook, the tracking provider, or Tradeport itself. */
export const TRACKING_SOURCES = ['manual', 'csv', 'webhook', 'provider', 'system'] as const
export type TrackingSource = (typeof TRACKING_SOURCES)[number]

/** A package line: how many of one kind, their weights (kg) and outer dimensions (cm) each. */
export type ShipmentPackage = {
  count: number
  type: PackageType
  grossWeightKg: string
  netWeightKg: string
  lengthCm: number
  widthCm: number
  heightCm: number
}

/** A place on the route: its name (port, airport or town), country and, when known, where it is on the map. */
export type RoutePlace = { name: string; country: string; lat: number | null; lon: number | null }

export const MAX_SHIPMENT_ORDERS = 20
export const MAX_SHIPMENT_PACKAGES = 50
export const MAX_CONTAINERS = 50
export const MAX_SHIPMENT_ATTACHMENTS = 20
/** Photos of the goods as they arrived, per receipt. */
export const MAX_RECEIPT_PHOTOS = 10
export const MAX_TRACKING_CSV_ROWS = 2000

/** The columns of a CSV file of tracking events, in the order the upload form shows them. */
export const TRACKING_CSV_COLUMNS = ['shipment', 'occurred_at', 'utc_offset', 'status', 'location', 'country', 'description', 'eta', 'event_id'] as const
export const TRACKING_CSV_HEADER = TRACKING_CSV_COLUMNS.join(',')

/** The path of a file attached to a shipment, which every party may open (`GET /api/v1/shipments/{id}/attachments/{fileId}`). */
export const shipmentAttachmentUrl = (shipmentId: string, fileId: string) =>
  `/api/v1/shipments/${encodeURIComponent(shipmentId)}/attachments/${encodeURIComponent(fileId)}`
