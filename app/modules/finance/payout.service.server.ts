// Payouts (issue 21): a supplier asks to be paid its available balance into a verified bank account once its KYC is
// accepted; the money waits in pending payout while a platform admin accepts or rejects the request, and leaves the
// ledger when the bank transfer is made (paid, less the payout fee) or comes back to available when it fails.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { divideRounded } from '../../platform/format/decimal-text'
import { currencyDigits, minorToDecimal } from '../../platform/format/money'
import { claimIdempotencyKey, fingerprintOf, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { type Notice, recordNotice } from '../companies/index.server'
import { nextNumber } from '../kernel/index.server'
import { verifiedBankAccount } from './bank-account.service.server'
import { requireMoneyMover } from './finance-access.server'
import { FINANCE_PAGES, type PayoutStatus } from './finance.constants'
import { payouts } from './finance.tables.server'
import { requireKycAccepted } from './kyc.service.server'
import { companyAccount, platformAccount, postEntry } from './ledger.server'
import type { PayoutDecisionInput, PayoutOutcomeInput, RequestPayoutInput } from './payment.inputs'
import { toMinor } from './payment-plan'

type PayoutRow = typeof payouts.$inferSelect

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** The smallest payout in a currency's minor units (FINANCE_PAYOUT_MINIMUM whole units). */
export const payoutMinimum = (currency: string): bigint => BigInt(env().FINANCE_PAYOUT_MINIMUM) * 10n ** BigInt(currencyDigits(currency))

/** The payout fee on an amount (FINANCE_PAYOUT_FEE_BPS), rounded half away from zero. */
export const payoutFee = (amountMinor: bigint): bigint => divideRounded(amountMinor * BigInt(env().FINANCE_PAYOUT_FEE_BPS), 10_000n)

/**
 * Asks for a payout: the amount leaves the available balance for pending payout at once, so it cannot be asked for
 * twice. Refused before KYC acceptance, to an unverified or another company's account, below the minimum or above
 * the available balance; nothing is written then. The same Idempotency-Key answers with the first request.
 */
export async function requestPayout(
  ctx: ServiceContext,
  input: RequestPayoutInput,
  options: IdempotencyOption = {},
): Promise<{ id: string; replayed: boolean }> {
  await requireMoneyMover(ctx)
  const companyId = ctx.actor.companyId!
  if (input.amount.includes('.') && input.amount.split('.')[1]!.replace(/0+$/, '').length > currencyDigits(input.currency))
    throw fieldError({ amount: ['validation.amountDecimals'] })
  const amountMinor = toMinor(input.amount, input.currency)
  if (amountMinor < payoutMinimum(input.currency)) throw fieldError({ amount: ['validation.payoutMinimum'] })
  const id = randomUUID()
  return database().transaction(async (tx) => {
    if (options.idempotencyKey) {
      const earlier = await claimIdempotencyKey(tx, {
        scope: `payout:${companyId}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf(input),
        resourceId: id,
      })
      if (earlier) return { id: earlier, replayed: true }
    }
    await requireKycAccepted(tx, companyId)
    const account = await verifiedBankAccount(tx, companyId, input.bankAccountId)
    if (account.currency !== input.currency) throw fieldError({ currency: ['validation.payoutCurrency'] })
    const number = await nextNumber(tx, companyId, 'OUT')
    const fee = payoutFee(amountMinor)
    await tx.insert(payouts).values({
      id,
      number,
      organizationId: companyId,
      bankAccountId: account.id,
      bankAccountLabel: account.label,
      currency: input.currency,
      amountMinor,
      feeMinor: fee,
      requestedBy: ctx.actor.userId,
    })
    await postEntry(tx, {
      kind: 'payout_requested',
      currency: input.currency,
      postings: [
        { account: companyAccount(companyId, 'available'), amountMinor: -amountMinor },
        { account: companyAccount(companyId, 'pending_payout'), amountMinor },
      ],
      payoutId: id,
      reference: number,
      createdBy: ctx.actor.userId,
    })
    return { id, replayed: false }
  })
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
): Promise<void> {
  requirePlatformAdmin(ctx.actor)
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    if (options.idempotencyKey) {
      const earlier = await claimIdempotencyKey(tx, {
        scope: `payout-step:${id}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf(input),
        resourceId: id,
      })
      if (earlier) return
    }
    const payout = await lockPayout(tx, id)
    const now = new Date()
    const { status, patch, notice } = await step(tx, payout, now)
    await tx
      .update(payouts)
      .set({ ...patch, status, updatedAt: now, version: payout.version + 1 })
      .where(eq(payouts.id, id))
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
  })
  await relayEvents(events)
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

/** A platform admin accepts a pending payout (the transfer is to be made) or rejects it with a reason (money back to available). */
export function decidePayout(ctx: ServiceContext, id: string, input: PayoutDecisionInput, options: IdempotencyOption = {}): Promise<void> {
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
 * platform's) or failed (the whole amount returns to available).
 */
export function closePayout(ctx: ServiceContext, id: string, input: PayoutOutcomeInput, options: IdempotencyOption = {}): Promise<void> {
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
