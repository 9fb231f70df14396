// Platform admins look a company up by name to act on it from another module's page (e.g. assigning it a plan).
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import type { CompanyKind } from './companies.constants'
import { companyProfiles, organizations } from './companies.tables.server'
import { requirePlatformAdmin } from './policies'

/** A company as a platform admin's look-up lists it. */
export type CompanyMatch = { id: string; name: string; legalName: string | null; kind: CompanyKind | null; country: string | null }

/**
 * Companies (not deleted) whose display or legal name contains `text`, case-insensitively: names that start with it
 * first, then by name. `more` says there were more than `limit`.
 */
export async function findCompaniesByName(ctx: ServiceContext, text: string, limit = 10): Promise<{ items: CompanyMatch[]; more: boolean }> {
  requirePlatformAdmin(ctx.actor)
  const wanted = text.trim().toLowerCase()
  if (!wanted) return { items: [], more: false }
  // position() rather than LIKE: the admin's text is matched as typed, with no wildcards to escape.
  const inName = sql`position(${wanted} in lower(${organizations.name})) > 0`
  const inLegalName = sql`position(${wanted} in lower(${companyProfiles.legalName})) > 0`
  const rows = await database()
    .select({
      id: organizations.id,
      name: organizations.name,
      legalName: companyProfiles.legalName,
      kind: companyProfiles.kind,
      country: companyProfiles.country,
    })
    .from(organizations)
    .leftJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(and(isNull(organizations.deletedAt), sql`(${inName} or coalesce(${inLegalName}, false))`))
    .orderBy(sql`position(${wanted} in lower(${organizations.name})) <> 1`, asc(organizations.name), asc(organizations.id))
    .limit(limit + 1)
  return { items: rows.slice(0, limit), more: rows.length > limit }
}
