import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { publicCompanyCards as companies } from '../companies/index.server'
import { ORDERABLE_SERVICES, type OrderableService } from './orders.constants'

/** Company kinds that may offer services (a supplier may also inspect or ship). */
export const PROVIDER_KINDS = ['service_provider', 'supplier', 'both'] as const

export type ServiceProvider = { id: string; name: string; country: string; city: string; verified: boolean }
export type ServiceProviderPage = { items: ServiceProvider[]; total: number; limit: number; offset: number }

/** Live companies whose profile offers the service. */
export function offersService(type: OrderableService): SQL {
  return and(isNull(companies.deletedAt), inArray(companies.kind, [...PROVIDER_KINDS]), sql`${companies.services} @> ${JSON.stringify([type])}::jsonb`)!
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

/** The providers of a service for the public pages: verified first, then by name. */
export async function listServiceProviders(type: OrderableService, page: { limit: number; offset: number }): Promise<ServiceProviderPage> {
  const db = database()
  const where = offersService(type)
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
  return { items: rows.map(({ status, ...row }) => ({ ...row, verified: status === 'accept' })), total: total?.n ?? 0, limit: page.limit, offset: page.offset }
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
