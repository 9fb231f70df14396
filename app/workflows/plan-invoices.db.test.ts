// Plan invoices (issue 24) on both databases: a paid period is invoiced as it starts (a plan chosen, assigned or
// renewed), an unpaid invoice of a replaced period goes void, a platform admin marks one paid (finance books it once)
// or voids one, bad input and other companies' invoices are refused, and the PDF prints in the reader's language.
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../db/factories/companies'
import { contextOf } from '../../db/factories/context'
import { BOOKS_HOLD, brokenBooks, platformAdmin } from '../../tests/factories/finance'
import type { ServiceContext } from '../platform/actor'
import { database } from '../platform/db/index.server'
import { AppError } from '../platform/errors'
import { MarkPlanInvoicePaidInput, PlanInvoiceQuery } from '../modules/billing/index'
import {
  allPlanInvoices,
  assignPlan,
  changePlan,
  companyPlan,
  companyPlanInvoices,
  getPlanInvoice,
  makeDefaultPlan,
  planInvoiceCounts,
  renewDuePeriods,
  voidPlanInvoice,
} from '../modules/billing/index.server'
import { markPlanInvoicePaid, planInvoicePdf } from './plan-invoices.server'

let admin: ServiceContext

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

async function company(locale: 'en' | 'zh-Hans' = 'en') {
  const { user, company } = await createMember({ role: 'owner' })
  return { id: company.id, owner: contextOf(user.id, company.id, 'owner', locale) }
}

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<Record<string, unknown>>

/** The plan income booked for an invoice number, in minor units (0 when none). */
async function booked(reference: string): Promise<bigint> {
  const rows = rowsOf(
    await database().execute(sql`
      select coalesce(sum(p.amount_minor), 0)::text as total from journal_entries e
      join postings p on p.entry_id = e.id join finance_accounts a on a.id = p.account_id
      where e.kind = 'plan_paid' and e.reference = ${reference} and a.kind = 'plan_income'`),
  )
  return BigInt(String(rows[0]?.total ?? '0'))
}

beforeAll(async () => {
  admin = await platformAdmin()
  await makeDefaultPlan(admin, 'free')
})

describe('plan invoices', () => {
  it('invoices an upgrade at once, due in 14 days, and nothing for the free plan', async () => {
    const { owner } = await company()
    const now = new Date('2026-12-01T10:00:00Z')
    await changePlan(owner, { planId: 'free', period: 'yearly' }, now)
    expect((await companyPlanInvoices(owner, { page: 1 })).items).toEqual([])

    await changePlan(owner, { planId: 'business', period: 'monthly' }, now)
    const { items, total } = await companyPlanInvoices(owner, { page: 1 }, now)
    expect(total).toBe(1)
    expect(items[0]).toMatchObject({
      planId: 'business',
      period: 'monthly',
      currency: 'USD',
      amountMinor: 4900n,
      status: 'open',
      overdue: false,
      periodStart: now,
      periodEnd: new Date('2027-01-01T10:00:00Z'),
      dueAt: new Date('2026-12-15T10:00:00Z'),
      planName: { en: 'Business' },
    })
    expect(items[0]!.number).toMatch(/^PLN-2026-\d{6,}$/)
    // Past its due date and still open, it is overdue.
    expect((await companyPlanInvoices(owner, { page: 1 }, new Date('2026-12-20T00:00:00Z'))).items[0]!.overdue).toBe(true)
  })

  it('voids the open invoice of a period that an upgrade replaces, and keeps a paid one', async () => {
    const { owner } = await company()
    const first = new Date('2026-11-02T09:00:00Z')
    await changePlan(owner, { planId: 'business', period: 'monthly' }, first)
    await changePlan(owner, { planId: 'business', period: 'yearly' }, new Date('2026-11-05T09:00:00Z'))
    const { items } = await companyPlanInvoices(owner, { page: 1 })
    expect(items.map((invoice) => [invoice.period, invoice.status, invoice.amountMinor])).toEqual([
      ['yearly', 'open', 49000n],
      ['monthly', 'void', 4900n],
    ])

    await markPlanInvoicePaid(admin, items[0]!.id, { paidOn: '2026-11-06' }, new Date('2026-11-06T12:00:00Z'))
    await changePlan(owner, { planId: 'enterprise', period: 'monthly' }, new Date('2026-11-07T09:00:00Z'))
    const after = await companyPlanInvoices(owner, { page: 1 })
    expect(after.items.map((invoice) => [invoice.planId, invoice.status])).toEqual([
      ['enterprise', 'open'],
      ['business', 'paid'],
      ['business', 'void'],
    ])
  })

  it('invoices a renewed period once, and a waiting downgrade to the free plan not at all', async () => {
    const renewing = await company()
    const downgrading = await company()
    const start = new Date('2025-01-10T00:00:00Z')
    await changePlan(renewing.owner, { planId: 'business', period: 'monthly' }, start)
    await changePlan(downgrading.owner, { planId: 'business', period: 'monthly' }, start)
    await changePlan(downgrading.owner, { planId: 'free', period: 'monthly' }, new Date('2025-01-20T00:00:00Z'))

    // Read before the job: the page shows the period renewed; nothing is written yet.
    const later = new Date('2025-02-12T00:00:00Z')
    expect(await companyPlan(renewing.owner, later)).toMatchObject({
      periodStart: new Date('2025-02-10T00:00:00Z'),
      periodEnd: new Date('2025-03-10T00:00:00Z'),
    })
    expect(await renewDuePeriods(later)).toBeGreaterThanOrEqual(2)
    expect(await renewDuePeriods(later)).toBe(0)

    const renewed = await companyPlanInvoices(renewing.owner, { page: 1 })
    expect(renewed.items.map((invoice) => [invoice.periodStart.toISOString(), invoice.status])).toEqual([
      ['2025-02-10T00:00:00.000Z', 'open'],
      ['2025-01-10T00:00:00.000Z', 'open'],
    ])
    expect((await companyPlan(downgrading.owner, later)).plan.id).toBe('free')
    expect((await companyPlanInvoices(downgrading.owner, { page: 1 })).total).toBe(1)
  })

  it('skips the periods nobody saw and invoices the one that holds today', async () => {
    const { owner } = await company()
    await changePlan(owner, { planId: 'business', period: 'monthly' }, new Date('2024-03-15T00:00:00Z'))
    await renewDuePeriods(new Date('2024-07-01T00:00:00Z'))
    const { items } = await companyPlanInvoices(owner, { page: 1 })
    expect(items.map((invoice) => invoice.periodStart.toISOString())).toEqual(['2024-06-15T00:00:00.000Z', '2024-03-15T00:00:00.000Z'])
  })

  it('invoices a platform admin’s assignment of a paid plan', async () => {
    const { id, owner } = await company()
    await assignPlan(admin, id, { planId: 'enterprise', period: 'yearly' })
    expect((await companyPlanInvoices(owner, { page: 1 })).items[0]).toMatchObject({ planId: 'enterprise', period: 'yearly', status: 'open' })
  })

  it('marks an invoice paid once: finance books the income once and the books hold', async () => {
    const { owner } = await company()
    await changePlan(owner, { planId: 'business', period: 'monthly' })
    const [invoice] = (await companyPlanInvoices(owner, { page: 1 })).items
    const now = new Date()
    const today = now.toISOString().slice(0, 10)

    const paid = await markPlanInvoicePaid(admin, invoice!.id, MarkPlanInvoicePaidInput.parse({ paidOn: today, note: ' HSBC 0312 ' }), now)
    expect(paid).toMatchObject({ settled: true, invoice: { status: 'paid', paymentNote: 'HSBC 0312', paidAt: new Date(`${today}T00:00:00Z`) } })
    expect(await booked(invoice!.number)).toBe(4900n)

    const again = await markPlanInvoicePaid(admin, invoice!.id, {}, now)
    expect(again.settled).toBe(false)
    expect(await booked(invoice!.number)).toBe(4900n)
    expect(await brokenBooks()).toEqual(BOOKS_HOLD)

    expect((await rejection(voidPlanInvoice(admin, invoice!.id))).code).toBe('invoice_paid')
  })

  it('voids an open invoice (once), after which it cannot be marked paid', async () => {
    const { owner } = await company()
    await changePlan(owner, { planId: 'business', period: 'monthly' })
    const [invoice] = (await companyPlanInvoices(owner, { page: 1 })).items
    expect((await voidPlanInvoice(admin, invoice!.id)).status).toBe('void')
    expect((await voidPlanInvoice(admin, invoice!.id)).status).toBe('void')
    expect((await rejection(markPlanInvoicePaid(admin, invoice!.id, {}))).code).toBe('invoice_void')
    expect(await booked(invoice!.number)).toBe(0n)
  })

  it('refuses bad input and a payment day in the future, writing nothing', async () => {
    const { owner } = await company()
    await changePlan(owner, { planId: 'business', period: 'monthly' })
    const [invoice] = (await companyPlanInvoices(owner, { page: 1 })).items
    expect(MarkPlanInvoicePaidInput.safeParse({ paidOn: '2026-13-01' }).error?.issues[0]?.message).toBe('validation.paidOn')
    expect(MarkPlanInvoicePaidInput.safeParse({ note: 'x'.repeat(201) }).error?.issues[0]?.message).toBe('validation.paymentNote')
    expect(PlanInvoiceQuery.safeParse({ status: 'late' }).error?.issues[0]?.message).toBe('validation.invoiceStatus')
    expect(PlanInvoiceQuery.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('validation.page')

    const future = await rejection(markPlanInvoicePaid(admin, invoice!.id, { paidOn: '2099-01-01' }))
    expect(future).toMatchObject({ code: 'validation_failed', details: { fields: { paidOn: ['validation.paidOnFuture'] } } })
    expect((await getPlanInvoice(owner, invoice!.id)).status).toBe('open')
    expect(await booked(invoice!.number)).toBe(0n)
  })

  it('shows a company only its own invoices, to its owners and admins; the admin every company’s', async () => {
    const a = await company()
    const b = await company()
    await changePlan(a.owner, { planId: 'business', period: 'monthly' })
    const [invoice] = (await companyPlanInvoices(a.owner, { page: 1 })).items

    expect((await rejection(getPlanInvoice(b.owner, invoice!.id))).code).toBe('not_found')
    expect((await rejection(planInvoicePdf(b.owner, invoice!.id))).code).toBe('not_found')
    expect((await rejection(getPlanInvoice(a.owner, 'not-a-uuid'))).code).toBe('not_found')
    const member = contextOf((await createMember({ role: 'member', company: { id: a.id } })).user.id, a.id, 'member')
    expect((await rejection(companyPlanInvoices(member, { page: 1 }))).code).toBe('insufficient_role')
    expect((await rejection(markPlanInvoicePaid(a.owner, invoice!.id, {}))).code).toBe('forbidden')
    expect((await rejection(voidPlanInvoice(a.owner, invoice!.id))).code).toBe('forbidden')
    expect((await rejection(allPlanInvoices(a.owner, { page: 1 }))).code).toBe('forbidden')

    const open = await allPlanInvoices(admin, { status: 'open', page: 1 })
    expect(open.items.every((item) => item.status === 'open')).toBe(true)
    expect(open.items.some((item) => item.id === invoice!.id)).toBe(true)
    const counts = await planInvoiceCounts(admin)
    expect(counts.open).toBeGreaterThanOrEqual(1)
    expect(counts.paid).toBeGreaterThanOrEqual(1)
  })

  it('prints the invoice with the bank details to pay it, in the reader’s language', async () => {
    const { id, owner } = await company('zh-Hans')
    await changePlan(owner, { planId: 'business', period: 'yearly' })
    const [invoice] = (await companyPlanInvoices(owner, { page: 1 })).items
    const pdf = await planInvoicePdf(owner, invoice!.id)
    expect(pdf.fileName).toBe(`invoice-${invoice!.number}.pdf`)
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    expect(pdf.bytes.byteLength).toBeGreaterThan(2000)
    expect(id).toBeTruthy()
  })
})
