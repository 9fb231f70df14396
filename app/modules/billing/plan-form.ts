// The platform admin's plan form as flat fields (`name.en`, `maxMembers`, …), shared by the page that checks it before
// sending and the action that parses it: both turn it into the input `CreatePlanInput` / `UpdatePlanInput` read.
import { LOCALES, type Locale } from '../../platform/i18n/locales'
import type { PlanFeature, PlanLimit } from './billing.constants'

/** The form field of each limit (storage in megabytes, as admins enter it). */
export const LIMIT_FIELDS = {
  members: 'maxMembers',
  published_products: 'maxPublishedProducts',
  rfqs_per_month: 'maxRfqsPerMonth',
  assistant_requests_per_month: 'maxAssistantRequestsPerMonth',
  api_calls_per_day: 'maxApiCallsPerDay',
  storage_bytes: 'maxStorageMb',
} as const satisfies Record<PlanLimit, string>

type LimitField = (typeof LIMIT_FIELDS)[PlanLimit]
type TextField = `name.${Locale}` | `description.${Locale}`

/** The form's one-value fields, in the order a refused form's values travel back in. */
export const PLAN_FORM_FIELDS = [
  'id',
  ...LOCALES.map((locale): TextField => `name.${locale}`),
  ...LOCALES.map((locale): TextField => `description.${locale}`),
  'currency',
  'monthlyPrice',
  'yearlyPrice',
  ...Object.values(LIMIT_FIELDS),
  'position',
  'version',
] as const satisfies ReadonlyArray<'id' | TextField | 'currency' | 'monthlyPrice' | 'yearlyPrice' | LimitField | 'position' | 'version'>

export type PlanFormField = (typeof PLAN_FORM_FIELDS)[number]

/** What the form shows: every field as typed, and the ticked features. */
export type PlanFormValues = Record<PlanFormField, string> & { features: string[] }

const MEGABYTE = 1024 * 1024

/** A plan's current terms as the form's values (prices as decimal text, storage in megabytes, no limit as ''). */
export function planFormValues(plan: {
  id: string
  name: Record<Locale, string>
  description: Record<Locale, string>
  currency: string
  monthlyPrice: string
  yearlyPrice: string
  limits: Record<PlanLimit, number | null>
  features: readonly PlanFeature[]
  position: number
  version: number
}): PlanFormValues {
  const limit = (key: PlanLimit) => {
    const value = plan.limits[key]
    if (value === null) return ''
    return String(key === 'storage_bytes' ? value / MEGABYTE : value)
  }
  const values = Object.fromEntries([
    ['id', plan.id],
    ...LOCALES.flatMap((locale) => [
      [`name.${locale}`, plan.name[locale]],
      [`description.${locale}`, plan.description[locale]],
    ]),
    ['currency', plan.currency],
    ['monthlyPrice', plan.monthlyPrice],
    ['yearlyPrice', plan.yearlyPrice],
    ...Object.entries(LIMIT_FIELDS).map(([key, field]) => [field, limit(key as PlanLimit)]),
    ['position', String(plan.position)],
    ['version', String(plan.version)],
  ]) as Record<PlanFormField, string>
  return { ...values, features: [...plan.features] }
}

/** An empty form for a new plan. */
export function newPlanFormValues(position: number): PlanFormValues {
  const values = Object.fromEntries(PLAN_FORM_FIELDS.map((field) => [field, ''])) as Record<PlanFormField, string>
  return { ...values, currency: 'USD', monthlyPrice: '0', yearlyPrice: '0', position: String(position), features: [] }
}

/** What a submitted form holds, as typed. */
export function sentPlanFormValues(form: FormData): PlanFormValues {
  const values = Object.fromEntries(PLAN_FORM_FIELDS.map((field) => [field, String(form.get(field) ?? '')])) as Record<PlanFormField, string>
  return { ...values, features: form.getAll('features').map(String) }
}

/** The values a refused form sends back (one list, in `PLAN_FORM_FIELDS` order), and the form's values from them. */
export const planValuesList = (values: PlanFormValues): string[] => PLAN_FORM_FIELDS.map((field) => values[field])
export function planValuesFromList(list: readonly string[], features: readonly string[]): PlanFormValues {
  const values = Object.fromEntries(PLAN_FORM_FIELDS.map((field, index) => [field, list[index] ?? ''])) as Record<PlanFormField, string>
  return { ...values, features: [...features] }
}

/** The form's values as the plan inputs read them: names and descriptions by language, limits and features as sent. */
export function planInputOf(values: PlanFormValues): Record<string, unknown> {
  const text = (group: 'name' | 'description') => Object.fromEntries(LOCALES.map((locale) => [locale, values[`${group}.${locale}`]]))
  return {
    ...Object.fromEntries(PLAN_FORM_FIELDS.filter((field) => !field.includes('.')).map((field) => [field, values[field]])),
    name: text('name'),
    description: text('description'),
    features: values.features,
  }
}
