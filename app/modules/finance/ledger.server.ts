// The double-entry ledger (ADR 048): every money movement is one journal entry of postings that sum to zero in one
// currency, written in the caller's transaction with the business change it belongs to. Company accounts are locked
// (in one order, so two entries never wait on each other) and keep their balance and running sequence; the platform's
// accounts are never locked (every payment passes them) and sum their postings when read.
import { eq, sql } from 'drizzle-orm'
import type { Database, Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { timeOrderedUuid } from '../../platform/time-ordered-id.server'
import type { CompanyAccountKind, EntryKind, PlatformAccountKind } from './finance.constants'
import { financeAccounts } from './finance.tables.server'

export type AccountRef = { organizationId: string; kind: CompanyAccountKind } | { organizationId: null; kind: PlatformAccountKind }

export const companyAccount = (organizationId: string, kind: CompanyAccountKind): AccountRef => ({ organizationId, kind })
export const platformAccount = (kind: PlatformAccountKind): AccountRef => ({ organizationId: null, kind })

export type PostingRequest = { account: AccountRef; amountMinor: bigint }

export type EntryRequest = {
  kind: EntryKind
  currency: string
  postings: readonly PostingRequest[]
  paymentId?: string | null
  refundId?: string | null
  payoutId?: string | null
  orderId?: string | null
  reference?: string
  reversesEntryId?: string | null
  createdBy?: string | null
}

/** The entry's own rules, before any account is touched: two or more postings, none zero, summing to zero. */
function checkBalanced(postingRequests: readonly PostingRequest[]): void {
  if (postingRequests.length < 2) throw new AppError('internal', 'A journal entry needs two postings or more')
  if (postingRequests.some((posting) => posting.amountMinor === 0n)) throw new AppError('internal', 'A posting of nothing')
  const sum = postingRequests.reduce((total, posting) => total + posting.amountMinor, 0n)
  if (sum !== 0n) throw new AppError('internal', `A journal entry that does not balance (${sum})`)
}

/**
 * Writes one balanced entry in `tx`, in one statement (`ledger_post_entry`, ADR 059): the accounts are made on first
 * use, the company accounts locked in id order (concurrent entries over the same accounts queue instead of
 * deadlocking) and their balances and counts moved, then the entry and its postings are inserted, each company posting
 * with its running balance and sequence. A company account that would fall below zero trips the accounts' check
 * constraint: the whole entry is refused (`insufficient_funds`, nothing written: the caller's transaction rolls back).
 * Answers the entry's id.
 */
export async function postEntry(tx: Transaction, request: EntryRequest, now: Date = new Date()): Promise<string> {
  checkBalanced(request.postings)
  const entryId = timeOrderedUuid()
  const owners = request.postings.map((posting) => posting.account.organizationId)
  const kinds = request.postings.map((posting) => posting.account.kind)
  const amounts = request.postings.map((posting) => posting.amountMinor.toString())
  try {
    await tx.execute(sql`select ledger_post_entry(
      ${entryId}, ${request.kind}, ${request.currency}, ${sql.param(owners)}::text[], ${sql.param(kinds)}::text[], ${sql.param(amounts)}::bigint[],
      ${request.paymentId ?? null}, ${request.refundId ?? null}, ${request.payoutId ?? null}, ${request.orderId ?? null},
      ${request.reference ?? ''}, ${request.reversesEntryId ?? null}, ${request.createdBy ?? null}, ${now.toISOString()}::timestamptz
    )`)
  } catch (error) {
    if (isBalanceCheck(error)) throw new AppError('insufficient_funds', 'The balance is too low for this', { currency: request.currency })
    throw error
  }
  return entryId
}

/** The accounts' never-below-zero check refused a change. */
export function isBalanceCheck(error: unknown): boolean {
  for (let cause: unknown = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string }
    if (code === '23514' && (constraint ?? message ?? '').includes('finance_accounts_balance_check')) return true
  }
  return false
}

/** A company's balances per currency and account kind (accounts it never used are absent). */
export async function companyBalances(
  db: Database | Transaction,
  organizationId: string,
): Promise<Array<{ currency: string; kind: CompanyAccountKind; balanceMinor: bigint }>> {
  const rows = await db
    .select({ currency: financeAccounts.currency, kind: financeAccounts.kind, balanceMinor: financeAccounts.balanceMinor })
    .from(financeAccounts)
    .where(eq(financeAccounts.organizationId, organizationId))
  return rows as Array<{ currency: string; kind: CompanyAccountKind; balanceMinor: bigint }>
}
