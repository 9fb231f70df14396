// Where an order stands, for the order page: the lifecycle as steps (placed → confirmed → in production → shipped →
// delivered → completed) and one sentence of what happens next, from the reader's side. Isomorphic and pure.
import type { Party } from '../../platform/state-machine'
import type { PurchaseOrderStatus } from './orders.constants'

export const ORDER_STEPS = ['placed', 'confirmed', 'in_production', 'shipped', 'delivered', 'completed'] as const
export type OrderStep = (typeof ORDER_STEPS)[number]

/** What the reader can expect next (orders:progress.expect.<key>). */
export const ORDER_EXPECTATIONS = [
  'draft',
  'awaitingConfirmation',
  'toConfirm',
  'preparing',
  'toProduce',
  'toShip',
  'partlyShipped',
  'restToShip',
  'inTransit',
  'awaitingDelivery',
  'toComplete',
  'awaitingCompletion',
  'completed',
  'declined',
  'cancelled',
  'disputed',
] as const
export type OrderExpectation = (typeof ORDER_EXPECTATIONS)[number]

type Facts = { status: PurchaseOrderStatus; side: Party; lines: ReadonlyArray<{ quantity: number; shippedQuantity: number }> }

export type OrderProgress = {
  /** Index in ORDER_STEPS of the step under way: the ones before it are done; ORDER_STEPS.length when all are. */
  current: number
  /** Whether the order left the path (declined, cancelled, disputed): the steps show where it stopped. */
  stopped: boolean
  expectation: OrderExpectation
  shipped: number
  ordered: number
}

const REACHED: Record<PurchaseOrderStatus, number> = {
  draft: 0,
  placed: 1,
  confirmed: 2,
  in_production: 3,
  shipped: 3,
  delivered: 5,
  completed: 6,
  declined: 1,
  cancelled: 1,
  disputed: 5,
}

/** The progress of an order as the given party reads it. */
export function orderProgress({ status, side, lines }: Facts): OrderProgress {
  const ordered = lines.reduce((total, line) => total + line.quantity, 0)
  const shipped = lines.reduce((total, line) => total + line.shippedQuantity, 0)
  const partly = shipped > 0 && shipped < ordered
  const supplier = side === 'supplier'
  const expectation = ((): OrderExpectation => {
    switch (status) {
      case 'draft':
        return 'draft'
      case 'placed':
        return supplier ? 'toConfirm' : 'awaitingConfirmation'
      case 'confirmed':
        return supplier ? 'toProduce' : 'preparing'
      case 'in_production':
        if (partly) return supplier ? 'restToShip' : 'partlyShipped'
        return supplier ? 'toShip' : 'preparing'
      case 'shipped':
        if (partly) return supplier ? 'restToShip' : 'partlyShipped'
        return supplier ? 'awaitingDelivery' : 'inTransit'
      case 'delivered':
        return supplier ? 'awaitingCompletion' : 'toComplete'
      default:
        return status
    }
  })()
  // A partly shipped order is still on its way to "shipped"; a fully shipped one has reached it.
  const current = status === 'shipped' && !partly ? 4 : status === 'in_production' && partly ? 3 : REACHED[status]
  return { current, stopped: status === 'declined' || status === 'cancelled' || status === 'disputed', expectation, shipped, ordered }
}
