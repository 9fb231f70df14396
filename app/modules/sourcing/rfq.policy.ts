import { checkTransition } from '../../platform/state-machine'
import type { RfqStatus } from './sourcing.constants'
import { rfqMachine } from './sourcing.machines'

/** What the award rule needs to know about an RFQ. */
export type AwardFacts = { status: RfqStatus; quoteDeadline: Date | string }

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
  const step = checkTransition(rfqMachine, rfq.status, 'award', 'buyer')
  if (!step.ok) return { ok: false, reason: 'invalid_transition' }
  if (rfq.status === 'open' && new Date(rfq.quoteDeadline) > now) return { ok: false, reason: 'quoting_open' }
  return { ok: true }
}
