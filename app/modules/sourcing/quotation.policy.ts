import { checkTransition, type Party } from '../../platform/state-machine'
import { canSeeQuotations, type DeadlineFacts, isQuotingOpen, type SealFacts } from './rfq.policy'
import type { QuotationStatus } from './sourcing.constants'
import { type QuotationAction, quotationMachine } from './sourcing.machines'

/** What the quotation rules need to know about a quotation. */
export type QuotationFacts = { status: QuotationStatus; supplierCompanyId: string }

/**
 * Which side of the quotation the company is on: the supplier's own (in any status), or the buyer of its RFQ once it
 * is sent (a draft is the supplier's alone); null for anyone else, another supplier included.
 */
export function quotationSideOf(companyId: string, quotation: QuotationFacts, rfq: { organizationId: string }): Party | null {
  if (quotation.supplierCompanyId === companyId) return 'supplier'
  if (rfq.organizationId === companyId && quotation.status !== 'draft') return 'buyer'
  return null
}

const machineAllows = (quotation: { status: QuotationStatus }, action: QuotationAction, side: Party) =>
  checkTransition(quotationMachine, quotation.status, action, side).ok

/** The supplier changes its draft while quoting is open; once sent, a change is a new round (`revise`). */
export const canEditQuotation = (quotation: { status: QuotationStatus }, rfq: DeadlineFacts, side: Party, now: Date = new Date()): boolean =>
  side === 'supplier' && quotation.status === 'draft' && isQuotingOpen(rfq, now)

/** Sending the draft, and each later round, needs quoting to be open: after the deadline no price moves. */
export const canSubmitQuotation = (quotation: { status: QuotationStatus }, rfq: DeadlineFacts, side: Party, now: Date = new Date()): boolean =>
  machineAllows(quotation, 'submit', side) && isQuotingOpen(rfq, now)

export const canReviseQuotation = (quotation: { status: QuotationStatus }, rfq: DeadlineFacts, side: Party, now: Date = new Date()): boolean =>
  machineAllows(quotation, 'revise', side) && isQuotingOpen(rfq, now)

/** The supplier withdraws a draft or a pending quotation, at any time before the buyer decides. */
export const canWithdrawQuotation = (quotation: { status: QuotationStatus }, side: Party): boolean => machineAllows(quotation, 'withdraw', side)

/** The buyer accepts or rejects a pending quotation it may see (never a sealed one before the deadline). */
export const canDecideQuotation = (
  quotation: { status: QuotationStatus },
  decision: 'accept' | 'reject',
  rfq: SealFacts,
  side: Party,
  now: Date = new Date(),
): boolean => machineAllows(quotation, decision, side) && canSeeQuotations(rfq, now)

/** The machine's steps a person takes, in its order (expiry is the hourly job's). */
export const QUOTATION_STEPS = ['submit', 'revise', 'withdraw', 'accept', 'reject'] as const satisfies readonly QuotationAction[]
export type QuotationStep = (typeof QUOTATION_STEPS)[number]

/** What the actor may do to the quotation now, from its side (the quote and comparison pages show exactly these). */
export type AllowedQuotationActions = { edit: boolean } & Record<QuotationStep, boolean>

export function allowedQuotationActions(
  quotation: { status: QuotationStatus },
  rfq: DeadlineFacts & SealFacts,
  side: Party,
  now: Date = new Date(),
): AllowedQuotationActions {
  return {
    edit: canEditQuotation(quotation, rfq, side, now),
    submit: canSubmitQuotation(quotation, rfq, side, now),
    revise: canReviseQuotation(quotation, rfq, side, now),
    withdraw: canWithdrawQuotation(quotation, side),
    accept: canDecideQuotation(quotation, 'accept', rfq, side, now),
    reject: canDecideQuotation(quotation, 'reject', rfq, side, now),
  }
}

/** The allowed steps as a list, in the machine's order (the REST API's `actions`). */
export const allowedQuotationSteps = (actions: AllowedQuotationActions): QuotationStep[] => QUOTATION_STEPS.filter((step) => actions[step])
