import { isCountryCode } from '../../platform/countries'
import { isCurrencyCode } from '../../platform/format/intl-values'
import { z } from '../../platform/zod'

import { SEARCH_MAX_LIMIT, SEARCH_MAX_OFFSET, SEARCH_SORTS, type SearchSort } from './search.constants'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional())
const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,14}(\.\d{1,4})?$/, 'validation.price')

/**
 * The marketplace search as it arrives in a URL (page and REST share the names): every value a string, blank ones
 * ignored. `searchInputOf` turns it into the service's input.
 */
export const SearchQuery = z.object({
  q: optional(z.string().trim().max(200, 'validation.queryTooLong')),
  category: optional(
    z
      .string()
      .trim()
      .regex(/^[\w-]{1,64}$/, 'validation.category'),
  ),
  origin: optional(z.string().trim().toUpperCase().refine(isCountryCode, 'validation.country')),
  verified: optional(z.enum(['true', 'false', '1', '0', 'on'], 'validation.verified')),
  moq_max: optional(z.coerce.number('validation.moq').int('validation.moq').min(1, 'validation.moq').max(1_000_000_000, 'validation.moq')),
  price_min: optional(decimal),
  price_max: optional(decimal),
  /** The currency a price range is entered in (prices in other currencies are converted at the reference rates); USD when a bound is given without it. */
  currency: optional(z.string().trim().toUpperCase().refine(isCurrencyCode, 'validation.currency')),
  hs_chapter: optional(
    z
      .string()
      .trim()
      .regex(/^\d{2}$/, 'validation.hsChapter'),
  ),
  sort: optional(z.enum(SEARCH_SORTS, 'validation.sort')),
  limit: optional(z.coerce.number('validation.limit').int('validation.limit').min(1, 'validation.limit').max(SEARCH_MAX_LIMIT, 'validation.limit')),
  offset: optional(z.coerce.number('validation.offset').int('validation.offset').min(0, 'validation.offset').max(SEARCH_MAX_OFFSET, 'validation.offset')),
})
export type SearchQuery = z.infer<typeof SearchQuery>

export type SearchProductsInput = {
  q?: string
  categoryId?: string
  originCountry?: string
  verifiedOnly?: boolean
  moqMax?: number
  /** Decimal strings: prices are never floats. */
  priceMin?: string
  priceMax?: string
  /** ISO 4217 code the price range is entered in; USD by default. */
  currency?: string
  hsChapter?: string
  sort?: SearchSort
  limit?: number
  offset?: number
}

export function searchInputOf(query: SearchQuery): SearchProductsInput {
  return {
    q: query.q,
    categoryId: query.category,
    originCountry: query.origin,
    verifiedOnly: query.verified === 'true' || query.verified === '1' || query.verified === 'on',
    moqMax: query.moq_max,
    priceMin: query.price_min,
    priceMax: query.price_max,
    currency: query.currency,
    hsChapter: query.hs_chapter,
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  }
}

/** For pages: a URL's search with its invalid parameters dropped rather than refused. */
export function lenientSearchQuery(params: Record<string, string>): SearchQuery {
  const first = SearchQuery.safeParse(params)
  if (first.success) return first.data
  const invalid = new Set(first.error.issues.map((issue) => String(issue.path[0])))
  const kept = Object.fromEntries(Object.entries(params).filter(([key]) => !invalid.has(key)))
  const second = SearchQuery.safeParse(kept)
  return second.success ? second.data : {}
}
