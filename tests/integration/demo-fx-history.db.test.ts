import { and, asc, eq, lt } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { seedDemoFxHistory } from '../../db/seed/demo-fx-history.server'
import { database } from '../../app/platform/db/index.server'
import { rateTable } from '../../app/platform/fx/fx.service.server'
import { fxRates } from '../../app/platform/fx/fx.tables.server'

const SEED_DAY = '2026-11-20'

async function ratesOf(currency: string) {
  return database()
    .select({ asOf: fxRates.asOf, ratePerEur: fxRates.ratePerEur, source: fxRates.source })
    .from(fxRates)
    .where(eq(fxRates.currency, currency))
    .orderBy(asc(fxRates.asOf))
}

describe('seedDemoFxHistory', () => {
  it('leads every seed rate up with three months of working-day rates, once, leaving today’s rates as they were', async () => {
    const before = await rateTable(SEED_DAY)
    await seedDemoFxHistory()
    await seedDemoFxHistory()

    const usd = await ratesOf('USD')
    expect(usd.at(-1)).toEqual({ asOf: SEED_DAY, ratePerEur: '1.0800000000', source: 'seed' })
    expect(usd.length).toBeGreaterThan(60)
    expect(usd[0]!.asOf).toBe('2026-08-24')
    expect(usd.every((rate) => ![0, 6].includes(new Date(`${rate.asOf}T00:00:00Z`).getUTCDay()))).toBe(true)
    expect(new Set(usd.map((rate) => rate.ratePerEur)).size).toBeGreaterThan(10)
    // The euro peg stays flat; the Hong Kong dollar moves with the US dollar.
    expect(new Set((await ratesOf('BGN')).map((rate) => rate.ratePerEur))).toEqual(new Set(['1.9558000000']))
    const hkd = await ratesOf('HKD')
    expect(Number(hkd[0]!.ratePerEur) / Number(usd[0]!.ratePerEur)).toBeCloseTo(8.42 / 1.08, 3)

    expect((await rateTable(SEED_DAY)).perEur).toEqual(before.perEur)
    const [older] = await database()
      .select({ asOf: fxRates.asOf })
      .from(fxRates)
      .where(and(eq(fxRates.currency, 'USD'), lt(fxRates.asOf, '2026-08-22')))
    expect(older).toBeUndefined()
  })
})
