// What the ledger and the payments say to the people they concern (issue 21): a company's balances, its statement with
// the running balance (paged by each account's own sequence), its cash flow per month, its payments and payouts, an
// order's payment plan with what was paid of it, and the platform admin's queues. Every read is scoped to the actor's
// company; the platform's views are for platform admins only; another company's payment or order is not found.
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { csvCell } from '../../platform/format/csv'
import { minorToDecimal, toMinor } from '../../platform/format/money'
import { translator } from '../../platform/i18n/translate.server'
import { isPlatformAdmin, requirePlatformAdmin } from '../../platform/platform-admin'
import { companyNames, membershipsOf } from '../companies/index.server'
import { orderMoneyFacts } from '../orders/index.server'
import { listBankAccounts } from './bank-account.service.server'
import { requireFinanceReader } from './finance-access.server'
import {
  type CompanyAccountKind,
  type EntryKind,
  type KycStatus,
  type PaymentProviderName,
  type PaymentStage,
  type PaymentStatus,
  type PayoutStatus,
} from './finance.constants'
import { financeAccounts, journalEntries, kycProfiles, paymentRefunds, payments, payouts, postings } from './finance.tables.server'
import { companyBalances } from './ledger.server'
import { type CashFlowQuery, STATEMENT_CSV_MAX_ROWS, type StatementQuery } from './finance-queries'
import type { PaymentListQuery, PayoutListQuery } from './payment.inputs'
import { paymentPlan } from './payment-plan'
import { availableProviders, type BankDetails, platformBankDetails } from './payment-providers.server'
import { isPayable } from './payment.service.server'
import { payoutMinimum } from './payout.service.server'

/** An amount as the API and the pages carry it: the exact decimal in the currency's units, with the currency. */
export const decimalOf = (minor: bigint, currency: string): string => minorToDecimal({ minor, currency })

// — balances —

export type CurrencyBalance = {
  currency: string
  available: bigint
  escrow: bigint
  pendingPayout: bigint
  fees: bigint
  /** What buyers paid for this company's orders (as supplier) that escrow still holds. */
  incomingEscrow: bigint
}

/** The company's balances per currency (its accounts, and what escrow holds for it as supplier), currencies sorted. */
export async function balances(ctx: ServiceContext): Promise<CurrencyBalance[]> {
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const db = database()
  const [accounts, incoming] = await Promise.all([
    companyBalances(db, companyId),
    db
      .select({
        currency: payments.currency,
        held: sql<string>`coalesce(sum(${payments.heldMinor} - ${payments.releasedMinor} - ${payments.refundedMinor}), 0)::text`,
      })
      .from(payments)
      .where(and(eq(payments.supplierOrganizationId, companyId), eq(payments.status, 'held')))
      .groupBy(payments.currency),
  ])
  const byCurrency = new Map<string, CurrencyBalance>()
  const of = (currency: string) => {
    let row = byCurrency.get(currency)
    if (!row) byCurrency.set(currency, (row = { currency, available: 0n, escrow: 0n, pendingPayout: 0n, fees: 0n, incomingEscrow: 0n }))
    return row
  }
  const field: Record<CompanyAccountKind, 'available' | 'escrow' | 'pendingPayout' | 'fees'> = {
    available: 'available',
    escrow: 'escrow',
    pending_payout: 'pendingPayout',
    fees: 'fees',
  }
  for (const account of accounts) of(account.currency)[field[account.kind]] = account.balanceMinor
  for (const row of incoming) if (BigInt(row.held) > 0n) of(row.currency).incomingEscrow = BigInt(row.held)
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency))
}

/** Whether the company's money has ever moved (an account with a posting, or a payment for or by it). */
export async function hasMoneyMovement(ctx: ServiceContext): Promise<boolean> {
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const [account] = await database()
    .select({ id: financeAccounts.id })
    .from(financeAccounts)
    .where(and(eq(financeAccounts.organizationId, companyId), sql`${financeAccounts.postingCount} > 0`))
    .limit(1)
  if (account) return true
  const [payment] = await database()
    .select({ id: payments.id })
    .from(payments)
    .where(or(eq(payments.buyerOrganizationId, companyId), eq(payments.supplierOrganizationId, companyId)))
    .limit(1)
  return Boolean(payment)
}

// — statement —

export type StatementRow = {
  sequence: number
  date: Date
  entryKind: EntryKind
  /** The payment's or payout's number, or the entry's own reference (a bank's reference of a refund). */
  reference: string
  orderId: string | null
  orderNumber: string | null
  amountMinor: bigint
  balanceAfterMinor: bigint
  currency: string
}

export type Statement = { currency: string | null; kind: CompanyAccountKind; rows: StatementRow[]; nextCursor: number | null; currencies: string[] }

/** The currencies the company has accounts in (sorted). */
async function companyCurrencies(companyId: string): Promise<string[]> {
  const rows = await database()
    .selectDistinct({ currency: financeAccounts.currency })
    .from(financeAccounts)
    .where(eq(financeAccounts.organizationId, companyId))
  return rows.map((row) => row.currency).sort()
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`)
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000)

async function statementRows(companyId: string, query: StatementQuery, currency: string, limit: number): Promise<StatementRow[]> {
  const db = database()
  const [account] = await db
    .select({ id: financeAccounts.id })
    .from(financeAccounts)
    .where(and(eq(financeAccounts.organizationId, companyId), eq(financeAccounts.kind, query.kind), eq(financeAccounts.currency, currency)))
  if (!account) return []
  const where: SQL[] = [eq(postings.accountId, account.id)]
  if (query.cursor) where.push(lt(postings.sequence, query.cursor))
  if (query.entryKind) where.push(eq(journalEntries.kind, query.entryKind))
  if (query.from) where.push(gte(postings.createdAt, dayStart(query.from)))
  if (query.to) where.push(lt(postings.createdAt, dayAfter(query.to)))
  const rows = await db
    .select({
      sequence: postings.sequence,
      date: postings.createdAt,
      entryKind: journalEntries.kind,
      entryReference: journalEntries.reference,
      orderId: journalEntries.orderId,
      paymentNumber: payments.number,
      orderNumber: payments.orderNumber,
      payoutNumber: payouts.number,
      amountMinor: postings.amountMinor,
      balanceAfterMinor: postings.balanceAfterMinor,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .leftJoin(payments, eq(payments.id, journalEntries.paymentId))
    .leftJoin(payouts, eq(payouts.id, journalEntries.payoutId))
    .where(and(...where))
    .orderBy(desc(postings.sequence))
    .limit(limit)
  return rows.map((row) => ({
    sequence: row.sequence ?? 0,
    date: row.date,
    entryKind: row.entryKind,
    reference: row.paymentNumber ?? row.payoutNumber ?? row.entryReference,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    amountMinor: row.amountMinor,
    balanceAfterMinor: row.balanceAfterMinor ?? 0n,
    currency,
  }))
}

/** The statement of one of the company's accounts, newest first, a page at a time (cursor: the last row's sequence). */
export async function statement(ctx: ServiceContext, query: StatementQuery): Promise<Statement> {
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const currencies = await companyCurrencies(companyId)
  const currency = query.currency ?? currencies[0] ?? null
  if (!currency) return { currency: null, kind: query.kind, rows: [], nextCursor: null, currencies }
  const rows = await statementRows(companyId, query, currency, query.limit + 1)
  const more = rows.length > query.limit
  const page = more ? rows.slice(0, query.limit) : rows
  return { currency, kind: query.kind, rows: page, nextCursor: more ? (page.at(-1)?.sequence ?? null) : null, currencies }
}

/** The statement as CSV (at most 10 000 rows, newest first), its texts in the actor's language; safe to open in a spreadsheet. */
export async function statementCsv(ctx: ServiceContext, query: StatementQuery): Promise<{ fileName: string; csv: string; truncated: boolean }> {
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const currency = query.currency ?? (await companyCurrencies(companyId))[0] ?? 'USD'
  const rows = await statementRows(companyId, { ...query, cursor: undefined }, currency, STATEMENT_CSV_MAX_ROWS + 1)
  const truncated = rows.length > STATEMENT_CSV_MAX_ROWS
  const t = translator(ctx.locale, 'finance')
  // Amounts go out as plain signed decimals (a spreadsheet reads -1000.00 as a number, never as a formula); text cells
  // go through the shared cell writer, which defuses formulas.
  const amount = (minor: bigint) => decimalOf(minor, currency)
  const lines = [
    [
      t('statement.columns.date'),
      t('statement.columns.entry'),
      t('statement.columns.reference'),
      t('statement.columns.order'),
      t('statement.columns.amount'),
      t('statement.columns.balance'),
      t('statement.columns.currency'),
    ]
      .map(csvCell)
      .join(','),
    ...rows
      .slice(0, STATEMENT_CSV_MAX_ROWS)
      .map((row) =>
        [
          csvCell(row.date.toISOString()),
          csvCell(t(`entries.${row.entryKind}`)),
          csvCell(row.reference),
          csvCell(row.orderNumber ?? ''),
          amount(row.amountMinor),
          amount(row.balanceAfterMinor),
          csvCell(currency),
        ].join(','),
      ),
  ]
  const csv = `\uFEFF${lines.join('\r\n')}\r\n`
  return { fileName: `statement-${query.kind}-${currency}-${new Date().toISOString().slice(0, 10)}.csv`, csv, truncated }
}

// — cash flow —

export type CashFlowMonth = { month: string; moneyIn: bigint; moneyOut: bigint; held: bigint; refunded: bigint }

/** The first day of the month `back` months before `now`'s (UTC), as YYYY-MM. */
const monthKey = (date: Date) => date.toISOString().slice(0, 7)

/**
 * Per month (UTC) of the last `months`, oldest first: money in (released to the company's available balance), out (its
 * payouts paid), held (it paid into escrow) and refunded (back out of its escrow). Months without movement are zeros.
 */
export async function cashFlow(
  ctx: ServiceContext,
  query: CashFlowQuery,
  now: Date = new Date(),
): Promise<{ currency: string | null; months: CashFlowMonth[] }> {
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const currency = query.currency ?? (await companyCurrencies(companyId))[0] ?? null
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (query.months - 1), 1))
  const keys = Array.from({ length: query.months }, (_, index) => monthKey(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + index, 1))))
  const empty = (month: string): CashFlowMonth => ({ month, moneyIn: 0n, moneyOut: 0n, held: 0n, refunded: 0n })
  if (!currency) return { currency, months: keys.map(empty) }
  const month = sql<string>`to_char(date_trunc('month', ${postings.createdAt} at time zone 'UTC'), 'YYYY-MM')`
  const total = (condition: SQL, sign: 1 | -1 = 1) =>
    sql<string>`coalesce(sum(case when ${condition} then ${sign === 1 ? sql`${postings.amountMinor}` : sql`-${postings.amountMinor}`} else 0 end), 0)::text`
  const rows = await database()
    .select({
      month,
      moneyIn: total(sql`${financeAccounts.kind} = 'available' and ${journalEntries.kind} = 'payment_released'`),
      moneyOut: total(sql`${financeAccounts.kind} = 'pending_payout' and ${journalEntries.kind} = 'payout_paid'`, -1),
      held: total(sql`${financeAccounts.kind} = 'escrow' and ${journalEntries.kind} = 'payment_held'`),
      refunded: total(sql`${financeAccounts.kind} = 'escrow' and ${journalEntries.kind} = 'refund_granted'`, -1),
    })
    .from(postings)
    .innerJoin(financeAccounts, eq(financeAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(eq(financeAccounts.organizationId, companyId), eq(financeAccounts.currency, currency), gte(postings.createdAt, start)))
    .groupBy(month)
  const found = new Map(rows.map((row) => [row.month, row]))
  return {
    currency,
    months: keys.map((key) => {
      const row = found.get(key)
      return row
        ? { month: key, moneyIn: BigInt(row.moneyIn), moneyOut: BigInt(row.moneyOut), held: BigInt(row.held), refunded: BigInt(row.refunded) }
        : empty(key)
    }),
  }
}

// — payments —

export type PaymentSide = 'buyer' | 'supplier' | 'platform'

export type PaymentSummary = {
  id: string
  number: string
  orderId: string
  orderNumber: string
  stage: PaymentStage
  status: PaymentStatus
  provider: PaymentProviderName
  side: PaymentSide
  buyerName: string
  supplierName: string
  currency: string
  amountMinor: bigint
  heldMinor: bigint
  releasedMinor: bigint
  refundedMinor: bigint
  feeMinor: bigint
  reference: string
  frozen: boolean
  createdAt: Date
  heldAt: Date | null
  closedAt: Date | null
}

type PaymentRow = typeof payments.$inferSelect

function sideOf(ctx: ServiceContext, payment: Pick<PaymentRow, 'buyerOrganizationId' | 'supplierOrganizationId'>): PaymentSide | null {
  const companyId = ctx.actor.companyId
  if (companyId && payment.buyerOrganizationId === companyId) return 'buyer'
  if (companyId && payment.supplierOrganizationId === companyId) return 'supplier'
  return isPlatformAdmin(ctx.actor) ? 'platform' : null
}

const summaryOf = (payment: PaymentRow, side: PaymentSide): PaymentSummary => ({
  id: payment.id,
  number: payment.number,
  orderId: payment.orderId,
  orderNumber: payment.orderNumber,
  stage: payment.stage,
  status: payment.status,
  provider: payment.provider,
  side,
  buyerName: payment.buyerName,
  supplierName: payment.supplierName,
  currency: payment.currency,
  amountMinor: payment.amountMinor,
  heldMinor: payment.heldMinor,
  releasedMinor: payment.releasedMinor,
  refundedMinor: payment.refundedMinor,
  feeMinor: payment.feeMinor,
  reference: payment.reference,
  frozen: payment.frozen,
  createdAt: payment.createdAt,
  heldAt: payment.heldAt,
  closedAt: payment.closedAt,
})

/** The direction a list shows when none is asked for: the company's own payments, or every one for a platform admin without a company. */
export const defaultDirection = (ctx: ServiceContext): 'paid' | 'all' => (!ctx.actor.companyId && isPlatformAdmin(ctx.actor) ? 'all' : 'paid')

/**
 * The company's payments, newest first: those it `paid` as buyer, or `received` as supplier; `all` (every company's)
 * for platform admins. Filters: status, provider, q (payment number, order number or bank reference).
 */
export async function listPayments(
  ctx: ServiceContext,
  query: PaymentListQuery,
): Promise<{ items: PaymentSummary[]; total: number; direction: 'paid' | 'received' | 'all' }> {
  const direction = query.direction ?? defaultDirection(ctx)
  const where: SQL[] = []
  if (direction === 'all') requirePlatformAdmin(ctx.actor)
  else {
    requireFinanceReader(ctx)
    where.push(eq(direction === 'paid' ? payments.buyerOrganizationId : payments.supplierOrganizationId, ctx.actor.companyId))
  }
  if (query.status) where.push(eq(payments.status, query.status))
  if (query.provider) where.push(eq(payments.provider, query.provider))
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
    where.push(or(ilike(payments.number, pattern), ilike(payments.orderNumber, pattern), ilike(payments.reference, pattern))!)
  }
  const condition = where.length > 0 ? and(...where) : undefined
  const [rows, [counted]] = await Promise.all([
    database().select().from(payments).where(condition).orderBy(desc(payments.createdAt), desc(payments.id)).limit(query.limit).offset(query.offset),
    database().select({ n: count() }).from(payments).where(condition),
  ])
  return { items: rows.map((row) => summaryOf(row, sideOf(ctx, row) ?? 'platform')), total: counted?.n ?? 0, direction }
}

export type PaymentRefund = {
  id: string
  amountMinor: bigint
  currency: string
  reason: string
  status: 'pending' | 'sent'
  providerRef: string | null
  createdAt: Date
  sentAt: Date | null
}

export type PaymentDetail = PaymentSummary & {
  orderCurrency: string
  orderAmountMinor: bigint
  fxRate: string | null
  fxRateDay: string | null
  providerRef: string | null
  checkoutUrl: string | null
  releaseAfter: Date | null
  refunds: PaymentRefund[]
  /** The platform's account to transfer to, while a bank transfer is awaited (the buyer and platform admins only). */
  bankDetails: BankDetails | null
}

/** One payment with its refunds, for its buyer, its supplier or a platform admin; anyone else: not found. */
export async function getPayment(ctx: ServiceContext, id: string): Promise<PaymentDetail> {
  const [payment] = await database().select().from(payments).where(eq(payments.id, id))
  const side = payment ? sideOf(ctx, payment) : null
  if (!payment || !side) throw new AppError('not_found', 'Payment not found')
  const refunds = await database().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, id)).orderBy(paymentRefunds.createdAt)
  return detailOf(payment, side, refunds)
}

function detailOf(payment: PaymentRow, side: PaymentSide, refunds: Array<typeof paymentRefunds.$inferSelect>): PaymentDetail {
  const awaitingTransfer = payment.status === 'awaiting' && payment.provider === 'bank_transfer' && side !== 'supplier'
  return {
    ...summaryOf(payment, side),
    orderCurrency: payment.orderCurrency,
    orderAmountMinor: payment.orderAmountMinor,
    fxRate: payment.fxRate,
    fxRateDay: payment.fxRateDay,
    providerRef: payment.providerRef,
    checkoutUrl: payment.status === 'awaiting' && side === 'buyer' ? payment.checkoutUrl : null,
    releaseAfter: payment.releaseAfter,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      reason: refund.reason,
      status: refund.status,
      providerRef: refund.providerRef,
      createdAt: refund.createdAt,
      sentAt: refund.sentAt,
    })),
    bankDetails: awaitingTransfer ? platformBankDetails() : null,
  }
}

// — an order's payments —

export type OrderInstalment = {
  stage: PaymentStage
  basisPoints: number
  due: 'on_confirmation' | 'before_shipment' | 'after_delivery'
  days: number | null
  /** What the plan asks, in the order's currency. */
  amountMinor: bigint
  /** The instalment's live payment (or the last cancelled one when none is live). */
  payment: PaymentDetail | null
  /** Whether the actor may pay it now. */
  payable: boolean
}

export type MoneyTotals = { currency: string; paid: bigint; held: bigint; released: bigint; refunded: bigint; fees: bigint }

export type OrderPayments = {
  orderId: string
  orderNumber: string
  orderStatus: string
  currency: string
  totalMinor: bigint
  paymentTerms: string
  side: PaymentSide
  instalments: OrderInstalment[]
  /** Per currency paid (the order's first). */
  totals: MoneyTotals[]
  /** The providers the buyer may choose now (empty when the actor may pay nothing). */
  providers: PaymentProviderName[]
  /** The actor is the buyer but may not move money (a member, not owner or admin). */
  needsMoneyRole: boolean
}

/**
 * An order's payment plan (its terms' instalments of its total) with each instalment's payment, what was paid, held,
 * released and refunded, and what the actor may pay now: the buyer's owner or admin, an instalment with no live
 * payment, an order that takes payments. A platform admin sees every order's; another company gets not found.
 */
export async function orderPayments(ctx: ServiceContext, orderId: string): Promise<OrderPayments> {
  const platformView = !ctx.actor.companyId && isPlatformAdmin(ctx.actor)
  if (!platformView) requireFinanceReader(ctx)
  const order = await orderMoneyFacts(database(), platformView ? null : ctx, orderId)
  const side: PaymentSide = platformView ? 'platform' : order.buyerCompanyId === ctx.actor.companyId ? 'buyer' : 'supplier'
  const rows = await database().select().from(payments).where(eq(payments.orderId, order.id)).orderBy(payments.createdAt)
  const refunds = rows.length
    ? await database()
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.paymentId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(paymentRefunds.createdAt)
    : []
  const mover = side === 'buyer' && (ctx.actor.memberRole === 'owner' || ctx.actor.memberRole === 'admin')
  const open = isPayable(order.status) && Boolean(order.supplierCompanyId)
  const instalments = paymentPlan(order.paymentTerms, toMinor(order.total, order.currency)).map((instalment): OrderInstalment => {
    const ofStage = rows.filter((row) => row.stage === instalment.stage)
    const live = ofStage.find((row) => row.status !== 'cancelled') ?? ofStage.at(-1) ?? null
    return {
      stage: instalment.stage,
      basisPoints: instalment.basisPoints,
      due: instalment.due,
      days: instalment.days ?? null,
      amountMinor: instalment.amountMinor,
      payment: live
        ? detailOf(
            live,
            side,
            refunds.filter((refund) => refund.paymentId === live.id),
          )
        : null,
      payable: mover && open && (!live || live.status === 'cancelled'),
    }
  })
  const totals = new Map<string, MoneyTotals>([[order.currency, { currency: order.currency, paid: 0n, held: 0n, released: 0n, refunded: 0n, fees: 0n }]])
  for (const row of rows) {
    if (row.heldMinor === 0n) continue
    const total = totals.get(row.currency) ?? { currency: row.currency, paid: 0n, held: 0n, released: 0n, refunded: 0n, fees: 0n }
    total.paid += row.heldMinor
    total.held += row.status === 'held' ? row.heldMinor - row.releasedMinor - row.refundedMinor : 0n
    total.released += row.releasedMinor
    total.refunded += row.refundedMinor
    total.fees += row.feeMinor
    totals.set(row.currency, total)
  }
  const payable = instalments.some((instalment) => instalment.payable)
  return {
    orderId: order.id,
    orderNumber: order.number,
    orderStatus: order.status,
    currency: order.currency,
    totalMinor: toMinor(order.total, order.currency),
    paymentTerms: order.paymentTerms,
    side,
    instalments,
    totals: [...totals.values()],
    providers: payable ? availableProviders() : [],
    needsMoneyRole: side === 'buyer' && !mover && open && instalments.some((instalment) => !instalment.payment || instalment.payment.status === 'cancelled'),
  }
}

// — payouts —

export type PayoutSummary = {
  id: string
  number: string
  companyId: string
  companyName: string
  bankAccountLabel: string
  currency: string
  amountMinor: bigint
  feeMinor: bigint
  status: PayoutStatus
  reason: string
  bankReference: string
  createdAt: Date
  decidedAt: Date | null
  closedAt: Date | null
}

/** The company's payouts, newest first; `scope: platform` (platform admins): every company's, e.g. the pending ones to decide. */
export async function listPayouts(ctx: ServiceContext, query: PayoutListQuery): Promise<{ items: PayoutSummary[]; total: number }> {
  const where: SQL[] = []
  if (query.scope === 'platform') requirePlatformAdmin(ctx.actor)
  else {
    requireFinanceReader(ctx)
    where.push(eq(payouts.organizationId, ctx.actor.companyId))
  }
  if (query.status) where.push(eq(payouts.status, query.status))
  const condition = where.length > 0 ? and(...where) : undefined
  const [rows, [counted]] = await Promise.all([
    database().select().from(payouts).where(condition).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(query.limit).offset(query.offset),
    database().select({ n: count() }).from(payouts).where(condition),
  ])
  const names = await companyNames(rows.map((payout) => payout.organizationId))
  return {
    items: rows.map((payout) => payoutSummaryOf(payout, names.get(payout.organizationId) ?? null)),
    total: counted?.n ?? 0,
  }
}

/** One payout, for its company or a platform admin; anyone else: not found. */
export async function getPayout(ctx: ServiceContext, id: string): Promise<PayoutSummary> {
  const [payout] = await database().select().from(payouts).where(eq(payouts.id, id))
  if (!payout) throw new AppError('not_found', 'Payout not found')
  return summarizePayout(ctx, payout)
}

/** A payout the caller has just read or changed, as its company's members and platform admins see it. */
export async function summarizePayout(ctx: ServiceContext, payout: typeof payouts.$inferSelect): Promise<PayoutSummary> {
  if (payout.organizationId !== ctx.actor.companyId && !isPlatformAdmin(ctx.actor)) throw new AppError('not_found', 'Payout not found')
  return payoutSummaryOf(payout, await payoutCompanyName(ctx, payout.organizationId))
}

/** The payout's company name: the caller's own company's from its memberships (kept in memory), another's looked up. */
async function payoutCompanyName(ctx: ServiceContext, companyId: string): Promise<string | null> {
  if (companyId === ctx.actor.companyId) {
    const own = (await membershipsOf(ctx.actor.userId)).find((membership) => membership.companyId === companyId)
    if (own) return own.name
  }
  return (await companyNames([companyId])).get(companyId) ?? null
}

const payoutSummaryOf = (payout: typeof payouts.$inferSelect, companyName: string | null): PayoutSummary => ({
  id: payout.id,
  number: payout.number,
  companyId: payout.organizationId,
  companyName: companyName ?? '',
  bankAccountLabel: payout.bankAccountLabel,
  currency: payout.currency,
  amountMinor: payout.amountMinor,
  feeMinor: payout.feeMinor,
  status: payout.status,
  reason: payout.reason,
  bankReference: payout.bankReference,
  createdAt: payout.createdAt,
  decidedAt: payout.decidedAt,
  closedAt: payout.closedAt,
})

export type PayoutBankAccount = { id: string; label: string; currency: string; holderName: string; isDefault: boolean }

export type PayoutOptions = {
  /** Available balances per currency with the smallest payout in each. */
  balances: Array<{ currency: string; availableMinor: bigint; minimumMinor: bigint }>
  feeBasisPoints: number
  kycStatus: KycStatus | 'none'
  bankAccounts: PayoutBankAccount[]
  /** Whether the actor may ask for payouts (owner or admin). */
  canRequest: boolean
}

/** What a payout request needs: the balances that may be paid out, the minimum and fee, the verified accounts, the KYC state. */
export async function payoutOptions(ctx: ServiceContext): Promise<PayoutOptions> {
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const [accounts, [kyc], verified] = await Promise.all([
    companyBalances(database(), companyId),
    database().select({ status: kycProfiles.status }).from(kycProfiles).where(eq(kycProfiles.organizationId, companyId)),
    listBankAccounts(ctx),
  ])
  return {
    balances: accounts
      .filter((account) => account.kind === 'available')
      .map((account) => ({ currency: account.currency, availableMinor: account.balanceMinor, minimumMinor: payoutMinimum(account.currency) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    feeBasisPoints: env().FINANCE_PAYOUT_FEE_BPS,
    kycStatus: kyc?.status ?? 'none',
    bankAccounts: verified
      .filter((account) => account.status === 'verified')
      .map((account) => ({
        id: account.id,
        label: account.label,
        currency: account.currency,
        holderName: account.holderName,
        isDefault: account.isDefault,
      })),
    canRequest: ctx.actor.memberRole === 'owner' || ctx.actor.memberRole === 'admin',
  }
}

export type PendingRefund = {
  id: string
  paymentId: string
  paymentNumber: string
  orderId: string
  orderNumber: string
  buyerName: string
  amountMinor: bigint
  currency: string
  reason: string
  createdAt: Date
}

/** The bank-transfer refunds granted and not yet sent back (platform admins: to transfer, then mark sent), oldest first. */
export async function pendingRefunds(ctx: ServiceContext): Promise<PendingRefund[]> {
  requirePlatformAdmin(ctx.actor)
  const rows = await database()
    .select({ refund: paymentRefunds, payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(eq(paymentRefunds.status, 'pending'), eq(payments.provider, 'bank_transfer')))
    .orderBy(paymentRefunds.createdAt)
    .limit(200)
  return rows.map(({ refund, payment }) => ({
    id: refund.id,
    paymentId: payment.id,
    paymentNumber: payment.number,
    orderId: payment.orderId,
    orderNumber: payment.orderNumber,
    buyerName: payment.buyerName,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    reason: refund.reason,
    createdAt: refund.createdAt,
  }))
}
