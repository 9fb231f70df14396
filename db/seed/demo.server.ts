import { inArray } from 'drizzle-orm'
import { users } from '../../app/modules/identity/index.server'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { createUser } from '../../tests/factories/users'
import { addMember, createCompany } from '../../tests/factories/companies'
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from './demo-accounts'

/** Creates the demo accounts that are missing; returns whether anything was created. */
export async function seedDemoData(): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email)
  const existing = await database().select({ email: users.email }).from(users).where(inArray(users.email, emails))
  const have = new Set(existing.map((e) => e.email))
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.email))
  for (const account of missing) {
    const user = await createUser({ name: account.name, email: account.email, password: account.password, role: account.role, emailVerified: true })
    const company = DEMO_COMPANIES.find((c) => c.owner === account.key)
    if (company) {
      const created = await createCompany({ name: company.name, kind: company.kind, country: company.country, city: company.city, supplierType: company.supplierType, verificationStatus: company.verificationStatus })
      await addMember(created.id, user.id, 'owner')
    }
  }
  if (missing.length > 0) logger().info({ created: missing.map((a) => a.key) }, 'demo accounts seeded')
  return missing.length > 0
}
