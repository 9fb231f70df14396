import { describe, expect, it } from 'vitest'
import { database } from '../db/index.server'
import { rateHistory } from './fx-admin.service.server'
import { fxRates } from './fx.tables.server'

describe('exchange-rate history', () => {
  it('gives each currency the last rate of each week over the 90 days up to the newest stored rate, oldest first', async () => {
    // The migration's seed holds one rate per currency on 2026-11-20; these ISK rates are older.
    await database()
      .insert(fxRates)
      .values(
        [
          ['2026-08-20', '150.1'], // before the window (2026-08-23 to 2026-11-20)
          ['2026-08-24', '150.2'], // Monday: the same week's Thursday replaces it
          ['2026-08-27', '150.3'],
          ['2026-10-05', '148.9'],
          ['2026-11-19', '149.5'],
        ].map(([asOf, ratePerEur]) => ({ currency: 'ISK', asOf: asOf!, ratePerEur: ratePerEur!, source: 'manual' as const })),
      )

    const history = await rateHistory()
    expect(history).toMatchObject({ from: '2026-08-23', to: '2026-11-20' })
    expect(history!.byCurrency.ISK).toEqual([
      { asOf: '2026-08-27', ratePerEur: '150.3000000000' },
      { asOf: '2026-10-05', ratePerEur: '148.9000000000' },
      { asOf: '2026-11-19', ratePerEur: '149.5000000000' },
    ])
    expect(history!.byCurrency.USD).toEqual([{ asOf: '2026-11-20', ratePerEur: '1.0800000000' }])

    const month = await rateHistory(30)
    expect(month).toMatchObject({ from: '2026-10-22', to: '2026-11-20' })
    expect(month!.byCurrency.ISK).toEqual([{ asOf: '2026-11-19', ratePerEur: '149.5000000000' }])
  })

  it('is empty without any rate', async () => {
    await database().delete(fxRates)
    expect(await rateHistory()).toBeNull()
  })
})
