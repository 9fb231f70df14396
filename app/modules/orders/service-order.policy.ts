// Who may do what to a service or logistic order in its current state, and to the quotes of a freight request: pure
// rules on the order's machine, shared by the services and the order page (through the `actions` the read computes).
import type { Actor } from '../../platform/actor'
import { checkTransition, type Party, type TransitionCheck } from '../../platform/state-machine'
import type { FreightQuoteStatus, ServiceOrderKind, ServiceOrderStatus } from './orders.constants'
import { SERVICE_ORDER_ACTIONS, type ServiceOrderAction, serviceOrderMachine } from './service-order.machine'

/** What the rules need to know about an order ("supplier" on the machine is its provider). */
export type ServiceOrderFacts = { kind: ServiceOrderKind; status: ServiceOrderStatus; buyerCompanyId: string | null; providerCompanyId: string | null }

/** A provider's price for a freight request, as the rules need it. */
export type QuoteFacts = { id: string; status: FreightQuoteStatus; providerCompanyId: string }

/** Why a company may not price a freight request: its own, or not open to it (no longer open, or it offers no logistics). */
export type FreightQuoteCheck = { ok: true } | { ok: false; problem: 'own_request' | 'not_open' }

/** What the actor may do to the order now: what the order page offers, and nothing else. */
export type ServiceOrderActions = {
  /** The lifecycle steps the page offers, in the lifecycle's order (accepting a quote is offered per quote). */
  steps: ServiceOrderAction[]
  /** Price the freight request. */
  quote: boolean
  /** The quotes the buyer may accept. */
  acceptableQuoteIds: string[]
  /** The actor's own quotes it may take back. */
  withdrawableQuoteIds: string[]
}

/** The company's side of the order; null when it is neither the buyer nor the provider. */
export function partyOf(order: Pick<ServiceOrderFacts, 'buyerCompanyId' | 'providerCompanyId'>, companyId: string | null): Party | null {
  if (companyId === null) return null
  if (order.buyerCompanyId === companyId) return 'buyer'
  if (order.providerCompanyId === companyId) return 'supplier'
  return null
}

/** A freight request no provider has won yet: logistics providers may see and price it. */
export const isOpenRequest = (order: Pick<ServiceOrderFacts, 'kind' | 'status' | 'providerCompanyId'>): boolean =>
  order.kind === 'logistic' && order.status === 'quoting' && order.providerCompanyId === null

/** Whether the actor's side may take `action` now, by the machine: the status it leads to, or why not. */
export function checkServiceOrderStep(actor: Actor, order: ServiceOrderFacts, action: ServiceOrderAction): TransitionCheck<ServiceOrderStatus> {
  const party = partyOf(order, actor.companyId)
  if (!party) return { ok: false, problem: 'not_your_turn' }
  return checkTransition(serviceOrderMachine, order.status, action, party)
}

/** A logistics provider (`offersLogistics`) may price an open freight request of another company. */
export function freightQuoteCheck(actor: Actor, order: ServiceOrderFacts, offersLogistics: boolean): FreightQuoteCheck {
  if (order.buyerCompanyId === actor.companyId) return { ok: false, problem: 'own_request' }
  if (!isOpenRequest(order) || !offersLogistics) return { ok: false, problem: 'not_open' }
  return { ok: true }
}

/** One pending quote per provider: a new price waits until the last one is withdrawn or decided. */
export const canQuote = (actor: Actor, order: ServiceOrderFacts, provider: { offersLogistics: boolean; hasPendingQuote: boolean }): boolean =>
  freightQuoteCheck(actor, order, provider.offersLogistics).ok && !provider.hasPendingQuote

/** The buyer accepts a pending quote while the request is open to quotes. */
export const canAcceptQuote = (actor: Actor, order: ServiceOrderFacts, quote: QuoteFacts): boolean =>
  checkServiceOrderStep(actor, order, 'accept_quote').ok && quote.status === 'pending'

/** A provider takes back its own quote while it is pending. */
export const canWithdrawQuote = (actor: Actor, quote: QuoteFacts): boolean => quote.providerCompanyId === actor.companyId && quote.status === 'pending'

/** Everything the actor may do to the order now, given the quotes it sees and whether it offers logistics. */
export function serviceOrderActions(actor: Actor, order: ServiceOrderFacts, quotes: readonly QuoteFacts[], offersLogistics: boolean): ServiceOrderActions {
  const ownQuotes = quotes.filter((quote) => quote.providerCompanyId === actor.companyId)
  return {
    steps: SERVICE_ORDER_ACTIONS.filter((action) => action !== 'accept_quote' && checkServiceOrderStep(actor, order, action).ok),
    quote: canQuote(actor, order, { offersLogistics, hasPendingQuote: ownQuotes.some((quote) => quote.status === 'pending') }),
    acceptableQuoteIds: quotes.filter((quote) => canAcceptQuote(actor, order, quote)).map((quote) => quote.id),
    withdrawableQuoteIds: ownQuotes.filter((quote) => canWithdrawQuote(actor, quote)).map((quote) => quote.id),
  }
}
