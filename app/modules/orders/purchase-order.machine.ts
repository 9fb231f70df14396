import { defineMachine } from '../../platform/state-machine'
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from './orders.constants'

export const PURCHASE_ORDER_ACTIONS = [
  'place',
  'confirm',
  'decline',
  'start_production',
  'ship',
  'deliver',
  'complete',
  'cancel',
  'agree_cancel',
  'dispute',
  'resolve',
] as const
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number]

/**
 * The purchase order lifecycle. `ship` may repeat while lines remain (partial shipments); `deliver` needs every line
 * shipped in full (checked by the service). Cancelling before confirmation is either party's right; after
 * confirmation and before shipment it takes the other party's agreement (`agree_cancel`, applied when a cancellation
 * request is accepted). Drafts are the buyer's alone.
 */
export const purchaseOrderMachine = defineMachine<PurchaseOrderStatus, PurchaseOrderAction>({
  states: PURCHASE_ORDER_STATUSES,
  transitions: {
    place: { from: ['draft'], to: 'placed', by: 'buyer' },
    confirm: { from: ['placed'], to: 'confirmed', by: 'supplier' },
    decline: { from: ['placed'], to: 'declined', by: 'supplier', reason: true },
    start_production: { from: ['confirmed'], to: 'in_production', by: 'supplier' },
    ship: { from: ['confirmed', 'in_production', 'shipped'], to: 'shipped', by: 'supplier' },
    deliver: { from: ['shipped'], to: 'delivered', by: 'buyer' },
    complete: { from: ['delivered'], to: 'completed', by: 'buyer' },
    cancel: { from: ['draft', 'placed'], to: 'cancelled', by: 'either', reason: true },
    agree_cancel: { from: ['confirmed', 'in_production'], to: 'cancelled', by: 'either', reason: true },
    dispute: { from: ['delivered'], to: 'disputed', by: 'either', reason: true },
    resolve: { from: ['disputed'], to: 'completed', by: 'either' },
  },
})

/** Statuses in which either party may propose a change (or a cancellation) for the other to accept. */
export const CHANGEABLE_STATUSES: readonly PurchaseOrderStatus[] = ['placed', 'confirmed', 'in_production']

/** Statuses the order never leaves. */
export const FINAL_STATUSES: readonly PurchaseOrderStatus[] = ['declined', 'completed', 'cancelled']

/** How the other party answers a change or cancellation request (or the requester takes it back). */
export const CHANGE_DECISIONS = ['accept', 'reject', 'withdraw'] as const
export type ChangeDecision = (typeof CHANGE_DECISIONS)[number]

/**
 * Every entry an order's timeline can hold (`purchase_order_events.type`, text `orders:events.<type>`); the column is
 * typed against this list, so a writer cannot record a type that has no text.
 */
export const PURCHASE_ORDER_EVENT_TYPES = [
  'created',
  'updated',
  ...PURCHASE_ORDER_ACTIONS,
  'change_requested',
  'cancel_requested',
  ...CHANGE_DECISIONS.map((decision) => `change_${decision}` as const),
  // Goods of a shipment received (in part), and news of the shipments that carry the order.
  'received',
  'shipment_delayed',
  'shipment_exception',
  'shipment_delivered',
  // A business document made from the order (or a shipment carrying it) issued, accepted or rejected.
  'document_issued',
  'document_accepted',
  'document_rejected',
  // Money paid for the order held in escrow, released to the supplier or refunded to the buyer; a platform admin's
  // ruling that closed a dispute (finance, issue 21).
  'payment_held',
  'payment_released',
  'payment_refunded',
  'ruling',
] as const
export type PurchaseOrderEventType = (typeof PURCHASE_ORDER_EVENT_TYPES)[number]

/** Actions that end or contest an order: each takes a reason the other party reads, and asks for confirmation first. */
export const CONFIRMED_ACTIONS = ['decline', 'cancel', 'dispute'] as const satisfies readonly PurchaseOrderAction[]

/** Actions a person takes from the order page; `agree_cancel` only happens through an accepted cancellation request. */
export const DIRECT_ACTIONS: readonly PurchaseOrderAction[] = PURCHASE_ORDER_ACTIONS.filter((action) => action !== 'agree_cancel')
