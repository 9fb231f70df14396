// Who may do what to a purchase order in its current state: pure rules on the order's machine, shared by the services
// (which refuse with the same answers) and the order page (through the `actions` the read service computes).
import type { Actor } from '../../platform/actor'
import { checkTransition, type Party, type TransitionCheck } from '../../platform/state-machine'
import type { PurchaseOrderStatus } from './orders.constants'
import { remainingToShip } from './order-totals'
import { CHANGEABLE_STATUSES, type ChangeDecision, DIRECT_ACTIONS, type PurchaseOrderAction, purchaseOrderMachine } from './purchase-order.machine'

/** What the rules need to know about an order. */
export type PurchaseOrderFacts = { status: PurchaseOrderStatus; buyerCompanyId: string | null; supplierCompanyId: string | null }

/** The quantities of an order's lines, for the steps that depend on them (ship, deliver). */
export type ShippingFacts = { lines: ReadonlyArray<{ quantity: number; shippedQuantity: number }> }

/** Who opened the order's latest dispute (null when unknown), for the step that closes it. */
export type DisputeFacts = { disputedBy?: string | null }

/** A change or cancellation request as its decision needs it. */
export type ChangeRequestFacts = { status: string; requestedByCompanyId: string | null }

/** Why a request cannot be answered so: decided already, or not this company's to answer (or to withdraw). */
export type ChangeAnswerCheck = { ok: true } | { ok: false; problem: 'already_decided' | 'not_author' | 'not_counterpart' }

/** What the actor may do to the order now: what the order page offers, and nothing else. */
export type PurchaseOrderActions = {
  /** The lifecycle steps the page offers, in the lifecycle's order. */
  steps: PurchaseOrderAction[]
  /** Change the draft's lines and terms directly. */
  editDraft: boolean
  /** Propose a change of lines and terms for the other party to accept. */
  requestChange: boolean
  /** Ask the other party to agree to a cancellation. */
  requestCancellation: boolean
  /** Accept or reject the pending request (the other party's). */
  decideChange: boolean
  /** Take back the pending request (the actor's own). */
  withdrawChange: boolean
}

/** The company's side of the order; null when it is neither party (or is the supplier of a draft). */
export function partyOf(order: PurchaseOrderFacts, companyId: string | null): Party | null {
  if (companyId === null) return null
  if (order.buyerCompanyId === companyId) return 'buyer'
  if (order.supplierCompanyId === companyId && order.status !== 'draft') return 'supplier'
  return null
}

/** Whether the actor's side may take `action` now, by the machine: the status it leads to, or why not. */
export function checkPurchaseOrderStep(actor: Actor, order: PurchaseOrderFacts, action: PurchaseOrderAction): TransitionCheck<PurchaseOrderStatus> {
  const party = partyOf(order, actor.companyId)
  if (!party) return { ok: false, problem: 'not_your_turn' }
  return checkTransition(purchaseOrderMachine, order.status, action, party)
}

/** Whether `party` may take `action` from `status`: for a view that shows one side's orders (the supplier's board). */
export const partyMayTakeStep = (party: Party, status: PurchaseOrderStatus, action: PurchaseOrderAction): boolean =>
  checkTransition(purchaseOrderMachine, status, action, party).ok

/** Some line still has units to ship. */
export const hasLeftToShip = (order: ShippingFacts): boolean => order.lines.some((line) => remainingToShip(line) > 0)

/** Delivery needs every line shipped in full. */
export const canDeliver = (actor: Actor, order: PurchaseOrderFacts & ShippingFacts): boolean =>
  checkPurchaseOrderStep(actor, order, 'deliver').ok && !hasLeftToShip(order)

/** Shipping needs something left to ship. */
export const canShip = (actor: Actor, order: PurchaseOrderFacts & ShippingFacts): boolean =>
  checkPurchaseOrderStep(actor, order, 'ship').ok && hasLeftToShip(order)

/** A step the page offers: one a person takes directly, allowed now, with the lines in a state that allows it. */
export function canTakeStep(actor: Actor, order: PurchaseOrderFacts & ShippingFacts & DisputeFacts, action: PurchaseOrderAction): boolean {
  if (!DIRECT_ACTIONS.includes(action)) return false
  if (action === 'ship') return canShip(actor, order)
  if (action === 'deliver') return canDeliver(actor, order)
  if (action === 'resolve') return checkPurchaseOrderStep(actor, order, action).ok && canResolveDispute(actor, order.disputedBy ?? null)
  return checkPurchaseOrderStep(actor, order, action).ok
}

/** A dispute is closed by the company that opened it (`disputedBy`; anyone when that company is unknown). */
export const canResolveDispute = (actor: Actor, disputedBy: string | null): boolean => !disputedBy || disputedBy === actor.companyId

/** Only the buyer edits its order, and only while it is a draft; afterwards changes go through a request. */
export function draftEditCheck(actor: Actor, order: PurchaseOrderFacts): { ok: true } | { ok: false; problem: 'not_your_turn' | 'invalid_transition' } {
  if (partyOf(order, actor.companyId) !== 'buyer') return { ok: false, problem: 'not_your_turn' }
  if (order.status !== 'draft') return { ok: false, problem: 'invalid_transition' }
  return { ok: true }
}

export const canEditDraft = (actor: Actor, order: PurchaseOrderFacts): boolean => draftEditCheck(actor, order).ok

/** Lines and terms may still change (by an accepted request) while the order is placed, confirmed or in production. */
export const isChangeable = (order: Pick<PurchaseOrderFacts, 'status'>): boolean => CHANGEABLE_STATUSES.includes(order.status)

/** Either party may propose a change while the order is changeable. */
export const canProposeChange = (actor: Actor, order: PurchaseOrderFacts): boolean => partyOf(order, actor.companyId) !== null && isChangeable(order)

/** After confirmation and before shipment a cancellation takes the other party's agreement: either party may ask for it. */
export const canRequestCancellation = (actor: Actor, order: PurchaseOrderFacts): boolean => checkPurchaseOrderStep(actor, order, 'agree_cancel').ok

/** A pending request is accepted or rejected by the other party, and withdrawn by its author only. */
export function changeAnswerCheck(actor: Actor, request: ChangeRequestFacts, answer: ChangeDecision): ChangeAnswerCheck {
  if (request.status !== 'pending') return { ok: false, problem: 'already_decided' }
  const ownRequest = request.requestedByCompanyId === actor.companyId
  if (answer === 'withdraw' && !ownRequest) return { ok: false, problem: 'not_author' }
  if (answer !== 'withdraw' && ownRequest) return { ok: false, problem: 'not_counterpart' }
  return { ok: true }
}

/** Everything the actor may do to the order now; `pendingChange` is its open request, if any (one at a time). */
export function purchaseOrderActions(
  actor: Actor,
  order: PurchaseOrderFacts & ShippingFacts & DisputeFacts,
  pendingChange: ChangeRequestFacts | null,
): PurchaseOrderActions {
  return {
    steps: DIRECT_ACTIONS.filter((action) => canTakeStep(actor, order, action)),
    editDraft: canEditDraft(actor, order),
    requestChange: !pendingChange && canProposeChange(actor, order),
    requestCancellation: !pendingChange && canRequestCancellation(actor, order),
    decideChange: pendingChange !== null && changeAnswerCheck(actor, pendingChange, 'accept').ok,
    withdrawChange: pendingChange !== null && changeAnswerCheck(actor, pendingChange, 'withdraw').ok,
  }
}
