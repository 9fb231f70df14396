import { describe, expect, it } from 'vitest'
import { checkTally, countryIn, coverageKey, deliveryCountries, membersFor, type RouteFacts, routeChecks, serviceAreas } from './route-check'

const facts = (overrides: Partial<RouteFacts> = {}): RouteFacts => ({
  requirements: [
    { title: 'Porcelain mug', hsCode: '691200', destination: 'Rotterdam, Netherlands' },
    { title: 'Bamboo tray', hsCode: null, destination: '' },
  ],
  rfqs: [{ status: 'open', destination: '', supplierIds: ['s1', 's2'] }],
  suppliers: [
    { id: 's1', name: 'Kiln Works', country: 'CN', verified: true, exportMarkets: ['NL', 'DE'] },
    { id: 's2', name: 'Hanoi Craft', country: 'VN', verified: false, exportMarkets: [] },
  ],
  shippingCountry: 'HK',
  ...overrides,
})

const line = (checks: ReturnType<typeof routeChecks>, id: string, subject?: string) =>
  checks.find((check) => check.id === id && (subject === undefined || Object.values(check.values).includes(subject)))

describe('the destination of a project', () => {
  it('reads a country from free text in any product language, or from an ISO code', () => {
    expect(countryIn('Rotterdam, Netherlands')).toBe('NL')
    expect(countryIn('荷兰鹿特丹港')).toBe('NL')
    expect(countryIn('Hamburg DE')).toBe('DE')
    expect(countryIn('Warehouse 3')).toBeNull()
    expect(countryIn('')).toBeNull()
  })

  it('falls back to the buyer’s shipping country, and says so', () => {
    expect(deliveryCountries(facts())).toEqual({ countries: ['NL'], source: 'named' })
    const unnamed = facts({ requirements: [{ title: 'Mug', hsCode: null, destination: 'Main warehouse' }] })
    expect(deliveryCountries(unnamed)).toEqual({ countries: ['HK'], source: 'assumed' })
    expect(deliveryCountries({ ...unnamed, shippingCountry: null })).toEqual({ countries: [], source: 'unknown' })
  })

  it('knows the EU notifies the WTO for its members', () => {
    expect(membersFor('NL')).toEqual(['NL', 'EU'])
    expect(membersFor('US')).toEqual(['US'])
  })
})

describe('the route checks', () => {
  it('asks for each lane a forwarder, at the origin an inspector, at the destination a broker and a certifier', () => {
    expect(serviceAreas(['CN', 'VN'], ['NL'])).toEqual([
      { service: 'logistics', countries: ['CN', 'NL'] },
      { service: 'logistics', countries: ['VN', 'NL'] },
      { service: 'inspection', countries: ['CN'] },
      { service: 'inspection', countries: ['VN'] },
      { service: 'customs', countries: ['NL'] },
      { service: 'certification', countries: ['NL'] },
    ])
  })

  it('passes what is covered, warns of what is missing and fails a lane no forwarder serves', () => {
    const coverage = new Map([
      [coverageKey('logistics', ['CN', 'NL']), { total: 3, verified: 2 }],
      [coverageKey('logistics', ['VN', 'NL']), { total: 0, verified: 0 }],
      [coverageKey('inspection', ['CN']), { total: 1, verified: 0 }],
      [coverageKey('customs', ['NL']), { total: 1, verified: 1 }],
    ])
    const checks = routeChecks(facts(), coverage, 2)
    expect(line(checks, 'requirements')).toMatchObject({ status: 'pass', values: { number: 2 } })
    expect(line(checks, 'hsCodes')).toMatchObject({ variant: 'some', status: 'warn', values: { missing: 1, titles: 'Bamboo tray' } })
    expect(line(checks, 'deliveryCountry')).toMatchObject({ variant: 'named', status: 'pass', values: { countries: 'NL' } })
    expect(line(checks, 'rfqs')).toMatchObject({ variant: 'sent', status: 'pass', values: { number: 1, suppliers: 2 } })
    expect(line(checks, 'supplierMarket', 'Kiln Works')).toMatchObject({ variant: 'exports', status: 'pass' })
    expect(line(checks, 'supplierMarket', 'Hanoi Craft')).toMatchObject({ variant: 'noMarkets', status: 'warn' })
    expect(line(checks, 'supplierVerified', 'Hanoi Craft')).toMatchObject({ status: 'warn' })
    expect(line(checks, 'logistics', 'CN → NL')).toMatchObject({ variant: 'verified', status: 'pass', href: '/services/logistics?area=NL' })
    expect(line(checks, 'logistics', 'VN → NL')).toMatchObject({ variant: 'none', status: 'fail' })
    expect(line(checks, 'inspection', 'CN')).toMatchObject({ variant: 'unverifiedOnly', status: 'warn' })
    expect(line(checks, 'inspection', 'VN')).toMatchObject({ variant: 'none', status: 'warn' })
    expect(line(checks, 'customs')).toMatchObject({ status: 'pass' })
    expect(line(checks, 'certification')).toMatchObject({ variant: 'none', status: 'warn' })
    expect(line(checks, 'regulations')).toMatchObject({ variant: 'notices', status: 'warn', values: { number: 2 } })
    expect(checkTally(checks)).toEqual({ pass: 7, warn: 7, fail: 1 })
  })

  it('fails a project with nothing to source, no RFQ and nowhere to deliver', () => {
    const checks = routeChecks({ requirements: [], rfqs: [], suppliers: [], shippingCountry: null }, new Map(), null)
    expect(checks.map((check) => [check.id, check.status])).toEqual([
      ['requirements', 'fail'],
      ['deliveryCountry', 'fail'],
      ['rfqs', 'fail'],
    ])
  })

  it('tells a supplier in the delivery country apart, and names the markets a supplier does not list', () => {
    const checks = routeChecks(
      facts({
        requirements: [{ title: 'Mug', hsCode: '691200', destination: 'DE' }],
        suppliers: [
          { id: 's1', name: 'Berlin Pottery', country: 'DE', verified: true, exportMarkets: [] },
          { id: 's2', name: 'Kiln Works', country: 'CN', verified: true, exportMarkets: ['US'] },
        ],
      }),
      new Map(),
      0,
    )
    expect(line(checks, 'supplierMarket', 'Berlin Pottery')).toMatchObject({ variant: 'domestic', status: 'pass' })
    expect(line(checks, 'supplierMarket', 'Kiln Works')).toMatchObject({ variant: 'notListed', values: { countries: 'DE' } })
    expect(line(checks, 'logistics', 'DE')).toMatchObject({ values: { countries: 'DE' } })
    expect(line(checks, 'regulations')).toMatchObject({ variant: 'clear', status: 'pass' })
  })
})
