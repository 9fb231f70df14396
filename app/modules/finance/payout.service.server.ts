// Payouts (issue 21): a supplier asks to be paid its available balance into a verified bank account once its KYC is
// accepted; the money waits in pending payout while a platform admin accepts or rejects the request, and leaves the
// ledger when the bank transfer is made (paid, less the payout fee) or comes back to available when it fails.
import { and, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, forgetOnDatabaseChange, type Transaction } from '../../platform/db/index.server'
import { raisedRefusal } from '../../platform/db/raised.server'
import { resultRows } from '../../platform/db/result-rows'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { divideRounded } from '../../platform/format/decimal-text'
import { currencyDigits, minorToDecimal, toMinor } from '../../platform/format/money'
import { fingerprintOf, type IdempotencyOption, idempotencyRefusal } from '../../platform/idempotency/idempotency.server'
import { ExpiringLru } from '../../platform/lru'
import { eventInsert, relayEvents } from '../../platform/outbox/outbox.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { timeOrderedUuid } from '../../platform/time-ordered-id.server'
import { type Notice, noticeInsertFor } from '../companies/index.server'
import { type BankAccountFacts, usableBankAccount, verifiedBankAccount } from './bank-account.service.server'
import { requireMoneyMoverRole, requireTwoFactorWhen } from './finance-access.server'
import { FINANCE_PAGES, type PayoutSchedule } from './finance.constants'
import { bankAccounts, financeAccounts, financeSettings, kycProfiles, payouts } from './finance.tables.server'
import { kycStatus } from './kyc.service.server'
import { isBalanceCheck } from './ledger.server'
import type { PayoutDecisionInput, PayoutOutcomeInput, RequestPayoutInput } from './payment.inputs'

type PayoutRow = typeof payouts.$inferSelect

/** What never changes once a payout exists: its number, company, currency and amount (an admin's step names them). */
type PayoutFacts = Pick<PayoutRow, 'number' | 'organizationId' | 'currency' | 'amountMinor'>

// A payout's facts, as this process wrote or read them: the step a platform admin takes on a payout asked for moments
// before needs no read of them. They never change, so an entry is never stale.
const payoutFacts = forgetOnDatabaseChange(new ExpiringLru<string, PayoutFacts>(10_000))
const PAYOUT_FACTS_TTL_MS = 3_600_000

const rememberFacts = (id: string, payout: PayoutFacts) =>
  payoutFacts.set(
    id,
    { number: payout.number, organizationId: payout.organizationId, currency: payout.currency, amountMinor: payout.amountMinor },
    PAYOUT_FACTS_TTL_MS,
  )

async function factsOf(id: string): Promise<PayoutFacts | undefined> {
  const remembered = payoutFacts.get(id)
  if (remembered) return remembered
  const [read] = await database()
    .select({ number: payouts.number, organizationId: payouts.organizationId, currency: payouts.currency, amountMinor: payouts.amountMinor })
    .from(payouts)
    .where(eq(payouts.id, id))
  if (read) rememberFacts(id, read)
  return read
}

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
  const id = timeOrderedUuid()
  const ready = await payoutReadiness(database(), companyId, input.bankAccountId)
  requireTwoFactorWhen(ctx, ready.requireTwoFactor)
  // What is wrong with the request is raised after the key's claim, so that a retry of an accepted request still
  // answers with its payout; the account's details travel with the request (their label is kept on the payout).
  let refusal: AppError | null = null
  let account: { id: string; label: string; currency: string } | null = null
  try {
    if (ready.kyc !== 'accept') throw new AppError('kyc_not_accepted', 'The company’s finance onboarding has not been accepted yet')
    account = usableBankAccount(ready.account)
    if (account.currency !== input.currency) throw fieldError({ currency: ['validation.payoutCurrency'] })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    refusal = error
  }
  const key = options.idempotencyKey ?? null
  const payout = await writePayoutRequest({
    id,
    companyId,
    account: account ?? { id: null, label: '', currency: input.currency },
    amountMinor,
    requestedBy: ctx.actor.userId,
    refusal,
    key: key ? { key, fingerprint: fingerprintOf(input) } : null,
  })
  if (payout.id !== id) return { id: payout.id, replayed: true, payout: null }
  rememberFacts(id, payout)
  return { id, replayed: false, payout }
}

/**
 * `finance_request_payout` (ADR 059), in one statement: claims the key (in the company's payout scope), raises the
 * refusal the caller found (after the claim: a retry of an accepted request still answers), takes the number, inserts
 * the payout and moves its amount from available to pending payout (refused above the available balance). Answers the
 * new payout, or the first request's when the key was claimed before.
 */
async function writePayoutRequest(request: {
  id: string
  companyId: string
  account: { id: string | null; label: string; currency: string }
  amountMinor: bigint
  requestedBy: string | null
  refusal: AppError | null
  key: { key: string; fingerprint: string } | null
}): Promise<PayoutRow> {
  const { id, companyId, account, amountMinor, refusal, key } = request
  const [row] = await moneyMovement(
    database(),
    account.currency,
    sql`select * from finance_request_payout(
      ${id}, ${companyId}, ${account.id}, ${account.label}, ${account.currency}, ${amountMinor.toString()}::bigint,
      ${payoutFee(amountMinor).toString()}::bigint, ${request.requestedBy}, ${refusal?.code ?? null}, null,
      ${`payout:${companyId}`}, ${key?.key ?? null}, ${key?.fingerprint ?? null}, ${new Date().toISOString()}::timestamptz
    )`,
    (code) => (refusal && code === refusal.code ? refusal : null),
  )
  if (!row) throw new AppError('internal', 'The payout was not written')
  return payoutOfRow(row)
}

/**
 * Runs a money movement's database function (ADR 059) and answers the rows it returns. A refusal it raised becomes
 * the AppError `refusal` names for its code, or the idempotency key's; a balance that would fall below zero is
 * `insufficient_funds`.
 */
async function moneyMovement(
  db: Database | Transaction,
  currency: string,
  statement: SQL,
  refusal: (code: string, params: Record<string, unknown>) => AppError | null,
): Promise<Array<Record<string, unknown>>> {
  try {
    return resultRows<Record<string, unknown>>(await db.execute(statement))
  } catch (error) {
    const raised = raisedRefusal(error)
    if (raised) throw refusal(raised.code, raised.params) ?? idempotencyRefusal(error) ?? error
    if (isBalanceCheck(error)) throw new AppError('insufficient_funds', 'The balance is too low for this', { currency })
    throw error
  }
}

const payoutColumns = Object.entries(getTableColumns(payouts))

/** A payouts row as the database function returned it (column names, driver values), as drizzle reads one. */
function payoutOfRow(row: Record<string, unknown>): PayoutRow {
  const payout: Record<string, unknown> = {}
  for (const [field, column] of payoutColumns) {
    const value = row[column.name]
    payout[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return payout as PayoutRow
}

/**
 * What a payout request depends on, in one read: whether the company requires two factors to move money, its KYC
 * status and the bank account (when it is the company's and not archived).
 */
async function payoutReadiness(
  tx: Database | Transaction,
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
    const target = await verifiedBankAccount(database(), organizationId, account.id)
    const [available] = await database()
      .select({ balance: financeAccounts.balanceMinor })
      .from(financeAccounts)
      .where(and(eq(financeAccounts.organizationId, organizationId), eq(financeAccounts.kind, 'available'), eq(financeAccounts.currency, target.currency)))
    const amountMinor = available?.balance ?? 0n
    if (amountMinor < payoutMinimum(target.currency)) continue
    const id = timeOrderedUuid()
    const payout = await writePayoutRequest({
      id,
      companyId: organizationId,
      account: target,
      amountMinor,
      requestedBy: null,
      refusal: null,
      key: { key: `scheduled-${day}-${target.currency}`, fingerprint: fingerprintOf({ scheduled: day }) },
    })
    const made = payout.id === id
    if (made) asked += 1
  }
  return asked
}

type PayoutStep = 'accept' | 'reject' | 'paid' | 'failed'

const STEP_STATUS = { accept: 'accepted', reject: 'rejected', paid: 'paid', failed: 'failed' } as const satisfies Record<PayoutStep, string>

/**
 * Runs a platform admin's step on a payout, once per Idempotency-Key (a retry answers null without acting again), in
 * one statement (ADR 060): `finance_payout_step` locks the payout, checks its status, posts the step's entry and changes
 * the row; beside it, the notice and its outbox event are written when the step happened. The event is relayed after.
 * The notice names the payout by what never changes on it (number, amount, currency, company), read first.
 */
async function payoutStep(
  ctx: ServiceContext,
  id: string,
  input: unknown,
  options: IdempotencyOption,
  step: PayoutStep,
  details: { reason?: string; bankReference?: string },
): Promise<PayoutRow | null> {
  requirePlatformAdmin(ctx.actor)
  const known = await factsOf(id)
  if (!known) throw new AppError('not_found', 'Payout not found')
  const key = options.idempotencyKey ?? null
  const now = new Date()
  const status = STEP_STATUS[step]
  const message: Notice = {
    companyId: known.organizationId,
    kind: `finance.payout_${status}`,
    params: {
      number: known.number,
      amount: `${minorToDecimal({ minor: known.amountMinor, currency: known.currency })} ${known.currency}`,
      reason: step === 'reject' || step === 'failed' ? (details.reason ?? '') : '',
      reference: step === 'paid' ? (details.bankReference ?? '') : '',
    },
    link: FINANCE_PAGES.payouts,
  }
  const stepped = sql`exists (select 1 from step)`
  const [row] = await moneyMovement(
    database(),
    known.currency,
    sql`with step as (
        select * from finance_payout_step(
          ${id}, ${step}, ${details.reason ?? ''}, ${details.bankReference ?? ''}, ${ctx.actor.userId},
          ${key}, ${key ? fingerprintOf(input) : null}, ${now.toISOString()}::timestamptz
        )
      ),
      notice as (${noticeInsertFor(message, stepped)}),
      event as (${eventInsert({ name: `payout.${status}`, notices: [message] }, now, stepped)})
      select step.*, (select id from event) as event_id from step`,
    (code, params) => {
      if (code === 'not_found') return new AppError('not_found', 'Payout not found')
      if (code === 'invalid_transition')
        return new AppError('invalid_transition', `A ${String(params.status)} payout cannot be ${String(params.action)}`, params)
      return null
    },
  )
  if (!row) return null
  await relayEvents([Number(row.event_id)])
  return payoutOfRow(row)
}

/**
 * A platform admin accepts a pending payout (the transfer is to be made) or rejects it with a reason (money back to
 * available). Answers the payout as changed (null when the Idempotency-Key replays an earlier step).
 */
export function decidePayout(ctx: ServiceContext, id: string, input: PayoutDecisionInput, options: IdempotencyOption = {}): Promise<PayoutRow | null> {
  return input.decision === 'accept'
    ? payoutStep(ctx, id, input, options, 'accept', {})
    : payoutStep(ctx, id, input, options, 'reject', { reason: input.reason })
}

/**
 * A platform admin closes an accepted payout: paid (the amount less the fee leaves for the bank, the fee is the
 * platform's) or failed (the whole amount returns to available). Answers the payout as changed (null on a replay).
 */
export function closePayout(ctx: ServiceContext, id: string, input: PayoutOutcomeInput, options: IdempotencyOption = {}): Promise<PayoutRow | null> {
  return input.outcome === 'paid'
    ? payoutStep(ctx, id, input, options, 'paid', { bankReference: input.bankReference })
    : payoutStep(ctx, id, input, options, 'failed', { reason: input.reason })
}
