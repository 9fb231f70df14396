// Finance (issue 21): the words the ledger, payments, payouts, bank accounts and KYC speak, shared by both sides.
import type { PaymentTerms } from '../../platform/trade-terms'

/**
 * A company's accounts, one of each per currency: `available` (theirs to pay out), `escrow` (a buyer's payments held
 * until delivery), `pending_payout` (asked to be paid out, on its way), `fees` (what the platform charged the company:
 * the platform's fee income, kept per company).
 */
export const COMPANY_ACCOUNT_KINDS = ['available', 'escrow', 'pending_payout', 'fees'] as const
export type CompanyAccountKind = (typeof COMPANY_ACCOUNT_KINDS)[number]

/**
 * The platform's own accounts per currency: `external_bank` (money outside the ledger: every payment in and payout or
 * refund out passes it, so its balance is minus the cash the platform holds), `escrow_clearing` (refunds granted and
 * not yet sent back by the provider), `plan_income` (what companies paid for their plans: the platform's own income).
 */
export const PLATFORM_ACCOUNT_KINDS = ['external_bank', 'escrow_clearing', 'plan_income'] as const
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number]

export const ACCOUNT_KINDS = [...COMPANY_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS] as const
export type AccountKind = (typeof ACCOUNT_KINDS)[number]

/** What a journal entry records: each kind has a text (`finance:entries.<kind>`) and a fixed shape of postings. */
export const ENTRY_KINDS = [
  'payment_held',
  'payment_released',
  'fee_charged',
  'refund_granted',
  'refund_sent',
  'payout_requested',
  'payout_rejected',
  'payout_paid',
  'payout_failed',
  'reversal',
  'plan_paid',
] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

export const PAYMENT_PROVIDERS = ['bank_transfer', 'stripe'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]

/** Which part of an order's price a payment is: the deposit, the balance, or all of it. */
export const PAYMENT_STAGES = ['deposit', 'balance', 'full'] as const
export type PaymentStage = (typeof PAYMENT_STAGES)[number]

/**
 * A payment's life: `awaiting` (asked for: the buyer has the bank details or the card page), `held` (the provider
 * confirmed the money; in escrow), then `released` (to the supplier), `refunded` (all back to the buyer), or
 * `settled` (a dispute's ruling: part refunded, the rest released); `cancelled` when nothing arrived and the order ended.
 */
export const PAYMENT_STATUSES = ['awaiting', 'held', 'released', 'refunded', 'settled', 'cancelled'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const REFUND_STATUSES = ['pending', 'sent'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/** A payout: asked (`pending`), then accepted or rejected by a platform admin, then `paid` (with the bank's reference) or `failed`. */
export const PAYOUT_STATUSES = ['pending', 'accepted', 'rejected', 'paid', 'failed'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

export const PAYOUT_SCHEDULES = ['manual', 'weekly', 'monthly'] as const
export type PayoutSchedule = (typeof PAYOUT_SCHEDULES)[number]

/** A company's finance onboarding (KYC) as a platform admin reviewed it; payouts wait for `accept`. */
export const KYC_STATUSES = ['draft', 'pending', 'accept', 'reject'] as const
export type KycStatus = (typeof KYC_STATUSES)[number]

/** How a bank account is identified: IBAN (+ BIC), a US ABA routing number, China's CNAPS bank code, or SWIFT + account number. */
export const BANK_ACCOUNT_SCHEMES = ['iban', 'us_aba', 'cn_cnaps', 'swift'] as const
export type BankAccountScheme = (typeof BANK_ACCOUNT_SCHEMES)[number]

/** A bank account is usable for payouts once a platform admin verified it (with the company's KYC). */
export const BANK_ACCOUNT_STATUSES = ['pending', 'verified', 'rejected'] as const
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number]

/** A bank statement line as the matcher left it. */
export const STATEMENT_LINE_STATUSES = ['matched', 'unmatched', 'ignored'] as const
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number]

/** Why a statement line matched no payment (`finance:statement.reasons.<reason>`). */
export const UNMATCHED_REASONS = ['no_reference', 'unknown_reference', 'amount_mismatch', 'currency_mismatch', 'not_awaiting', 'not_a_credit'] as const
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number]

/** One instalment of a payment plan: its stage, its share of the order's total (basis points) and when it falls due. */
export type Instalment = { stage: PaymentStage; basisPoints: number; due: 'on_confirmation' | 'before_shipment' | 'after_delivery'; days?: number }

/**
 * What each payment term asks of the buyer, paid into escrow: T/T 30/70 is a deposit on confirmation and the balance
 * before shipment; a letter of credit at sight and cash against documents pay in full against the shipping
 * documents (before shipment here, as escrow holds the money until delivery); net terms pay after delivery.
 */
export const PAYMENT_PLANS: Record<PaymentTerms, readonly Instalment[]> = {
  prepayment: [{ stage: 'full', basisPoints: 10_000, due: 'on_confirmation' }],
  tt_30_70: [
    { stage: 'deposit', basisPoints: 3_000, due: 'on_confirmation' },
    { stage: 'balance', basisPoints: 7_000, due: 'before_shipment' },
  ],
  lc_at_sight: [{ stage: 'full', basisPoints: 10_000, due: 'before_shipment' }],
  cash_against_documents: [{ stage: 'full', basisPoints: 10_000, due: 'before_shipment' }],
  net_30: [{ stage: 'full', basisPoints: 10_000, due: 'after_delivery', days: 30 }],
  net_60: [{ stage: 'full', basisPoints: 10_000, due: 'after_delivery', days: 60 }],
}

/** The finance pages (locale-free paths). */
export const FINANCE_PAGES = {
  account: '/app/finance/account',
  payments: '/app/finance/payments',
  payouts: '/app/finance/payouts',
  settings: '/app/finance/settings',
  documents: '/app/finance/documents',
  onboarding: '/app/finance/onboarding',
} as const
