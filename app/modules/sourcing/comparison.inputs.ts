import { z } from '../../platform/zod'

/** A percentage of the goods value: a decimal string from 0 to 100 with at most 4 decimals. */
const percent = z
  .string('validation.percent')
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'validation.percent')
  .refine((value) => Number(value) <= 100, 'validation.percent')

/** The landed-cost assumptions of a comparison, edited on the page and by the API. */
export const LandedCostAssumptionsInput = z.object({
  freightPct: percent,
  insurancePct: percent,
  dutyPct: percent,
  originPct: percent,
  destinationPct: percent,
})

/** The RFQ's assumptions, optionally kept as the company's default for its next comparisons. */
export const SaveAssumptionsInput = LandedCostAssumptionsInput.extend({
  saveAsDefault: z.boolean().default(false),
})
export type SaveAssumptionsInput = z.infer<typeof SaveAssumptionsInput>

/** An ISO 4217 code written in upper case (the rates table decides whether it can be converted). */
export const ComparisonCurrency = z
  .string('validation.currency')
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'validation.currency'))
