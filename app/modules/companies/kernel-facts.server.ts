// What the kernel must know of companies (kernel/company-facts.server.ts), provided when companies' index loads.
import { and, eq, sql } from 'drizzle-orm'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { provideCompanyFacts } from '../kernel/index.server'
import { companyProfiles, organizations, supplierApplications } from './companies.tables.server'
import { companyChanged } from './company-context.server'
import { companyNames } from './company-lookups.server'

async function isDeleted(companyId: string): Promise<boolean> {
  const [row] = await database().select({ deletedAt: organizations.deletedAt }).from(organizations).where(eq(organizations.id, companyId))
  return row?.deletedAt != null
}

/**
 * A file under review in a pending supplier application stays until the review ends (409); a factory photo leaves the
 * profile. The logo and certification references are cleared by their foreign keys (on delete set null); a logo's
 * removal changes what the company's cached facts show.
 */
async function releaseFile(tx: Transaction, companyId: string, fileId: string): Promise<boolean> {
  const [underReview] = await tx
    .select({ id: supplierApplications.id })
    .from(supplierApplications)
    .where(
      and(
        eq(supplierApplications.organizationId, companyId),
        eq(supplierApplications.status, 'pending'),
        sql`${supplierApplications.documentFileIds} @> ${JSON.stringify([fileId])}::jsonb`,
      ),
    )
  if (underReview) throw new AppError('conflict', 'The file is part of a pending verification application', { reason: 'file_under_review' })
  const [company] = await tx.select({ logoFileId: organizations.logoFileId }).from(organizations).where(eq(organizations.id, companyId))
  await tx
    .update(companyProfiles)
    .set({ factoryPhotoFileIds: sql`${companyProfiles.factoryPhotoFileIds} - ${fileId}::text`, updatedAt: new Date() })
    .where(and(eq(companyProfiles.organizationId, companyId), sql`${companyProfiles.factoryPhotoFileIds} @> ${JSON.stringify([fileId])}::jsonb`))
  return company?.logoFileId === fileId
}

provideCompanyFacts({ names: (ids) => companyNames(ids), isDeleted, releaseFile, refresh: companyChanged })
