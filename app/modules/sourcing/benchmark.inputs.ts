import { isCurrencyCode } from '../../platform/format/intl-values'
import { z } from '../../platform/zod'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

/** How many months of history the trend covers. */
export const BENCHMARK_MONTHS = 12

/**
 * What to benchmark: an HS heading (4 digits) or subheading (6 digits), and/or a category, priced in one currency.
 * At least one of `hsCode` and `category` is needed.
 */
export const BenchmarkQuery = z
  .object({
    hsCode: z.preprocess(
      blankToUndefined,
      z
        .string('validation.hsCode')
        .trim()
        .regex(/^(\d{4}|\d{6})$/, 'validation.hsCode')
        .optional(),
    ),
    category: z.preprocess(
      blankToUndefined,
      z
        .string('validation.category')
        .trim()
        .regex(/^[\w-]{1,64}$/, 'validation.category')
        .optional(),
    ),
    currency: z.preprocess(
      (value) => (value === '' || value === null || value === undefined ? 'USD' : value),
      z
        .string('validation.currency')
        .trim()
        .transform((value) => value.toUpperCase())
        .refine((value) => isCurrencyCode(value), 'validation.currency'),
    ),
  })
  .superRefine((query, issues) => {
    if (!query.hsCode && !query.category) issues.addIssue({ code: 'custom', path: ['hsCode'], message: 'validation.benchmarkSubject' })
  })
export type BenchmarkQuery = z.infer<typeof BenchmarkQuery>
