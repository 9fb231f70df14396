// The marketplace search's fixed values, apart from its schemas (search.inputs.ts): pages' components use these, and
// importing the schemas would ship zod to every visitor of the marketplace.

export const SEARCH_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]
export const SEARCH_MAX_LIMIT = 50
export const SEARCH_DEFAULT_LIMIT = 20
/** Deeper pages are refused: nobody reads them and they cost a full sort. */
export const SEARCH_MAX_OFFSET = 10_000
