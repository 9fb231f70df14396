import { CURRENCY_CODES } from '../../platform/format/currency-codes'
import { z } from '../../platform/zod'
import { PLAN_FEATURES, PLAN_ID_PATTERN, PLAN_PERIODS } from './billing.constants'

/** A price in the currency's units as text, e.g. "49" or "490.00" (0 for a free plan). */
const price = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{1,9}(?:\.\d{1,2})?$/, message)

/** A limit: a whole number from `min`, or null (also an empty field) for "no limit". */
const limit = (message: string, min = 0) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.union([z.null(), z.coerce.number(message).int(message).min(min, message).max(2_000_000_000, message)], message),
  )

const planText = (max: number, message: string) =>
  z.object(
    {
      en: z.string(message).trim().min(1, message).max(max, message),
      'zh-Hans': z.string(message).trim().min(1, message).max(max, message),
      'zh-Hant': z.string(message).trim().min(1, message).max(max, message),
    },
    message,
  )

/** What a platform admin sets on a plan (storage in megabytes; the service keeps bytes). */
const PlanFields = z.object({
  name: planText(60, 'validation.planName'),
  description: planText(300, 'validation.planDescription'),
  currency: z.enum(CURRENCY_CODES, 'validation.currency'),
  monthlyPrice: price('validation.monthlyPrice'),
  yearlyPrice: price('validation.yearlyPrice'),
  maxMembers: limit('validation.maxMembers', 1),
  maxPublishedProducts: limit('validation.maxPublishedProducts'),
  maxRfqsPerMonth: limit('validation.maxRfqsPerMonth'),
  maxAssistantRequestsPerMonth: limit('validation.maxAssistantRequestsPerMonth'),
  maxApiCallsPerDay: limit('validation.maxApiCallsPerDay'),
  maxStorageMb: limit('validation.maxStorageMb'),
  features: z.array(z.enum(PLAN_FEATURES, 'validation.features'), 'validation.features').max(PLAN_FEATURES.length, 'validation.features'),
  position: z.coerce.number('validation.position').int('validation.position').min(0, 'validation.position').max(1000, 'validation.position'),
})

/** A new plan, with the id it is known by in links. */
export const CreatePlanInput = PlanFields.extend({
  id: z.string('validation.planId').trim().regex(PLAN_ID_PATTERN, 'validation.planId'),
})
export type CreatePlanInput = z.infer<typeof CreatePlanInput>

/** A plan's new terms, against the version the editor saw. */
export const UpdatePlanInput = PlanFields.extend({
  version: z.coerce.number('validation.version').int('validation.version').min(1, 'validation.version'),
})
export type UpdatePlanInput = z.infer<typeof UpdatePlanInput>

/** A company's choice of plan and billing period. */
export const ChangePlanInput = z.object({
  planId: z.string('validation.planId').trim().regex(PLAN_ID_PATTERN, 'validation.planId'),
  period: z.enum(PLAN_PERIODS, 'validation.period'),
})
export type ChangePlanInput = z.infer<typeof ChangePlanInput>
