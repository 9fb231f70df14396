// The double-entry ledger (ADR 048): every money movement is one journal entry of postings that sum to zero in one
// currency, written in the caller's transaction with the business change it belongs to. Company accounts are locked
// (in one order, so two entries never wait on each other) and keep their balance and running sequence; the platform's
// accounts are never locked (every payment passes them) and sum their postings when read.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { type Database, forgetOnDatabaseChange, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { ExpiringLru } from '../../platform/lru'
import { type AccountKind, type CompanyAccountKind, type EntryKind, PLATFORM_ACCOUNT_KINDS, type PlatformAccountKind } from './finance.constants'
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

const isPlatformKind = (kind: AccountKind): kind is PlatformAccountKind => (PLATFORM_ACCOUNT_KINDS as readonly string[]).includes(kind)
const accountKey = (ref: AccountRef) => `${ref.organizationId ?? ''}|${ref.kind}`

/** The entry's own rules, before any account is touched: two or more postings, none zero, summing to zero. */
function checkBalanced(postingRequests: readonly PostingRequest[]): void {
  if (postingRequests.length < 2) throw new AppError('internal', 'A journal entry needs two postings or more')
  if (postingRequests.some((posting) => posting.amountMinor === 0n)) throw new AppError('internal', 'A posting of nothing')
  const sum = postingRequests.reduce((total, posting) => total + posting.amountMinor, 0n)
  if (sum !== 0n) throw new AppError('internal', `A journal entry that does not balance (${sum})`)
}

/**
 * Account ids known to exist, by owner, kind and currency: an account is never removed, so an id once seen committed
 * stays right. Ids this transaction made itself are not remembered (a rollback would take them back).
 */
const knownAccounts = forgetOnDatabaseChange(new ExpiringLru<string, string>(50_000))
const KNOWN_FOR_MS = 24 * 3_600_000
const cacheKey = (ref: AccountRef, currency: string) => `${accountKey(ref)}|${currency}`

/** Ids of the accounts, made on first use (one per owner, kind and currency). */
async function accountIds(tx: Database | Transaction, refs: readonly AccountRef[], currency: string): Promise<Map<string, string>> {
  const unique = [...new Map(refs.map((ref) => [accountKey(ref), ref])).values()]
  const ids = new Map<string, string>()
  for (const ref of unique) {
    const id = knownAccounts.get(cacheKey(ref, currency))
    if (id) ids.set(accountKey(ref), id)
  }
  if (ids.size === unique.length) return ids
  const made = await tx
    .insert(financeAccounts)
    .values(unique.map((ref) => ({ id: randomUUID(), organizationId: ref.organizationId, kind: ref.kind, currency })))
    .onConflictDoNothing()
    .returning({ id: financeAccounts.id })
  const madeNow = new Set(made.map((row) => row.id))
  const rows = await tx
    .select({ id: financeAccounts.id, organizationId: financeAccounts.organizationId, kind: financeAccounts.kind })
    .from(financeAccounts)
    .where(
      and(
        eq(financeAccounts.currency, currency),
        sql`(coalesce(${financeAccounts.organizationId}, ''), ${financeAccounts.kind}) in (${sql.join(
          unique.map((ref) => sql`(${ref.organizationId ?? ''}, ${ref.kind})`),
          sql`, `,
        )})`,
      ),
    )
  for (const row of rows) {
    const ref = { organizationId: row.organizationId, kind: row.kind } as AccountRef
    ids.set(accountKey(ref), row.id)
    if (!madeNow.has(row.id)) knownAccounts.set(cacheKey(ref, currency), row.id, KNOWN_FOR_MS)
  }
  return ids
}

/**
 * Writes one balanced entry in `tx`, in one statement: the company accounts are locked in id order (concurrent entries
 * over the same accounts queue instead of deadlocking) and their balances and counts moved, then the entry and its
 * postings are inserted, each company posting with its running balance and sequence counted forward from where its
 * account stood. A company account that would fall below zero trips the accounts' check constraint: the whole entry is
 * refused (`insufficient_funds`, nothing written: the caller's transaction rolls back). Answers the entry's id.
 */
export async function postEntry(tx: Transaction, request: EntryRequest, now: Date = new Date()): Promise<string> {
  checkBalanced(request.postings)
  const ids = await accountIds(
    tx,
    request.postings.map((posting) => posting.account),
    request.currency,
  )
  const idOf = (ref: AccountRef) => ids.get(accountKey(ref))!
  const changes = new Map<string, { delta: bigint; count: number }>()
  for (const posting of request.postings) {
    if (isPlatformKind(posting.account.kind)) continue
    const change = changes.get(idOf(posting.account)) ?? { delta: 0n, count: 0 }
    changes.set(idOf(posting.account), { delta: change.delta + posting.amountMinor, count: change.count + 1 })
  }
  const entryId = randomUUID()
  const at = now.toISOString()
  const lines = sql.join(
    request.postings.map((posting, index) => sql`(${index}, ${randomUUID()}, ${idOf(posting.account)}, ${posting.amountMinor.toString()}::bigint)`),
    sql`, `,
  )
  const companyIds = [...changes.keys()].sort()
  // Platform accounts are never locked nor moved (their postings have no running balance): without company accounts
  // the `moved` step has nothing to do and every posting's balance and sequence stay null.
  const moves = companyIds.length
    ? sql.join(
        companyIds.map((id) => sql`(${id}, ${changes.get(id)!.delta.toString()}::bigint, ${changes.get(id)!.count}::bigint)`),
        sql`, `,
      )
    : sql`(null::text, 0::bigint, 0::bigint)`
  const lockIds = companyIds.length
    ? sql.join(
        companyIds.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`
  try {
    await tx.execute(sql`
      with locked as materialized (
        select id from finance_accounts where id in (${lockIds}) order by id for update
      ), moved as (
        update finance_accounts as account
        set balance_minor = account.balance_minor + next.delta, posting_count = account.posting_count + next.count
        from (values ${moves}) as next(id, delta, count)
        where account.id = next.id and account.id in (select id from locked)
        returning account.id, account.balance_minor, account.posting_count
      ), entry as (
        insert into journal_entries (id, kind, currency, payment_id, refund_id, payout_id, order_id, reference, reverses_entry_id, created_by, created_at)
        values (${entryId}, ${request.kind}, ${request.currency}, ${request.paymentId ?? null}, ${request.refundId ?? null}, ${request.payoutId ?? null},
                ${request.orderId ?? null}, ${request.reference ?? ''}, ${request.reversesEntryId ?? null}, ${request.createdBy ?? null}, ${at}::timestamptz)
      ), lines as (
        select line.position, line.id, line.account_id, line.amount,
               sum(line.amount) over (partition by line.account_id) as account_delta,
               sum(line.amount) over (partition by line.account_id order by line.position rows unbounded preceding) as running_delta,
               count(*) over (partition by line.account_id) as account_count,
               row_number() over (partition by line.account_id order by line.position) as running_count
        from (values ${lines}) as line(position, id, account_id, amount)
      )
      insert into postings (id, entry_id, account_id, amount_minor, balance_after_minor, sequence, created_at)
      select lines.id, ${entryId}, lines.account_id, lines.amount,
             moved.balance_minor - lines.account_delta + lines.running_delta,
             moved.posting_count - lines.account_count + lines.running_count,
             ${at}::timestamptz
      from lines left join moved on moved.id = lines.account_id
      order by lines.position`)
  } catch (error) {
    if (isBalanceCheck(error)) throw new AppError('insufficient_funds', 'The balance is too low for this', { currency: request.currency })
    throw error
  }
  return entryId
}

/** The accounts' never-below-zero check refused a change. */
function isBalanceCheck(error: unknown): boolean {
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
