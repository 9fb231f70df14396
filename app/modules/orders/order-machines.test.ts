import { describe, expect, it } from 'vitest'
import { PURCHASE_ORDER_STATUSES, SERVICE_ORDER_STATUSES } from './orders.constants'
import { PURCHASE_ORDER_ACTIONS, purchaseOrderMachine } from './purchase-order.machine'
import { SERVICE_ORDER_ACTIONS, serviceOrderMachine } from './service-order.machine'
import { availableActions, checkTransition, defineMachine, needsReason, type Party } from '../../platform/state-machine'

const PARTIES: Party[] = ['buyer', 'supplier']

// Written out by hand from the issue, independently of the machine: `state action party → next state`.
const PURCHASE_ALLOWED = `
draft place buyer placed
draft cancel buyer cancelled
draft cancel supplier cancelled
placed confirm supplier confirmed
placed decline supplier declined
placed cancel buyer cancelled
placed cancel supplier cancelled
confirmed start_production supplier in_production
confirmed ship supplier shipped
confirmed agree_cancel buyer cancelled
confirmed agree_cancel supplier cancelled
in_production ship supplier shipped
in_production agree_cancel buyer cancelled
in_production agree_cancel supplier cancelled
shipped ship supplier shipped
shipped deliver buyer delivered
delivered complete buyer completed
delivered dispute buyer disputed
delivered dispute supplier disputed
disputed resolve buyer completed
disputed resolve supplier completed
`

const SERVICE_ALLOWED = `
quoting accept_quote buyer accepted
quoting cancel buyer cancelled
quoting cancel supplier cancelled
requested accept supplier accepted
requested decline supplier declined
requested cancel buyer cancelled
requested cancel supplier cancelled
accepted start supplier in_progress
accepted cancel buyer cancelled
accepted cancel supplier cancelled
in_progress complete supplier completed
in_progress dispute buyer disputed
completed dispute buyer disputed
disputed resolve buyer completed
`

function table(text: string): Map<string, string> {
  return new Map(
    text
      .trim()
      .split('\n')
      .map((line) => {
        const [state, action, party, to] = line.split(' ')
        return [`${state} ${action} ${party}`, to!]
      }),
  )
}

describe('purchase order state machine', () => {
  const allowed = table(PURCHASE_ALLOWED)
  for (const state of PURCHASE_ORDER_STATUSES) {
    for (const action of PURCHASE_ORDER_ACTIONS) {
      for (const party of PARTIES) {
        const expected = allowed.get(`${state} ${action} ${party}`)
        it(`${state} --${action}--> by the ${party}: ${expected ?? 'refused'}`, () => {
          const result = checkTransition(purchaseOrderMachine, state, action, party)
          if (expected) expect(result).toEqual({ ok: true, to: expected })
          else expect(result.ok).toBe(false)
        })
      }
    }
  }

  it('says why a transition is refused: out of order, or the other party’s to take', () => {
    expect(checkTransition(purchaseOrderMachine, 'draft', 'confirm', 'supplier')).toEqual({ ok: false, problem: 'invalid_transition' })
    expect(checkTransition(purchaseOrderMachine, 'placed', 'confirm', 'buyer')).toEqual({ ok: false, problem: 'not_your_turn' })
  })

  it('never leaves a final status', () => {
    for (const state of ['declined', 'completed', 'cancelled'] as const) {
      for (const party of PARTIES) expect(availableActions(purchaseOrderMachine, state, party)).toEqual([])
    }
  })

  it('lists what each party may do', () => {
    expect(availableActions(purchaseOrderMachine, 'placed', 'supplier')).toEqual(['confirm', 'decline', 'cancel'])
    expect(availableActions(purchaseOrderMachine, 'placed', 'buyer')).toEqual(['cancel'])
    expect(availableActions(purchaseOrderMachine, 'shipped', 'buyer')).toEqual(['deliver'])
  })

  it('asks for a reason to decline, cancel and dispute only', () => {
    expect(PURCHASE_ORDER_ACTIONS.filter((action) => needsReason(purchaseOrderMachine, action))).toEqual(['decline', 'cancel', 'agree_cancel', 'dispute'])
  })
})

describe('service order state machine', () => {
  const allowed = table(SERVICE_ALLOWED)
  for (const state of SERVICE_ORDER_STATUSES) {
    for (const action of SERVICE_ORDER_ACTIONS) {
      for (const party of PARTIES) {
        const expected = allowed.get(`${state} ${action} ${party}`)
        it(`${state} --${action}--> by the ${party}: ${expected ?? 'refused'}`, () => {
          const result = checkTransition(serviceOrderMachine, state, action, party)
          if (expected) expect(result).toEqual({ ok: true, to: expected })
          else expect(result.ok).toBe(false)
        })
      }
    }
  }
})

describe('defineMachine', () => {
  it('refuses a transition to a state the machine does not have', () => {
    expect(() => defineMachine({ states: ['a', 'b'] as const, transitions: { go: { from: ['a'], to: 'c' as 'b', by: 'buyer' } } })).toThrow(/unknown state c/)
  })
})
