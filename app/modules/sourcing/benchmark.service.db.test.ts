import DecimalBase from 'decimal.js'
import { inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createPriceList, createProduct } from '../../../db/factories/products'
import { createSourcingCast, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { database } from '../../platform/db/index.server'
import { convertAmount } from '../../platform/fx/convert'
import { rateTable } from '../../platform/fx/fx.service.server'
import { BenchmarkQuery } from './benchmark.inputs'
import { lastMonths, priceBenchmarks, priceStats } from './benchmark.service.server'
import { quotations, rfqLines } from './sourcing.tables.server'

let cast: Awaited<ReturnType<typeof createSourcingCast>>

beforeAll(async () => {
  cast = await createSourcingCast()
})

/** An open RFQ of `companyId` with one line under HS 940511 / led-bulbs (or `hsCode`), quoted by the given suppliers. */
async function quotedRfq(
  companyId: string,
  quotes: Array<{ supplierId: string; unitPrice: string; currency?: string; status?: 'submitted' | 'accepted' | 'draft' | 'withdrawn' }>,
  options: { sealed?: boolean; deadline?: Date; projectId?: string; hsCode?: string } = {},
) {
  const rfq = await insertRfq(companyId, {
    supplierIds: quotes.map((quote) => quote.supplierId),
    sealed: options.sealed ?? false,
    deadline: options.deadline ?? new Date(Date.now() - 86_400_000),
    projectId: options.projectId ?? null,
  })
  await database()
    .update(rfqLines)
    .set({ hsCode: options.hsCode ?? '940511', categoryId: options.hsCode ? null : 'led-bulbs' })
    .where(
      inArray(
        rfqLines.id,
        rfq.lines.map((line) => line.id),
      ),
    )
  const ids: string[] = []
  for (const quote of quotes)
    ids.push(
      (
        await insertQuotation(rfq.id, quote.supplierId, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: quote.unitPrice }], {
          currency: quote.currency ?? 'USD',
          status: quote.status ?? 'submitted',
        })
      ).id,
    )
  return { ...rfq, quotationIds: ids }
}

const decimals = (...values: string[]) => values.map((value) => new DecimalBase(value))

/** The 25th, 50th and 75th percentiles of `values` as PostgreSQL's `percentile_cont` computes them. */
async function sqlQuartiles(values: string[]): Promise<number[]> {
  const array = sql.raw(`array[${values.join(',')}]::numeric[]`)
  const [row] = await database()
    .select({ quartiles: sql<Array<number | string>>`percentile_cont(array[0.25, 0.5, 0.75]) within group (order by value)` })
    .from(sql`unnest(${array}) as value`)
  return row!.quartiles.map(Number)
}

describe('price benchmarks', () => {
  it('computes min, median and max in the chosen currency from the buyer’s own quotes and catalogue base prices', async () => {
    const [a, b, c] = cast.suppliers
    await quotedRfq(cast.buyer.company.id, [
      { supplierId: a!.company.id, unitPrice: '10' },
      { supplierId: b!.company.id, unitPrice: '20', currency: 'EUR', status: 'accepted' },
      { supplierId: c!.company.id, unitPrice: '1', status: 'draft' },
    ])
    // Never counted: another buyer's quote, a sealed quote before the deadline, a withdrawn quote.
    await quotedRfq(cast.stranger.company.id, [{ supplierId: a!.company.id, unitPrice: '0.5' }])
    await quotedRfq(cast.buyer.company.id, [{ supplierId: c!.company.id, unitPrice: '999' }], { sealed: true, deadline: new Date(Date.now() + 86_400_000) })
    await quotedRfq(cast.buyer.company.id, [{ supplierId: b!.company.id, unitPrice: '777', status: 'withdrawn' }])
    // Catalogue: the base (smallest break) price of published products only.
    const lamp = await createProduct({ companyId: a!.company.id, nameEn: 'LED bulb', categoryId: 'led-bulbs', hsCode: '940511' })
    await createPriceList({
      companyId: a!.company.id,
      currency: 'USD',
      lines: [
        { productId: lamp.id, minQuantity: 1, unitPrice: '12' },
        { productId: lamp.id, minQuantity: 500, unitPrice: '9' },
      ],
    })
    const draft = await createProduct({ companyId: b!.company.id, nameEn: 'Draft bulb', categoryId: 'led-bulbs', hsCode: '940511', status: 'draft' })
    await createPriceList({ companyId: b!.company.id, currency: 'USD', lines: [{ productId: draft.id, minQuantity: 1, unitPrice: '0.01' }] })

    const rates = await rateTable()
    const eurInUsd = new DecimalBase(convertAmount(rates, '20', 'EUR', 'USD')!).toFixed(4)
    const byHeading = await priceBenchmarks(cast.buyer.ctx, BenchmarkQuery.parse({ hsCode: '9405', currency: 'USD' }))
    expect(byHeading.quotations).toEqual(priceStats([new DecimalBase('10'), new DecimalBase(eurInUsd)]))
    expect(byHeading.quotations.count).toBe(2)
    expect(byHeading.catalogue).toEqual({ count: 1, min: '12.0000', p25: '12.0000', median: '12.0000', p75: '12.0000', max: '12.0000' })
    expect(byHeading.combined.count).toBe(3)
    expect(byHeading.combined.median).toBe('12.0000')
    const month = new Date().toISOString().slice(0, 7)
    expect(byHeading.trend.at(-1)).toMatchObject({ month, quotations: { count: 2 }, catalogue: { count: 1 } })

    const inEur = await priceBenchmarks(cast.buyer.ctx, BenchmarkQuery.parse({ category: 'lighting', currency: 'eur' }))
    expect(inEur.currency).toBe('EUR')
    expect(inEur.categoryName).toBe('Lighting')
    expect(inEur.quotations.max).toBe('20.0000')
    expect(inEur.quotations.min).toBe(new DecimalBase(convertAmount(rates, '10', 'USD', 'EUR')!).toFixed(4))

    // The other buyer sees only its own quote.
    const theirs = await priceBenchmarks(cast.stranger.ctx, BenchmarkQuery.parse({ hsCode: '940511' }))
    expect(theirs.quotations).toEqual({ count: 1, min: '0.5000', p25: '0.5000', median: '0.5000', p75: '0.5000', max: '0.5000' })
  })

  it('needs an HS code or a category, and takes 4 or 6 digits', () => {
    expect(BenchmarkQuery.safeParse({ currency: 'USD' }).success).toBe(false)
    expect(BenchmarkQuery.safeParse({ hsCode: '94' }).success).toBe(false)
    expect(BenchmarkQuery.safeParse({ hsCode: '940511', currency: 'XXQ' }).success).toBe(false)
    expect(BenchmarkQuery.parse({ hsCode: '940511' }).currency).toBe('USD')
  })

  it('gives each of the last twelve months the quartiles of its quoted and catalogue prices together', async () => {
    const [a, b, c] = cast.suppliers
    const now = new Date()
    const twoMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15, 12))
    const earlier = await quotedRfq(
      cast.buyer.company.id,
      [
        { supplierId: a!.company.id, unitPrice: '1' },
        { supplierId: b!.company.id, unitPrice: '2' },
        { supplierId: c!.company.id, unitPrice: '4' },
      ],
      { hsCode: '691200' },
    )
    await database().update(quotations).set({ submittedAt: twoMonthsAgo }).where(inArray(quotations.id, earlier.quotationIds))
    await quotedRfq(
      cast.buyer.company.id,
      [
        { supplierId: a!.company.id, unitPrice: '10' },
        { supplierId: b!.company.id, unitPrice: '30' },
      ],
      { hsCode: '691200' },
    )
    const mug = await createProduct({ companyId: c!.company.id, nameEn: 'Stoneware mug', categoryId: 'mugs-cups', hsCode: '691200' })
    await createPriceList({ companyId: c!.company.id, currency: 'USD', lines: [{ productId: mug.id, minQuantity: 1, unitPrice: '20' }] })

    const { trend } = await priceBenchmarks(cast.buyer.ctx, BenchmarkQuery.parse({ hsCode: '6912', currency: 'USD' }), now)
    expect(trend.map((point) => point.month)).toEqual(lastMonths(now, 12))
    expect(trend.at(-3)!.combined).toEqual({ count: 3, min: '1.0000', p25: '1.5000', median: '2.0000', p75: '3.0000', max: '4.0000' })
    expect(trend.at(-1)).toMatchObject({ quotations: { count: 2, median: '20.0000' }, catalogue: { count: 1, median: '20.0000' } })
    expect(trend.at(-1)!.combined).toEqual({ count: 3, min: '10.0000', p25: '15.0000', median: '20.0000', p75: '25.0000', max: '30.0000' })
    expect(trend.at(-2)!.combined).toEqual({ count: 0, min: null, p25: null, median: null, p75: null, max: null })
    expect(await sqlQuartiles(['1', '2', '4'])).toEqual([1.5, 2, 3])
  })

  it('interpolates quartiles between neighbours as percentile_cont does, and lists the last months oldest first', async () => {
    const prices = ['4', '1', '3', '2', '10']
    const stats = priceStats(decimals(...prices.slice(0, 4)))
    expect(stats).toEqual({ count: 4, min: '1.0000', p25: '1.7500', median: '2.5000', p75: '3.2500', max: '4.0000' })
    expect([stats.p25, stats.median, stats.p75].map(Number)).toEqual(await sqlQuartiles(prices.slice(0, 4)))
    const five = priceStats(decimals(...prices))
    expect([five.p25, five.median, five.p75].map(Number)).toEqual(await sqlQuartiles(prices))
    expect(priceStats(decimals('0.1', '0.2')).p75).toBe('0.1750')
    expect(priceStats([])).toEqual({ count: 0, min: null, p25: null, median: null, p75: null, max: null })
    expect(lastMonths(new Date('2026-02-15T00:00:00Z'), 3)).toEqual(['2025-12', '2026-01', '2026-02'])
  })
})
