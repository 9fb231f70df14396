// Plans and a company's subscription (issue 24): platform admins keep the plans; companies start on the default plan,
// upgrade at once and downgrade at the end of the period they paid for; services that create a counted thing call
// `enforcePlanLimit` in their own transaction. Usage is counted by the module that owns each counted thing, through
// the counters it registers (`registerUsageCounter`): billing never reads another module's tables.
import { and, asc, desc, eq, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { hasSqlState } from '../../platform/db/database-errors.server'
import { resultRows } from '../../platform/db/result-rows'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { decimalPlaces } from '../../platform/format/decimal-text'
import { currencyDigits, toMinor } from '../../platform/format/money'
import { requireCompany, requireRole } from '../../platform/member-roles'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { PLAN_LIMITS, type PlanLimit, type PlanPeriod } from './billing.constants'
import { companyPlans, planChanges, plans, usageBounds } from './billing.tables.server'
import type { ChangePlanInput, CreatePlanInput, UpdatePlanInput } from './plan.inputs'
import { issuePlanInvoice, voidReplacedInvoice } from './plan-invoice.service.server'
import { nearLimit } from './limit-format'
import { exceededLimits, isUpgrade, limitBreach, limitField, limitOf, type LimitReach, periodEnd, usageWindowStart } from './plan-limits'

export type Plan = typeof plans.$inferSelect

/**
 * A company's use of one limit as a scalar SQL query (one number): what exists now, or what was made since `since` for
 * per-period limits. A query rather than a function, so that the limit check counts inside its locking statement.
 */
export type UsageCounter = (companyId: string, since: Date | null) => SQL

// On globalThis: a dev-mode module reload registers the counters again, by limit, where the services see them.
const holder = globalThis as unknown as { __tradeportUsageCounters?: Map<PlanLimit, UsageCounter> }
const counters = (holder.__tradeportUsageCounters ??= new Map())

/** The owning module tells billing how to count `key` (when it loads). Answers how to take it back, restoring the one before (tests). */
export function registerUsageCounter(key: PlanLimit, counter: UsageCounter): () => void {
  const before = counters.get(key)
  counters.set(key, counter)
  return () => {
    if (counters.get(key) !== counter) return
    if (before) counters.set(key, before)
    else counters.delete(key)
  }
}

/** Runs a counter on its own. */
async function countUsage(db: Database | Transaction, counter: UsageCounter, companyId: string, since: Date | null): Promise<number> {
  const [row] = await db.select({ usage: sql<number>`(${counter(companyId, since)})::float8`.mapWith(Number) }).from(sql`(select 1) as one`)
  return row?.usage ?? 0
}

const MEGABYTE = 1024 * 1024
const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** The plans in the comparison table, in their order; retired ones too for the admin's list. */
export async function listPlans(options: { includeRetired?: boolean } = {}, db: Database | Transaction = database()): Promise<Plan[]> {
  return db
    .select()
    .from(plans)
    .where(options.includeRetired ? undefined : isNull(plans.retiredAt))
    .orderBy(asc(plans.position), asc(plans.id))
}

/** One plan, retired or not; 404 when there is none by that id. */
export async function getPlan(id: string, db: Database | Transaction = database()): Promise<Plan> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, id))
  if (!plan) throw new AppError('not_found', 'No such plan')
  return plan
}

/** The plan new companies start on. */
export async function defaultPlan(db: Database | Transaction = database()): Promise<Plan> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.isDefault, true), isNull(plans.retiredAt)))
  if (!plan) throw new AppError('internal', 'No default plan')
  return plan
}

/** A price in the currency's minor units; null when it has more decimals than the currency (a yen price of 4.50). */
function minorUnits(price: string, currency: string): bigint | null {
  return decimalPlaces(price) > currencyDigits(currency) ? null : toMinor(price, currency)
}

function planValues(input: CreatePlanInput | UpdatePlanInput) {
  const monthlyPriceMinor = minorUnits(input.monthlyPrice, input.currency)
  const yearlyPriceMinor = minorUnits(input.yearlyPrice, input.currency)
  if (monthlyPriceMinor === null) throw fieldError({ monthlyPrice: ['validation.monthlyPrice'] })
  if (yearlyPriceMinor === null) throw fieldError({ yearlyPrice: ['validation.yearlyPrice'] })
  return {
    name: input.name,
    description: input.description,
    currency: input.currency,
    monthlyPriceMinor,
    yearlyPriceMinor,
    maxMembers: input.maxMembers,
    maxPublishedProducts: input.maxPublishedProducts,
    maxRfqsPerMonth: input.maxRfqsPerMonth,
    maxAssistantRequestsPerMonth: input.maxAssistantRequestsPerMonth,
    maxApiCallsPerDay: input.maxApiCallsPerDay,
    maxStorageBytes: input.maxStorageMb === null ? null : input.maxStorageMb * MEGABYTE,
    features: [...new Set(input.features)],
    position: input.position,
  }
}

/**
 * A platform admin adds a plan (not the default; `makeDefaultPlan` moves that), once per idempotency key: a retry gets
 * the plan its first attempt created. 409 when the id is taken.
 */
export async function createPlan(ctx: ServiceContext, input: CreatePlanInput, options: IdempotencyOption = {}): Promise<Plan> {
  requirePlatformAdmin(ctx.actor)
  const values = planValues(input)
  const { id } = await createIdempotently(
    'plan',
    options,
    input,
    async (tx, planId) => {
      const [plan] = await tx
        .insert(plans)
        .values({ id: planId, ...values })
        .onConflictDoNothing()
        .returning({ id: plans.id })
      if (!plan) throw new AppError('conflict', 'A plan with this id exists', { fields: { id: ['validation.planIdTaken'] } })
    },
    input.id,
  )
  return getPlan(id)
}

/** A platform admin changes a plan's terms; companies on it get them at once. 409 when someone changed it meanwhile. */
export async function updatePlan(ctx: ServiceContext, id: string, input: UpdatePlanInput): Promise<Plan> {
  requirePlatformAdmin(ctx.actor)
  const [plan] = await database()
    .update(plans)
    .set({ ...planValues(input), version: sql`${plans.version} + 1`, updatedAt: new Date() })
    .where(and(eq(plans.id, id), eq(plans.version, input.version)))
    .returning()
  if (plan) return plan
  await getPlan(id)
  throw new AppError('stale_version', 'The plan was changed meanwhile')
}

/** A platform admin retires a plan: its companies keep it; no one new may choose it. The default cannot be retired. */
export async function retirePlan(ctx: ServiceContext, id: string, now: Date = new Date()): Promise<Plan> {
  requirePlatformAdmin(ctx.actor)
  const plan = await getPlan(id)
  if (plan.isDefault) throw new AppError('default_plan_required', 'Make another plan the default before retiring this one')
  if (plan.retiredAt) return plan
  const [retired] = await database()
    .update(plans)
    .set({ retiredAt: now, version: sql`${plans.version} + 1`, updatedAt: now })
    .where(eq(plans.id, id))
    .returning()
  return retired!
}

/** A platform admin makes a plan in use the one new companies start on. */
export async function makeDefaultPlan(ctx: ServiceContext, id: string): Promise<Plan> {
  requirePlatformAdmin(ctx.actor)
  return database().transaction(async (tx) => {
    const plan = await getPlan(id, tx)
    if (plan.retiredAt) throw new AppError('plan_unavailable', 'A retired plan cannot be the default')
    await tx
      .update(plans)
      .set({ isDefault: false, version: sql`${plans.version} + 1`, updatedAt: new Date() })
      .where(and(eq(plans.isDefault, true), sql`${plans.id} <> ${id}`))
    const [made] = await tx
      .update(plans)
      .set({ isDefault: true, version: sql`${plans.version} + 1`, updatedAt: new Date() })
      .where(eq(plans.id, id))
      .returning()
    return made!
  })
}

type CompanyPlanRow = typeof companyPlans.$inferSelect

/**
 * The company's plan row, locked for the rest of the transaction; created on the default plan (with its "started"
 * history line) the first time. A period that has ended is renewed here (a waiting downgrade takes effect).
 */
async function lockedCompanyPlan(tx: Transaction, companyId: string, now: Date): Promise<CompanyPlanRow> {
  const [existing] = await tx.select().from(companyPlans).where(eq(companyPlans.organizationId, companyId)).for('update')
  if (existing) return periodDue(existing, now) ? renew(tx, existing, now) : existing
  const plan = await defaultPlan(tx)
  const [created] = await tx
    .insert(companyPlans)
    .values({ organizationId: companyId, planId: plan.id, period: 'monthly', periodStart: now, periodEnd: periodEnd(now, 'monthly') })
    .onConflictDoNothing()
    .returning()
  if (!created) {
    // Another transaction created it first: wait for it and use theirs.
    const [theirs] = await tx.select().from(companyPlans).where(eq(companyPlans.organizationId, companyId)).for('update')
    return theirs!
  }
  await tx.insert(planChanges).values({ organizationId: companyId, kind: 'started', toPlanId: plan.id, period: 'monthly', effectiveAt: now })
  return created
}

/**
 * What a row becomes once its period has ended: the next period on the waiting plan (a downgrade) or the same one,
 * following on from the old period's end (a period that passed unseen is skipped: the new one holds today).
 */
function renewal(row: CompanyPlanRow, now: Date) {
  const period = row.nextPeriod ?? row.period
  let periodStart = row.periodEnd
  let end = periodEnd(periodStart, period)
  while (end <= now) {
    periodStart = end
    end = periodEnd(periodStart, period)
  }
  return { planId: row.nextPlanId ?? row.planId, period, periodStart, periodEnd: end, nextPlanId: null, nextPeriod: null }
}

/** Whether the row's period has ended. */
const periodDue = (row: CompanyPlanRow, now: Date): boolean => row.periodEnd <= now

/**
 * The next period starts (when the renewal job or a later action finds the old one ended): a waiting downgrade takes
 * effect from the old period's end, and a paid plan's new period is invoiced.
 */
async function renew(tx: Transaction, row: CompanyPlanRow, now: Date): Promise<CompanyPlanRow> {
  const next = renewal(row, now)
  const [renewed] = await tx
    .update(companyPlans)
    .set({ ...next, version: sql`${companyPlans.version} + 1`, updatedAt: now })
    .where(eq(companyPlans.organizationId, row.organizationId))
    .returning()
  if (row.nextPlanId)
    await tx.insert(planChanges).values({
      organizationId: row.organizationId,
      kind: 'downgraded',
      fromPlanId: row.planId,
      toPlanId: next.planId,
      period: next.period,
      effectiveAt: row.periodEnd,
    })
  const plan = await getPlan(next.planId, tx)
  await issuePlanInvoice(tx, { companyId: row.organizationId, plan, period: next.period, periodStart: next.periodStart, periodEnd: next.periodEnd }, now)
  return renewed!
}

/**
 * The renewal job: every company whose period has ended moves to its next one (and a paid plan's is invoiced), at most
 * `limit` a run, each in its own transaction. Answers how many were renewed.
 */
export async function renewDuePeriods(now: Date = new Date(), limit = 500): Promise<number> {
  const due = await database()
    .select({ organizationId: companyPlans.organizationId })
    .from(companyPlans)
    .where(lte(companyPlans.periodEnd, now))
    .orderBy(asc(companyPlans.periodEnd))
    .limit(limit)
  for (const { organizationId } of due) await database().transaction((tx) => lockedCompanyPlan(tx, organizationId, now))
  return due.length
}

/** A company's plan and its period, and the downgrade waiting for the period's end. */
export type CompanyPlan = { plan: Plan; period: PlanPeriod; periodStart: Date; periodEnd: Date; next: { plan: Plan; period: PlanPeriod } | null }

/**
 * The company's plan as it stands, read without writing: the default plan from today until the company has a row, and
 * an ended period shown renewed (the renewal job or the next plan-dependent action writes it). Any member may read it.
 */
export async function companyPlan(ctx: ServiceContext, now: Date = new Date()): Promise<CompanyPlan> {
  requireCompany(ctx.actor)
  const [row] = await database().select().from(companyPlans).where(eq(companyPlans.organizationId, ctx.actor.companyId))
  if (!row) return { plan: await defaultPlan(), period: 'monthly', periodStart: now, periodEnd: periodEnd(now, 'monthly'), next: null }
  const current = periodDue(row, now) ? { ...row, ...renewal(row, now) } : row
  const plan = await getPlan(current.planId)
  const next = current.nextPlanId ? { plan: await getPlan(current.nextPlanId), period: current.nextPeriod ?? current.period } : null
  return { plan, period: current.period, periodStart: current.periodStart, periodEnd: current.periodEnd, next }
}

/** The company's use of every limit a module counts (absent: no counter registered). */
export async function planUsage(ctx: ServiceContext, now: Date = new Date()): Promise<Partial<Record<PlanLimit, number>>> {
  requireCompany(ctx.actor)
  return usageOf(database(), ctx.actor.companyId, now)
}

async function usageOf(db: Database | Transaction, companyId: string, now: Date): Promise<Partial<Record<PlanLimit, number>>> {
  const usage: Partial<Record<PlanLimit, number>> = {}
  for (const key of PLAN_LIMITS) {
    const counter = counters.get(key)
    if (counter) usage[key] = await countUsage(db, counter, companyId, usageWindowStart(key, now))
  }
  return usage
}

/**
 * A limit the company is near (80 %, or one left) or at, for the pages that warn before the action; null when the plan
 * has no such limit or plenty is left. Read-only, like `companyPlan`.
 */
export async function limitStatus(
  ctx: ServiceContext,
  key: PlanLimit,
  now: Date = new Date(),
): Promise<{ key: PlanLimit; limit: number; usage: number } | null> {
  requireCompany(ctx.actor)
  const { plan } = await companyPlan(ctx, now)
  const limit = limitOf(plan, key)
  const counter = counters.get(key)
  if (limit === null || !counter) return null
  const usage = await countUsage(database(), counter, ctx.actor.companyId, usageWindowStart(key, now))
  return usage >= limit || nearLimit(usage, limit) ? { key, limit, usage } : null
}

/** The 402 a create at the limit answers: the limit, the usage and where to upgrade. */
function limitReached(reach: LimitReach, planId: string): AppError {
  return new AppError('plan_limit_reached', `The plan's limit on ${reach.key} is reached`, { ...reach, planId, upgrade: '/app/settings/plan' })
}

/** How long a usage bound stands before a check counts again (it also catches counted things made without a check). */
export const USAGE_RECOUNT_MS = 5 * 60_000

/** Options of `enforcePlanLimit`. */
export type LimitCheckOptions = {
  /**
   * How many of the `adding` things the create makes now (all of them unless said): an invitation checks that one more
   * seat fits beside the open ones but takes none until it is accepted.
   */
  taking?: number
}

/**
 * In the caller's transaction, before it creates `adding` counted things: locks the company's plan row (so two creates
 * at the limit wait for each other and the second sees the first) and refuses with 402 when the new ones would pass the
 * plan's limit. Nothing is written then: the caller's transaction rolls back.
 *
 * One statement in the usual case (issue 24: at most 1 ms p95 on the creates it guards, ADR 058): it bumps the row's
 * `limit_checks` (taking the row lock), reads the plan's limit and adds the new things to the company's usage bound
 * (`plan_usage_bounds`) when they fit under it. Counting happens only when they do not fit, when the bound is older than
 * `USAGE_RECOUNT_MS` or of an earlier window, or when the plan row is to be made or its period renewed: then the usage
 * is counted in a statement of its own, under the lock, so it sees every create that held the lock before.
 */
export async function enforcePlanLimit(
  tx: Transaction,
  companyId: string,
  key: PlanLimit,
  adding = 1,
  now: Date = new Date(),
  { taking = adding }: LimitCheckOptions = {},
): Promise<void> {
  const window = usageWindowStart(key, now)
  const limitColumn = sql.identifier(plans[limitField(key)].name)
  const [found] = resultRows<{ plan_id: string; current: boolean; limit: number | null; granted: boolean }>(
    await tx.execute(sql`
      with plan_row as (
        update company_plans set limit_checks = company_plans.limit_checks + 1
        from plans
        where company_plans.organization_id = ${companyId} and plans.id = company_plans.plan_id
        returning company_plans.plan_id, company_plans.period_end > ${now.toISOString()}::timestamptz as current,
          plans.${limitColumn}::float8 as "limit"
      ), granted as (
        update plan_usage_bounds set used = plan_usage_bounds.used + ${taking}
        from plan_row
        where plan_usage_bounds.organization_id = ${companyId} and plan_usage_bounds.limit_key = ${key}
          and plan_usage_bounds.window_start is not distinct from ${window?.toISOString() ?? null}::timestamptz
          and plan_usage_bounds.counted_at > ${new Date(now.getTime() - USAGE_RECOUNT_MS).toISOString()}::timestamptz
          and plan_row.current and plan_row."limit" is not null
          and plan_usage_bounds.used + ${adding} <= plan_row."limit"
        returning 1
      )
      select plan_id, current, "limit", exists (select 1 from granted) as granted from plan_row`),
  )
  if (!found || !found.current) return enforceOnLockedRow(tx, companyId, key, adding, taking, now)
  if (found.limit === null || found.granted) return
  await checkCountedUsage(tx, { companyId, key, planId: found.plan_id, limit: Number(found.limit) }, adding, taking, now)
}

/** The longer way: the row made or renewed under its lock, then the plan read and the usage counted. */
async function enforceOnLockedRow(tx: Transaction, companyId: string, key: PlanLimit, adding: number, taking: number, now: Date): Promise<void> {
  const row = await lockedCompanyPlan(tx, companyId, now)
  const limit = limitOf(await getPlan(row.planId, tx), key)
  if (limit !== null) await checkCountedUsage(tx, { companyId, key, planId: row.planId, limit }, adding, taking, now)
}

/** Counts the usage (the caller holds the plan row's lock), refuses with 402 past the limit, else starts a new bound. */
async function checkCountedUsage(
  tx: Transaction,
  { companyId, key, planId, limit }: { companyId: string; key: PlanLimit; planId: string; limit: number },
  adding: number,
  taking: number,
  now: Date,
): Promise<void> {
  const counter = counters.get(key)
  if (!counter) throw new AppError('internal', `No usage counter for ${key}`)
  const windowStart = usageWindowStart(key, now)
  const usage = await countUsage(tx, counter, companyId, windowStart)
  const breach = limitBreach(key, limit, usage, adding)
  if (breach) throw limitReached(breach, planId)
  const bound = { windowStart, used: usage + taking, countedAt: now }
  await tx
    .insert(usageBounds)
    .values({ organizationId: companyId, limitKey: key, ...bound })
    .onConflictDoUpdate({ target: [usageBounds.organizationId, usageBounds.limitKey], set: bound })
}

/**
 * The company's owner or admin chooses a plan: a dearer one applies at once (a new period starts); a cheaper one waits
 * for the end of the period, refused while the company has more than it allows (409, naming each limit). Choosing the
 * current plan again cancels a waiting downgrade. A retired plan cannot be chosen.
 */
export async function changePlan(ctx: ServiceContext, input: ChangePlanInput, now: Date = new Date()): Promise<CompanyPlan> {
  requireCompany(ctx.actor)
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const userId = ctx.actor.userId
  await database().transaction(async (tx) => {
    const row = await lockedCompanyPlan(tx, companyId, now)
    const current = await getPlan(row.planId, tx)
    const next = await getPlan(input.planId, tx)
    if (next.retiredAt && next.id !== current.id) throw new AppError('plan_unavailable', 'This plan is no longer offered')
    const history = { organizationId: companyId, fromPlanId: current.id, toPlanId: next.id, period: input.period, changedBy: userId }
    if (next.id === current.id && input.period === row.period) {
      if (!row.nextPlanId) return
      await tx
        .update(companyPlans)
        .set({ nextPlanId: null, nextPeriod: null, version: sql`${companyPlans.version} + 1`, updatedAt: now })
        .where(eq(companyPlans.organizationId, companyId))
      await tx.insert(planChanges).values({ ...history, kind: 'downgrade_cancelled', effectiveAt: now })
      return
    }
    if (isUpgrade(current, next) || (next.id === current.id && input.period === 'yearly')) {
      await startPeriod(tx, row, next, input.period, now)
      await tx.insert(planChanges).values({ ...history, kind: 'upgraded', effectiveAt: now })
      return
    }
    const over = exceededLimits(next, await usageOf(tx, companyId, now))
    if (over.length > 0) throw new AppError('plan_downgrade_blocked', 'The company has more than the plan allows', { planId: next.id, over })
    await tx
      .update(companyPlans)
      .set({ nextPlanId: next.id, nextPeriod: input.period, version: sql`${companyPlans.version} + 1`, updatedAt: now })
      .where(eq(companyPlans.organizationId, companyId))
    await tx.insert(planChanges).values({ ...history, kind: 'downgrade_scheduled', effectiveAt: row.periodEnd })
  })
  return companyPlan(ctx, now)
}

/**
 * The company is on `plan` from `now`, for a new period; a waiting downgrade is dropped. The replaced period's invoice
 * goes void if unpaid, and a paid plan's new period is invoiced.
 */
async function startPeriod(tx: Transaction, row: CompanyPlanRow, plan: Plan, period: PlanPeriod, now: Date): Promise<void> {
  const end = periodEnd(now, period)
  await voidReplacedInvoice(tx, row.organizationId, row.periodStart, now)
  await tx
    .update(companyPlans)
    .set({
      planId: plan.id,
      period,
      periodStart: now,
      periodEnd: end,
      nextPlanId: null,
      nextPeriod: null,
      version: sql`${companyPlans.version} + 1`,
      updatedAt: now,
    })
    .where(eq(companyPlans.organizationId, row.organizationId))
  await issuePlanInvoice(tx, { companyId: row.organizationId, plan, period, periodStart: now, periodEnd: end }, now)
}

/** A platform admin puts a company on a plan at once (a retired one too: e.g. to keep a customer's old terms). */
export async function assignPlan(ctx: ServiceContext, companyId: string, input: ChangePlanInput, now: Date = new Date()): Promise<void> {
  requirePlatformAdmin(ctx.actor)
  await putCompanyOnPlan(companyId, input, ctx.actor.userId, now)
}

/** Puts a company on a plan at once, for a platform admin's assignment and for seeds (`changedBy` null: the system). */
export async function putCompanyOnPlan(companyId: string, input: ChangePlanInput, changedBy: string | null, now: Date = new Date()): Promise<void> {
  await database()
    .transaction(async (tx) => {
      const row = await lockedCompanyPlan(tx, companyId, now)
      const next = await getPlan(input.planId, tx)
      await startPeriod(tx, row, next, input.period, now)
      await tx
        .insert(planChanges)
        .values({ organizationId: companyId, kind: 'assigned', fromPlanId: row.planId, toPlanId: next.id, period: input.period, effectiveAt: now, changedBy })
    })
    .catch((error: unknown) => {
      // No such company: its plan row's key refers to nothing.
      if (hasSqlState(error, '23503')) throw new AppError('not_found', 'Company not found')
      throw error
    })
}

/** The company's plan history, newest first. */
export async function planHistory(ctx: ServiceContext, limit = 50): Promise<Array<typeof planChanges.$inferSelect>> {
  requireCompany(ctx.actor)
  return database().select().from(planChanges).where(eq(planChanges.organizationId, ctx.actor.companyId)).orderBy(desc(planChanges.sequence)).limit(limit)
}
