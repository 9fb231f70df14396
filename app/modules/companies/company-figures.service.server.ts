// Figures over companies and people for the dashboard: the active company's set-up steps, and for platform admins the
// growth of companies and users and the supplier verification queue.
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { FIRST_COLUMN, isoText, queueLength, queueOf } from '../../platform/db/sql-text.server'
import { userDirectory as users } from '../identity/index.server'
import type { VerificationStatus } from './companies.constants'
import { addresses, companyProfiles, invitations, members, organizations, supplierApplications } from './companies.tables.server'
import { requireCompany, requirePlatformAdmin } from './policies'

export type FigurePeriod = { from: string; to: string; bucket: 'day' | 'month'; timeZone: string }
export type CountInBucket = { bucket: string; count: number }

const within = (at: SQL, period: FigurePeriod): SQL =>
  sql`${at} >= (${period.from}::date::timestamp at time zone ${period.timeZone}) and ${at} < ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`
const bucketOf = (period: FigurePeriod, at: SQL): SQL<string> =>
  sql<string>`to_char(${at} at time zone ${period.timeZone}, ${period.bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})`

export type CompanySetup = { verificationStatus: VerificationStatus; hasAddress: boolean }

/** Where the active company stands in its set-up: supplier verification and a first address (for ship-to and quotes). */
export async function companySetup(ctx: ServiceContext): Promise<CompanySetup> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const [row] = await database()
    .select({
      status: sql<VerificationStatus | null>`(select ${companyProfiles.verificationStatus} from ${companyProfiles} where ${companyProfiles.organizationId} = ${companyId})`,
      hasAddress: sql<boolean>`exists (select 1 from ${addresses} where ${addresses.organizationId} = ${companyId})`,
    })
    .from(organizations)
    .where(eq(organizations.id, companyId))
  return { verificationStatus: row?.status ?? 'unverified', hasAddress: row?.hasAddress ?? false }
}

export type PlatformCompanyFigures = {
  companies: CountInBucket[]
  users: CountInBucket[]
  totals: { companies: number; users: number }
}

export type VerificationQueue = { count: number; more: boolean; items: Array<{ id: string; organizationId: string; name: string; submittedAt: string }> }

/** Platform admins: supplier applications waiting for review, the oldest first. */
export async function verificationQueue(ctx: ServiceContext): Promise<VerificationQueue> {
  requirePlatformAdmin(ctx.actor)
  const pending = eq(supplierApplications.status, 'pending')
  const rows = await database()
    .select({
      id: supplierApplications.id,
      organizationId: organizations.id,
      name: organizations.name,
      submittedAt: isoText(supplierApplications.submittedAt),
      queued: queueLength(supplierApplications, pending, sql`${supplierApplications.submittedAt}`),
    })
    .from(supplierApplications)
    .innerJoin(organizations, eq(organizations.id, supplierApplications.organizationId))
    .where(pending)
    .orderBy(asc(supplierApplications.submittedAt))
    .limit(3)
  return queueOf(rows)
}

/** Platform admins: companies and users created per bucket, and the totals. */
export async function platformCompanyFigures(ctx: ServiceContext, period: FigurePeriod): Promise<PlatformCompanyFigures> {
  requirePlatformAdmin(ctx.actor)
  const db = database()
  const companyBucket = bucketOf(period, sql`${organizations.createdAt}`)
  const userBucket = bucketOf(period, sql`${users.createdAt}`)
  const [companies, people, companyTotal, userTotal] = await Promise.all([
    db
      .select({ bucket: companyBucket, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(organizations)
      .where(and(isNull(organizations.deletedAt), within(sql`${organizations.createdAt}`, period)))
      .groupBy(FIRST_COLUMN),
    db
      .select({ bucket: userBucket, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(users)
      .where(within(sql`${users.createdAt}`, period))
      .groupBy(FIRST_COLUMN),
    db
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(organizations)
      .where(isNull(organizations.deletedAt)),
    db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(users),
  ])
  return {
    companies,
    users: people,
    totals: { companies: companyTotal[0]?.count ?? 0, users: userTotal[0]?.count ?? 0 },
  }
}

/** The guide's company facts: the profile's parts (logo, a description in any language, an address) and a colleague invited. */
export type CompanyProgress = CompanySetup & { hasLogo: boolean; hasDescription: boolean; invitedColleague: boolean }

/** The active company's progress for the getting-started guide, in one statement (existence only, never a count). */
export async function companyProgress(ctx: ServiceContext): Promise<CompanyProgress> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const [row] = await database()
    .select({
      status: companyProfiles.verificationStatus,
      hasLogo: sql<boolean>`${organizations.logoFileId} is not null`,
      hasDescription: sql<boolean>`exists (select 1 from jsonb_each_text(${companyProfiles.description}) as entry(locale, value) where btrim(entry.value) <> '')`,
      hasAddress: sql<boolean>`exists (select 1 from ${addresses} where ${addresses.organizationId} = ${companyId})`,
      invitedColleague: sql<boolean>`(exists (select 1 from ${members} where ${members.organizationId} = ${companyId} and ${members.userId} <> ${ctx.actor.userId})
        or exists (select 1 from ${invitations} where ${invitations.organizationId} = ${companyId}))`,
    })
    .from(organizations)
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(eq(organizations.id, companyId))
  return {
    verificationStatus: row?.status ?? 'unverified',
    hasAddress: row?.hasAddress ?? false,
    hasLogo: row?.hasLogo ?? false,
    hasDescription: row?.hasDescription ?? false,
    invitedColleague: row?.invitedColleague ?? false,
  }
}
