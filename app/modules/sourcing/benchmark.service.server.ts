import DecimalBase from 'decimal.js'
import { and, eq, inArray, like, not, sql, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { convertAmount, type RateTable } from '../../platform/fx/convert'
import { rateTable } from '../../platform/fx/fx.service.server'
import { cataloguePrices, categoryName, hsCodeDescription, loadCategories } from '../catalog/index.server'
import { requireCompany } from '../companies/index'
import { BENCHMARK_MONTHS, type BenchmarkQuery } from './benchmark.inputs'
import { quotationLines, quotations, rfqLines, rfqs } from './sourcing.tables.server'

const Decimal = DecimalBase.clone({ precision: 40 })

/** Minimum, quartiles (25th percentile, median, 75th percentile) and maximum unit price (decimal strings in the benchmark currency) over `count` prices. */
export type PriceStats = { count: number; min: string | null; p25: string | null; median: string | null; p75: string | null; max: string | null }
export type BenchmarkSource = 'quotations' | 'catalogue'
export type TrendPoint = { month: string; quotations: PriceStats; catalogue: PriceStats; combined: PriceStats }

export type PriceBenchmark = {
  currency: string
  ratesAsOf: string | null
  hsCode: string | null
  hsDescription: string | null
  categoryId: string | null
  categoryName: string | null
  quotations: PriceStats
  catalogue: PriceStats
  combined: PriceStats
  /** The last months, oldest first (months without prices have count 0). */
  trend: TrendPoint[]
  /** Prices left out because their currency has no rate. */
  unconverted: number
}

type Price = { amount: string; currency: string; month: string }
type Converted = { value: DecimalBase; month: string }

const MONEY_SCALE = 4
const text = (value: DecimalBase) => value.toDecimalPlaces(MONEY_SCALE).toFixed(MONEY_SCALE)

/** The `fraction` percentile of sorted values, interpolated between the two nearest ranks as SQL's `percentile_cont` does. */
function percentile(sorted: DecimalBase[], fraction: number): DecimalBase {
  const rank = fraction * (sorted.length - 1)
  const below = Math.floor(rank)
  const lower = sorted[below]!
  return below === rank ? lower : lower.plus(sorted[below + 1]!.minus(lower).times(rank - below))
}

/** Min, quartiles and max of exact decimals (the median of an even count is the mean of the middle two). */
export function priceStats(values: DecimalBase[]): PriceStats {
  if (values.length === 0) return { count: 0, min: null, p25: null, median: null, p75: null, max: null }
  const sorted = [...values].sort((a, b) => a.comparedTo(b))
  return {
    count: sorted.length,
    min: text(sorted[0]!),
    p25: text(percentile(sorted, 0.25)),
    median: text(percentile(sorted, 0.5)),
    p75: text(percentile(sorted, 0.75)),
    max: text(sorted[sorted.length - 1]!),
  }
}

/** The `count` calendar months up to `now`, oldest first, as YYYY-MM. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_unused, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index), 1))
    return date.toISOString().slice(0, 7)
  })
}

async function categoryScope(categoryId: string): Promise<{ ids: string[]; row: Awaited<ReturnType<typeof loadCategories>>[number] | undefined }> {
  const rows = await loadCategories()
  const ids = [categoryId]
  for (let index = 0; index < ids.length; index++) for (const row of rows) if (row.parentId === ids[index]) ids.push(row.id)
  return { ids, row: rows.find((row) => row.id === categoryId) }
}

const monthOf = (column: SQL | unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`

/**
 * Unit prices of the buyer's own RFQ lines in scope from submitted and accepted quotations (never another buyer's;
 * a sealed RFQ's quotes only once its deadline passed), by the month they were submitted.
 */
async function quotedPrices(companyId: string, hsCode: string | undefined, categoryIds: string[] | null): Promise<Price[]> {
  const scope: SQL[] = [
    eq(rfqs.organizationId, companyId),
    inArray(quotations.status, ['submitted', 'accepted']),
    not(and(eq(rfqs.sealed, true), sql`${rfqs.quoteDeadline} > now()`)!),
  ]
  if (hsCode) scope.push(like(rfqLines.hsCode, `${hsCode}%`))
  if (categoryIds) scope.push(inArray(rfqLines.categoryId, categoryIds))
  return database()
    .select({
      amount: quotationLines.unitPrice,
      currency: quotations.currency,
      month: monthOf(sql`coalesce(${quotations.submittedAt}, ${quotations.updatedAt})`),
    })
    .from(quotationLines)
    .innerJoin(quotations, eq(quotations.id, quotationLines.quotationId))
    .innerJoin(rfqLines, eq(rfqLines.id, quotationLines.rfqLineId))
    .innerJoin(rfqs, eq(rfqs.id, quotations.rfqId))
    .where(and(...scope))
}

function convertAll(prices: Price[], rates: RateTable, currency: string): { converted: Converted[]; unconverted: number } {
  const converted: Converted[] = []
  let unconverted = 0
  for (const price of prices) {
    const amount = convertAmount(rates, price.amount, price.currency, currency)
    if (amount === null) unconverted++
    else converted.push({ value: new Decimal(amount), month: price.month })
  }
  return { converted, unconverted }
}

const inMonth = (prices: Converted[], month: string) => prices.filter((price) => price.month === month).map((price) => price.value)

/**
 * Price benchmarks for an HS heading or subheading and/or a category, in one currency (today's reference rates):
 * the buyer's own quotations and the public catalogue's base prices, with each month's quartiles.
 */
export async function priceBenchmarks(ctx: ServiceContext, query: BenchmarkQuery, now = new Date()): Promise<PriceBenchmark> {
  requireCompany(ctx.actor)
  const category = query.category ? await categoryScope(query.category) : null
  const categoryIds = category ? (category.row ? category.ids : []) : null
  const months = lastMonths(now, BENCHMARK_MONTHS)
  const [rates, quoted, listed, hsDescription] = await Promise.all([
    rateTable(),
    quotedPrices(ctx.actor.companyId, query.hsCode, categoryIds),
    cataloguePrices({ hsCode: query.hsCode, categoryIds }),
    query.hsCode ? hsCodeDescription(query.hsCode) : Promise.resolve(null),
  ])
  const fromQuotes = convertAll(quoted, rates, query.currency)
  const fromCatalogue = convertAll(listed, rates, query.currency)
  const quoteValues = fromQuotes.converted.map((price) => price.value)
  const catalogueValues = fromCatalogue.converted.map((price) => price.value)
  return {
    currency: query.currency,
    ratesAsOf: rates.asOf,
    hsCode: query.hsCode ?? null,
    hsDescription,
    categoryId: query.category ?? null,
    categoryName: category?.row ? categoryName(category.row, ctx.locale) : null,
    quotations: priceStats(quoteValues),
    catalogue: priceStats(catalogueValues),
    combined: priceStats([...quoteValues, ...catalogueValues]),
    trend: months.map((month) => {
      const [quoted, listed] = [inMonth(fromQuotes.converted, month), inMonth(fromCatalogue.converted, month)]
      return { month, quotations: priceStats(quoted), catalogue: priceStats(listed), combined: priceStats([...quoted, ...listed]) }
    }),
    unconverted: fromQuotes.unconverted + fromCatalogue.unconverted,
  }
}
