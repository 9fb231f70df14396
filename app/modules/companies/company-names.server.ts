// Other modules name companies on their records (orders, quotations, RFQs) without reading companies' tables.
import { eq, inArray } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { organizations } from './companies.tables.server'

/** A company's name ('' when unknown), read in the caller's transaction when it passes one. */
export async function companyName(companyId: string, db: Database | Transaction = database()): Promise<string> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, companyId))
  return row?.name ?? ''
}

/** The names of several companies by id (unknown ids are left out). */
export async function companyNames(companyIds: readonly string[], db: Database | Transaction = database()): Promise<Map<string, string>> {
  if (companyIds.length === 0) return new Map()
  const rows = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, [...new Set(companyIds)]))
  return new Map(rows.map((row) => [row.id, row.name]))
}
