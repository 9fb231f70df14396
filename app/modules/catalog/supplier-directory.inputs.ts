import { SUPPLIER_TYPES, type SupplierType } from '../companies/index'
import { isCountryCode } from '../../platform/countries'
import { z } from '../../platform/zod'

export const DIRECTORY_SORTS = ['verified', 'newest', 'products'] as const
export type DirectorySort = (typeof DIRECTORY_SORTS)[number]
export const DIRECTORY_DEFAULT_LIMIT = 24
export const DIRECTORY_MAX_LIMIT = 60
/** Deeper pages are refused: nobody reads them and they cost a full sort. */
export const DIRECTORY_MAX_OFFSET = 10_000
export const PROFILE_PRODUCTS_DEFAULT_LIMIT = 12
export const PROFILE_PRODUCTS_MAX_LIMIT = 48

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional())
const limitField = (max: number) =>
  optional(z.coerce.number('validation.limit').int('validation.limit').min(1, 'validation.limit').max(max, 'validation.limit'))
const offsetField = optional(
  z.coerce.number('validation.offset').int('validation.offset').min(0, 'validation.offset').max(DIRECTORY_MAX_OFFSET, 'validation.offset'),
)

/** The supplier directory's search as it arrives in a URL (page and REST share the names); blank values are ignored. */
export const DirectoryQuery = z.object({
  q: optional(z.string().trim().max(200, 'validation.queryTooLong')),
  country: optional(z.string().trim().toUpperCase().refine(isCountryCode, 'validation.country')),
  supplier_type: optional(z.enum(SUPPLIER_TYPES, 'validation.supplierType')),
  verified: optional(z.enum(['true', 'false', '1', '0', 'on'], 'validation.verified')),
  category: optional(
    z
      .string()
      .trim()
      .regex(/^[\w-]{1,64}$/, 'validation.category'),
  ),
  sort: optional(z.enum(DIRECTORY_SORTS, 'validation.sort')),
  limit: limitField(DIRECTORY_MAX_LIMIT),
  offset: offsetField,
})
export type DirectoryQuery = z.infer<typeof DirectoryQuery>

/** Which page of a supplier's products the public profile shows. */
export const ProfileProductsQuery = z.object({ limit: limitField(PROFILE_PRODUCTS_MAX_LIMIT), offset: offsetField })
export type ProfileProductsQuery = z.infer<typeof ProfileProductsQuery>

export type DirectoryInput = {
  q?: string
  country?: string
  supplierType?: SupplierType
  verifiedOnly?: boolean
  categoryId?: string
  sort?: DirectorySort
  limit?: number
  offset?: number
}

export function directoryInputOf(query: DirectoryQuery): DirectoryInput {
  return {
    q: query.q,
    country: query.country,
    supplierType: query.supplier_type,
    verifiedOnly: query.verified === 'true' || query.verified === '1' || query.verified === 'on',
    categoryId: query.category,
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  }
}

/** For pages: a URL's query with its invalid parameters dropped rather than refused. */
export function lenientQuery<T extends z.ZodObject>(schema: T, params: Record<string, string>): z.infer<T> {
  const first = schema.safeParse(params)
  if (first.success) return first.data
  const invalid = new Set(first.error.issues.map((issue) => String(issue.path[0])))
  const kept = Object.fromEntries(Object.entries(params).filter(([key]) => !invalid.has(key)))
  const second = schema.safeParse(kept)
  return second.success ? second.data : schema.parse({})
}
