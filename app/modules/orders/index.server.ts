// Tables stay private (issue 17); other modules use these services and the published read model (ADR 036).
export { orderSubjects } from './orders.views.server'
export { awardedOrderSummaries, type AwardedOrderSummary } from './order-summaries.service.server'
export { createAwardedPurchaseOrder, createPurchaseOrder, updatePurchaseOrder } from './purchase-order-placement.service.server'
export { transitionPurchaseOrder } from './purchase-order-lifecycle.service.server'
export { closeDisputeByRuling, noteMoneyOnOrder, orderMoneyFacts, type OrderMoneyFacts } from './order-money.service.server'
export {
  freightProviderOf,
  noteDocumentOnOrders,
  noteShipmentOnOrders,
  receiveOrderLines,
  shipOrderLines,
  shippableOrderLines,
  shippingSupplierOf,
  type LineQuantity,
  type ShipmentNews,
  type ShipmentReference,
  type ShippableLine,
  type ShippedOrderLine,
  type ShippedOrders,
} from './purchase-order-shipping.service.server'
export { decideChange, requestChange } from './purchase-order-changes.service.server'
export { getPurchaseOrder, listPurchaseOrders, orderCounterparts } from './purchase-order-reads.service.server'
export { partyOf } from './purchase-order.policy'
export type {
  AwardedOrderInput,
  ChangeRequest,
  OrderAttachment,
  OrderEvent,
  OrderLine,
  PurchaseOrderDetail,
  PurchaseOrderPage,
  PurchaseOrderSummary,
} from './purchase-order.types'
export { findOrdersByNumber, findServiceOrdersByNumber, type OrderLookup, type ServiceOrderLookup } from './order-lookup.service.server'
export {
  exportOrdersCsv,
  listCustomers,
  listOpenOrderLines,
  MAX_CSV_EXPORT_ROWS,
  openOrderAttachment,
  setCustomerNote,
  type CustomerSummary,
  type OpenOrderLine,
  type OrderAttachmentDownload,
} from './order-reports.service.server'
export { acceptFreightQuote, submitFreightQuote, withdrawFreightQuote } from './freight-quote.service.server'
export { createLogisticOrder, createServiceOrder } from './service-order-placement.service.server'
export { transitionServiceOrder } from './service-order-lifecycle.service.server'
export { getServiceOrder, linkablePurchaseOrders, listOpenFreightRequests, listServiceOrders } from './service-order-reads.service.server'
export type { FreightQuote, ServiceOrderDetail, ServiceOrderEvent, ServiceOrderPage, ServiceOrderSummary, ServiceOrderViewer } from './service-order.types'
export {
  listServiceProviders,
  providerOptions,
  providersServing,
  verifiedProviderCounts,
  type ProviderOffering,
  type ServiceProvider,
  type ServiceProviderPage,
} from './service-providers.service.server'
export {
  createServiceOffering,
  deleteServiceOffering,
  getServiceOffering,
  listServiceOfferings,
  serviceOfferingCounts,
  updateServiceOffering,
  type ServiceOffering,
  type ServiceOfferingPage,
} from './service-offering.service.server'
export {
  buyerOrderFigures,
  orderTasks,
  placedPurchaseOrder,
  platformOrderFigures,
  supplierOrderFigures,
  supplierPipeline,
  type AmountInBucket,
  type AmountOfParty,
  type BuyerOrderFigures,
  type OrderMention,
  type OrderTasks,
  type PlatformOrderFigures,
  type SupplierOrderFigures,
  type SupplierPipeline,
  type Waiting,
} from './order-figures.service.server'
