import { CURRENCY_CODES } from '../../platform/format/currency-codes'
import { z } from '../../platform/zod'
import { PAYMENT_PROVIDERS, PAYMENT_STAGES, PAYMENT_STATUSES, PAYOUT_STATUSES } from './finance.constants'

const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)
const reason = (message: string) => z.string(message).trim().min(1, message).max(2_000, message)
const currency = z.enum(CURRENCY_CODES, 'validation.currency')
/** A positive amount in the currency's units as text, e.g. "1250.50" (at most 4 decimals; the service checks the currency's). */
const amount = z
  .string('validation.amount')
  .trim()
  .regex(/^\d{1,15}(?:\.\d{1,4})?$/, 'validation.amount')
  .refine((value) => /[1-9]/.test(value), 'validation.amount')

/** The buyer pays one instalment of an order, through a provider, optionally in another currency than the order's. */
export const StartPaymentInput = z.object({
  orderId: id('validation.order'),
  stage: z.enum(PAYMENT_STAGES, 'validation.paymentStage'),
  provider: z.enum(PAYMENT_PROVIDERS, 'validation.paymentProvider'),
  currency: z.preprocess((value) => (value === '' ? undefined : value), currency.optional()),
})
export type StartPaymentInput = z.infer<typeof StartPaymentInput>

/** A platform admin's ruling on a disputed order: the share of what is in escrow given back to the buyer (the rest is released). */
export const DisputeRulingInput = z.object({
  refundPercent: z
    .string('validation.refundPercent')
    .trim()
    .regex(/^\d{1,3}(?:\.\d{1,2})?$/, 'validation.refundPercent')
    .refine((value) => Number(value) <= 100, 'validation.refundPercent'),
  note: reason('validation.reason'),
})
export type DisputeRulingInput = z.infer<typeof DisputeRulingInput>

/** A platform admin sent a bank-transfer refund back to the buyer: the bank's reference of the transfer. */
export const RefundSentInput = z.object({ bankReference: reason('validation.bankReference').max(200, 'validation.bankReference') })
export type RefundSentInput = z.infer<typeof RefundSentInput>

/** A supplier asks to be paid `amount` of its available balance in `currency` into one of its verified bank accounts. */
export const RequestPayoutInput = z.object({
  bankAccountId: id('validation.bankAccount'),
  currency,
  amount,
})
export type RequestPayoutInput = z.infer<typeof RequestPayoutInput>

/** A platform admin accepts or rejects (with a reason) a pending payout. */
export const PayoutDecisionInput = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('accept') }),
  z.object({ decision: z.literal('reject'), reason: reason('validation.reason') }),
])
export type PayoutDecisionInput = z.infer<typeof PayoutDecisionInput>

/** A platform admin closes an accepted payout: paid (the bank's reference) or failed (why; the money returns to available). */
export const PayoutOutcomeInput = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('paid'), bankReference: reason('validation.bankReference').max(200, 'validation.bankReference') }),
  z.object({ outcome: z.literal('failed'), reason: reason('validation.reason') }),
])
export type PayoutOutcomeInput = z.infer<typeof PayoutOutcomeInput>

export const FINANCE_LIST_MAX_LIMIT = 100

const listBase = {
  limit: z.coerce.number().int().min(1).max(FINANCE_LIST_MAX_LIMIT).default(25),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
}

export const PaymentListQuery = z.object({
  ...listBase,
  /** `paid`: the company's payments as a buyer; `received`: for its orders as a supplier; `all` (platform admins): every company's. */
  direction: z.enum(['paid', 'received', 'all']).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  q: z.string().trim().max(100).optional(),
})
export type PaymentListQuery = z.infer<typeof PaymentListQuery>

export const PayoutListQuery = z.object({
  ...listBase,
  status: z.enum(PAYOUT_STATUSES).optional(),
  /** Platform admins: every company's payouts. */
  scope: z.enum(['company', 'platform']).default('company'),
})
export type PayoutListQuery = z.infer<typeof PayoutListQuery>
