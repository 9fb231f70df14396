import { type SQL, sql } from 'drizzle-orm'
import { convertAmount, type RateTable } from '../../platform/fx/convert'
import { products } from './catalog.tables.server'

/** A price filter as entered: decimal-string bounds in one currency. */
export type PriceRange = { min?: string; max?: string; currency: string }

/**
 * The same bound in every currency the rates know (plus the range's own), converted with the reference rates the pages
 * show amounts with; as SQL, the bound for each product's price currency. A currency without a rate gets no bound (NULL),
 * so its products match only a range entered in their own currency.
 */
function boundPerCurrency(bound: string, range: PriceRange, rates: RateTable): SQL {
  const currencies = new Set([range.currency, 'EUR', ...Object.keys(rates.perEur)])
  const cases = [...currencies].flatMap((currency) => {
    const converted = convertAmount(rates, bound, range.currency, currency)
    return converted === null ? [] : [sql`when ${currency} then ${converted}::numeric`]
  })
  return sql`(case ${products.fromPriceCurrency} ${sql.join(cases, sql` `)} end)`
}

/**
 * Conditions for products whose lowest price, converted into the range's currency (unrounded), lies within the range:
 * a CNY price matches a EUR range. Bounds are converted once per currency rather than every price per row.
 */
export function priceRangeConditions(range: PriceRange, rates: RateTable): SQL[] {
  const conditions: SQL[] = []
  if (range.min !== undefined) conditions.push(sql`${products.fromPrice} >= ${boundPerCurrency(range.min, range, rates)}`)
  if (range.max !== undefined) conditions.push(sql`${products.fromPrice} <= ${boundPerCurrency(range.max, range, rates)}`)
  return conditions
}

/**
 * Each product's lowest price in EUR at the reference rates, so prices in different currencies sort together; NULL for
 * unpriced products and for currencies without a rate (they sort last).
 */
export function priceInEur(rates: RateTable): SQL {
  const cases = [sql`when 'EUR' then 1::numeric`, ...Object.entries(rates.perEur).map(([currency, rate]) => sql`when ${currency} then ${rate}::numeric`)]
  return sql`(${products.fromPrice} / nullif(case ${products.fromPriceCurrency} ${sql.join(cases, sql` `)} end, 0))`
}
