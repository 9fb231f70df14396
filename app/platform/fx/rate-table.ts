/**
 * Units of each currency per 1 EUR (EUR itself is 1), as decimal strings. `asOf` is the newest rate's day; `days` the
 * day of each currency's own rate (tables made by hand may leave it out: then `asOf` stands for every currency).
 *
 * Apart from `convert.ts` so that every page can hold a table without shipping the conversion code.
 */
export type RateTable = { asOf: string | null; perEur: Record<string, string>; days?: Record<string, string> }

/** A table with no rates: every conversion between two currencies is unknown. */
export const NO_RATES: RateTable = { asOf: null, perEur: {} }
