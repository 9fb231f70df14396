import { defineMachine } from '../../platform/state-machine'
import { type ShipmentStatus, SHIPMENT_STATUSES } from './logistics.constants'

export const SHIPMENT_ACTIONS = ['pick_up', 'depart', 'reach_customs', 'send_out_for_delivery', 'deliver', 'report_exception'] as const
export type ShipmentAction = (typeof SHIPMENT_ACTIONS)[number]

/**
 * The shipment lifecycle, taken by the shipping side (the supplier, or the provider carrying it). Carriers report
 * milestones late and skip some (a courier may report only the delivery), so a shipment may move to any later milestone; it clears customs back into transit
 * (transhipment); an exception is possible from any live state and the next movement leaves it. Delivered is final.
 */
export const shipmentMachine = defineMachine<ShipmentStatus, ShipmentAction>({
  states: SHIPMENT_STATUSES,
  transitions: {
    pick_up: { from: ['booked', 'exception'], to: 'picked_up', by: 'supplier' },
    depart: { from: ['booked', 'picked_up', 'at_customs', 'exception'], to: 'in_transit', by: 'supplier' },
    reach_customs: { from: ['booked', 'picked_up', 'in_transit', 'exception'], to: 'at_customs', by: 'supplier' },
    send_out_for_delivery: { from: ['booked', 'picked_up', 'in_transit', 'at_customs', 'exception'], to: 'out_for_delivery', by: 'supplier' },
    deliver: { from: ['booked', 'picked_up', 'in_transit', 'at_customs', 'out_for_delivery', 'exception'], to: 'delivered', by: 'supplier' },
    report_exception: { from: ['booked', 'picked_up', 'in_transit', 'at_customs', 'out_for_delivery'], to: 'exception', by: 'supplier', reason: true },
  },
})

/** The action that leads to a status (each status has one). */
export function actionTo(status: ShipmentStatus): ShipmentAction | null {
  for (const action of SHIPMENT_ACTIONS) if (shipmentMachine.transitions[action].to === status) return action
  return null
}

/**
 * The status after a tracking event that reports `reported`: the new status when the machine allows the move, or null
 * when the event is history only (an older milestone arriving late, or the same status again).
 */
export function statusAfterEvent(current: ShipmentStatus, reported: ShipmentStatus | null): ShipmentStatus | null {
  if (!reported || reported === current) return null
  const action = actionTo(reported)
  return action && shipmentMachine.transitions[action].from.includes(current) ? reported : null
}
