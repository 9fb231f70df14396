// Plans and subscriptions (issue 24), on the real services and both databases: the seeded plans, admin edits with bad
// input refused, limits enforced in the caller's transaction (two creates at the limit never both pass), plan changes
// (upgrade at once, downgrade at the period's end or refused while over) and who may do what.
import { randomUUID } from 'node:crypto'
import { and, count, eq, gte, sql } from 'drizzle-orm'
import { pgTable, QueryBuilder, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createUser } from '../../../db/factories/users'
import { platformAdmin } from '../../../tests/factories/finance'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { CreatePlanInput, UpdatePlanInput } from './index'
import { usageBounds } from './billing.tables.server'
import {
  assignPlan,
  changePlan,
  companyPlan,
  createPlan,
  enforcePlanLimit,
  getPlan,
  listPlans,
  makeDefaultPlan,
  planHistory,
  planUsage,
  registerUsageCounter,
  retirePlan,
  updatePlan,
} from './index.server'

/** The counted things of this test: rows of a scratch table, counted by a registered counter as a module would. */
const things = pgTable('billing_test_things', {
  companyId: text('company_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
/** Members as the downgrade test sets them. */
const made = new Map<string, number>()
let unregister: Array<() => void> = []

let owner: ServiceContext
let member: ServiceContext
let admin: ServiceContext
let companyId: string

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

const planFields = {
  name: { en: 'Starter', 'zh-Hans': '入门版', 'zh-Hant': '入門版' },
  description: { en: 'A first step up.', 'zh-Hans': '进阶第一步。', 'zh-Hant': '進階第一步。' },
  currency: 'USD',
  monthlyPrice: '19',
  yearlyPrice: '190.00',
  maxMembers: 5,
  maxPublishedProducts: 100,
  maxRfqsPerMonth: 2,
  maxAssistantRequestsPerMonth: '',
  maxApiCallsPerDay: null,
  maxStorageMb: 1024,
  features: ['price_lists', 'price_lists', 'escrow_payments'],
  position: 1,
}

/** Counts `things` as a module's usage counter would. */
const counter = (company: string, since: Date | null) =>
  sql`${new QueryBuilder()
    .select({ count: count() })
    .from(things)
    .where(and(eq(things.companyId, company), since ? gte(things.createdAt, since) : undefined))}`

beforeAll(async () => {
  await database().execute(sql`create table billing_test_things (company_id text not null, created_at timestamptz not null default now())`)
  unregister = [registerUsageCounter('rfqs_per_month', counter), registerUsageCounter('members', (company) => sql`${made.get(company) ?? 0}::int`)]
  const a = await createMember({ role: 'owner' })
  companyId = a.company.id
  owner = contextOf(a.user.id, companyId, 'owner')
  const plain = await createUser()
  await addMember(companyId, plain.id, 'member')
  member = contextOf(plain.id, companyId, 'member')
  admin = await platformAdmin()
  // Test databases start companies on the plan without limits: this file tests the shipped default.
  await makeDefaultPlan(admin, 'free')
})

afterAll(() => {
  for (const undo of unregister) undo()
})

/** Creates one counted thing for `company` as a service would: the limit check and the insert in one transaction. */
const createThing = (company: string) =>
  database().transaction(async (tx) => {
    await enforcePlanLimit(tx, company, 'rfqs_per_month')
    await tx.execute(sql`select pg_sleep(0.05)`)
    await tx.insert(things).values({ companyId: company })
  })

describe('plans', () => {
  it('offers the seeded Free, Business and Enterprise plans in order, Free the default, in three languages', async () => {
    const offered = await listPlans()
    expect(offered.map((plan) => plan.id)).toEqual(['free', 'business', 'enterprise'])
    expect(offered[0]).toMatchObject({ isDefault: true, monthlyPriceMinor: 0n, maxRfqsPerMonth: 5 })
    expect(offered[1]).toMatchObject({ monthlyPriceMinor: 4900n, yearlyPriceMinor: 49000n, currency: 'USD' })
    expect(offered[2]).toMatchObject({ maxMembers: null, maxPublishedProducts: null })
    for (const plan of offered) expect(Object.keys(plan.name).sort()).toEqual(['en', 'zh-Hans', 'zh-Hant'])
  })

  it('lets a platform admin add, edit and retire a plan, refusing everyone else', async () => {
    const input = CreatePlanInput.parse({ ...planFields, id: 'starter' })
    expect((await rejection(createPlan(owner, input))).code).toBe('forbidden')
    const starter = await createPlan(admin, input)
    expect(starter).toMatchObject({ id: 'starter', monthlyPriceMinor: 1900n, yearlyPriceMinor: 19000n, maxAssistantRequestsPerMonth: null })
    expect(starter.maxStorageBytes).toBe(1024 * 1024 * 1024)
    expect(starter.features).toEqual(['price_lists', 'escrow_payments'])
    expect((await rejection(createPlan(admin, input))).code).toBe('conflict')

    const edited = await updatePlan(admin, 'starter', UpdatePlanInput.parse({ ...planFields, monthlyPrice: '29', version: starter.version }))
    expect(edited.monthlyPriceMinor).toBe(2900n)
    expect((await rejection(updatePlan(admin, 'starter', UpdatePlanInput.parse({ ...planFields, version: starter.version })))).code).toBe('stale_version')
    expect((await rejection(updatePlan(admin, 'nothing-here', UpdatePlanInput.parse({ ...planFields, version: 1 })))).code).toBe('not_found')

    expect((await rejection(retirePlan(admin, 'free'))).code).toBe('default_plan_required')
    const retired = await retirePlan(admin, 'starter')
    expect(retired.retiredAt).toBeInstanceOf(Date)
    expect((await listPlans()).map((plan) => plan.id)).not.toContain('starter')
    expect((await listPlans({ includeRetired: true })).map((plan) => plan.id)).toContain('starter')
    expect((await rejection(makeDefaultPlan(admin, 'starter'))).code).toBe('plan_unavailable')
  })

  it('refuses a negative, fractional or non-numeric limit, a bad id, a price with too many decimals, naming each field', async () => {
    const bad = CreatePlanInput.safeParse({
      ...planFields,
      id: 'Bad Id',
      maxMembers: 0,
      maxRfqsPerMonth: -1,
      maxPublishedProducts: 'many',
      maxApiCallsPerDay: 2.5,
      monthlyPrice: '-3',
    })
    expect(bad.success).toBe(false)
    const fields = Object.keys(bad.error!.flatten().fieldErrors).sort()
    expect(fields).toEqual(['id', 'maxApiCallsPerDay', 'maxMembers', 'maxPublishedProducts', 'maxRfqsPerMonth', 'monthlyPrice'])
    const yen = CreatePlanInput.parse({ ...planFields, id: 'yen-plan', currency: 'JPY', monthlyPrice: '4.50' })
    const error = await rejection(createPlan(admin, yen))
    expect(error).toMatchObject({ code: 'validation_failed', details: { fields: { monthlyPrice: ['validation.monthlyPrice'] } } })
    // "490.00" yen is a whole price.
    await expect(
      createPlan(admin, CreatePlanInput.parse({ ...planFields, id: 'yen-whole', currency: 'JPY', monthlyPrice: '490.00', yearlyPrice: '4900' })),
    ).resolves.toMatchObject({
      monthlyPriceMinor: 490n,
    })
  })

  it('makes another plan the default: only one default at a time', async () => {
    await makeDefaultPlan(admin, 'business')
    expect((await listPlans()).filter((plan) => plan.isDefault).map((plan) => plan.id)).toEqual(['business'])
    await makeDefaultPlan(admin, 'free')
    expect((await getPlan('free')).isDefault).toBe(true)
    expect((await getPlan('business')).isDefault).toBe(false)
  })
})

describe('a company on a plan', () => {
  it('is on the default plan; reading writes nothing, the first plan-dependent action starts its history', async () => {
    const current = await companyPlan(member)
    expect(current.plan.id).toBe('free')
    expect(current.period).toBe('monthly')
    expect(current.next).toBeNull()
    expect(await planHistory(member)).toEqual([])
    await database().transaction((tx) => enforcePlanLimit(tx, companyId, 'members'))
    expect((await planHistory(member)).map((change) => change.kind)).toEqual(['started'])
    expect((await companyPlan(member)).plan.id).toBe('free')
  })

  it('refuses the create past the limit with 402, the limit and the usage, and writes nothing; concurrent creates at the limit never both pass', async () => {
    const fresh = await createMember({ role: 'owner' })
    const company = fresh.company.id
    for (let index = 0; index < 4; index += 1) await createThing(company)
    // Free allows 5 a month: of two at once, one passes and the other waits for it, then finds the limit reached.
    const outcomes = await Promise.allSettled([createThing(company), createThing(company)])
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({
      code: 'plan_limit_reached',
      details: { key: 'rfqs_per_month', limit: 5, usage: 5, planId: 'free', upgrade: '/app/settings/plan' },
    })
    const error = await rejection(createThing(company))
    expect(error.code).toBe('plan_limit_reached')
    expect(await planUsage(contextOf(fresh.user.id, company, 'owner'))).toMatchObject({ rfqs_per_month: 5 })
  })

  it('counts only when the new things may not fit under the usage the checks know, the count is five minutes old or a month begins', async () => {
    const fresh = await createMember({ role: 'owner' })
    const company = fresh.company.id
    let counted = 0
    const undo = registerUsageCounter('rfqs_per_month', (of, since) => {
      counted += 1
      return counter(of, since)
    })
    const check = (iso: string, adding = 1, taking = adding) =>
      database().transaction((tx) => enforcePlanLimit(tx, company, 'rfqs_per_month', adding, new Date(iso), { taking }))
    const bound = async () => (await database().select().from(usageBounds).where(eq(usageBounds.organizationId, company)))[0]
    try {
      await check('2026-11-10T10:00:00Z')
      expect(counted).toBe(1)
      await check('2026-11-10T10:01:00Z')
      await check('2026-11-10T10:02:00Z', 2, 0)
      expect(counted).toBe(1)
      expect(await bound()).toMatchObject({ limitKey: 'rfqs_per_month', used: 2, windowStart: new Date('2026-11-01T00:00:00Z') })
      // Free allows 5 a month: 2 known + 4 may not fit, so the things are counted (none was made) and a new bound starts.
      await check('2026-11-10T10:03:00Z', 4)
      expect(counted).toBe(2)
      expect((await bound())?.used).toBe(4)
      await check('2026-11-10T10:09:00Z')
      expect(counted).toBe(3)
      await check('2026-12-01T00:00:00Z')
      expect(counted).toBe(4)
      expect(await bound()).toMatchObject({ used: 1, windowStart: new Date('2026-12-01T00:00:00Z') })
    } finally {
      undo()
    }
  })

  it('upgrades at once and lets the company go on; only an owner or admin may change the plan', async () => {
    const fresh = await createMember({ role: 'owner' })
    const company = fresh.company.id
    const boss = contextOf(fresh.user.id, company, 'owner')
    for (let index = 0; index < 5; index += 1) await createThing(company)
    expect((await rejection(createThing(company))).code).toBe('plan_limit_reached')
    const plain = await createUser()
    await addMember(company, plain.id, 'member')
    expect((await rejection(changePlan(contextOf(plain.id, company, 'member'), { planId: 'business', period: 'monthly' }))).code).toBe('insufficient_role')

    const now = new Date()
    const upgraded = await changePlan(boss, { planId: 'business', period: 'yearly' }, now)
    expect(upgraded).toMatchObject({ plan: { id: 'business' }, period: 'yearly', next: null })
    expect(upgraded.periodEnd.getUTCFullYear()).toBe(now.getUTCFullYear() + 1)
    await createThing(company)
    expect((await planHistory(boss)).map((change) => change.kind)).toEqual(['upgraded', 'started'])
  })

  it('schedules a downgrade for the end of the period, cancels it on request, applies it once due, and refuses one the company is over', async () => {
    const fresh = await createMember({ role: 'owner' })
    const company = fresh.company.id
    const boss = contextOf(fresh.user.id, company, 'owner')
    const start = new Date('2026-11-10T00:00:00Z')
    await changePlan(boss, { planId: 'business', period: 'monthly' }, start)

    made.set(company, 4)
    const blocked = await rejection(changePlan(boss, { planId: 'free', period: 'monthly' }, start))
    expect(blocked).toMatchObject({ code: 'plan_downgrade_blocked', details: { planId: 'free', over: [{ key: 'members', limit: 3, usage: 4 }] } })

    made.set(company, 2)
    const scheduled = await changePlan(boss, { planId: 'free', period: 'monthly' }, start)
    expect(scheduled).toMatchObject({ plan: { id: 'business' }, next: { plan: { id: 'free' }, period: 'monthly' } })
    expect((await changePlan(boss, { planId: 'business', period: 'monthly' }, start)).next).toBeNull()
    await changePlan(boss, { planId: 'free', period: 'monthly' }, start)

    // Once the period has ended, reads show the downgrade in effect; the next plan-dependent action writes it.
    const due = new Date('2026-12-11T00:00:00Z')
    const later = await companyPlan(boss, due)
    expect(later).toMatchObject({ plan: { id: 'free' }, next: null })
    expect(later.periodStart.toISOString()).toBe('2026-12-10T00:00:00.000Z')
    expect((await planHistory(boss))[0]?.kind).toBe('downgrade_scheduled')
    await database().transaction((tx) => enforcePlanLimit(tx, company, 'members', 1, due))
    expect(await companyPlan(boss, due)).toEqual(later)
    expect((await planHistory(boss)).map((change) => change.kind)).toEqual([
      'downgraded',
      'downgrade_scheduled',
      'downgrade_cancelled',
      'downgrade_scheduled',
      'upgraded',
      'started',
    ])
  })

  it('lets a platform admin put a company on any plan, a retired one too; a company cannot choose a retired plan', async () => {
    await createPlan(admin, CreatePlanInput.parse({ ...planFields, id: `legacy-${randomUUID().slice(0, 8)}` })).then(async (legacy) => {
      await retirePlan(admin, legacy.id)
      expect((await rejection(changePlan(owner, { planId: legacy.id, period: 'monthly' }))).code).toBe('plan_unavailable')
      expect((await rejection(assignPlan(owner, companyId, { planId: legacy.id, period: 'monthly' }))).code).toBe('forbidden')
      await assignPlan(admin, companyId, { planId: legacy.id, period: 'monthly' })
      expect((await companyPlan(owner)).plan.id).toBe(legacy.id)
      expect((await planHistory(owner))[0]).toMatchObject({ kind: 'assigned', toPlanId: legacy.id, changedBy: admin.actor.userId })
    })
  })

  it('keeps a company without one out of plan reads', async () => {
    expect((await rejection(companyPlan(admin))).code).toBe('company_required')
  })
})
