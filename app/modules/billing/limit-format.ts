// How a plan's limits and a company's usage read (issue 24): counts as numbers, storage in MB or GB, per-period limits
// marked. Isomorphic: the plan page, the pricing table and limit notices use it with the page's formatter.
import type { Formatter } from '../../platform/format/formatter'
import type { PlanLimit } from './billing.constants'

const MEGABYTE = 1024 * 1024
const GIGABYTE = 1024 * MEGABYTE

/** Limits counted per UTC month (they start again on the 1st). */
export const MONTHLY_LIMITS: readonly PlanLimit[] = ['rfqs_per_month', 'assistant_requests_per_month']

/** Whether a usage is close enough to its limit to warn before the next action (80 %, or the last one left). */
export const nearLimit = (usage: number, limit: number | null): boolean => limit !== null && limit > 0 && (usage >= limit * 0.8 || limit - usage <= 1)

/** A count or an amount of storage as the locale writes it ("1,000", "10 GB", "512 MB"). */
export function formatLimitValue(format: Formatter, key: PlanLimit, value: number): string {
  if (key !== 'storage_bytes') return format.number(value)
  if (value >= GIGABYTE) return format.number(value / GIGABYTE, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 })
  return format.number(value / MEGABYTE, { style: 'unit', unit: 'megabyte', maximumFractionDigits: value < MEGABYTE ? 2 : 0 })
}
