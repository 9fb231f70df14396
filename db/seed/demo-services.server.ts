import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { companyProfiles, organizations } from '../../app/modules/companies/companies.tables.server'
import type { OfferingPriceBasis, OrderableService } from '../../app/modules/orders/index'
import { serviceOfferings } from '../../app/modules/orders/orders.tables.server'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { createCompany } from '../factories/companies'

type DemoOffering = {
  type: OrderableService
  title: string
  description: string
  /** Country codes served; none: worldwide. */
  countries: string[]
  /** No price: quoted on request. */
  price?: { amount: string; currency: string; basis: OfferingPriceBasis }
  leadTimeDays: number
}

type DemoProvider = { name: string; country: string; city: string; verified: boolean; description: string; offerings: DemoOffering[] }

const EU_PORTS = ['DE', 'NL', 'BE', 'FR', 'IT', 'ES', 'PL', 'GB']

/**
 * Service and logistics providers, so `/service` and every `/services/{type}` page has providers with areas and prices:
 * forwarders (sea, air, rail), an inspection agency, customs brokers, a test lab and a sourcing agent; one unverified.
 */
export const DEMO_PROVIDERS: DemoProvider[] = [
  {
    name: 'Harbourline Freight',
    country: 'HK',
    city: 'Hong Kong',
    verified: true,
    description: 'Forwarder for sea freight between South China, Vietnam and the main European ports, with customs clearance at both ends.',
    offerings: [
      {
        type: 'logistics',
        title: 'FCL sea freight Asia–Europe (40′ container)',
        description: 'Port to port, weekly sailings from Shenzhen (Yantian), Ningbo and Ho Chi Minh City. Bunker and terminal charges included.',
        countries: ['CN', 'HK', 'VN', ...EU_PORTS],
        price: { amount: '1850', currency: 'USD', basis: 'per_container' },
        leadTimeDays: 34,
      },
      {
        type: 'logistics',
        title: 'LCL consolidation Ningbo–Rotterdam',
        description: 'Shared containers for small lots, from 1 m³. Collection at the factory in Zhejiang on request.',
        countries: ['CN', 'NL', 'BE', 'DE'],
        price: { amount: '68', currency: 'USD', basis: 'per_cbm' },
        leadTimeDays: 38,
      },
      {
        type: 'customs',
        title: 'Export declaration in Hong Kong and South China',
        description: 'Export declarations, certificates of origin and HS classification checks before loading.',
        countries: ['HK', 'CN'],
        price: { amount: '45', currency: 'USD', basis: 'per_shipment' },
        leadTimeDays: 1,
      },
    ],
  },
  {
    name: 'SkyBridge Air Cargo',
    country: 'SG',
    city: 'Singapore',
    verified: true,
    description: 'Air freight and express for samples and urgent orders, door to door with customs brokerage through partners.',
    offerings: [
      {
        type: 'logistics',
        title: 'Air freight, airport to airport',
        description: 'Consolidated air freight on daily flights; chargeable weight is the greater of actual and volumetric weight.',
        countries: [],
        price: { amount: '4.35', currency: 'USD', basis: 'per_kg' },
        leadTimeDays: 5,
      },
      {
        type: 'logistics',
        title: 'Express samples (under 30 kg), door to door',
        description: 'Pick-up at the factory, duties paid at destination on request.',
        countries: [],
        price: { amount: '9.8', currency: 'USD', basis: 'per_kg' },
        leadTimeDays: 3,
      },
    ],
  },
  {
    name: 'Silk Road Rail Logistics',
    country: 'CN',
    city: 'Chongqing',
    verified: false,
    description: 'China–Europe block trains from Chongqing and Xi’an to Poland and Germany.',
    offerings: [
      {
        type: 'logistics',
        title: 'China–Europe rail freight (40′ container)',
        description: 'Departures twice a week; faster than sea, cheaper than air.',
        countries: ['CN', 'KZ', 'PL', 'DE'],
        price: { amount: '4100', currency: 'USD', basis: 'per_container' },
        leadTimeDays: 18,
      },
    ],
  },
  {
    name: 'QualiSure Inspections',
    country: 'CN',
    city: 'Shenzhen',
    verified: true,
    description: 'Independent quality inspection and factory audits across Asia, reports in English and Chinese within 24 hours.',
    offerings: [
      {
        type: 'inspection',
        title: 'Pre-shipment inspection (AQL 2.5)',
        description: 'One inspector on site: quantity, workmanship, packing, labelling and function checks, with photos.',
        countries: ['CN', 'VN', 'IN', 'BD', 'TH'],
        price: { amount: '298', currency: 'USD', basis: 'per_day' },
        leadTimeDays: 3,
      },
      {
        type: 'inspection',
        title: 'Factory audit (quality and social)',
        description: 'Management system, capacity, working conditions and sub-contracting, scored against your checklist.',
        countries: ['CN', 'VN'],
        price: { amount: '880', currency: 'USD', basis: 'per_job' },
        leadTimeDays: 7,
      },
      {
        type: 'inspection',
        title: 'Container loading supervision',
        description: 'Count and condition of the goods as they are loaded, container seal photographed.',
        countries: ['CN'],
        leadTimeDays: 2,
      },
    ],
  },
  {
    name: 'Rhine Customs Brokerage',
    country: 'NL',
    city: 'Rotterdam',
    verified: true,
    description: 'Licensed customs broker in Rotterdam and Antwerp: import declarations, duty calculation and transit documents.',
    offerings: [
      {
        type: 'customs',
        title: 'EU import declaration with duty calculation',
        description: 'Declaration in the Netherlands or Belgium, tariff classification checked, duties and VAT calculated before arrival.',
        countries: ['NL', 'BE', 'DE', 'LU'],
        price: { amount: '75', currency: 'EUR', basis: 'per_shipment' },
        leadTimeDays: 1,
      },
      {
        type: 'customs',
        title: 'T1 transit to inland Europe',
        description: 'Goods cleared at their destination instead of the port of arrival.',
        countries: ['NL', 'BE', 'DE', 'FR', 'PL', 'AT', 'CZ'],
        leadTimeDays: 2,
      },
    ],
  },
  {
    name: 'EuroCert Testing Lab',
    country: 'DE',
    city: 'Munich',
    verified: true,
    description: 'Accredited laboratory for product safety testing and certification for the European and US markets.',
    offerings: [
      {
        type: 'certification',
        title: 'CE marking for electrical products (LVD, EMC)',
        description: 'Testing to the harmonised standards, technical file and declaration of conformity.',
        countries: [],
        price: { amount: '1450', currency: 'EUR', basis: 'per_job' },
        leadTimeDays: 21,
      },
      {
        type: 'certification',
        title: 'Food contact testing for ceramics and glass (EU 1935/2004)',
        description: 'Lead and cadmium migration tests with a report accepted by EU importers.',
        countries: [],
        price: { amount: '620', currency: 'EUR', basis: 'per_job' },
        leadTimeDays: 10,
      },
    ],
  },
  {
    name: 'Yiwu Sourcing Partners',
    country: 'CN',
    city: 'Yiwu',
    verified: true,
    description: 'Sourcing agents in Yiwu and Guangzhou: supplier search, samples, negotiation and order follow-up.',
    offerings: [
      {
        type: 'sourcing_agent',
        title: 'Supplier search and sample collection',
        description: 'Three to five checked suppliers per product, samples consolidated and sent in one parcel.',
        countries: ['CN'],
        price: { amount: '350', currency: 'USD', basis: 'per_job' },
        leadTimeDays: 10,
      },
      {
        type: 'sourcing_agent',
        title: 'Order follow-up at the factory',
        description: 'Production follow-up, weekly photo reports and problem solving in Chinese with the factory.',
        countries: ['CN'],
        price: { amount: '45', currency: 'USD', basis: 'per_hour' },
        leadTimeDays: 2,
      },
    ],
  },
]

/** The service providers and their offerings; providers already there (by name) are left as they are. */
export async function seedDemoServices(): Promise<void> {
  const names = DEMO_PROVIDERS.map((provider) => provider.name)
  const existing = new Set(
    (await database().select({ name: organizations.name }).from(organizations).where(inArray(organizations.name, names))).map((row) => row.name),
  )
  const missing = DEMO_PROVIDERS.filter((provider) => !existing.has(provider.name))
  for (const provider of missing) {
    const company = await createCompany({
      name: provider.name,
      kind: 'service_provider',
      country: provider.country,
      city: provider.city,
      verificationStatus: provider.verified ? 'accept' : 'unverified',
    })
    await database()
      .update(companyProfiles)
      .set({ services: [...new Set(provider.offerings.map((offering) => offering.type))], description: { en: provider.description } })
      .where(eq(companyProfiles.organizationId, company.id))
    await database()
      .insert(serviceOfferings)
      .values(
        provider.offerings.map((offering) => ({
          id: randomUUID(),
          organizationId: company.id,
          serviceType: offering.type,
          title: offering.title,
          description: offering.description,
          worldwide: offering.countries.length === 0,
          countries: offering.countries,
          price: offering.price?.amount ?? null,
          currency: offering.price?.currency ?? null,
          priceBasis: offering.price?.basis ?? null,
          leadTimeDays: offering.leadTimeDays,
        })),
      )
  }
  if (missing.length > 0) logger().info({ providers: missing.length }, 'demo service providers seeded')
}
