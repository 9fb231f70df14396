// Payouts (issue 21): a supplier asks to be paid its available balance into a verified bank account once its KYC is
// accepted; the money waits in pending payout while a platform admin accepts or rejects the request, and leaves the
// ledger when the bank transfer is made (paid, less the payout fee) or comes back to available when it fails.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { divideRounded } from '../../platform/format/decimal-text'
import { currencyDigits, minorToDecimal, toMinor } from '../../platform/format/money'
import { claimIdempotencyKey, fingerprintOf, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { type Notice, recordNotice } from '../companies/index.server'
import { nextNumber } from '../kernel/index.server'
import { type BankAccountFacts, usableBankAccount, verifiedBankAccount } from './bank-account.service.server'
import { requireMoneyMoverRole, requireTwoFactorWhen } from './finance-access.server'
import { FINANCE_PAGES, type PayoutSchedule, type PayoutStatus } from './finance.constants'
import { bankAccounts, financeAccounts, financeSettings, kycProfiles, payouts } from './finance.tables.server'
import { kycStatus } from './kyc.service.server'
import { companyAccount, platformAccount, postEntry } from './ledger.server'
import type { PayoutDecisionInput, PayoutOutcomeInput, RequestPayoutInput } from './payment.inputs'

type PayoutRow = typeof payouts.$inferSelect

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** The smallest payout in a currency's minor units (FINANCE_PAYOUT_MINIMUM whole units). */
export const payoutMinimum = (currency: string): bigint => BigInt(env().FINANCE_PAYOUT_MINIMUM) * 10n ** BigInt(currencyDigits(currency))

/** The payout fee on an amount (FINANCE_PAYOUT_FEE_BPS), rounded half away from zero. */
export const payoutFee = (amountMinor: bigint): bigint => divideRounded(amountMinor * BigInt(env().FINANCE_PAYOUT_FEE_BPS), 10_000n)

/**
 * Asks for a payout: the amount leaves the available balance for pending payout at once, so it cannot be asked for
 * twice. Refused before KYC acceptance, to an unverified or another company's account, below the minimum or above
 * the available balance; nothing is written then. The same Idempotency-Key answers with the first request. Answers
 * the payout as stored (null on a replay: the caller reads the first one).
 */
export async function requestPayout(
  ctx: ServiceContext,
  input: RequestPayoutInput,
  options: IdempotencyOption = {},
): Promise<{ id: string; replayed: boolean; payout: PayoutRow | null }> {
  requireMoneyMoverRole(ctx)
  const companyId = ctx.actor.companyId
  if (input.amount.includes('.') && input.amount.split('.')[1]!.replace(/0+$/, '').length > currencyDigits(input.currency))
    throw fieldError({ amount: ['validation.amountDecimals'] })
  const amountMinor = toMinor(input.amount, input.currency)
  if (amountMinor < payoutMinimum(input.currency)) throw fieldError({ amount: ['validation.payoutMinimum'] })
  const id = randomUUID()
  return database().transaction(async (tx) => {
    const ready = await payoutReadiness(tx, companyId, input.bankAccountId)
    requireTwoFactorWhen(ctx, ready.requireTwoFactor)
    if (options.idempotencyKey) {
      const earlier = await claimIdempotencyKey(tx, {
        scope: `payout:${companyId}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf(input),
        resourceId: id,
      })
      if (earlier) return { id: earlier, replayed: true, payout: null }
    }
    if (ready.kyc !== 'accept') throw new AppError('kyc_not_accepted', 'The company’s finance onboarding has not been accepted yet')
    const account = usableBankAccount(ready.account)
    if (account.currency !== input.currency) throw fieldError({ currency: ['validation.payoutCurrency'] })
    const payout = await insertPayout(tx, id, companyId, account, amountMinor, ctx.actor.userId)
    return { id, replayed: false, payout }
  })
}

/**
 * What a payout request depends on, in one read: whether the company requires two factors to move money, its KYC
 * status and the bank account (when it is the company's and not archived).
 */
async function payoutReadiness(
  tx: Transaction,
  companyId: string,
  bankAccountId: string,
): Promise<{ requireTwoFactor: boolean; kyc: string | null; account: BankAccountFacts | null }> {
  const [row] = await tx
    .select({
      requireTwoFactor: sql<
        boolean | null
      >`(select ${financeSettings.requireTwoFactor} from ${financeSettings} where ${financeSettings.organizationId} = ${companyId})`,
      kyc: sql<string | null>`(select ${kycProfiles.status} from ${kycProfiles} where ${kycProfiles.organizationId} = ${companyId})`,
      id: bankAccounts.id,
      bankName: bankAccounts.bankName,
      accountNumber: bankAccounts.accountNumber,
      currency: bankAccounts.currency,
      status: bankAccounts.status,
    })
    .from(sql`(select 1) as here`)
    .leftJoin(bankAccounts, and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.organizationId, companyId), isNull(bankAccounts.archivedAt)))
  const { requireTwoFactor, kyc, ...account } = row!
  return { requireTwoFactor: requireTwoFactor ?? false, kyc, account: account.id ? (account as BankAccountFacts) : null }
}

/** The payout row and its entry: the amount leaves available for pending payout (refused above the available balance). */
async function insertPayout(
  tx: Transaction,
  id: string,
  companyId: string,
  account: { id: string; label: string; currency: string },
  amountMinor: bigint,
  requestedBy: string | null,
): Promise<PayoutRow> {
  const number = await nextNumber(tx, companyId, 'OUT')
  const [payout] = await tx
    .insert(payouts)
    .values({
      id,
      number,
      organizationId: companyId,
      bankAccountId: account.id,
      bankAccountLabel: account.label,
      currency: account.currency,
      amountMinor,
      feeMinor: payoutFee(amountMinor),
      requestedBy,
    })
    .returning()
  await postEntry(tx, {
    kind: 'payout_requested',
    currency: account.currency,
    postings: [
      { account: companyAccount(companyId, 'available'), amountMinor: -amountMinor },
      { account: companyAccount(companyId, 'pending_payout'), amountMinor },
    ],
    payoutId: id,
    reference: number,
    createdBy: requestedBy,
  })
  return payout!
}

/** Whether a payout schedule falls on `day` (UTC): weekly on Mondays, monthly on the 1st; never for `manual`. */
export function payoutScheduledOn(schedule: PayoutSchedule, day: Date): boolean {
  if (schedule === 'weekly') return day.getUTCDay() === 1
  if (schedule === 'monthly') return day.getUTCDate() === 1
  return false
}

/**
 * The companies' scheduled payouts (the `finance.scheduled-payouts` job, daily): on its day, a company paid out
 * weekly or monthly is paid its whole available balance in the currency of its default bank account — when its KYC is
 * accepted, the account verified and the balance at least the minimum. Once per company, currency and day, however
 * often the job runs. Answers how many payouts it asked for.
 */
export async function requestScheduledPayouts(now: Date = new Date()): Promise<number> {
  const day = now.toISOString().slice(0, 10)
  const companies = await database()
    .select({ organizationId: financeSettings.organizationId, schedule: financeSettings.payoutSchedule })
    .from(financeSettings)
    .where(inArray(financeSettings.payoutSchedule, ['weekly', 'monthly']))
  let asked = 0
  for (const { organizationId, schedule } of companies) {
    if (!payoutScheduledOn(schedule, now)) continue
    const [account] = await database()
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.organizationId, organizationId),
          eq(bankAccounts.isDefault, true),
          eq(bankAccounts.status, 'verified'),
          isNull(bankAccounts.archivedAt),
        ),
      )
    if (!account || (await kycStatus(database(), organizationId)) !== 'accept') continue
    const made = await database().transaction(async (tx) => {
      const target = await verifiedBankAccount(tx, organizationId, account.id)
      const [available] = await tx
        .select({ balance: financeAccounts.balanceMinor })
        .from(financeAccounts)
        .where(and(eq(financeAccounts.organizationId, organizationId), eq(financeAccounts.kind, 'available'), eq(financeAccounts.currency, target.currency)))
      const amountMinor = available?.balance ?? 0n
      if (amountMinor < payoutMinimum(target.currency)) return false
      const id = randomUUID()
      const key = {
        scope: `payout:${organizationId}`,
        key: `scheduled-${day}-${target.currency}`,
        fingerprint: fingerprintOf({ scheduled: day }),
        resourceId: id,
      }
      if (await claimIdempotencyKey(tx, key)) return false
      await insertPayout(tx, id, organizationId, target, amountMinor, null)
      return true
    })
    if (made) asked += 1
  }
  return asked
}

async function lockPayout(tx: Transaction, id: string): Promise<PayoutRow> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update')
  if (!payout) throw new AppError('not_found', 'Payout not found')
  return payout
}

const requireStatus = (payout: PayoutRow, status: PayoutStatus, action: string) => {
  if (payout.status !== status) throw new AppError('invalid_transition', `A ${payout.status} payout cannot be ${action}`, { action, status: payout.status })
}

/** Runs a platform admin's step on a payout, once per Idempotency-Key (a retry answers without acting again). */
async function payoutStep(
  ctx: ServiceContext,
  id: string,
  input: unknown,
  options: IdempotencyOption,
  step: (
    tx: Transaction,
    payout: PayoutRow,
    now: Date,
  ) => Promise<{ status: PayoutStatus; patch: Partial<PayoutRow>; notice: 'accepted' | 'rejected' | 'paid' | 'failed' }>,
): Promise<PayoutRow | null> {
  requirePlatformAdmin(ctx.actor)
  const events: OutboxEventId[] = []
  const changed = await database().transaction(async (tx) => {
    if (options.idempotencyKey) {
      const earlier = await claimIdempotencyKey(tx, {
        scope: `payout-step:${id}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf(input),
        resourceId: id,
      })
      if (earlier) return null
    }
    const payout = await lockPayout(tx, id)
    const now = new Date()
    const { status, patch, notice } = await step(tx, payout, now)
    const change = { ...patch, status, updatedAt: now, version: payout.version + 1 }
    await tx.update(payouts).set(change).where(eq(payouts.id, id))
    const message: Notice = {
      companyId: payout.organizationId,
      kind: `finance.payout_${notice}`,
      params: {
        number: payout.number,
        amount: `${minorToDecimal({ minor: payout.amountMinor, currency: payout.currency })} ${payout.currency}`,
        reason: patch.reason ?? '',
        reference: patch.bankReference ?? '',
      },
      link: FINANCE_PAGES.payouts,
    }
    await recordNotice(tx, message)
    events.push(await recordEvent(tx, { name: `payout.${notice}`, notices: [message] }))
    return { ...payout, ...change }
  })
  await relayEvents(events)
  return changed
}

/** Back to available: a rejected or failed payout returns its whole amount (no fee is kept). */
function returnToAvailable(tx: Transaction, payout: PayoutRow, kind: 'payout_rejected' | 'payout_failed', ctx: ServiceContext, now: Date) {
  return postEntry(
    tx,
    {
      kind,
      currency: payout.currency,
      postings: [
        { account: companyAccount(payout.organizationId, 'pending_payout'), amountMinor: -payout.amountMinor },
        { account: companyAccount(payout.organizationId, 'available'), amountMinor: payout.amountMinor },
      ],
      payoutId: payout.id,
      reference: payout.number,
      createdBy: ctx.actor.userId,
    },
    now,
  )
}

/**
 * A platform admin accepts a pending payout (the transfer is to be made) or rejects it with a reason (money back to
 * available). Answers the payout as changed (null when the Idempotency-Key replays an earlier step).
 */
export function decidePayout(ctx: ServiceContext, id: string, input: PayoutDecisionInput, options: IdempotencyOption = {}): Promise<PayoutRow | null> {
  return payoutStep(ctx, id, input, options, async (tx, payout, now) => {
    requireStatus(payout, 'pending', input.decision === 'accept' ? 'accepted' : 'rejected')
    const decided = { decidedBy: ctx.actor.userId, decidedAt: now }
    if (input.decision === 'accept') return { status: 'accepted', patch: decided, notice: 'accepted' }
    await returnToAvailable(tx, payout, 'payout_rejected', ctx, now)
    return { status: 'rejected', patch: { ...decided, reason: input.reason, closedAt: now }, notice: 'rejected' }
  })
}

/**
 * A platform admin closes an accepted payout: paid (the amount less the fee leaves for the bank, the fee is the
 * platform's) or failed (the whole amount returns to available). Answers the payout as changed (null on a replay).
 */
export function closePayout(ctx: ServiceContext, id: string, input: PayoutOutcomeInput, options: IdempotencyOption = {}): Promise<PayoutRow | null> {
  return payoutStep(ctx, id, input, options, async (tx, payout, now) => {
    requireStatus(payout, 'accepted', input.outcome)
    if (input.outcome === 'failed') {
      await returnToAvailable(tx, payout, 'payout_failed', ctx, now)
      return { status: 'failed', patch: { reason: input.reason, closedAt: now }, notice: 'failed' }
    }
    await postEntry(
      tx,
      {
        kind: 'payout_paid',
        currency: payout.currency,
        postings: [
          { account: companyAccount(payout.organizationId, 'pending_payout'), amountMinor: -payout.amountMinor },
          { account: platformAccount('external_bank'), amountMinor: payout.amountMinor - payout.feeMinor },
          ...(payout.feeMinor > 0n ? [{ account: companyAccount(payout.organizationId, 'fees'), amountMinor: payout.feeMinor }] : []),
        ],
        payoutId: payout.id,
        reference: input.bankReference,
        createdBy: ctx.actor.userId,
      },
      now,
    )
    return { status: 'paid', patch: { bankReference: input.bankReference, closedAt: now }, notice: 'paid' }
  })
}
