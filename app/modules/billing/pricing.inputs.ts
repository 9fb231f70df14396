// What the public pricing page accepts from a visitor: a plan to sign up or sign in for, or a question for the
// sourcing assistant. Both lead to a page behind sign-in, which the login's return path (a cookie) brings them back to.
import { z } from '../../platform/zod'
import { ChangePlanInput } from './plan.inputs'

/**
 * The longest question the pricing page passes on. It travels in the return-path cookie through sign-in, percent-encoded
 * twice (up to 15 bytes a Chinese character), and a browser drops a cookie over 4 KB: 200 characters stay well inside.
 */
export const PRICING_QUESTION_MAX_CHARS = 200

export const PricingVisitorInput = z.discriminatedUnion(
  'intent',
  [
    ChangePlanInput.extend({ intent: z.enum(['sign-up', 'sign-in'], 'validation.intent') }),
    z.object({
      intent: z.literal('ask'),
      question: z.string('validation.question').trim().min(1, 'validation.question').max(PRICING_QUESTION_MAX_CHARS, 'validation.questionTooLong'),
    }),
  ],
  { error: 'validation.intent' },
)
export type PricingVisitorInput = z.infer<typeof PricingVisitorInput>
