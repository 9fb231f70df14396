import { describe, expect, it } from 'vitest'
import type { RateTable } from '../../platform/fx/convert'
import { cataloguePlan, cataloguePrice, yearlySavingPercent } from './plan-catalogue.server'
import type { Plan } from './plan.service.server'

/** Units per EUR, as the platform's reference table holds them. */
const RATES: RateTable = { asOf: '2026-03-02', perEur: { USD: '1.08', CNY: '7.8', JPY: '160' } }

const BUSINESS: Plan = {
  id: 'business',
  name: { en: 'Business', 'zh-Hans': '商业版', 'zh-Hant': '商業版' },
  description: { en: 'For companies that trade every week.', 'zh-Hans': '适合每周都有交易的企业。', 'zh-Hant': '適合每週都有交易的企業。' },
  currency: 'USD',
  monthlyPriceMinor: 4900n,
  yearlyPriceMinor: 49000n,
  maxMembers: 15,
  maxPublishedProducts: 500,
  maxRfqsPerMonth: 100,
  maxAssistantRequestsPerMonth: 1000,
  maxApiCallsPerDay: 20000,
  maxStorageBytes: 10 * 1024 ** 3,
  features: ['trade_documents', 'api_access', 'escrow_payments'],
  isDefault: false,
  position: 1,
  retiredAt: null,
  version: 1,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
}

describe('cataloguePrice', () => {
  it('shows a price in its own currency exactly', () => {
    expect(cataloguePrice(4900n, 'USD', { currency: 'USD', rates: RATES })).toEqual({
      billed: { amount: '49.00', currency: 'USD' },
      shown: { amount: '49.00', currency: 'USD', approximate: false },
    })
  })

  it('converts through the EUR cross rate into the visitor’s currency, rounded to its minor unit and marked approximate', () => {
    // 49 USD × 7.8 / 1.08 = 353.888… CNY; 49 USD × 160 / 1.08 = 7259.259… JPY (no minor unit).
    expect(cataloguePrice(4900n, 'USD', { currency: 'CNY', rates: RATES }).shown).toEqual({ amount: '353.89', currency: 'CNY', approximate: true })
    expect(cataloguePrice(4900n, 'USD', { currency: 'JPY', rates: RATES }).shown).toEqual({ amount: '7259', currency: 'JPY', approximate: true })
    expect(cataloguePrice(4900n, 'USD', { currency: 'EUR', rates: RATES }).shown).toEqual({ amount: '45.37', currency: 'EUR', approximate: true })
  })

  it('keeps what is billed whatever currency it is shown in', () => {
    expect(cataloguePrice(49000n, 'USD', { currency: 'CNY', rates: RATES }).billed).toEqual({ amount: '490.00', currency: 'USD' })
  })

  it('shows nothing to pay as an exact zero in any currency, rate or not', () => {
    expect(cataloguePrice(0n, 'USD', { currency: 'GBP', rates: RATES }).shown).toEqual({ amount: '0', currency: 'GBP', approximate: false })
  })

  it('shows no converted price without a rate to the visitor’s currency', () => {
    expect(cataloguePrice(4900n, 'USD', { currency: 'GBP', rates: RATES }).shown).toBeNull()
  })
})

describe('yearlySavingPercent', () => {
  it('says how much less a year costs than twelve months, in whole percent', () => {
    expect(yearlySavingPercent(4900n, 49000n)).toBe(17)
    expect(yearlySavingPercent(19900n, 199000n)).toBe(17)
  })

  it('is null for a free plan and for a year that saves nothing', () => {
    expect(yearlySavingPercent(0n, 0n)).toBeNull()
    expect(yearlySavingPercent(1000n, 12000n)).toBeNull()
    expect(yearlySavingPercent(1000n, 13000n)).toBeNull()
  })
})

describe('cataloguePlan', () => {
  it('gives the plan in the page’s language with its limits, the features the page shows in their order, and both prices', () => {
    const plan = cataloguePlan(BUSINESS, 'zh-Hans', { currency: 'CNY', rates: RATES })
    expect(plan).toMatchObject({ id: 'business', name: '商业版', description: '适合每周都有交易的企业。', isDefault: false, yearlySavingPercent: 17 })
    expect(plan.limits).toEqual({
      members: 15,
      published_products: 500,
      rfqs_per_month: 100,
      assistant_requests_per_month: 1000,
      api_calls_per_day: 20000,
      storage_bytes: 10 * 1024 ** 3,
    })
    // API access is not offered yet (SHOWN_FEATURES), so the page does not tick it.
    expect(plan.features).toEqual(['escrow_payments', 'trade_documents'])
    expect(plan.prices.monthly.shown).toEqual({ amount: '353.89', currency: 'CNY', approximate: true })
    expect(plan.prices.yearly.shown).toEqual({ amount: '3538.89', currency: 'CNY', approximate: true })
  })

  it('keeps a missing limit as no limit', () => {
    expect(cataloguePlan({ ...BUSINESS, maxMembers: null, maxStorageBytes: null }, 'en', { currency: 'USD', rates: RATES }).limits).toMatchObject({
      members: null,
      storage_bytes: null,
    })
  })
})
