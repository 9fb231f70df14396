import type { Actor } from '../../platform/actor'
import { checkTransition } from '../../platform/state-machine'
import { hasRole } from '../companies/index'
import { RFQ_DIRECT_ACTIONS, type RfqDirectAction } from './rfq.inputs'
import type { RfqInvitationStatus, RfqStatus } from './sourcing.constants'
import { type RfqAction, rfqMachine } from './sourcing.machines'

// Who the buyer is, or whether a supplier may see the RFQ at all, is settled by the services' scoped reads (another
// company's record is not found); these rules decide what may be done to an RFQ the actor may see, in its state now.

/** What the deadline rules need to know about an RFQ (loader data sends the deadline as text). */
export type DeadlineFacts = { status: RfqStatus; quoteDeadline: Date | string }
export type SealFacts = { sealed: boolean; quoteDeadline: Date | string }

const passed = (deadline: Date | string, now: Date) => new Date(deadline).getTime() <= now.getTime()

/** Quoting is open while the RFQ is open and its deadline has not passed (whatever the status column says). */
export function isQuotingOpen(rfq: DeadlineFacts, now: Date = new Date()): boolean {
  return rfq.status === 'open' && !passed(rfq.quoteDeadline, now)
}

/** A sealed RFQ hides its quotations' prices and suppliers from the buyer until the deadline, even when closed early. */
export function isSealed(rfq: SealFacts, now: Date = new Date()): boolean {
  return rfq.sealed && !passed(rfq.quoteDeadline, now)
}

/** The buyer sees the quotations (suppliers, prices, who quoted) unless the RFQ is sealed until its deadline. */
export const canSeeQuotations = (rfq: SealFacts, now: Date = new Date()): boolean => !isSealed(rfq, now)

const machineAllows = (rfq: { status: RfqStatus }, action: RfqAction) => checkTransition(rfqMachine, rfq.status, action, 'buyer').ok

/** Only a draft is edited (terms, lines, invitees); a sent RFQ changes by its lifecycle steps. */
export const canEditRfq = (rfq: { status: RfqStatus }): boolean => rfq.status === 'draft'

export const canPublishRfq = (rfq: { status: RfqStatus }): boolean => machineAllows(rfq, 'publish')
export const canCloseRfq = (rfq: { status: RfqStatus }): boolean => machineAllows(rfq, 'close')
export const canCancelRfq = (rfq: { status: RfqStatus }): boolean => machineAllows(rfq, 'cancel')

/** Once a sealed RFQ's quotations are open to the buyer, reopening it would let suppliers quote against what the buyer saw. */
export const canReopenRfq = (rfq: SealFacts, now: Date = new Date()): boolean => !rfq.sealed || isSealed(rfq, now)

/** A later deadline: from open, or reopening a closed RFQ, unless its sealed quotations have been opened. */
export const canExtendRfq = (rfq: { status: RfqStatus } & SealFacts, now: Date = new Date()): boolean => machineAllows(rfq, 'extend') && canReopenRfq(rfq, now)

/** Answers matter while suppliers may still act on them: the RFQ is open, or closed (it may be extended). */
export const canAnswerRfqQuestions = (rfq: { status: RfqStatus }): boolean => rfq.status === 'open' || rfq.status === 'closed'

/** The company's default landed-cost assumptions, which every comparison starts from, are an admin's to change. */
export const canSaveDefaultAssumptions = (actor: Actor): boolean => hasRole(actor, 'admin')

/** What the award rule needs to know about an RFQ. */
export type AwardFacts = DeadlineFacts

/** Why an award is refused: quoting is still open, or the RFQ's status allows no award (draft, cancelled). */
export const AWARD_REFUSALS = ['quoting_open', 'invalid_transition'] as const
export type AwardRefusal = (typeof AWARD_REFUSALS)[number]
export type AwardCheck = { ok: true } | { ok: false; reason: AwardRefusal }

/**
 * Whether the buyer may award the RFQ now: its machine must allow `award` from its status, and quoting must be over
 * (closed, or past the deadline) so no supplier is still pricing. Pages show the refusal beside the award button;
 * the award workflow refuses with it.
 */
export function canAwardRfq(rfq: AwardFacts, now: Date): AwardCheck {
  if (!machineAllows(rfq, 'award')) return { ok: false, reason: 'invalid_transition' }
  if (rfq.status === 'open' && new Date(rfq.quoteDeadline) > now) return { ok: false, reason: 'quoting_open' }
  return { ok: true }
}

/** What the buyer may do to its RFQ now (the RFQ page shows exactly these). */
export type AllowedRfqActions = { edit: boolean; publish: boolean; close: boolean; extend: boolean; cancel: boolean; answer: boolean }

export function allowedRfqActions(rfq: { status: RfqStatus } & SealFacts, now: Date = new Date()): AllowedRfqActions {
  return {
    edit: canEditRfq(rfq),
    publish: canPublishRfq(rfq),
    close: canCloseRfq(rfq),
    extend: canExtendRfq(rfq, now),
    cancel: canCancelRfq(rfq),
    answer: canAnswerRfqQuestions(rfq),
  }
}

/** The allowed lifecycle steps as a list (the REST API's `actions`). */
export const allowedRfqSteps = (actions: AllowedRfqActions): RfqDirectAction[] => RFQ_DIRECT_ACTIONS.filter((action) => actions[action])

/** An invitee's questions are taken while quoting is open, unless it declined. */
export const canAskRfqQuestion = (rfq: DeadlineFacts, invitation: { status: RfqInvitationStatus }, now: Date = new Date()): boolean =>
  isQuotingOpen(rfq, now) && invitation.status !== 'declined'

/** An invitee declines while quoting is open and before it has quoted (or declined already). */
export const canDeclineRfq = (rfq: DeadlineFacts, invitation: { status: RfqInvitationStatus }, now: Date = new Date()): boolean =>
  isQuotingOpen(rfq, now) && (invitation.status === 'invited' || invitation.status === 'viewed')

/** What an invited supplier may do on the RFQ now (its quotation has its own actions). */
export type AllowedSupplierRfqActions = { ask: boolean; decline: boolean }

export function allowedSupplierRfqActions(rfq: DeadlineFacts, invitation: { status: RfqInvitationStatus }, now: Date = new Date()): AllowedSupplierRfqActions {
  return { ask: canAskRfqQuestion(rfq, invitation, now), decline: canDeclineRfq(rfq, invitation, now) }
}
