// Plan limits as plain functions (no database): which limit a plan sets, whether one more fits, what exceeds a lower
// plan, the window a per-month or per-day limit counts in, and when a paid period ends. Shared by both sides.
import { type DecimalString, minorToDecimal } from '../../platform/format/money'
import { PLAN_LIMITS, type PlanLimit, type PlanPeriod } from './billing.constants'

/** The limits of a plan, null for "no limit". */
export type PlanLimits = {
  maxMembers: number | null
  maxPublishedProducts: number | null
  maxRfqsPerMonth: number | null
  maxAssistantRequestsPerMonth: number | null
  maxApiCallsPerDay: number | null
  maxStorageBytes: number | null
}

const FIELD: Record<PlanLimit, keyof PlanLimits> = {
  members: 'maxMembers',
  published_products: 'maxPublishedProducts',
  rfqs_per_month: 'maxRfqsPerMonth',
  assistant_requests_per_month: 'maxAssistantRequestsPerMonth',
  api_calls_per_day: 'maxApiCallsPerDay',
  storage_bytes: 'maxStorageBytes',
}

/** The plan's field that holds its limit on `key`. */
export const limitField = (key: PlanLimit): keyof PlanLimits => FIELD[key]

/** The plan's limit on `key` (null: no limit). */
export const limitOf = (plan: PlanLimits, key: PlanLimit): number | null => plan[FIELD[key]]

/** Every limit of the plan by its key (null: no limit), as the pages and the API show them. */
export const limitsOf = (plan: PlanLimits): Record<PlanLimit, number | null> =>
  Object.fromEntries(PLAN_LIMITS.map((key) => [key, limitOf(plan, key)])) as Record<PlanLimit, number | null>

/** A plan's prices as exact decimal strings in its currency. */
export const pricesOf = (plan: { currency: string; monthlyPriceMinor: bigint; yearlyPriceMinor: bigint }): Record<PlanPeriod, DecimalString> => ({
  monthly: minorToDecimal({ minor: plan.monthlyPriceMinor, currency: plan.currency }),
  yearly: minorToDecimal({ minor: plan.yearlyPriceMinor, currency: plan.currency }),
})

/** A limit a company is at or over: what the plan allows and what is used. */
export type LimitReach = { key: PlanLimit; limit: number; usage: number }

/** Null when `adding` more fit under the limit, else the limit and the usage that refuse them. */
export function limitBreach(key: PlanLimit, limit: number | null, usage: number, adding = 1): LimitReach | null {
  if (limit === null || usage + adding <= limit) return null
  return { key, limit, usage }
}

/** The limits of `plan` that the company's usage already exceeds (a downgrade to it is refused while any does). */
export function exceededLimits(plan: PlanLimits, usage: Partial<Record<PlanLimit, number>>): LimitReach[] {
  const over: LimitReach[] = []
  for (const key of Object.keys(FIELD) as PlanLimit[]) {
    const limit = limitOf(plan, key)
    const used = usage[key]
    // Per-period counts start again with the next period: they never stand in the way of a downgrade.
    if (limit === null || used === undefined || countsPerPeriod(key) || used <= limit) continue
    over.push({ key, limit, usage: used })
  }
  return over
}

/** Whether the limit counts within a window that starts again (a calendar month or day, UTC). */
const countsPerPeriod = (key: PlanLimit): boolean => key === 'rfqs_per_month' || key === 'assistant_requests_per_month' || key === 'api_calls_per_day'

/** Where the counting window of `key` starts at `now` (UTC month or day), or null when the limit counts what exists. */
export function usageWindowStart(key: PlanLimit, now: Date): Date | null {
  if (key === 'api_calls_per_day') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  if (countsPerPeriod(key)) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  return null
}

/** The end of a period paid from `start`: one calendar month or year later, on the last day when the month is shorter. */
export function periodEnd(start: Date, period: PlanPeriod): Date {
  const months = period === 'yearly' ? 12 : 1
  const target = new Date(start)
  const day = start.getUTCDate()
  target.setUTCDate(1)
  target.setUTCMonth(target.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return target
}

/** A plan as far as ordering goes: its monthly price, then its place in the table. */
export type PlanRank = { monthlyPriceMinor: bigint; position: number }

/** Whether moving from `current` to `next` is an upgrade (applies at once) rather than a downgrade (at the period's end). */
export function isUpgrade(current: PlanRank, next: PlanRank): boolean {
  if (next.monthlyPriceMinor !== current.monthlyPriceMinor) return next.monthlyPriceMinor > current.monthlyPriceMinor
  return next.position > current.position
}
