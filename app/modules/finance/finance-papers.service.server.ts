// The facts of a company's finance papers (issue 21): a payment's receipt, the month's invoice for the fees the platform
// charged it, and the month's statement of its available balance. Plain reads, for the documents module to print (it
// comes after finance and may use these; finance never uses documents). Every read is the actor's company's: another
// company's payment, like one that does not exist, is not found.
import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { minorToDecimal } from '../../platform/format/money'
import { getCompanyProfile } from '../companies/index.server'
import { requireFinanceReader } from './finance-access.server'
import { feeInvoiceNumber, type FinancePaperQuery, type PaperPeriod, periodKey, statementNumber } from './finance-papers'
import type { EntryKind, PaymentProviderName, PaymentStage, PaymentStatus } from './finance.constants'
import { financeAccounts, financeSettings, journalEntries, payments, payouts, postings } from './finance.tables.server'

const decimal = (minor: bigint, currency: string) => minorToDecimal({ minor, currency })

/** Payments that took money in: they have a receipt. */
const RECEIPTED: readonly PaymentStatus[] = ['held', 'released', 'settled', 'refunded']

/** The most receipts the papers list shows (newest first); the month and currency filters find the older ones. */
export const PAPER_LIST_RECEIPTS = 100
/** The most rows a statement or an invoice prints: a month of one company's postings stays far below. */
const PAPER_MAX_ROWS = 5_000

/** The platform as it signs receipts and invoices: the legal entity that holds escrow and charges the fees. */
const platformName = () => env().FINANCE_BANK_HOLDER

/** The company as its papers name it: its invoicing details when set, else its legal or display name. */
export type PaperCompany = { id: string; name: string; taxId: string; address: string }

/** The company a paper is made out to: the invoice name, tax id and address of its finance settings, else its profile's. */
export async function paperCompany(ctx: ServiceContext & { actor: { companyId: string } }): Promise<PaperCompany> {
  const [profile, [settings]] = await Promise.all([
    getCompanyProfile(ctx),
    database()
      .select({ name: financeSettings.invoiceLegalName, taxId: financeSettings.invoiceTaxId, address: financeSettings.invoiceAddress })
      .from(financeSettings)
      .where(eq(financeSettings.organizationId, ctx.actor.companyId)),
  ])
  return {
    id: ctx.actor.companyId,
    name: settings?.name || profile.legalName || profile.displayName,
    taxId: settings?.taxId ?? '',
    address: settings?.address || [profile.city, profile.country].filter(Boolean).join(', '),
  }
}

// — the month's bounds (UTC) —

const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`)
const monthAfter = (month: string) => {
  const start = monthStart(month)
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
}
const monthOf = sql<string>`to_char(date_trunc('month', ${postings.createdAt} at time zone 'UTC'), 'YYYY-MM')`

/** The day a monthly paper is dated: the month's last day, or today while the month runs (the paper is provisional then). */
function paperDate(month: string, now: Date): { date: Date; final: boolean } {
  const end = new Date(monthAfter(month).getTime() - 1)
  return end < now ? { date: end, final: true } : { date: now, final: false }
}

// — receipt —

export type ReceiptFacts = {
  kind: 'receipt'
  /** The payment's number: the receipt's own. */
  number: string
  /** Which side of the payment the reader's company is. */
  side: 'buyer' | 'supplier'
  issuer: string
  payer: { companyId: string; name: string }
  payee: { companyId: string; name: string }
  orderId: string
  orderNumber: string
  stage: PaymentStage
  status: PaymentStatus
  provider: PaymentProviderName
  /** The reference the buyer quoted (bank transfer) or the payment's id at the provider. */
  reference: string
  providerRef: string | null
  currency: string
  /** What arrived, in the paid currency. */
  amount: string
  /** What was due, in the order's currency, and the rate used between them (null when the same currency). */
  orderCurrency: string
  orderAmount: string
  fxRate: string | null
  fxRateDay: string | null
  released: string
  refunded: string
  fee: string
  /** What the supplier received: released less the fee. */
  net: string
  createdAt: Date
  receivedAt: Date
  closedAt: Date | null
}

/** A receipt for one of the company's payments (paid or received) once its money arrived; another company's: not found. */
export async function paymentReceiptFacts(ctx: ServiceContext, paymentId: string): Promise<ReceiptFacts> {
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const [payment] = await database()
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), or(eq(payments.buyerOrganizationId, companyId), eq(payments.supplierOrganizationId, companyId))))
  if (!payment || !RECEIPTED.includes(payment.status) || !payment.heldAt) throw new AppError('not_found', 'Receipt not found')
  const money = (minor: bigint) => decimal(minor, payment.currency)
  return {
    kind: 'receipt',
    number: payment.number,
    side: payment.buyerOrganizationId === companyId ? 'buyer' : 'supplier',
    issuer: platformName(),
    payer: { companyId: payment.buyerOrganizationId, name: payment.buyerName },
    payee: { companyId: payment.supplierOrganizationId, name: payment.supplierName },
    orderId: payment.orderId,
    orderNumber: payment.orderNumber,
    stage: payment.stage,
    status: payment.status,
    provider: payment.provider,
    reference: payment.reference,
    providerRef: payment.providerRef,
    currency: payment.currency,
    amount: money(payment.heldMinor),
    orderCurrency: payment.orderCurrency,
    orderAmount: decimal(payment.orderAmountMinor, payment.orderCurrency),
    fxRate: payment.fxRate,
    fxRateDay: payment.fxRateDay,
    released: money(payment.releasedMinor),
    refunded: money(payment.refundedMinor),
    fee: money(payment.feeMinor),
    net: money(payment.releasedMinor - payment.feeMinor),
    createdAt: payment.createdAt,
    receivedAt: payment.heldAt,
    closedAt: payment.closedAt,
  }
}

// — the company's postings on one account in one month —

type AccountPosting = {
  sequence: number
  date: Date
  entryKind: EntryKind
  reference: string
  orderNumber: string | null
  amountMinor: bigint
  balanceAfterMinor: bigint
  paymentReleasedMinor: bigint | null
  payoutAmountMinor: bigint | null
}

async function accountId(companyId: string, kind: 'available' | 'fees', currency: string): Promise<string | null> {
  const [account] = await database()
    .select({ id: financeAccounts.id })
    .from(financeAccounts)
    .where(and(eq(financeAccounts.organizationId, companyId), eq(financeAccounts.kind, kind), eq(financeAccounts.currency, currency)))
  return account?.id ?? null
}

async function monthPostings(account: string, month: string): Promise<AccountPosting[]> {
  const rows = await database()
    .select({
      sequence: postings.sequence,
      date: postings.createdAt,
      entryKind: journalEntries.kind,
      entryReference: journalEntries.reference,
      paymentNumber: payments.number,
      orderNumber: payments.orderNumber,
      paymentReleasedMinor: payments.releasedMinor,
      payoutNumber: payouts.number,
      payoutAmountMinor: payouts.amountMinor,
      amountMinor: postings.amountMinor,
      balanceAfterMinor: postings.balanceAfterMinor,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .leftJoin(payments, eq(payments.id, journalEntries.paymentId))
    .leftJoin(payouts, eq(payouts.id, journalEntries.payoutId))
    .where(and(eq(postings.accountId, account), gte(postings.createdAt, monthStart(month)), lt(postings.createdAt, monthAfter(month))))
    .orderBy(asc(postings.sequence))
    .limit(PAPER_MAX_ROWS)
  return rows.map((row) => ({
    sequence: row.sequence ?? 0,
    date: row.date,
    entryKind: row.entryKind,
    reference: row.paymentNumber ?? row.payoutNumber ?? row.entryReference,
    orderNumber: row.orderNumber,
    amountMinor: row.amountMinor,
    balanceAfterMinor: row.balanceAfterMinor ?? 0n,
    paymentReleasedMinor: row.paymentNumber ? row.paymentReleasedMinor : null,
    payoutAmountMinor: row.payoutNumber ? row.payoutAmountMinor : null,
  }))
}

// — fee invoice —

export type FeeInvoiceLine = {
  date: Date
  entryKind: EntryKind
  /** The payment's or payout's number. */
  reference: string
  orderNumber: string | null
  /** What the fee was charged on (the amount released or paid out), when known. */
  base: string | null
  fee: string
}

export type FeeInvoiceFacts = {
  kind: 'fee_invoice'
  number: string
  month: string
  currency: string
  /** The invoice's date: the month's last day, or today while the month runs (then `final` is false). */
  date: Date
  final: boolean
  issuer: string
  billedTo: PaperCompany
  lines: FeeInvoiceLine[]
  total: string
}

/** The invoice for the fees the platform charged the company in a month, in one currency; a month without fees: not found. */
export async function feeInvoiceFacts(ctx: ServiceContext, period: PaperPeriod, now: Date = new Date()): Promise<FeeInvoiceFacts> {
  requireFinanceReader(ctx)
  const account = await accountId(ctx.actor.companyId, 'fees', period.currency)
  const rows = account ? await monthPostings(account, period.month) : []
  if (rows.length === 0) throw new AppError('not_found', 'No fees were charged that month')
  const money = (minor: bigint) => decimal(minor, period.currency)
  const baseOf = (row: AccountPosting) => row.paymentReleasedMinor ?? row.payoutAmountMinor
  return {
    kind: 'fee_invoice',
    number: feeInvoiceNumber(period, ctx.actor.companyId),
    month: period.month,
    currency: period.currency,
    ...paperDate(period.month, now),
    issuer: platformName(),
    billedTo: await paperCompany(ctx),
    lines: rows.map((row) => {
      const base = baseOf(row)
      return {
        date: row.date,
        entryKind: row.entryKind,
        reference: row.reference,
        orderNumber: row.orderNumber,
        base: base === null ? null : money(base),
        fee: money(row.amountMinor),
      }
    }),
    total: money(rows.reduce((total, row) => total + row.amountMinor, 0n)),
  }
}

// — monthly statement —

export type StatementLine = {
  date: Date
  entryKind: EntryKind
  reference: string
  orderNumber: string | null
  /** Signed: into the available balance, or out of it. */
  amount: string
  balance: string
}

export type MonthlyStatementFacts = {
  kind: 'statement'
  number: string
  month: string
  currency: string
  date: Date
  final: boolean
  issuer: string
  company: PaperCompany
  opening: string
  lines: StatementLine[]
  moneyIn: string
  moneyOut: string
  closing: string
}

/**
 * The month's statement of the company's available balance in one currency: the balance before the month, each posting
 * with the balance after it, the balance at its end. A currency the company never had money in: not found.
 */
export async function monthlyStatementFacts(ctx: ServiceContext, period: PaperPeriod, now: Date = new Date()): Promise<MonthlyStatementFacts> {
  requireFinanceReader(ctx)
  const account = await accountId(ctx.actor.companyId, 'available', period.currency)
  if (!account) throw new AppError('not_found', 'No statement for this currency')
  const [rows, [before]] = await Promise.all([
    monthPostings(account, period.month),
    database()
      .select({ balance: postings.balanceAfterMinor })
      .from(postings)
      .where(and(eq(postings.accountId, account), lt(postings.createdAt, monthStart(period.month))))
      .orderBy(desc(postings.sequence))
      .limit(1),
  ])
  const money = (minor: bigint) => decimal(minor, period.currency)
  const opening = before?.balance ?? 0n
  const moneyIn = rows.reduce((total, row) => total + (row.amountMinor > 0n ? row.amountMinor : 0n), 0n)
  const moneyOut = rows.reduce((total, row) => total + (row.amountMinor < 0n ? -row.amountMinor : 0n), 0n)
  return {
    kind: 'statement',
    number: statementNumber(period, ctx.actor.companyId),
    month: period.month,
    currency: period.currency,
    ...paperDate(period.month, now),
    issuer: platformName(),
    company: await paperCompany(ctx),
    opening: money(opening),
    lines: rows.map((row) => ({
      date: row.date,
      entryKind: row.entryKind,
      reference: row.reference,
      orderNumber: row.orderNumber,
      amount: money(row.amountMinor),
      balance: money(row.balanceAfterMinor),
    })),
    moneyIn: money(moneyIn),
    moneyOut: money(moneyOut),
    closing: money(rows.at(-1)?.balanceAfterMinor ?? opening),
  }
}

// — what exists —

export type ReceiptEntry = {
  paymentId: string
  number: string
  side: 'buyer' | 'supplier'
  counterparty: string
  orderNumber: string
  status: PaymentStatus
  currency: string
  amount: string
  receivedAt: Date
}

export type PeriodEntry = {
  /** The paper's key: month and currency ("2026-03-USD"). */
  key: string
  month: string
  currency: string
  number: string
  /** How many postings it lists. */
  lines: number
  /** The fees' total (invoice) or the balance at the month's end (statement). */
  amount: string
}

export type FinancePaperIndex = {
  receipts: ReceiptEntry[]
  /** More receipts than listed match the filters. */
  moreReceipts: boolean
  feeInvoices: PeriodEntry[]
  statements: PeriodEntry[]
  /** The months and currencies anything exists for, newest first: the filters' choices. */
  months: string[]
  currencies: string[]
}

/** The company's papers, newest first: receipts of payments it paid or received, fee invoices and statements by month and currency. */
export async function financePaperIndex(ctx: ServiceContext, query: FinancePaperQuery = {}): Promise<FinancePaperIndex> {
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const db = database()
  const heldMonth = sql<string>`to_char(date_trunc('month', ${payments.heldAt} at time zone 'UTC'), 'YYYY-MM')`
  const receiptWhere: SQL[] = [
    or(eq(payments.buyerOrganizationId, companyId), eq(payments.supplierOrganizationId, companyId))!,
    sql`${payments.status} in ('held', 'released', 'settled', 'refunded')`,
    sql`${payments.heldAt} is not null`,
  ]
  if (query.currency) receiptWhere.push(eq(payments.currency, query.currency))
  if (query.month) receiptWhere.push(gte(payments.heldAt, monthStart(query.month)), lt(payments.heldAt, monthAfter(query.month)))

  const periodWhere: SQL[] = [eq(financeAccounts.organizationId, companyId)]
  if (query.currency) periodWhere.push(eq(financeAccounts.currency, query.currency))
  if (query.month) periodWhere.push(gte(postings.createdAt, monthStart(query.month)), lt(postings.createdAt, monthAfter(query.month)))

  const [receiptRows, periods, receiptMonths, postingMonths] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(...receiptWhere))
      .orderBy(desc(payments.heldAt), desc(payments.id))
      .limit(PAPER_LIST_RECEIPTS + 1),
    db
      .select({
        kind: financeAccounts.kind,
        currency: financeAccounts.currency,
        month: monthOf,
        lines: count(),
        total: sql<string>`coalesce(sum(${postings.amountMinor}), 0)::text`,
        lastSequence: sql<number>`max(${postings.sequence})`,
      })
      .from(postings)
      .innerJoin(financeAccounts, eq(financeAccounts.id, postings.accountId))
      .where(and(...periodWhere, sql`${financeAccounts.kind} in ('available', 'fees')`))
      .groupBy(financeAccounts.kind, financeAccounts.currency, monthOf),
    db
      .selectDistinct({ month: heldMonth, currency: payments.currency })
      .from(payments)
      .where(and(or(eq(payments.buyerOrganizationId, companyId), eq(payments.supplierOrganizationId, companyId)), sql`${payments.heldAt} is not null`)),
    db
      .selectDistinct({ month: monthOf, currency: financeAccounts.currency })
      .from(postings)
      .innerJoin(financeAccounts, eq(financeAccounts.id, postings.accountId))
      .where(and(eq(financeAccounts.organizationId, companyId), sql`${financeAccounts.kind} in ('available', 'fees')`)),
  ])
  // The balance at each statement's end: the posting with the month's last sequence of the available account.
  const statementRows = periods.filter((row) => row.kind === 'available')
  const closing = new Map<string, bigint>()
  if (statementRows.length > 0) {
    const ends = await db
      .select({ currency: financeAccounts.currency, sequence: postings.sequence, balance: postings.balanceAfterMinor })
      .from(postings)
      .innerJoin(financeAccounts, eq(financeAccounts.id, postings.accountId))
      .where(
        and(
          eq(financeAccounts.organizationId, companyId),
          eq(financeAccounts.kind, 'available'),
          sql`(${financeAccounts.currency}, ${postings.sequence}) in (${sql.join(
            statementRows.map((row) => sql`(${row.currency}, ${Number(row.lastSequence)})`),
            sql`, `,
          )})`,
        ),
      )
    for (const end of ends) closing.set(`${end.currency}|${end.sequence}`, end.balance ?? 0n)
  }
  const newestFirst = (a: PeriodEntry, b: PeriodEntry) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency)
  const entry = (row: (typeof periods)[number], amountMinor: bigint, number: string): PeriodEntry => ({
    key: periodKey(row),
    month: row.month,
    currency: row.currency,
    number,
    lines: Number(row.lines),
    amount: decimal(amountMinor, row.currency),
  })
  const all = [...receiptMonths, ...postingMonths]
  return {
    receipts: receiptRows.slice(0, PAPER_LIST_RECEIPTS).map((payment) => {
      const side = payment.buyerOrganizationId === companyId ? 'buyer' : 'supplier'
      return {
        paymentId: payment.id,
        number: payment.number,
        side,
        counterparty: side === 'buyer' ? payment.supplierName : payment.buyerName,
        orderNumber: payment.orderNumber,
        status: payment.status,
        currency: payment.currency,
        amount: decimal(payment.heldMinor, payment.currency),
        receivedAt: payment.heldAt!,
      }
    }),
    moreReceipts: receiptRows.length > PAPER_LIST_RECEIPTS,
    feeInvoices: periods
      .filter((row) => row.kind === 'fees')
      .map((row) => entry(row, BigInt(row.total), feeInvoiceNumber(row, companyId)))
      .sort(newestFirst),
    statements: statementRows
      .map((row) => entry(row, closing.get(`${row.currency}|${Number(row.lastSequence)}`) ?? 0n, statementNumber(row, companyId)))
      .sort(newestFirst),
    months: [...new Set(all.map((row) => row.month))].sort().reverse(),
    currencies: [...new Set(all.map((row) => row.currency))].sort(),
  }
}
