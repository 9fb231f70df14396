import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { organizations } from '../companies/companies.tables.server'
import { users } from '../identity/identity.tables.server'
import {
  ACCOUNT_KINDS,
  BANK_ACCOUNT_SCHEMES,
  BANK_ACCOUNT_STATUSES,
  ENTRY_KINDS,
  KYC_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STAGES,
  PAYMENT_STATUSES,
  PAYOUT_SCHEDULES,
  PAYOUT_STATUSES,
  PLATFORM_ACCOUNT_KINDS,
  REFUND_STATUSES,
  STATEMENT_LINE_STATUSES,
} from './finance.constants'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const minor = (name: string) => bigint(name, { mode: 'bigint' })
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/**
 * One account of the ledger: a company's (available, escrow, pending payout, fees) or the platform's (no company) per
 * currency. `balance_minor` is the sum of its postings, kept in the posting transaction under the row's lock. The
 * ledger outlives companies (no foreign key: a purged company's history still balances).
 */
export const financeAccounts = pgTable(
  'finance_accounts',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id'),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    currency: text('currency').notNull(),
    /** Kept for company accounts, under the row's lock; the platform's accounts (touched by every payment) sum their postings instead. */
    balanceMinor: minor('balance_minor')
      .notNull()
      .default(sql`0`),
    /** How many postings the account has had: the next posting's `sequence`. */
    postingCount: bigint('posting_count', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('finance_accounts_owner_kind_currency_key').on(sql`coalesce(${t.organizationId}, '')`, t.kind, t.currency),
    // A company's accounts, read on every balance and statement page.
    index('finance_accounts_organization_idx').on(t.organizationId, t.currency),
    check('finance_accounts_kind_check', sql`${t.kind} in (${oneOf(ACCOUNT_KINDS)})`),
    // Money the platform holds for someone is never below zero; only the external bank (the cash mirror) goes negative.
    check('finance_accounts_balance_check', sql`${t.balanceMinor} >= 0`),
    check('finance_accounts_owner_check', sql`(${t.organizationId} is null) = (${t.kind} in (${oneOf(PLATFORM_ACCOUNT_KINDS)}))`),
  ],
)

/**
 * One money movement: two or more postings in one currency that sum to zero (a deferred trigger checks every entry at
 * commit). Never changed or removed (triggers refuse): a correction is a reversing entry.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    currency: text('currency').notNull(),
    /** What the entry belongs to (this module's records; the order by id and number, no foreign key across modules). */
    paymentId: text('payment_id'),
    refundId: text('refund_id'),
    payoutId: text('payout_id'),
    orderId: text('order_id'),
    reference: text('reference').notNull().default(''),
    reversesEntryId: text('reverses_entry_id'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('journal_entries_payment_idx').on(t.paymentId),
    index('journal_entries_payout_idx').on(t.payoutId),
    uniqueIndex('journal_entries_reverses_key').on(t.reversesEntryId),
    check('journal_entries_kind_check', sql`${t.kind} in (${oneOf(ENTRY_KINDS)})`),
  ],
)

/**
 * One side of an entry on one account. A company account's postings carry its balance right after them (the
 * statement's running balance) and a running `sequence`; a platform account's (never locked) carry neither.
 */
export const postings = pgTable(
  'postings',
  {
    id: text('id').primaryKey(),
    entryId: text('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: text('account_id')
      .notNull()
      .references(() => financeAccounts.id),
    amountMinor: minor('amount_minor').notNull(),
    balanceAfterMinor: minor('balance_after_minor'),
    /** The account's own running count: statements page by it (newest first) without sorting by time. */
    sequence: bigint('sequence', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    uniqueIndex('postings_account_sequence_key').on(t.accountId, t.sequence),
    index('postings_account_created_idx').on(t.accountId, t.createdAt),
    check('postings_amount_check', sql`${t.amountMinor} <> 0`),
  ],
)

/**
 * One instalment of an order's price, paid by the buyer into escrow and released to the supplier on delivery (or
 * refunded). Amounts are in the paid currency; `orderAmountMinor` is what was due in the order's currency, and
 * `fxRate` the rate used between them (null when the same).
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    orderId: text('order_id').notNull(),
    orderNumber: text('order_number').notNull(),
    buyerOrganizationId: text('buyer_organization_id').notNull(),
    supplierOrganizationId: text('supplier_organization_id').notNull(),
    buyerName: text('buyer_name').notNull(),
    supplierName: text('supplier_name').notNull(),
    stage: text('stage', { enum: PAYMENT_STAGES }).notNull(),
    orderCurrency: text('order_currency').notNull(),
    orderAmountMinor: minor('order_amount_minor').notNull(),
    currency: text('currency').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    fxRate: text('fx_rate'),
    fxRateDay: text('fx_rate_day'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The bank transfer's reference the buyer quotes (unique), or the Stripe PaymentIntent's id. */
    reference: text('reference').notNull(),
    providerRef: text('provider_ref'),
    checkoutUrl: text('checkout_url'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('awaiting'),
    heldMinor: minor('held_minor')
      .notNull()
      .default(sql`0`),
    releasedMinor: minor('released_minor')
      .notNull()
      .default(sql`0`),
    refundedMinor: minor('refunded_minor')
      .notNull()
      .default(sql`0`),
    feeMinor: minor('fee_minor')
      .notNull()
      .default(sql`0`),
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** Set when the order is delivered: released automatically then unless the order is disputed. */
    releaseAfter: timestamp('release_after', { withTimezone: true }),
    /** The order is disputed: nothing moves until a platform admin rules. */
    frozen: boolean('frozen').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payments_buyer_number_key').on(t.buyerOrganizationId, t.number),
    uniqueIndex('payments_reference_key').on(t.reference),
    uniqueIndex('payments_provider_ref_key').on(t.providerRef),
    // One live payment per stage of an order: a second would pay more than is due.
    uniqueIndex('payments_order_stage_key')
      .on(t.orderId, t.stage)
      .where(sql`${t.status} <> 'cancelled'`),
    index('payments_buyer_created_idx').on(t.buyerOrganizationId, t.createdAt),
    index('payments_supplier_created_idx').on(t.supplierOrganizationId, t.createdAt),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    index('payments_release_after_idx')
      .on(t.releaseAfter)
      .where(sql`${t.status} = 'held' and not ${t.frozen}`),
    check('payments_stage_check', sql`${t.stage} in (${oneOf(PAYMENT_STAGES)})`),
    check('payments_status_check', sql`${t.status} in (${oneOf(PAYMENT_STATUSES)})`),
    check('payments_provider_check', sql`${t.provider} in (${oneOf(PAYMENT_PROVIDERS)})`),
    check(
      'payments_amounts_check',
      sql`${t.amountMinor} > 0 and ${t.releasedMinor} + ${t.refundedMinor} <= ${t.heldMinor} and ${t.heldMinor} <= ${t.amountMinor}`,
    ),
  ],
)

/** Money given back to the buyer from a held payment: granted (out of escrow), then sent by the provider. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRef: text('provider_ref'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_status_idx').on(t.status, t.createdAt),
    check('payment_refunds_amount_check', sql`${t.amountMinor} > 0`),
    check('payment_refunds_status_check', sql`${t.status} in (${oneOf(REFUND_STATUSES)})`),
  ],
)

/** A company's bank account for payouts: verified by a platform admin before money goes to it (again after any change). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    scheme: text('scheme', { enum: BANK_ACCOUNT_SCHEMES }).notNull(),
    /** The IBAN, or the local account number (electronic format: no spaces). */
    accountNumber: text('account_number').notNull(),
    /** BIC / SWIFT code (IBAN and SWIFT schemes). */
    bic: text('bic').notNull().default(''),
    /** The ABA routing number or CNAPS bank code (local schemes). */
    routingCode: text('routing_code').notNull().default(''),
    status: text('status', { enum: BANK_ACCOUNT_STATUSES }).notNull().default('pending'),
    reviewNote: text('review_note').notNull().default(''),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    isDefault: boolean('is_default').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('bank_accounts_organization_idx').on(t.organizationId, t.createdAt),
    index('bank_accounts_status_idx').on(t.status, t.createdAt),
    check('bank_accounts_scheme_check', sql`${t.scheme} in (${oneOf(BANK_ACCOUNT_SCHEMES)})`),
    check('bank_accounts_status_check', sql`${t.status} in (${oneOf(BANK_ACCOUNT_STATUSES)})`),
  ],
)

/** A supplier's request to be paid its available balance, into one of its verified bank accounts. */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    organizationId: text('organization_id').notNull(),
    bankAccountId: text('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    /** The account as it was asked for ("HSBC ···· 4321"), kept when the account is later archived. */
    bankAccountLabel: text('bank_account_label').notNull(),
    currency: text('currency').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    feeMinor: minor('fee_minor')
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    bankReference: text('bank_reference').notNull().default(''),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payouts_organization_number_key').on(t.organizationId, t.number),
    index('payouts_organization_created_idx').on(t.organizationId, t.createdAt),
    index('payouts_status_created_idx').on(t.status, t.createdAt),
    check('payouts_status_check', sql`${t.status} in (${oneOf(PAYOUT_STATUSES)})`),
    check('payouts_amount_check', sql`${t.amountMinor} > 0 and ${t.feeMinor} >= 0 and ${t.feeMinor} < ${t.amountMinor}`),
  ],
)

export type BeneficialOwner = { name: string; nationality: string; ownershipPercent: string; dateOfBirth: string }
export type KycDocument = { kind: 'identity' | 'registration'; fileId: string; name: string }

/** A company's finance onboarding (KYC): who it legally is and who owns it, reviewed by a platform admin. */
export const kycProfiles = pgTable(
  'kyc_profiles',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: KYC_STATUSES }).notNull().default('draft'),
    legalName: text('legal_name').notNull().default(''),
    registrationNumber: text('registration_number').notNull().default(''),
    registrationCountry: text('registration_country').notNull().default(''),
    registeredAddress: text('registered_address').notNull().default(''),
    directorName: text('director_name').notNull().default(''),
    beneficialOwners: jsonb('beneficial_owners').$type<BeneficialOwner[]>().notNull().default([]),
    documents: jsonb('documents').$type<KycDocument[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewReason: text('review_reason').notNull().default(''),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('kyc_profiles_status_idx').on(t.status, t.submittedAt), check('kyc_profiles_status_check', sql`${t.status} in (${oneOf(KYC_STATUSES)})`)],
)

/** A company's finance preferences and invoicing details. */
export const financeSettings = pgTable(
  'finance_settings',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    defaultCurrency: text('default_currency').notNull().default('USD'),
    payoutSchedule: text('payout_schedule', { enum: PAYOUT_SCHEDULES }).notNull().default('manual'),
    /** Money-moving commands need a two-factor (aal2) session. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    invoiceLegalName: text('invoice_legal_name').notNull().default(''),
    invoiceTaxId: text('invoice_tax_id').notNull().default(''),
    invoiceAddress: text('invoice_address').notNull().default(''),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('finance_settings_payout_schedule_check', sql`${t.payoutSchedule} in (${oneOf(PAYOUT_SCHEDULES)})`)],
)

/** A bank statement a platform admin uploaded to match incoming transfers. */
export const bankStatements = pgTable('bank_statements', {
  id: text('id').primaryKey(),
  fileName: text('file_name').notNull(),
  lineCount: integer('line_count').notNull().default(0),
  matchedCount: integer('matched_count').notNull().default(0),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
})

/** One line of a statement: matched to the payment whose reference it quotes, or left unmatched (listed, with why). */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: text('id').primaryKey(),
    statementId: text('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    /** The bank's own id of the transaction (or a digest of the line): the same transaction is never matched twice. */
    transactionKey: text('transaction_key').notNull(),
    bookedOn: date('booked_on').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    reference: text('reference').notNull().default(''),
    payer: text('payer').notNull().default(''),
    status: text('status', { enum: STATEMENT_LINE_STATUSES }).notNull(),
    reason: text('reason').notNull().default(''),
    paymentId: text('payment_id').references(() => payments.id),
    matchedBy: text('matched_by').references(() => users.id, { onDelete: 'set null' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_transaction_key').on(t.transactionKey),
    index('bank_statement_lines_statement_idx').on(t.statementId, t.lineNumber),
    index('bank_statement_lines_status_idx').on(t.status, t.bookedOn),
    check('bank_statement_lines_status_check', sql`${t.status} in (${oneOf(STATEMENT_LINE_STATUSES)})`),
  ],
)

/** Stripe events already handled (by event id): a redelivered webhook is answered without acting twice. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
