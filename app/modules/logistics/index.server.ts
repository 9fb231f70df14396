// Tables stay private (issue 17); other modules, workflows and pages use these services.
export { bookShipment } from './shipment-booking.service.server'
export {
  getShipment,
  openShipmentAttachment,
  shipmentCounterparts,
  type ShipmentCounterpart,
  incomingToWarehouse,
  listShipments,
  shipmentsOfOrder,
  type OrderShipment,
  type EtaChange,
  type ShipmentDetail,
  type ShipmentLine,
  type ShipmentPage,
  type ShipmentSummary,
  type TrackingEvent,
} from './shipment-reads.service.server'
export {
  ON_TIME_SUPPLIERS,
  SHIPMENT_MENTIONS,
  shipmentFigures,
  type OnTime,
  type ShipmentCount,
  type ShipmentFigures,
  type ShipmentMention,
  type ShipmentSide,
  type ShipmentsUnderway,
  type SupplierOnTime,
} from './shipment-figures.service.server'
export { recordShipmentReceipt, setShipmentWarehouse, type ReceivedLine, type ShipmentReceipt } from './shipment-receipt.service.server'
export { addTrackingEvent, applyTrackingEvents, etaSlipThresholdDays, type Applied, type IncomingEvent, type Reporter } from './tracking.service.server'
export { projectRoute, type RouteStop } from './route-projection.server'
export {
  decodeTrackingCsv,
  importTrackingCsv,
  MAX_TRACKING_CSV_BYTES,
  TRACKING_CSV_COLUMNS,
  type CsvRowError,
  type TrackingCsvResult,
} from './tracking-csv.server'
export { receiveTrackingWebhook, type WebhookOutcome, type WebhookSignatures } from './tracking-webhook.server'
export { pollTrackingProvider, type PollOutcome } from './tracking-provider.server'
