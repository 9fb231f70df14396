import { describe, expect, it } from 'vitest'
import { checkTransition, type Party } from '../../platform/state-machine'
import { PROJECT_STATUSES, QUOTATION_STATUSES, RFQ_STATUSES } from './sourcing.constants'
import { PROJECT_ACTIONS, projectMachine, QUOTATION_ACTIONS, quotationMachine, RFQ_ACTIONS, rfqMachine } from './sourcing.machines'

const PARTIES: Party[] = ['buyer', 'supplier']

// Written out by hand from the issue, independently of the machines: `state action party → next state`.
const RFQ_ALLOWED = `
draft publish buyer open
draft cancel buyer cancelled
open close buyer closed
open extend buyer open
open award buyer awarded
open cancel buyer cancelled
closed extend buyer open
closed award buyer awarded
closed cancel buyer cancelled
awarded award buyer awarded
`

const QUOTATION_ALLOWED = `
draft submit supplier submitted
draft withdraw supplier withdrawn
submitted revise supplier submitted
submitted withdraw supplier withdrawn
submitted accept buyer accepted
submitted reject buyer rejected
submitted expire buyer expired
submitted expire supplier expired
`

const PROJECT_ALLOWED = `
draft activate buyer active
draft start_sourcing buyer sourcing
draft cancel buyer cancelled
active start_sourcing buyer sourcing
active award buyer awarded
active close buyer closed
active cancel buyer cancelled
sourcing award buyer awarded
sourcing close buyer closed
sourcing cancel buyer cancelled
awarded award buyer awarded
awarded close buyer closed
closed reopen buyer active
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

const cases = [
  { name: 'RFQ', machine: rfqMachine, states: RFQ_STATUSES, actions: RFQ_ACTIONS, allowed: table(RFQ_ALLOWED) },
  { name: 'quotation', machine: quotationMachine, states: QUOTATION_STATUSES, actions: QUOTATION_ACTIONS, allowed: table(QUOTATION_ALLOWED) },
  { name: 'project', machine: projectMachine, states: PROJECT_STATUSES, actions: PROJECT_ACTIONS, allowed: table(PROJECT_ALLOWED) },
] as const

for (const { name, machine, states, actions, allowed } of cases) {
  describe(`${name} state machine`, () => {
    for (const state of states) {
      for (const action of actions) {
        for (const party of PARTIES) {
          const expected = allowed.get(`${state} ${action} ${party}`)
          it(`${state} --${action}--> by the ${party}: ${expected ?? 'refused'}`, () => {
            const result = checkTransition(machine as never, state as never, action as never, party)
            if (expected) expect(result).toEqual({ ok: true, to: expected })
            else expect(result.ok).toBe(false)
          })
        }
      }
    }
  })
}
