export * from './orders.constants'
export { availableActions, checkTransition, needsReason, type Party } from './state-machine'
export { CHANGEABLE_STATUSES, DIRECT_ACTIONS, FINAL_STATUSES, PURCHASE_ORDER_ACTIONS, purchaseOrderMachine, type PurchaseOrderAction } from './purchase-order.machine'
export { SERVICE_ORDER_ACTIONS, serviceOrderMachine, type ServiceOrderAction } from './service-order.machine'
export { amountField, ChangeDecisionInput, ChangeRequestInput, CreatePurchaseOrderInput, currencyField, ORDER_LIST_DEFAULT_LIMIT, ORDER_LIST_MAX_LIMIT, ORDER_SIDES, OrderLineInput, OrderListQuery, OrderTransitionInput, quantityField, UpdatePurchaseOrderInput, type OrderSide } from './purchase-order.inputs'
export { orderTotal, priceLine, remainingToShip, type LineRequest, type PricedLine, type PricedProduct } from './order-totals'

