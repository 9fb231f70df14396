// The route check of a purchase project (issue 25), as pure rules: from what the project asks for, where its suppliers
// ship from and which providers serve which countries, one line per check with pass, warn or fail. Isomorphic: the page
// names each line from `routeCheck:checks.<id>.<variant>`.
import { COUNTRY_CODES, countryName } from '../../platform/countries'
import { LOCALES } from '../../platform/i18n/locales'

export const CHECK_STATUSES = ['pass', 'warn', 'fail'] as const
export type CheckStatus = (typeof CHECK_STATUSES)[number]

/** Each check and the outcomes it can have (each outcome has its own text). */
export const ROUTE_CHECKS = {
  requirements: ['listed', 'none'],
  hsCodes: ['all', 'some', 'none'],
  deliveryCountry: ['named', 'assumed', 'unknown'],
  rfqs: ['sent', 'drafts', 'noSuppliers', 'none'],
  supplierMarket: ['exports', 'domestic', 'notListed', 'noMarkets'],
  supplierVerified: ['verified', 'unverified'],
  logistics: ['verified', 'unverifiedOnly', 'none'],
  customs: ['verified', 'unverifiedOnly', 'none'],
  inspection: ['verified', 'unverifiedOnly', 'none'],
  certification: ['verified', 'unverifiedOnly', 'none'],
  regulations: ['clear', 'notices', 'noHsCodes'],
} as const satisfies Record<string, readonly string[]>
export type CheckId = keyof typeof ROUTE_CHECKS

/** Where the checks are shown: the project itself, each supplier, the services of each lane, the rules at destination. */
export const CHECK_SECTIONS = ['project', 'suppliers', 'services', 'compliance'] as const
export type CheckSection = (typeof CHECK_SECTIONS)[number]

export type RouteCheck = {
  section: CheckSection
  id: CheckId
  variant: string
  status: CheckStatus
  /** The values the line's text names (countries as ISO codes, numbers, names). */
  values: Record<string, string | number>
  /** A public page that answers the line (the providers of a service in a country). */
  href?: string
}

/** Providers of a service able to serve a set of countries: how many, and how many of them verified. */
export type Coverage = { total: number; verified: number }

export type RouteFacts = {
  requirements: Array<{ title: string; hsCode: string | null; destination: string }>
  rfqs: Array<{ status: string; destination: string; supplierIds: string[] }>
  suppliers: Array<{ id: string; name: string; country: string; verified: boolean; exportMarkets: string[] }>
  /** The buyer's default shipping address's country, the delivery country when no destination names one. */
  shippingCountry: string | null
}

/** The services whose providers the check looks for, and which end of a lane they work at. */
export const LANE_SERVICES = { logistics: 'lane', inspection: 'origin', customs: 'destination', certification: 'destination' } as const
export type LaneService = keyof typeof LANE_SERVICES

/** EU members: the EU notifies WTO rules for them (ePing member code `EU`). */
const EU = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
])

/** The WTO members whose notifications apply in a country: the country itself, and the EU for its members. */
export const membersFor = (country: string): string[] => (EU.has(country) ? [country, 'EU'] : [country])

let countryNames: Array<{ code: string; name: string }> | undefined

/** Country names in every product language, longest first (so "South Korea" wins over "Korea"). */
function namesOfCountries() {
  countryNames ??= COUNTRY_CODES.flatMap((code) => LOCALES.map((locale) => ({ code, name: countryName(code, locale).toLowerCase() })))
    .filter((entry) => entry.name.length >= 2 && entry.name !== entry.code.toLowerCase())
    .sort((a, b) => b.name.length - a.name.length)
  return countryNames
}

/** The country a free-text destination names ("Rotterdam, Netherlands", "荷兰鹿特丹", "NL"), or null. */
export function countryIn(destination: string): string | null {
  const code = destination.match(/\b[A-Z]{2}\b/g)?.find((token) => (COUNTRY_CODES as readonly string[]).includes(token))
  if (code) return code
  const text = destination.toLowerCase()
  return text.trim() ? (namesOfCountries().find((entry) => text.includes(entry.name))?.code ?? null) : null
}

/** Where the goods go: the countries the destinations name, or else the buyer's shipping country. */
export function deliveryCountries(facts: RouteFacts): { countries: string[]; source: 'named' | 'assumed' | 'unknown' } {
  const named = [...facts.requirements, ...facts.rfqs].map((entry) => countryIn(entry.destination)).filter((code): code is string => code !== null)
  if (named.length > 0) return { countries: [...new Set(named)].sort(), source: 'named' }
  return facts.shippingCountry ? { countries: [facts.shippingCountry], source: 'assumed' } : { countries: [], source: 'unknown' }
}

/** The origin countries of the invited suppliers. */
export const originCountries = (facts: RouteFacts): string[] => [...new Set(facts.suppliers.map((supplier) => supplier.country))].sort()

/** The country sets each service's providers must serve: a lane's two ends, an origin, a destination. */
export function serviceAreas(origins: string[], destinations: string[]): Array<{ service: LaneService; countries: string[] }> {
  const areas: Array<{ service: LaneService; countries: string[] }> = []
  for (const origin of origins) for (const destination of destinations) areas.push({ service: 'logistics', countries: [...new Set([origin, destination])] })
  for (const origin of origins) areas.push({ service: 'inspection', countries: [origin] })
  for (const destination of destinations) {
    areas.push({ service: 'customs', countries: [destination] })
    areas.push({ service: 'certification', countries: [destination] })
  }
  return areas
}

const coverageVariant = (coverage: Coverage) => (coverage.verified > 0 ? 'verified' : coverage.total > 0 ? 'unverifiedOnly' : 'none')

/** Every line of the check, from the facts, each service area's coverage (keyed `service:CN,NL`) and the ePing count. */
export function routeChecks(facts: RouteFacts, coverage: Map<string, Coverage>, notices: number | null): RouteCheck[] {
  const checks: RouteCheck[] = []
  const add = (section: CheckSection, id: CheckId, variant: string, status: CheckStatus, values: RouteCheck['values'] = {}, href?: string) =>
    checks.push({ section, id, variant, status, values, ...(href ? { href } : {}) })

  const count = facts.requirements.length
  if (count === 0) add('project', 'requirements', 'none', 'fail')
  else add('project', 'requirements', 'listed', 'pass', { number: count })
  const withoutHs = facts.requirements.filter((requirement) => !requirement.hsCode)
  if (count > 0) {
    if (withoutHs.length === 0) add('project', 'hsCodes', 'all', 'pass', { number: count })
    else if (withoutHs.length === count) add('project', 'hsCodes', 'none', 'warn', { number: count })
    else
      add('project', 'hsCodes', 'some', 'warn', {
        missing: withoutHs.length,
        number: count,
        titles: withoutHs.map((requirement) => requirement.title).join(', '),
      })
  }

  const delivery = deliveryCountries(facts)
  const destinations = delivery.countries.join(', ')
  if (delivery.source === 'named') add('project', 'deliveryCountry', 'named', 'pass', { countries: destinations })
  else if (delivery.source === 'assumed') add('project', 'deliveryCountry', 'assumed', 'warn', { countries: destinations })
  else add('project', 'deliveryCountry', 'unknown', 'fail')

  const sent = facts.rfqs.filter((rfq) => rfq.status !== 'draft' && rfq.status !== 'cancelled')
  if (facts.rfqs.length === 0) add('project', 'rfqs', 'none', 'fail')
  else if (sent.length === 0) add('project', 'rfqs', 'drafts', 'warn', { number: facts.rfqs.length })
  else if (facts.suppliers.length === 0) add('project', 'rfqs', 'noSuppliers', 'warn', { number: sent.length })
  else add('project', 'rfqs', 'sent', 'pass', { number: sent.length, suppliers: facts.suppliers.length })

  for (const supplier of facts.suppliers) {
    const values = { supplier: supplier.name, origin: supplier.country, countries: destinations }
    const unserved = delivery.countries.filter((country) => country !== supplier.country && !supplier.exportMarkets.includes(country))
    if (delivery.countries.length > 0) {
      if (delivery.countries.every((country) => country === supplier.country)) add('suppliers', 'supplierMarket', 'domestic', 'pass', values)
      else if (unserved.length === 0) add('suppliers', 'supplierMarket', 'exports', 'pass', values)
      else if (supplier.exportMarkets.length === 0) add('suppliers', 'supplierMarket', 'noMarkets', 'warn', values)
      else add('suppliers', 'supplierMarket', 'notListed', 'warn', { ...values, countries: unserved.join(', ') })
    }
    add('suppliers', 'supplierVerified', supplier.verified ? 'verified' : 'unverified', supplier.verified ? 'pass' : 'warn', values)
  }

  for (const area of serviceAreas(originCountries(facts), delivery.countries)) {
    const found = coverage.get(coverageKey(area.service, area.countries)) ?? { total: 0, verified: 0 }
    const variant = coverageVariant(found)
    // No way to move the goods is a failure; the other services a buyer may also bring along.
    const status: CheckStatus = variant === 'verified' ? 'pass' : variant === 'none' && area.service === 'logistics' ? 'fail' : 'warn'
    const href = `/services/${area.service}?area=${area.countries.at(-1)}`
    add('services', area.service, variant, status, { countries: area.countries.join(' → '), total: found.total, verified: found.verified }, href)
  }

  if (delivery.countries.length > 0) {
    if (notices === null) add('compliance', 'regulations', 'noHsCodes', 'warn', { countries: destinations })
    else if (notices === 0) add('compliance', 'regulations', 'clear', 'pass', { countries: destinations })
    else add('compliance', 'regulations', 'notices', 'warn', { countries: destinations, number: notices })
  }
  return checks
}

/** The key of a service area's coverage. */
export const coverageKey = (service: LaneService, countries: readonly string[]) => `${service}:${[...countries].join(',')}`

/** The line counts per status, for the summary. */
export function checkTally(checks: readonly RouteCheck[]): Record<CheckStatus, number> {
  return Object.fromEntries(CHECK_STATUSES.map((status) => [status, checks.filter((check) => check.status === status).length])) as Record<CheckStatus, number>
}
