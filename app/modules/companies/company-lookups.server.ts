// Other modules name companies on their records (orders, quotations, RFQs) and queue behind a company's changes without reading companies' tables.
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { SharedCache } from '../../platform/shared-cache.server'
import type { CompanyKind, VerificationStatus } from './companies.constants'
import { addresses, certifications, companyProfiles, organizations } from './companies.tables.server'

/** A company's name ('' when unknown), read in the caller's transaction when it passes one. */
export async function companyName(companyId: string, db: Database | Transaction = database()): Promise<string> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, companyId))
  return row?.name ?? ''
}

/** The company's logo file (its id), or null: a business document's letterhead shows it. */
export async function companyLogoFileId(companyId: string, db: Database | Transaction = database()): Promise<string | null> {
  const [row] = await db.select({ logo: organizations.logoFileId }).from(organizations).where(eq(organizations.id, companyId))
  return row?.logo ?? null
}

/** Company names by id, beside every list that names companies; dropped on a rename (`companyChanged`). */
const names = globalThis as unknown as { __tradeportCompanyNames?: SharedCache<string> }

function nameCache(): SharedCache<string> {
  if (!names.__tradeportCompanyNames) {
    names.__tradeportCompanyNames = new SharedCache('tradeport:company-names-changed', 60_000)
    names.__tradeportCompanyNames.listen()
  }
  return names.__tradeportCompanyNames
}

/** After a company was renamed: its name is read again, here and on every other instance. */
export function companyNamesChanged(companyIds: string[]): void {
  nameCache().changed(companyIds)
}

export async function closeCompanyNameCache(): Promise<void> {
  await names.__tradeportCompanyNames?.close()
  names.__tradeportCompanyNames = undefined
}

/**
 * The names of the companies among `ids` (an unknown id has no entry): from memory, the rest in one query. Read in
 * the caller's transaction, uncached, when it passes one.
 */
export async function companyNames(ids: Iterable<string>, db?: Database | Transaction): Promise<Map<string, string>> {
  const read = async (wanted: string[]) => {
    if (wanted.length === 0) return new Map<string, string>()
    const rows = await (db ?? database())
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(inArray(organizations.id, wanted))
    return new Map(rows.map((row) => [row.id, row.name]))
  }
  return db ? read([...new Set(ids)]) : nameCache().readMany(ids, read)
}

/**
 * Holds the company's row (`FOR NO KEY UPDATE`) until the transaction ends, so that work done for one company at a
 * time queues behind the one in progress: price list changes ("one active list", from prices), product saves and
 * import batches (a free SKU taken once), address book changes ("one default per type").
 */
export async function lockCompany(tx: Transaction, companyId: string): Promise<void> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, companyId)).for('no key update')
}

/** A company as other modules list it beside their records (shortlists, directories): name, country, verification, main products. */
export type CompanyCard = { id: string; name: string; country: string; verified: boolean; mainProducts: string[] }

/** The cards of the companies among `ids` (one query; an unknown id has no entry). */
export async function companyCards(ids: Iterable<string>, db: Database | Transaction = database()): Promise<Map<string, CompanyCard>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      country: companyProfiles.country,
      verificationStatus: companyProfiles.verificationStatus,
      mainProducts: companyProfiles.mainProducts,
    })
    .from(organizations)
    .leftJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(inArray(organizations.id, wanted))
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, country: row.country ?? '', verified: row.verificationStatus === 'accept', mainProducts: row.mainProducts ?? [] },
    ]),
  )
}

/** What a company is and how far its verification got (null for an unknown company), for rules like "who may publish". */
export async function companyStanding(
  companyId: string,
  db: Database | Transaction = database(),
): Promise<{ kind: CompanyKind; verificationStatus: VerificationStatus } | null> {
  const [row] = await db
    .select({ kind: companyProfiles.kind, verificationStatus: companyProfiles.verificationStatus })
    .from(companyProfiles)
    .where(eq(companyProfiles.organizationId, companyId))
  return row ?? null
}

/** A company's certifications by name, as its public profile lists them (names only: a certificate's file is private evidence). */
export async function companyCertifications(
  companyId: string,
  db: Database | Transaction = database(),
): Promise<Array<{ id: string; name: string; issuer: string; validUntil: string | null }>> {
  return db
    .select({ id: certifications.id, name: certifications.name, issuer: certifications.issuer, validUntil: certifications.validUntil })
    .from(certifications)
    .where(eq(certifications.organizationId, companyId))
    .orderBy(asc(certifications.name), asc(certifications.id))
}

/** Where a company trades from and to: its country, verification and export markets (the route check of a project). */
export type TradeFacts = { id: string; name: string; country: string; verified: boolean; exportMarkets: string[] }

/** The trade facts of the companies among `ids` (one query; an unknown id has no entry). */
export async function companyTradeFacts(ids: Iterable<string>): Promise<Map<string, TradeFacts>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Map()
  const rows = await database()
    .select({
      id: organizations.id,
      name: organizations.name,
      country: companyProfiles.country,
      verificationStatus: companyProfiles.verificationStatus,
      exportMarkets: companyProfiles.exportMarkets,
    })
    .from(organizations)
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(inArray(organizations.id, wanted))
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, country: row.country, verified: row.verificationStatus === 'accept', exportMarkets: row.exportMarkets },
    ]),
  )
}

/** The country goods reach the company at: its default shipping address's, or null without one. */
export async function defaultShippingCountry(companyId: string): Promise<string | null> {
  const [row] = await database()
    .select({ country: addresses.country })
    .from(addresses)
    .where(and(eq(addresses.organizationId, companyId), eq(addresses.type, 'shipping')))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt))
    .limit(1)
  return row?.country ?? null
}
