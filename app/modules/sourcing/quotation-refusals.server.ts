import { AppError } from '../../platform/errors'
import { checkTransition, type Party } from '../../platform/state-machine'
import type { QuotationStatus } from './sourcing.constants'
import { type QuotationAction, quotationMachine } from './sourcing.machines'
import type { RfqRow } from './rfq.types'

// The errors the quotation services refuse with; which step is allowed is `quotation.policy.ts`'s to say.

export const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

export const quotingClosed = (rfq: RfqRow) =>
  new AppError('invalid_transition', 'Quoting is closed for this RFQ: its deadline has passed or it is no longer open', {
    reason: 'quoting_closed',
    quoteDeadline: rfq.quoteDeadline.toISOString(),
    rfqStatus: rfq.status,
  })

export const sealedError = (rfq: RfqRow) =>
  new AppError('forbidden', 'The quotations of this sealed RFQ stay hidden until its deadline', {
    reason: 'sealed',
    quoteDeadline: rfq.quoteDeadline.toISOString(),
  })

/** Refuses a step the quotation's machine does not allow from its status, or that is the other party's. */
export function refuse(action: QuotationAction, quotation: { status: QuotationStatus }, party: Party): void {
  const check = checkTransition(quotationMachine, quotation.status, action, party)
  if (!check.ok) {
    const message =
      check.problem === 'invalid_transition' ? `Cannot ${action} a quotation that is ${quotation.status}` : `Only the other party can ${action} this quotation`
    throw new AppError(check.problem, message, { action, status: quotation.status })
  }
}
