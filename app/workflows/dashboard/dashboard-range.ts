// The dashboard's period: a preset (the last 30 or 90 days, 12 months, the year to date) or two days chosen by the
// person, read from the URL. Isomorphic: the loader queries with it and the page's form shows it.

export const RANGE_PRESETS = ['30d', '90d', '12m', 'ytd'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]
export const DEFAULT_PRESET: RangePreset = '12m'
/** The longest custom period (figures are bucketed by month beyond 92 days; five years is plenty for a home page). */
export const MAX_RANGE_DAYS = 366 * 5

export type Bucket = 'day' | 'month'
/** Why the URL's own days were not used: dashboard:range.<problem>. */
export const RANGE_PROBLEMS = ['invalid', 'reversed', 'tooLong'] as const
export type RangeProblem = (typeof RANGE_PROBLEMS)[number]

export type DashboardRange = {
  preset: RangePreset | 'custom'
  /** First day, inclusive (ISO date). */
  from: string
  /** Last day, inclusive (ISO date). */
  to: string
  bucket: Bucket
  problem: RangeProblem | null
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 86_400_000

const isoDay = (date: Date) => date.toISOString().slice(0, 10)
const parseDay = (text: string | null): Date | null => {
  if (!text || !ISO_DAY.test(text)) return null
  const date = new Date(`${text}T00:00:00Z`)
  return Number.isNaN(date.getTime()) || isoDay(date) !== text ? null : date
}
const daysBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1

function presetRange(preset: RangePreset, today: Date): { from: Date; to: Date } {
  const to = today
  if (preset === '30d') return { from: new Date(today.getTime() - 29 * DAY_MS), to }
  if (preset === '90d') return { from: new Date(today.getTime() - 89 * DAY_MS), to }
  if (preset === 'ytd') return { from: new Date(Date.UTC(today.getUTCFullYear(), 0, 1)), to }
  // 12 months: this month and the eleven before it, whole months so monthly bars compare like with like.
  return { from: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1)), to }
}

const bucketFor = (from: Date, to: Date): Bucket => (daysBetween(from, to) <= 92 ? 'day' : 'month')

/** The range the URL asks for (`range`, or `from` and `to`), falling back to the default preset with a reason. */
export function dashboardRangeFrom(params: URLSearchParams, today: Date = new Date()): DashboardRange {
  const day = parseDay(isoDay(today)) as Date
  const fromText = params.get('from')
  const toText = params.get('to')
  const fallback = (problem: DashboardRange['problem']): DashboardRange => ({ ...make(DEFAULT_PRESET), problem })
  const make = (preset: RangePreset): DashboardRange => {
    const { from, to } = presetRange(preset, day)
    return { preset, from: isoDay(from), to: isoDay(to), bucket: bucketFor(from, to), problem: null }
  }
  if (fromText || toText) {
    const from = parseDay(fromText)
    const to = parseDay(toText)
    if (!from || !to) return fallback('invalid')
    if (from > to) return fallback('reversed')
    if (daysBetween(from, to) > MAX_RANGE_DAYS) return fallback('tooLong')
    return { preset: 'custom', from: isoDay(from), to: isoDay(to), bucket: bucketFor(from, to), problem: null }
  }
  const preset = params.get('range')
  return make(RANGE_PRESETS.includes(preset as RangePreset) ? (preset as RangePreset) : DEFAULT_PRESET)
}

/** Every bucket of the range, oldest first, as the keys the figures use ("2026-11" for months, "2026-11-25" for days). */
export function bucketsOf(range: Pick<DashboardRange, 'from' | 'to' | 'bucket'>): string[] {
  const from = new Date(`${range.from}T00:00:00Z`)
  const to = new Date(`${range.to}T00:00:00Z`)
  const keys: string[] = []
  if (range.bucket === 'day') {
    for (let time = from.getTime(); time <= to.getTime(); time += DAY_MS) keys.push(isoDay(new Date(time)))
    return keys
  }
  for (
    let month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    month <= to;
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
  ) {
    keys.push(isoDay(month).slice(0, 7))
  }
  return keys
}

/** The query string of a range, for links that keep it. */
export function rangeQuery(range: Pick<DashboardRange, 'preset' | 'from' | 'to'>): string {
  return range.preset === 'custom' ? `from=${range.from}&to=${range.to}` : `range=${range.preset}`
}
