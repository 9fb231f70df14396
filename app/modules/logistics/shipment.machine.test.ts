import { describe, expect, it } from 'vitest'
import { availableActions, checkTransition, needsReason } from '../../platform/state-machine'
import { SHIPMENT_STATUSES } from './logistics.constants'
import { actionTo, shipmentMachine, statusAfterEvent } from './shipment.machine'

describe('the shipment machine', () => {
  it('runs booked → picked up → in transit → at customs → out for delivery → delivered', () => {
    const path = ['picked_up', 'in_transit', 'at_customs', 'out_for_delivery', 'delivered'] as const
    let status: (typeof SHIPMENT_STATUSES)[number] = 'booked'
    for (const next of path) {
      const check = checkTransition(shipmentMachine, status, actionTo(next)!, 'supplier')
      expect(check).toEqual({ ok: true, to: next })
      status = next
    }
  })

  it('lets only the shipping side move it, and never out of delivered', () => {
    expect(checkTransition(shipmentMachine, 'booked', 'pick_up', 'buyer')).toEqual({ ok: false, problem: 'not_your_turn' })
    expect(availableActions(shipmentMachine, 'delivered', 'supplier')).toEqual([])
    expect(availableActions(shipmentMachine, 'booked', 'buyer')).toEqual([])
  })

  it('allows an exception from every live state, with a reason, and leaves it by the next movement', () => {
    for (const status of ['booked', 'picked_up', 'in_transit', 'at_customs', 'out_for_delivery'] as const)
      expect(checkTransition(shipmentMachine, status, 'report_exception', 'supplier').ok).toBe(true)
    expect(needsReason(shipmentMachine, 'report_exception')).toBe(true)
    expect(availableActions(shipmentMachine, 'exception', 'supplier')).toEqual(['pick_up', 'depart', 'reach_customs', 'send_out_for_delivery', 'deliver'])
  })

  it('has one action per status but booked', () => {
    for (const status of SHIPMENT_STATUSES) expect(actionTo(status) !== null).toBe(status !== 'booked')
  })
})

describe('statusAfterEvent', () => {
  it('moves forward, skipping milestones a carrier did not report', () => {
    expect(statusAfterEvent('booked', 'in_transit')).toBe('in_transit')
    expect(statusAfterEvent('in_transit', 'delivered')).toBe('delivered')
    expect(statusAfterEvent('at_customs', 'in_transit')).toBe('in_transit')
  })

  it('keeps an event that does not move the shipment as history only', () => {
    expect(statusAfterEvent('in_transit', null)).toBeNull()
    expect(statusAfterEvent('in_transit', 'in_transit')).toBeNull()
    expect(statusAfterEvent('out_for_delivery', 'picked_up')).toBeNull()
    expect(statusAfterEvent('delivered', 'exception')).toBeNull()
    expect(statusAfterEvent('in_transit', 'booked')).toBeNull()
  })
})
