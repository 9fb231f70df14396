// What pages and other modules may use on both sides: the vocabulary, the machine, the inputs and the figures.
export * from './logistics.constants'
export { actionTo, SHIPMENT_ACTIONS, shipmentMachine, statusAfterEvent, type ShipmentAction } from './shipment.machine'
export { daysBetween, etaSlipped, isDelayed, packageTotals, type PackageTotals } from './shipment-figures'
export {
  BookShipmentInput,
  isoDate,
  PackageInput,
  PlaceInput,
  ReceiptLineInput,
  ReceiveShipmentInput,
  SHIPMENT_LIST_DEFAULT_LIMIT,
  SHIPMENT_LIST_MAX_LIMIT,
  SHIPMENT_ROLES,
  ShipmentLineInput,
  ShipmentListQuery,
  ShipmentWarehouseInput,
  TrackingEventInput,
  type ShipmentRole,
} from './shipment.inputs'
export { bookingFromForm, FORM_PACKAGE_ROWS } from './booking-form'
export { BookingForm, type BookingDefaults, type BookingLine, type BookingResult } from './components/booking-form'
export { ShipmentStatusBadge } from './components/shipment-status-badge'
export { ShipmentList, type ShipmentListFilters, type ShipmentListRow } from './components/shipment-list'
export { ShipmentDetailView, type ShipmentActionResult, type ShipmentClaim, type ShipmentMap, type ShipmentView } from './components/shipment-detail'
export { OrderShipments, type OrderShipmentRow } from './components/order-shipments'
export { TrackingCsvUpload, type CsvUploadResult } from './components/tracking-csv-upload'
