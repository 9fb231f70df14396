import { inArray } from 'drizzle-orm'
import { users } from '../../app/modules/identity/identity.tables.server'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { createUser } from '../factories/users'
import { addMember, createCompany } from '../factories/companies'
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from './demo-accounts'
import { seedDemoCatalogue } from './demo-catalogue.server'
import { seedDemoFxHistory } from './demo-fx-history.server'
import { seedDemoHistory } from './demo-history.server'
import { seedDemoInventory } from './demo-inventory.server'
import { seedDemoDocuments } from './demo-documents.server'
import { seedDemoFinance } from './demo-finance.server'
import { demoMember, seedDemoOrders } from './demo-orders.server'
import { seedDemoMessaging } from './demo-messaging.server'
import { seedDemoAssistant } from './demo-assistant.server'
import { seedDemoSourcing } from './demo-sourcing.server'
import { seedDemoServices } from './demo-services.server'
import { seedMarketplace } from './marketplace/seed-marketplace.server'
import { epingApi, loadEpingSample } from '../../app/modules/compliance/index.server'
import { putCompanyOnPlan } from '../../app/modules/billing/index.server'

/**
 * The size of the marketplace seeded at first start, from the environment: SEED_MARKETPLACE_COMPANIES (default 40) and
 * SEED_MARKETPLACE_PRODUCTS (default 2000; 0 turns the marketplace seed off).
 */
export function marketplaceSeedSize(environment: NodeJS.ProcessEnv = process.env): { companies: number; products: number } {
  const count = (value: string | undefined, fallback: number) => {
    const parsed = value === undefined || value.trim() === '' ? fallback : Number(value)
    return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback
  }
  return { companies: count(environment.SEED_MARKETPLACE_COMPANIES, 40), products: count(environment.SEED_MARKETPLACE_PRODUCTS, 2000) }
}

/** Creates the demo accounts that are missing, then the demo marketplace unless it is there; returns whether accounts were created. */
export async function seedDemoData(): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email)
  const existing = await database().select({ email: users.email }).from(users).where(inArray(users.email, emails))
  const have = new Set(existing.map((e) => e.email))
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.email))
  for (const account of missing) {
    const user = await createUser({ name: account.name, email: account.email, password: account.password, role: account.role, emailVerified: true })
    const company = DEMO_COMPANIES.find((c) => c.owner === account.key)
    if (company) {
      const created = await createCompany({
        name: company.name,
        kind: company.kind,
        country: company.country,
        city: company.city,
        supplierType: company.supplierType,
        verificationStatus: company.verificationStatus,
      })
      await addMember(created.id, user.id, 'owner')
      // The demo companies trade every week: on Business, so the limits of the default plan do not get in the way.
      await putCompanyOnPlan(created.id, { planId: 'business', period: 'yearly' }, null)
    }
  }
  if (missing.length > 0) logger().info({ created: missing.map((a) => a.key) }, 'demo accounts seeded')
  await seedDemoMarketplace()
  await seedDemoServices()
  const supplier = await demoMember(DEMO_ACCOUNTS[1].email)
  if (supplier) await seedDemoCatalogue(supplier)
  await seedDemoOrders()
  await seedDemoSourcing()
  await seedDemoMessaging()
  await seedDemoInventory()
  await seedDemoDocuments()
  await seedDemoHistory()
  await seedDemoFxHistory()
  await seedDemoFinance()
  // Last, once the catalogue is there: the sample's notifications match the demo products (ceramics, lighting, toys…).
  // With an ePing key the API's notifications come instead (the sync job).
  if (!epingApi()) await loadEpingSample()
  await seedDemoAssistant()
  return missing.length > 0
}

async function seedDemoMarketplace(): Promise<void> {
  const size = marketplaceSeedSize()
  if (size.companies === 0 || size.products === 0) return
  const started = performance.now()
  const result = await seedMarketplace(size)
  if (result.created)
    logger().info({ companies: result.companies, products: result.products, ms: Math.round(performance.now() - started) }, 'demo marketplace seeded')
}
