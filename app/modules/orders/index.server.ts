export * from './orders.tables.server'
export { nextOrderNumber } from './order-numbers.server'
export {
  createPurchaseOrder,
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
