// What the public HS lookup accepts (issue 22), checked before any handler code runs.
import * as z from 'zod'
import { isHsCodeShape } from './hs-text'

export const HS_QUERY_MAX_LENGTH = 200
export const HS_DESCRIPTION_MAX_LENGTH = 2_000

export const HsSearchQuery = z.object({
  q: z.string().max(HS_QUERY_MAX_LENGTH, 'validation.tooLong').default(''),
  level: z.enum(['2', '4', '6'], 'validation.level').optional(),
  limit: z.coerce.number('validation.limit').int('validation.limit').min(1, 'validation.limit').max(30, 'validation.limit').optional(),
})
export type HsSearchQuery = z.infer<typeof HsSearchQuery>

export const HsCodeParam = z.object({ code: z.string().refine(isHsCodeShape, 'validation.hsCodeShape') })

export const ClassifyInput = z.object({
  description: z.string('validation.required').trim().min(1, 'validation.required').max(HS_DESCRIPTION_MAX_LENGTH, 'validation.tooLong'),
})
export type ClassifyInput = z.infer<typeof ClassifyInput>
