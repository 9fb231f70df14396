import { defineMachine } from '../../platform/state-machine'
import { SERVICE_ORDER_STATUSES, type ServiceOrderStatus } from './orders.constants'

export const SERVICE_ORDER_ACTIONS = ['accept_quote', 'accept', 'decline', 'start', 'complete', 'cancel', 'dispute', 'resolve'] as const
export type ServiceOrderAction = (typeof SERVICE_ORDER_ACTIONS)[number]

/**
 * Service and logistic orders, on the same engine with their own states ("supplier" is the provider). A service order
 * starts `requested` with its provider; a logistic order starts `quoting` (a freight request) and becomes `accepted`
 * when the buyer accepts one provider's price.
 */
export const serviceOrderMachine = defineMachine<ServiceOrderStatus, ServiceOrderAction>({
  states: SERVICE_ORDER_STATUSES,
  transitions: {
    accept_quote: { from: ['quoting'], to: 'accepted', by: 'buyer' },
    accept: { from: ['requested'], to: 'accepted', by: 'supplier' },
    decline: { from: ['requested'], to: 'declined', by: 'supplier', reason: true },
    start: { from: ['accepted'], to: 'in_progress', by: 'supplier' },
    complete: { from: ['in_progress'], to: 'completed', by: 'supplier' },
    cancel: { from: ['requested', 'quoting', 'accepted'], to: 'cancelled', by: 'either', reason: true },
    dispute: { from: ['in_progress', 'completed'], to: 'disputed', by: 'buyer', reason: true },
    resolve: { from: ['disputed'], to: 'completed', by: 'buyer' },
  },
})

/**
 * Every entry a service order's timeline can hold (`service_order_events.type`, text `services:events.<type>`): its
 * transitions and a provider's price quoted or withdrawn; the column is typed against this list.
 */
export const SERVICE_ORDER_EVENT_TYPES = ['created', ...SERVICE_ORDER_ACTIONS, 'quoted', 'quote_withdrawn'] as const
export type ServiceOrderEventType = (typeof SERVICE_ORDER_EVENT_TYPES)[number]
