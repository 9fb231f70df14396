export * from './orders.constants'
export { availableActions, checkTransition, needsReason, type Party } from '../../platform/state-machine'
export {
  CHANGE_DECISIONS,
  CHANGEABLE_STATUSES,
  CONFIRMED_ACTIONS,
  DIRECT_ACTIONS,
  FINAL_STATUSES,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_EVENT_TYPES,
  purchaseOrderMachine,
  type ChangeDecision,
  type PurchaseOrderAction,
  type PurchaseOrderEventType,
} from './purchase-order.machine'
export {
  canDeliver,
  canEditDraft,
  canProposeChange,
  canRequestCancellation,
  canResolveDispute,
  canShip,
  canTakeStep,
  checkPurchaseOrderStep,
  partyMayTakeStep,
  purchaseOrderActions,
  type PurchaseOrderActions,
  type PurchaseOrderFacts,
} from './purchase-order.policy'
export { PARTY_LINK, serviceOrderLink } from './order-links'
export {
  SERVICE_ORDER_ACTIONS,
  SERVICE_ORDER_EVENT_TYPES,
  serviceOrderMachine,
  type ServiceOrderAction,
  type ServiceOrderEventType,
} from './service-order.machine'
export {
  canAcceptQuote,
  canQuote,
  canWithdrawQuote,
  checkServiceOrderStep,
  isOpenRequest,
  serviceOrderActions,
  type ServiceOrderActions,
  type ServiceOrderFacts,
} from './service-order.policy'
export {
  amountField,
  ChangeDecisionInput,
  ChangeRequestInput,
  CreatePurchaseOrderInput,
  currencyField,
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_LIST_MAX_LIMIT,
  ORDER_SIDES,
  OrderLineInput,
  OrderListQuery,
  OrderTransitionInput,
  quantityField,
  UpdatePurchaseOrderInput,
  type OrderSide,
} from './purchase-order.inputs'
export { orderTotal, priceLine, remainingToShip, type LineRequest, type PricedLine, type PricedProduct } from './order-totals'
export { ORDER_EXPECTATIONS, ORDER_STEPS, orderProgress, type OrderExpectation, type OrderProgress, type OrderStep } from './order-progress'

export {
  BOARD_COLUMNS,
  BOARD_INTENTS,
  boardIntentAction,
  boardMove,
  FulfilmentBoard,
  isBoardIntent,
  type BoardActionResult,
  type BoardCard,
  type BoardColumn,
  type BoardColumnData,
  type BoardIntent,
} from './components/fulfilment-board'
export { OpenLinesTable, reportHref, type OpenLineRow } from './components/open-lines-table'
export { CustomerTable, type CustomerNoteResult, type CustomerRow } from './components/customer-table'
export { CustomerNoteInput, MAX_CUSTOMER_NOTE_LENGTH, ReportQuery } from './order-reports.inputs'
export { orderListFilters, orderListHref, orderListQueryFrom, orderListSearch, type OrderListFilters } from './order-list-params'
export { OrderStatusBadge } from './components/order-status-badge'
export { OrderList, orderExportHref, toOrderListRow, type OrderListRow } from './components/order-list'
export {
  AcceptQuoteInput,
  CreateLogisticOrderInput,
  CreateServiceOrderInput,
  FreightDetailsInput,
  FreightQuoteInput,
  PageQueryInput,
  SERVICE_LIST_DEFAULT_LIMIT,
  SERVICE_ORDER_DIRECT_ACTIONS,
  SERVICE_ORDER_ROLES,
  ServiceOrderListQuery,
  ServiceOrderTransitionInput,
  serviceTypeField,
  type ServiceOrderDirectAction,
  type ServiceOrderRole,
} from './service-order.inputs'
export { OFFERING_LIST_LIMIT, ServiceOfferingInput, ServiceOfferingListQuery, UpdateServiceOfferingInput } from './service-offering.inputs'
export { canManageServiceOfferings, mayOfferServices } from './service-offering.policy'
export { CHANGE_TERM_FIELDS, ORDER_DONE, ORDER_SAVES, OrderDetail, type OrderActionResult, type OrderDone, type OrderSave } from './components/order-detail'
export { MIN_FORM_LINES, OrderForm, type OrderFormLine, type OrderFormProduct, type OrderFormValues } from './components/order-form'
export { FreightQuoteStatusBadge, ServiceStatusBadge } from './components/service-status-badge'
export { FreightRequestTable, ServiceOrderTable, type FreightRequestRow, type ServiceOrderRow } from './components/service-order-table'
export { orderServiceHref, ServiceProviderList, type ServiceProviderItem } from './components/service-provider-list'
export { EMPTY_OFFERING_FORM, ServiceOfferingForm, type OfferingFormValues } from './components/service-offering-form'
export { ServiceOfferingList, type OfferingRow } from './components/service-offering-list'
export { OfferingAreas, offeringAreasText, OfferingLeadTime, OfferingPrice } from './components/offering-summary'
export { ServiceOrderTimeline, type ServiceTimelineEvent } from './components/service-order-timeline'
export { FreightDetailsList } from './components/freight-details'
