import { isCurrencyCode } from '../format/intl-values'
import { z } from '../zod'

const isRealDay = (value: string) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)

/** An admin's rate: units of an ISO 4217 currency (not EUR, the base) per euro on a day. */
export const FxRateInput = z.object({
  currency: z
    .string('validation.currency')
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => value !== 'EUR' && isCurrencyCode(value), 'validation.currency'),
  ratePerEur: z
    .string('validation.rate')
    .trim()
    .regex(/^\d{1,10}(\.\d{1,10})?$/, 'validation.rate')
    .refine((value) => Number(value) > 0, 'validation.rate'),
  asOf: z
    .string('validation.date')
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .refine(isRealDay, 'validation.date'),
})
export type FxRateInput = z.infer<typeof FxRateInput>
