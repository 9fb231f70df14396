// Money figures for the dashboard (issue 21): what escrow holds, what is due, released and paid out per period, per
// side of the trade. Amounts stay in their own currency (exact decimal strings, one row per currency); the dashboard
// converts them for the viewer. Every query is bounded: balances are kept on the accounts, series are grouped sums over
// the period, and what a buyer still owes looks at no more than DUE_ORDERS_CAP open orders.
import { and, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { FIRST_COLUMN } from '../../platform/db/sql-text.server'
import { minorToDecimal, toMinor } from '../../platform/format/money'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { PURCHASE_ORDER_STATUSES } from '../orders/index'
import { orderMoneyFacts, orderSubjects } from '../orders/index.server'
import { requireFinanceReader } from './finance-access.server'
import { bankStatementLines, financeAccounts, journalEntries, payments, payouts, postings } from './finance.tables.server'
import { isPayable } from './payment.service.server'
import { paymentPlan } from './payment-plan'

/** The period the dashboard shows: whole days in the viewer's time zone, bucketed by day or month. */
export type FinanceFigurePeriod = { from: string; to: string; bucket: 'day' | 'month'; timeZone: string }
/** An amount in one currency. */
export type CurrencyAmount = { currency: string; amount: string }
/** An amount in one currency within one bucket ("2026-11" or "2026-11-25"), and how many movements made it. */
export type MoneyInBucket = { bucket: string; currency: string; amount: string; count: number }

export type BuyerFinanceFigures = {
  /** What the company paid that escrow holds now. */
  inEscrow: CurrencyAmount[]
  /** Instalments of its open orders not paid yet, in the orders' currencies. */
  due: Array<CurrencyAmount & { instalments: number; orders: number }>
  /** More open orders than were looked at may owe something. */
  dueMore: boolean
  /** Paid into escrow per bucket (when the money arrived). */
  paid: MoneyInBucket[]
}

export type SupplierFinanceFigures = {
  /** What buyers paid for its orders that escrow holds until delivery. */
  inEscrow: CurrencyAmount[]
  /** Its available balance: released to it, not paid out. */
  available: CurrencyAmount[]
  /** Released to its available balance per bucket (the fee taken off). */
  released: MoneyInBucket[]
  /** Paid out to its bank account per bucket. */
  paidOut: MoneyInBucket[]
}

export type PlatformFinanceFigures = {
  inEscrow: CurrencyAmount[]
  /** Released out of escrow per bucket (fees included). */
  released: MoneyInBucket[]
  paidOut: MoneyInBucket[]
  /** Fees charged per bucket (on releases and payouts). */
  fees: MoneyInBucket[]
  /** Payouts waiting on a platform admin: to decide (pending) or to transfer (accepted). */
  pendingPayouts: number
  /** Bank statement lines no payment matched. */
  unmatchedLines: number
}

/** The most open orders of a buyer looked at for what it still owes (the newest are not known here: any this many). */
export const DUE_ORDERS_CAP = 100

const decimal = (minor: bigint | string, currency: string) => minorToDecimal({ minor: BigInt(minor), currency })

const within = (period: FinanceFigurePeriod, at: SQL | typeof postings.createdAt): SQL =>
  sql`${at} >= (${period.from}::date::timestamp at time zone ${period.timeZone}) and ${at} < ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`
const bucketOf = (period: FinanceFigurePeriod, at: SQL | typeof postings.createdAt): SQL<string> =>
  period.bucket === 'day'
    ? sql<string>`to_char(${at} at time zone ${period.timeZone}, 'YYYY-MM-DD')`
    : sql<string>`to_char(${at} at time zone ${period.timeZone}, 'YYYY-MM')`

type SumRow = { bucket: string; currency: string; total: string; n: number }
const inBuckets = (rows: SumRow[]): MoneyInBucket[] =>
  rows
    .map((row) => ({ bucket: row.bucket, currency: row.currency, amount: decimal(row.total, row.currency), count: Number(row.n) }))
    .sort((a, b) => a.bucket.localeCompare(b.bucket) || a.currency.localeCompare(b.currency))
const amounts = (rows: Array<{ currency: string; total: string | bigint }>): CurrencyAmount[] =>
  rows
    .filter((row) => BigInt(row.total) !== 0n)
    .map((row) => ({ currency: row.currency, amount: decimal(row.total, row.currency) }))
    .sort((a, b) => a.currency.localeCompare(b.currency))

/** Postings on accounts of `kind` (the company's, or every company's) of entries of `entryKind`, summed per bucket and currency. */
function postingSums(period: FinanceFigurePeriod, where: SQL, sign: 1 | -1 = 1): Promise<SumRow[]> {
  const bucket = bucketOf(period, postings.createdAt)
  return database()
    .select({
      bucket,
      currency: financeAccounts.currency,
      total: sign === 1 ? sql<string>`sum(${postings.amountMinor})::text` : sql<string>`(-sum(${postings.amountMinor}))::text`,
      n: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(postings)
    .innerJoin(financeAccounts, eq(financeAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(where, within(period, postings.createdAt)))
    .groupBy(FIRST_COLUMN, financeAccounts.currency)
}

/** Payouts paid per bucket (when they were paid), the company's or every company's. */
function paidOutSums(period: FinanceFigurePeriod, companyId: string | null): Promise<SumRow[]> {
  const bucket = bucketOf(period, sql`${payouts.closedAt}`)
  return database()
    .select({ bucket, currency: payouts.currency, total: sql<string>`sum(${payouts.amountMinor})::text`, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'paid'),
        isNotNull(payouts.closedAt),
        within(period, sql`${payouts.closedAt}`),
        ...(companyId ? [eq(payouts.organizationId, companyId)] : []),
      ),
    )
    .groupBy(FIRST_COLUMN, payouts.currency)
}

async function accountBalances(companyId: string, kind: 'available' | 'escrow') {
  return database()
    .select({ currency: financeAccounts.currency, total: financeAccounts.balanceMinor })
    .from(financeAccounts)
    .where(and(eq(financeAccounts.organizationId, companyId), eq(financeAccounts.kind, kind)))
}

/** What escrow holds for a supplier: the rest of the held payments of its orders, per currency. */
async function heldForSupplier(companyId: string) {
  return database()
    .select({
      currency: payments.currency,
      total: sql<string>`coalesce(sum(${payments.heldMinor} - ${payments.releasedMinor} - ${payments.refundedMinor}), 0)::text`,
    })
    .from(payments)
    .where(and(eq(payments.supplierOrganizationId, companyId), eq(payments.status, 'held')))
    .groupBy(payments.currency)
}

const PAYABLE = PURCHASE_ORDER_STATUSES.filter(isPayable)

/**
 * What the buyer still owes on its open orders: each plan instalment without a live payment. Only orders with an
 * instalment left are looked at (a full payment, or a deposit and a balance, settle one), at most DUE_ORDERS_CAP.
 */
async function dueInstalments(ctx: ServiceContext, companyId: string): Promise<{ due: BuyerFinanceFigures['due']; more: boolean }> {
  const live = (stage: SQL) =>
    sql`(select count(*) from ${payments} where ${payments.orderId} = ${orderSubjects.id} and ${payments.status} <> 'cancelled' and ${stage})`
  const orders = await database()
    .select({ id: orderSubjects.id })
    .from(orderSubjects)
    .where(
      and(
        eq(orderSubjects.buyerCompanyId, companyId),
        inArray(orderSubjects.status, PAYABLE),
        sql`${live(sql`${payments.stage} = 'full'`)} = 0`,
        sql`${live(sql`${payments.stage} in ('deposit', 'balance')`)} < 2`,
      ),
    )
    .limit(DUE_ORDERS_CAP + 1)
  const looked = orders.slice(0, DUE_ORDERS_CAP).map((order) => order.id)
  if (looked.length === 0) return { due: [], more: false }
  const db = database()
  const [facts, paid] = await Promise.all([
    Promise.all(looked.map((id) => orderMoneyFacts(db, ctx, id))),
    db
      .select({ orderId: payments.orderId, stage: payments.stage })
      .from(payments)
      .where(and(inArray(payments.orderId, looked), sql`${payments.status} <> 'cancelled'`)),
  ])
  const byCurrency = new Map<string, { minor: bigint; instalments: number; orders: Set<string> }>()
  for (const order of facts) {
    const stages = new Set(paid.filter((row) => row.orderId === order.id).map((row) => row.stage))
    for (const instalment of paymentPlan(order.paymentTerms, toMinor(order.total, order.currency))) {
      if (stages.has(instalment.stage)) continue
      const sum = byCurrency.get(order.currency) ?? { minor: 0n, instalments: 0, orders: new Set<string>() }
      sum.minor += instalment.amountMinor
      sum.instalments += 1
      sum.orders.add(order.id)
      byCurrency.set(order.currency, sum)
    }
  }
  return {
    due: [...byCurrency]
      .map(([currency, sum]) => ({ currency, amount: decimal(sum.minor, currency), instalments: sum.instalments, orders: sum.orders.size }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    more: orders.length > DUE_ORDERS_CAP,
  }
}

/** The buyer's money: what escrow holds of its payments, what its open orders still ask, what it paid per bucket. */
export async function buyerFinanceFigures(ctx: ServiceContext, period: FinanceFigurePeriod): Promise<BuyerFinanceFigures> {
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const [escrow, due, paid] = await Promise.all([
    accountBalances(companyId, 'escrow'),
    dueInstalments(ctx, companyId),
    postingSums(period, and(eq(financeAccounts.organizationId, companyId), eq(financeAccounts.kind, 'escrow'), eq(journalEntries.kind, 'payment_held'))!),
  ])
  return { inEscrow: amounts(escrow), due: due.due, dueMore: due.more, paid: inBuckets(paid) }
}

/** The supplier's money: held for it, available, released to it and paid out per bucket. */
export async function supplierFinanceFigures(ctx: ServiceContext, period: FinanceFigurePeriod): Promise<SupplierFinanceFigures> {
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const [held, available, released, paidOut] = await Promise.all([
    heldForSupplier(companyId),
    accountBalances(companyId, 'available'),
    postingSums(
      period,
      and(eq(financeAccounts.organizationId, companyId), eq(financeAccounts.kind, 'available'), eq(journalEntries.kind, 'payment_released'))!,
    ),
    paidOutSums(period, companyId),
  ])
  return { inEscrow: amounts(held), available: amounts(available), released: inBuckets(released), paidOut: inBuckets(paidOut) }
}

/** The platform's money (platform admins): all escrow, released, paid out and fees per bucket, and the queues waiting on admins. */
export async function platformFinanceFigures(ctx: ServiceContext, period: FinanceFigurePeriod): Promise<PlatformFinanceFigures> {
  requirePlatformAdmin(ctx.actor)
  const db = database()
  const [escrow, released, paidOut, fees, [pending], [unmatched]] = await Promise.all([
    db
      .select({ currency: financeAccounts.currency, total: sql<string>`coalesce(sum(${financeAccounts.balanceMinor}), 0)::text` })
      .from(financeAccounts)
      .where(and(isNotNull(financeAccounts.organizationId), eq(financeAccounts.kind, 'escrow')))
      .groupBy(financeAccounts.currency),
    postingSums(period, and(eq(financeAccounts.kind, 'escrow'), eq(journalEntries.kind, 'payment_released'))!, -1),
    paidOutSums(period, null),
    postingSums(period, eq(financeAccounts.kind, 'fees')),
    db
      .select({ n: count() })
      .from(payouts)
      .where(inArray(payouts.status, ['pending', 'accepted'])),
    db.select({ n: count() }).from(bankStatementLines).where(eq(bankStatementLines.status, 'unmatched')),
  ])
  return {
    inEscrow: amounts(escrow),
    released: inBuckets(released),
    paidOut: inBuckets(paidOut),
    fees: inBuckets(fees),
    pendingPayouts: pending?.n ?? 0,
    unmatchedLines: unmatched?.n ?? 0,
  }
}
