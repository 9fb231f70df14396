// The one state-machine engine of business records (orders, RFQs, quotations): a machine lists, per action, the
// states it may start from, the state it leads to and which party may take it. Pure; the services ask it before they
// write and turn a refusal into a 409.

export const PARTIES = ['buyer', 'supplier'] as const
export type Party = (typeof PARTIES)[number]

export type Transition<State extends string> = {
  from: readonly State[]
  to: State
  /** Who may take it: one party, or either. */
  by: Party | 'either'
  /** The action needs a reason (decline, cancel, dispute). */
  reason?: boolean
}

export type Machine<State extends string, Action extends string> = {
  states: readonly State[]
  transitions: Record<Action, Transition<State>>
}

export type TransitionCheck<State extends string> = { ok: true; to: State } | { ok: false; problem: 'invalid_transition' | 'not_your_turn' }

export function defineMachine<State extends string, Action extends string>(machine: Machine<State, Action>): Machine<State, Action> {
  for (const [action, transition] of Object.entries(machine.transitions) as Array<[Action, Transition<State>]>) {
    for (const state of [...transition.from, transition.to]) {
      if (!machine.states.includes(state)) throw new Error(`${action}: unknown state ${state}`)
    }
  }
  return machine
}

/** Whether `party` may take `action` from `state`: the state the order moves to, or why not. */
export function checkTransition<State extends string, Action extends string>(
  machine: Machine<State, Action>,
  state: State,
  action: Action,
  party: Party,
): TransitionCheck<State> {
  const transition = machine.transitions[action]
  if (!transition.from.includes(state)) return { ok: false, problem: 'invalid_transition' }
  if (transition.by !== 'either' && transition.by !== party) return { ok: false, problem: 'not_your_turn' }
  return { ok: true, to: transition.to }
}

/** The actions `party` may take from `state`, in the machine's order (what the order page offers). */
export function availableActions<State extends string, Action extends string>(machine: Machine<State, Action>, state: State, party: Party): Action[] {
  return (Object.keys(machine.transitions) as Action[]).filter((action) => checkTransition(machine, state, action, party).ok)
}

/** Whether the action needs a reason. */
export const needsReason = <State extends string, Action extends string>(machine: Machine<State, Action>, action: Action): boolean =>
  machine.transitions[action].reason === true
