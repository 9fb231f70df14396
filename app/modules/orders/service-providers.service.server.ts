import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { publicCompanyCards as companies } from '../companies/index.server'
import { ORDERABLE_SERVICES, type OfferingPriceBasis, type OrderableService, PROVIDER_KINDS } from './orders.constants'
import { serviceOfferings } from './orders.tables.server'
import { plainPrice } from './service-offering.service.server'

/** What the public pages show of one offering of a provider. */
export type ProviderOffering = {
  id: string
  title: string
  worldwide: boolean
  countries: string[]
  price: string | null
  currency: string | null
  priceBasis: OfferingPriceBasis | null
  leadTimeDays: number
}

export type ServiceProvider = {
  id: string
  name: string
  country: string
  city: string
  verified: boolean
  /** Its offerings of the service (the first few, cheapest first) and how many it has. */
  offerings: ProviderOffering[]
  offeringCount: number
}
export type ServiceProviderPage = { items: ServiceProvider[]; total: number; limit: number; offset: number }

/** Offerings shown per provider on the public list. */
const OFFERINGS_SHOWN = 3

/** An offering of the company for the service that serves every country of `areas` (worldwide, or all among its countries). */
function offeringOf(type: OrderableService, areas: readonly string[] = []): SQL {
  const inAreas = areas.length > 0 ? sql` and (${serviceOfferings.worldwide} or ${serviceOfferings.countries} @> ${JSON.stringify(areas)}::jsonb)` : sql``
  return sql`exists (select 1 from ${serviceOfferings} where ${serviceOfferings.organizationId} = ${companies.id} and ${serviceOfferings.serviceType} = ${type}${inAreas})`
}

/**
 * Live companies that offer the service: named at onboarding, or listed as an offering (`/app/supplier/service`). With
 * `areas` (country codes), only those with one offering that serves them all: a service named without offerings has no areas.
 */
export function offersService(type: OrderableService, areas: readonly string[] = []): SQL {
  const offered = areas.length > 0 ? offeringOf(type, areas) : or(sql`${companies.services} @> ${JSON.stringify([type])}::jsonb`, offeringOf(type))!
  return and(isNull(companies.deletedAt), inArray(companies.kind, [...PROVIDER_KINDS]), offered)!
}

/** The provider's name when the company offers the service; null otherwise. */
export async function providerOf(db: Database | Transaction, companyId: string, type: OrderableService): Promise<{ name: string } | null> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, companyId), offersService(type)))
  return row ?? null
}

/** Whether the company offers the service (logistics providers see open freight requests). */
export async function companyOffers(db: Database | Transaction, companyId: string, type: OrderableService): Promise<boolean> {
  return (await providerOf(db, companyId, type)) !== null
}

const verifiedFirst = sql`case when ${companies.verificationStatus} = 'accept' then 0 else 1 end`

/** The offerings of the service of each provider, cheapest first (on request last), at most OFFERINGS_SHOWN each. */
async function offeringsOf(providerIds: string[], type: OrderableService): Promise<Map<string, { shown: ProviderOffering[]; count: number }>> {
  const byProvider = new Map<string, { shown: ProviderOffering[]; count: number }>()
  if (providerIds.length === 0) return byProvider
  const rows = await database()
    .select({
      providerId: serviceOfferings.organizationId,
      id: serviceOfferings.id,
      title: serviceOfferings.title,
      worldwide: serviceOfferings.worldwide,
      countries: serviceOfferings.countries,
      price: serviceOfferings.price,
      currency: serviceOfferings.currency,
      priceBasis: serviceOfferings.priceBasis,
      leadTimeDays: serviceOfferings.leadTimeDays,
    })
    .from(serviceOfferings)
    .where(and(inArray(serviceOfferings.organizationId, providerIds), eq(serviceOfferings.serviceType, type)))
    .orderBy(asc(serviceOfferings.organizationId), sql`${serviceOfferings.price} asc nulls last`, asc(serviceOfferings.createdAt))
  for (const { providerId, ...offering } of rows) {
    const entry = byProvider.get(providerId) ?? { shown: [], count: 0 }
    entry.count += 1
    if (entry.shown.length < OFFERINGS_SHOWN) entry.shown.push({ ...offering, price: plainPrice(offering.price) })
    byProvider.set(providerId, entry)
  }
  return byProvider
}

/** The providers of a service for the public pages (in `area` when given): verified first, then by name, with their offerings. */
export async function listServiceProviders(
  type: OrderableService,
  page: { limit: number; offset: number; area?: string | undefined },
): Promise<ServiceProviderPage> {
  const db = database()
  const where = offersService(type, page.area ? [page.area] : [])
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        country: companies.country,
        city: companies.city,
        status: companies.verificationStatus,
      })
      .from(companies)
      .where(where)
      .orderBy(verifiedFirst, asc(companies.name), asc(companies.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(companies).where(where),
  ])
  const offerings = await offeringsOf(
    rows.map((row) => row.id),
    type,
  )
  return {
    items: rows.map(({ status, ...row }) => ({
      ...row,
      verified: status === 'accept',
      offerings: offerings.get(row.id)?.shown ?? [],
      offeringCount: offerings.get(row.id)?.count ?? 0,
    })),
    total: total?.n ?? 0,
    limit: page.limit,
    offset: page.offset,
  }
}

/** How many verified providers offer each service (the `/service` overview). */
export async function verifiedProviderCounts(): Promise<Record<OrderableService, number>> {
  const db = database()
  const counts = await Promise.all(
    ORDERABLE_SERVICES.map(async (type) => {
      const [row] = await db
        .select({ n: count() })
        .from(companies)
        .where(and(offersService(type), eq(companies.verificationStatus, 'accept')))
      return [type, row?.n ?? 0] as const
    }),
  )
  return Object.fromEntries(counts) as Record<OrderableService, number>
}

/** Providers to choose from on the order form (verified first; the buyer's own company left out). */
export async function providerOptions(type: OrderableService, exceptCompanyId: string | null): Promise<ServiceProvider[]> {
  const page = await listServiceProviders(type, { limit: 200, offset: 0 })
  return page.items.filter((provider) => provider.id !== exceptCompanyId)
}

/**
 * How many live providers offer the service with one offering serving every one of `countries` (a freight lane's two
 * ends, an inspection's one country), and how many of them are verified: for the project route check.
 */
export async function providersServing(type: OrderableService, countries: readonly string[]): Promise<{ total: number; verified: number }> {
  const [row] = await database()
    .select({ total: count(), verified: sql<number>`count(*) filter (where ${companies.verificationStatus} = 'accept')::int`.mapWith(Number) })
    .from(companies)
    .where(offersService(type, [...new Set(countries)]))
  return { total: row?.total ?? 0, verified: row?.verified ?? 0 }
}
