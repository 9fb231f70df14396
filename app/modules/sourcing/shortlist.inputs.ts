import { isCountryCode } from '../../platform/countries'
import { z } from '../../platform/zod'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional())
const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)
const noteField = z.preprocess((value) => value ?? '', z.string('validation.note').trim().max(1000, 'validation.noteTooLong'))

export const FINDER_DEFAULT_LIMIT = 20
export const FINDER_MAX_LIMIT = 60
export const FINDER_MAX_OFFSET = 10_000
export const SUPPLIER_SEARCH_LIMIT = 10
export const MAX_SHORTLIST = 100

/** A supplier put on a project's shortlist, with the buyer's note. */
export const AddShortlistInput = z.object({ supplierCompanyId: id('validation.supplier'), note: noteField })
export type AddShortlistInput = z.infer<typeof AddShortlistInput>

/** The buyer's note on a shortlisted supplier (replaces the note). */
export const ShortlistNoteInput = z.object({ note: noteField })
export type ShortlistNoteInput = z.infer<typeof ShortlistNoteInput>

/** The supplier finder's search as it arrives in a URL: text, country, verified only, and a requirement to match. */
export const SupplierFinderQuery = z.object({
  q: optional(z.string().trim().max(200, 'validation.queryTooLong')),
  country: optional(z.string().trim().toUpperCase().refine(isCountryCode, 'validation.country')),
  verified: optional(z.enum(['true', 'false', '1', '0', 'on'], 'validation.verified')),
  requirement: optional(id('validation.requirement')),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('validation.limit')
      .int('validation.limit')
      .min(1, 'validation.limit')
      .max(FINDER_MAX_LIMIT, 'validation.limit')
      .default(FINDER_DEFAULT_LIMIT),
  ),
  offset: z.preprocess(
    blankToUndefined,
    z.coerce.number('validation.offset').int('validation.offset').min(0, 'validation.offset').max(FINDER_MAX_OFFSET, 'validation.offset').default(0),
  ),
})
export type SupplierFinderQuery = z.infer<typeof SupplierFinderQuery>

export const isTruthyFlag = (value: string | undefined) => value === 'true' || value === '1' || value === 'on'

/** The selector's type-ahead: supplying companies by name or main products. */
export const SupplierSearchQuery = z.object({
  q: z.preprocess((value) => value ?? '', z.string().trim().max(100, 'validation.queryTooLong')),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number('validation.limit').int('validation.limit').min(1, 'validation.limit').max(25, 'validation.limit').default(SUPPLIER_SEARCH_LIMIT),
  ),
})
export type SupplierSearchQuery = z.infer<typeof SupplierSearchQuery>
