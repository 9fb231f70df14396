// Plan invoices (issue 24): what a company owes for each period of a paid plan, paid by bank transfer quoting the
// invoice's number. Billing issues them with the period (in the transaction that starts it) and keeps their status;
// the money is finance's: marking one paid is a workflow that settles it here and books it there (ADR 051).
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany, requireRole } from '../../platform/member-roles'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { PLAN_INVOICE_DUE_DAYS, type PlanInvoiceStatus, type PlanPeriod } from './billing.constants'
import { planInvoices, plans } from './billing.tables.server'
import { minorToDecimal } from '../../platform/format/money'
import type { Locale } from '../../platform/i18n/locales'
import type { PlanInvoiceRow } from './components/plan-invoices'
import type { MarkPlanInvoicePaidInput, PlanInvoiceQuery } from './plan-invoice.inputs'

export type PlanInvoice = typeof planInvoices.$inferSelect

/** An invoice as the pages and the API show it: with its plan's name and whether it is overdue. */
export type PlanInvoiceView = PlanInvoice & { planName: Record<string, string>; overdue: boolean }

export const PLAN_INVOICES_PAGE_SIZE = 20

const DAY_MS = 86_400_000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The period a plan invoice charges for: the plan, its billing period and its dates. */
export type InvoicedPeriod = {
  companyId: string
  plan: { id: string; currency: string; monthlyPriceMinor: bigint; yearlyPriceMinor: bigint }
  period: PlanPeriod
  periodStart: Date
  periodEnd: Date
}

/**
 * In the caller's transaction, as a period of a paid plan starts: the invoice for it (due in 14 days). A free plan owes
 * nothing and gets none; a period already invoiced keeps its invoice (a retried renewal issues nothing twice).
 */
export async function issuePlanInvoice(tx: Transaction, invoiced: InvoicedPeriod, now: Date): Promise<PlanInvoice | null> {
  const amountMinor = invoiced.period === 'yearly' ? invoiced.plan.yearlyPriceMinor : invoiced.plan.monthlyPriceMinor
  if (amountMinor <= 0n) return null
  const [issued] = await tx
    .insert(planInvoices)
    .values({
      number: sql`${`PLN-${now.getUTCFullYear()}-`} || lpad(nextval('plan_invoice_number_seq')::text, 6, '0')`,
      organizationId: invoiced.companyId,
      planId: invoiced.plan.id,
      period: invoiced.period,
      periodStart: invoiced.periodStart,
      periodEnd: invoiced.periodEnd,
      currency: invoiced.plan.currency,
      amountMinor,
      issuedAt: now,
      dueAt: new Date(now.getTime() + PLAN_INVOICE_DUE_DAYS * DAY_MS),
    })
    .onConflictDoNothing({ target: [planInvoices.organizationId, planInvoices.periodStart] })
    .returning()
  return issued ?? null
}

/**
 * In the caller's transaction, as a new period replaces the one that started at `periodStart`: that period's invoice
 * goes void if it is still open (the company owes the new period's instead). A paid one stays paid.
 */
export async function voidReplacedInvoice(tx: Transaction, companyId: string, periodStart: Date, now: Date): Promise<void> {
  await tx
    .update(planInvoices)
    .set({ status: 'void', voidedAt: now, version: sql`${planInvoices.version} + 1` })
    .where(and(eq(planInvoices.organizationId, companyId), eq(planInvoices.periodStart, periodStart), eq(planInvoices.status, 'open')))
}

const isOverdue = (invoice: PlanInvoice, now: Date) => invoice.status === 'open' && invoice.dueAt < now

async function withPlanNames(db: Database | Transaction, rows: PlanInvoice[], now: Date): Promise<PlanInvoiceView[]> {
  if (rows.length === 0) return []
  const planIds = [...new Set(rows.map((row) => row.planId))]
  const names = new Map((await db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, planIds))).map((plan) => [plan.id, plan.name]))
  return rows.map((row) => ({ ...row, planName: names.get(row.planId) ?? {}, overdue: isOverdue(row, now) }))
}

export type PlanInvoicePage = { items: PlanInvoiceView[]; total: number; page: number; pageSize: number }

/** The active company's plan invoices, newest first, a page at a time (its owners and admins). */
export async function companyPlanInvoices(ctx: ServiceContext, query: PlanInvoiceQuery, now: Date = new Date()): Promise<PlanInvoicePage> {
  requireCompany(ctx.actor)
  requireRole(ctx.actor, 'admin')
  return invoicePage(eq(planInvoices.organizationId, ctx.actor.companyId), query, now)
}

/** Every company's plan invoices, newest first, of one status or all (platform admins). */
export async function allPlanInvoices(ctx: ServiceContext, query: PlanInvoiceQuery, now: Date = new Date()): Promise<PlanInvoicePage> {
  requirePlatformAdmin(ctx.actor)
  return invoicePage(undefined, query, now)
}

async function invoicePage(scope: ReturnType<typeof eq> | undefined, query: PlanInvoiceQuery, now: Date): Promise<PlanInvoicePage> {
  const where = and(
    scope,
    query.status === 'overdue'
      ? and(eq(planInvoices.status, 'open'), lt(planInvoices.dueAt, now))
      : query.status
        ? eq(planInvoices.status, query.status)
        : undefined,
  )
  const db = database()
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(planInvoices)
      .where(where)
      .orderBy(desc(planInvoices.issuedAt), desc(planInvoices.number))
      .limit(PLAN_INVOICES_PAGE_SIZE)
      .offset((query.page - 1) * PLAN_INVOICES_PAGE_SIZE),
    db.select({ total: count() }).from(planInvoices).where(where),
  ])
  return { items: await withPlanNames(db, rows, now), total: counted?.total ?? 0, page: query.page, pageSize: PLAN_INVOICES_PAGE_SIZE }
}

/**
 * One invoice of the active company, for its owners and admins; with `anyCompany`, any company's, for platform admins.
 * Another company's invoice (or a malformed id) is not found.
 */
export async function getPlanInvoice(
  ctx: ServiceContext,
  id: string,
  options: { anyCompany?: boolean } = {},
  now: Date = new Date(),
): Promise<PlanInvoiceView> {
  let scope = eq(planInvoices.id, id)
  if (options.anyCompany) requirePlatformAdmin(ctx.actor)
  else {
    requireCompany(ctx.actor)
    requireRole(ctx.actor, 'admin')
    scope = and(scope, eq(planInvoices.organizationId, ctx.actor.companyId))!
  }
  if (!UUID.test(id)) throw new AppError('not_found', 'Invoice not found')
  const [row] = await database().select().from(planInvoices).where(scope)
  if (!row) throw new AppError('not_found', 'Invoice not found')
  const [view] = await withPlanNames(database(), [row], now)
  return view!
}

/** What settling an invoice did: `settled` false when it was already paid (nothing changed, nothing to book). */
export type SettledInvoice = { invoice: PlanInvoice; settled: boolean }

/**
 * In the caller's transaction (the workflow that also books the money): a platform admin marks an open invoice paid,
 * on the day the transfer arrived. Marking a paid one again changes nothing (`settled` false); a void one is refused.
 */
export async function settlePlanInvoice(
  tx: Transaction,
  ctx: ServiceContext,
  id: string,
  input: MarkPlanInvoicePaidInput,
  now: Date = new Date(),
): Promise<SettledInvoice> {
  requirePlatformAdmin(ctx.actor)
  if (!UUID.test(id)) throw new AppError('not_found', 'Invoice not found')
  const [row] = await tx.select().from(planInvoices).where(eq(planInvoices.id, id)).for('update')
  if (!row) throw new AppError('not_found', 'Invoice not found')
  if (row.status === 'paid') return { invoice: row, settled: false }
  if (row.status === 'void') throw new AppError('invoice_void', 'The invoice is void: it is not owed')
  const paidAt = input.paidOn ? new Date(`${input.paidOn}T00:00:00Z`) : now
  if (paidAt.getTime() > now.getTime())
    throw new AppError('validation_failed', 'The payment day is in the future', { fields: { paidOn: ['validation.paidOnFuture'] } })
  const [paid] = await tx
    .update(planInvoices)
    .set({ status: 'paid', paidAt, paidBy: ctx.actor.userId, paymentNote: input.note ?? '', version: sql`${planInvoices.version} + 1` })
    .where(eq(planInvoices.id, id))
    .returning()
  return { invoice: paid!, settled: true }
}

/** A platform admin voids an open invoice (issued in error); a paid one cannot be voided (409), a void one stays void. */
export async function voidPlanInvoice(ctx: ServiceContext, id: string, now: Date = new Date()): Promise<PlanInvoice> {
  requirePlatformAdmin(ctx.actor)
  if (!UUID.test(id)) throw new AppError('not_found', 'Invoice not found')
  return database().transaction(async (tx) => {
    const [row] = await tx.select().from(planInvoices).where(eq(planInvoices.id, id)).for('update')
    if (!row) throw new AppError('not_found', 'Invoice not found')
    if (row.status === 'void') return row
    if (row.status === 'paid') throw new AppError('invoice_paid', 'The invoice is paid: it cannot be voided')
    const [voided] = await tx
      .update(planInvoices)
      .set({ status: 'void', voidedAt: now, version: sql`${planInvoices.version} + 1` })
      .where(eq(planInvoices.id, id))
      .returning()
    return voided!
  })
}

/** How many invoices of each status (overdue among the open), for the admin page's filter. */
export async function planInvoiceCounts(ctx: ServiceContext, now: Date = new Date()): Promise<Record<PlanInvoiceStatus | 'overdue', number>> {
  requirePlatformAdmin(ctx.actor)
  const rows = await database()
    .select({
      status: planInvoices.status,
      overdue: sql<boolean>`${planInvoices.status} = 'open' and ${planInvoices.dueAt} < ${now.toISOString()}::timestamptz`,
      total: count(),
    })
    .from(planInvoices)
    .groupBy(planInvoices.status, sql`2`)
  const counts = { open: 0, paid: 0, void: 0, overdue: 0 }
  for (const row of rows) {
    counts[row.status] += row.total
    if (row.overdue) counts.overdue += row.total
  }
  return counts
}

/** An invoice as the pages list it, in the reader's language (`company`: the billed company's name, for the admin). */
export function planInvoiceRow(invoice: PlanInvoiceView, locale: Locale, company?: string): PlanInvoiceRow {
  return {
    id: invoice.id,
    number: invoice.number,
    planName: invoice.planName[locale] ?? invoice.planId,
    period: invoice.period,
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
    currency: invoice.currency,
    amount: minorToDecimal({ minor: invoice.amountMinor, currency: invoice.currency }),
    status: invoice.status,
    overdue: invoice.overdue,
    dueAt: invoice.dueAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    ...(company === undefined ? {} : { company }),
  }
}
