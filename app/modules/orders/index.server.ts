export * from './orders.tables.server'
export {
  createAwardedPurchaseOrder,
  createPurchaseOrder,
  type AwardedOrderInput,
  decideChange,
  getPurchaseOrder,
  listPurchaseOrders,
  orderCounterparts,
  partyOf,
  requestChange,
  transitionPurchaseOrder,
  updatePurchaseOrder,
  type ChangeRequest,
  type OrderAttachment,
  type OrderEvent,
  type OrderLine,
  type PurchaseOrderDetail,
  type PurchaseOrderPage,
  type PurchaseOrderSummary,
} from './purchase-order.service.server'
export { findOrdersByNumber, findServiceOrdersByNumber, type OrderLookup, type ServiceOrderLookup } from './order-lookup.service.server'
export { exportOrdersCsv, listCustomers, listOpenOrderLines, MAX_CSV_EXPORT_ROWS, openOrderAttachment, setCustomerNote, type CustomerSummary, type OpenOrderLine, type OrderAttachmentDownload } from './order-reports.service.server'
export {
  acceptFreightQuote,
  createLogisticOrder,
  createServiceOrder,
  getServiceOrder,
  linkablePurchaseOrders,
  listOpenFreightRequests,
  listServiceOrders,
  submitFreightQuote,
  transitionServiceOrder,
  withdrawFreightQuote,
  type FreightQuote,
  type ServiceOrderDetail,
  type ServiceOrderEvent,
  type ServiceOrderPage,
  type ServiceOrderSummary,
  type ServiceOrderViewer,
} from './service-order.service.server'
export { listServiceProviders, providerOptions, PROVIDER_KINDS, verifiedProviderCounts, type ServiceProvider, type ServiceProviderPage } from './service-providers.service.server'
export { buyerOrderFigures, orderTasks, platformOrderFigures, supplierOrderFigures, type AmountInBucket, type AmountOfParty, type BuyerOrderFigures, type OrderMention, type OrderTasks, type PlatformOrderFigures, type SupplierOrderFigures, type Waiting } from './order-figures.service.server'
