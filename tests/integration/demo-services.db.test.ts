import { beforeAll, describe, expect, it } from 'vitest'
import { ORDERABLE_SERVICES } from '../../app/modules/orders/index'
import { listServiceProviders, verifiedProviderCounts } from '../../app/modules/orders/index.server'
import { DEMO_PROVIDERS, seedDemoServices } from '../../db/seed/demo-services.server'

beforeAll(async () => {
  await seedDemoServices()
  await seedDemoServices()
})

describe('the demo service providers', () => {
  it('give every public service page verified providers with areas and prices, seeded once', async () => {
    const counts = await verifiedProviderCounts()
    for (const type of ORDERABLE_SERVICES) expect(counts[type], type).toBeGreaterThanOrEqual(1)
    const logistics = await listServiceProviders('logistics', { limit: 100, offset: 0 })
    const names = logistics.items.map((item) => item.name)
    for (const name of ['Harbourline Freight', 'SkyBridge Air Cargo', 'Silk Road Rail Logistics']) expect(names.filter((seen) => seen === name)).toHaveLength(1)
    const air = logistics.items.find((item) => item.name === 'SkyBridge Air Cargo')
    expect(air?.offerings[0]).toMatchObject({ worldwide: true, price: '4.35', currency: 'USD', priceBasis: 'per_kg' })
    // Verified first: the unverified rail forwarder comes last.
    expect(logistics.items.at(-1)?.name).toBe('Silk Road Rail Logistics')
  })

  it('serve the lane of the demo orders: a forwarder from China to the Netherlands, a broker in the Netherlands', async () => {
    expect((await listServiceProviders('logistics', { limit: 100, offset: 0, area: 'NL' })).total).toBeGreaterThanOrEqual(2)
    expect((await listServiceProviders('customs', { limit: 100, offset: 0, area: 'NL' })).items.map((item) => item.name)).toContain('Rhine Customs Brokerage')
    expect(DEMO_PROVIDERS.every((provider) => provider.offerings.length > 0)).toBe(true)
  })
})
