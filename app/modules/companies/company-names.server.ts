// Other modules name companies on their records (orders, quotations, RFQs) without reading companies' tables.
import { eq } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { organizations } from './companies.tables.server'

/** A company's name ('' when unknown), read in the caller's transaction when it passes one. */
export async function companyName(companyId: string, db: Database | Transaction = database()): Promise<string> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, companyId))
  return row?.name ?? ''
}
