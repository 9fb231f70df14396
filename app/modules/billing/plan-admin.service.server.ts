// What platform admins read beside the plans themselves: how many companies each plan holds, and the plan of the
// companies they look up to assign one. Read from billing's own rows only (companies are named by key).
import { count, inArray } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import type { PlanPeriod } from './billing.constants'
import { companyPlans } from './billing.tables.server'

/**
 * How many companies are on each plan, by plan id (a plan with none has no entry). Companies that have not yet done
 * anything a plan limits have no subscription and are not counted: they are on the default plan.
 */
export async function companiesPerPlan(ctx: ServiceContext): Promise<Record<string, number>> {
  requirePlatformAdmin(ctx.actor)
  const rows = await database().select({ planId: companyPlans.planId, companies: count() }).from(companyPlans).groupBy(companyPlans.planId)
  return Object.fromEntries(rows.map((row) => [row.planId, row.companies]))
}

/** A company's subscription as stored: its plan and period, and the cheaper plan waiting for the period's end. */
export type CompanySubscription = {
  planId: string
  period: PlanPeriod
  periodEnd: Date
  next: { planId: string; period: PlanPeriod } | null
  /** Changes with every change of plan (a page keys what it shows of the subscription by it). */
  version: number
}

/** The subscriptions of the companies among `companyIds`; a company without one (on the default plan) has no entry. */
export async function companySubscriptions(ctx: ServiceContext, companyIds: Iterable<string>): Promise<Map<string, CompanySubscription>> {
  requirePlatformAdmin(ctx.actor)
  const wanted = [...new Set(companyIds)]
  if (wanted.length === 0) return new Map()
  const rows = await database().select().from(companyPlans).where(inArray(companyPlans.organizationId, wanted))
  return new Map(
    rows.map((row) => [
      row.organizationId,
      {
        planId: row.planId,
        period: row.period,
        periodEnd: row.periodEnd,
        next: row.nextPlanId ? { planId: row.nextPlanId, period: row.nextPeriod ?? row.period } : null,
        version: row.version,
      },
    ]),
  )
}
