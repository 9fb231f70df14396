import { randomUUID } from 'node:crypto'
import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Actor, ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { attachedFiles, changedFields, discardBytes, recordAudit, storedKeysOf } from '../kernel/index.server'
import { COMPANY_RECOVERY_DAYS, type LocalizedText } from './companies.constants'
import { certifications, companyProfiles, members, organizations } from './companies.tables.server'
import { companyChanged, membershipsChanged, setActiveCompany } from './company-context.server'
import type { AddCertificationInput, CreateCompanyInput, UpdateCompanyInput } from './company.inputs'
import { requireCompany, requireRole } from './policies'

const DAY_MS = 86_400_000

/** A URL-safe handle from the display name, unique thanks to a short random suffix. */
function slugFor(name: string): string {
  const base = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return `${base || 'company'}-${randomUUID().slice(0, 6)}`
}

/** Creates the company with the actor as its owner (once per idempotency key), and makes it the session's active company. */
export async function createCompany(ctx: ServiceContext, input: CreateCompanyInput, options: IdempotencyOption = {}): Promise<{ companyId: string }> {
  // The caller has no company yet (or is adding another): their keys are their own.
  const { id, replayed } = await createIdempotently(`company:${ctx.actor.userId}`, options, input, async (tx, companyId) => {
    await tx.insert(organizations).values({ id: companyId, name: input.displayName, slug: slugFor(input.displayName) })
    await tx.insert(companyProfiles).values({
      organizationId: companyId,
      kind: input.kind,
      services: input.services,
      legalName: input.legalName,
      country: input.country,
      city: input.city ?? '',
      website: input.website ?? null,
      size: input.size ?? null,
      yearFounded: input.yearFounded ?? null,
      mainProducts: input.mainProducts,
      mainMarkets: input.mainMarkets,
    })
    await tx.insert(members).values({ id: randomUUID(), organizationId: companyId, userId: ctx.actor.userId, role: 'owner' })
    await recordAudit(tx, ctx, { companyId, action: 'company.created', targetType: 'company', targetId: companyId, after: { ...input } })
    await setActiveCompany(ctx.actor.sessionId, companyId, tx)
  })
  if (!replayed) membershipsChanged([ctx.actor.userId])
  return { companyId: id }
}

export type CompanyProfile = Awaited<ReturnType<typeof readCompanyProfile>>

async function readCompanyProfile(db: Database | Transaction, companyId: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      displayName: organizations.name,
      slug: organizations.slug,
      logoFileId: organizations.logoFileId,
      createdAt: organizations.createdAt,
      kind: companyProfiles.kind,
      services: companyProfiles.services,
      legalName: companyProfiles.legalName,
      country: companyProfiles.country,
      city: companyProfiles.city,
      website: companyProfiles.website,
      size: companyProfiles.size,
      yearFounded: companyProfiles.yearFounded,
      mainProducts: companyProfiles.mainProducts,
      mainMarkets: companyProfiles.mainMarkets,
      description: companyProfiles.description,
      supplierType: companyProfiles.supplierType,
      capabilities: companyProfiles.capabilities,
      exportMarkets: companyProfiles.exportMarkets,
      factoryPhotoFileIds: companyProfiles.factoryPhotoFileIds,
      verificationStatus: companyProfiles.verificationStatus,
      verifiedAt: companyProfiles.verifiedAt,
    })
    .from(organizations)
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(and(eq(organizations.id, companyId), isNull(organizations.deletedAt)))
  if (!row) throw new AppError('not_found', 'Company not found')
  return row
}

/** The active company's profile (any member). */
export async function getCompanyProfile(ctx: ServiceContext) {
  requireCompany(ctx.actor)
  return readCompanyProfile(database(), ctx.actor.companyId)
}

/** A company the actor belongs to, by id: 404 for everyone else (platform admins may read any). */
export async function getCompanyById(ctx: ServiceContext, companyId: string) {
  await assertCanSeeCompany(ctx.actor, companyId)
  return readCompanyProfile(database(), companyId)
}

async function assertCanSeeCompany(actor: Actor, companyId: string): Promise<void> {
  if (actor.platformRole === 'admin') return
  const [row] = await database()
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organizationId, companyId), eq(members.userId, actor.userId)))
  if (!row) throw new AppError('not_found', 'Company not found')
}

/** A file of the company used as logo or certificate must belong to it. */
async function assertCompanyFile(db: Database | Transaction, companyId: string, fileId: string): Promise<void> {
  const [file] = await attachedFiles([fileId], { companyId, db })
  if (!file) throw new AppError('validation_failed', 'Unknown file', { fields: { fileId: ['validation.file'] } })
}

export async function updateCompanyProfile(ctx: ServiceContext, input: UpdateCompanyInput) {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const updated = await database().transaction(async (tx) => {
    const current = await readCompanyProfile(tx, companyId)
    if (input.logoFileId) await assertCompanyFile(tx, companyId, input.logoFileId)
    const description: LocalizedText = {
      ...(input.descriptionEn ? { en: input.descriptionEn } : {}),
      ...(input.descriptionZhHans ? { 'zh-Hans': input.descriptionZhHans } : {}),
      ...(input.descriptionZhHant ? { 'zh-Hant': input.descriptionZhHant } : {}),
    }
    const next = {
      displayName: input.displayName,
      legalName: input.legalName,
      country: input.country,
      city: input.city ?? '',
      website: input.website ?? null,
      size: input.size ?? null,
      yearFounded: input.yearFounded ?? null,
      mainProducts: input.mainProducts,
      mainMarkets: input.mainMarkets,
      description,
      logoFileId: input.logoFileId === undefined ? current.logoFileId : input.logoFileId,
    }
    const diff = changedFields(current as unknown as Record<string, unknown>, next)
    if (!diff) return current
    await tx.update(organizations).set({ name: next.displayName, logoFileId: next.logoFileId, updatedAt: new Date() }).where(eq(organizations.id, companyId))
    await tx
      .update(companyProfiles)
      .set({
        legalName: next.legalName,
        country: next.country,
        city: next.city,
        website: next.website,
        size: next.size,
        yearFounded: next.yearFounded,
        mainProducts: next.mainProducts,
        mainMarkets: next.mainMarkets,
        description: next.description,
        updatedAt: new Date(),
      })
      .where(eq(companyProfiles.organizationId, companyId))
    await recordAudit(tx, ctx, { companyId, action: 'company.updated', targetType: 'company', targetId: companyId, ...diff })
    return readCompanyProfile(tx, companyId)
  })
  await companyChanged(companyId)
  return updated
}

export async function listCertifications(ctx: ServiceContext) {
  requireCompany(ctx.actor)
  return database().select().from(certifications).where(eq(certifications.organizationId, ctx.actor.companyId)).orderBy(asc(certifications.name))
}

/** Adds a certification (admins and owners), once per idempotency key; its file must be one of the company's. */
export async function addCertification(ctx: ServiceContext, input: AddCertificationInput, options: IdempotencyOption = {}) {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const { id } = await createIdempotently(`certification:${companyId}`, options, input, async (tx, certificationId) => {
    if (input.fileId) await assertCompanyFile(tx, companyId, input.fileId)
    const [row] = await tx
      .insert(certifications)
      .values({
        id: certificationId,
        organizationId: companyId,
        name: input.name,
        issuer: input.issuer ?? '',
        certificateNumber: input.certificateNumber ?? '',
        validUntil: input.validUntil ?? null,
        fileId: input.fileId ?? null,
      })
      .returning()
    if (!row) throw new AppError('internal', 'Certification not stored')
    await recordAudit(tx, ctx, {
      companyId,
      action: 'certification.added',
      targetType: 'certification',
      targetId: row.id,
      after: { name: row.name, issuer: row.issuer, validUntil: row.validUntil },
    })
  })
  const [added] = await database()
    .select()
    .from(certifications)
    .where(and(eq(certifications.id, id), eq(certifications.organizationId, companyId)))
  if (!added) throw new AppError('not_found', 'Certification not found')
  return added
}

export async function removeCertification(ctx: ServiceContext, certificationId: string) {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(certifications)
      .where(and(eq(certifications.id, certificationId), eq(certifications.organizationId, companyId)))
    if (!row) throw new AppError('not_found', 'Certification not found')
    requireRole(ctx.actor, 'admin')
    await tx.delete(certifications).where(eq(certifications.id, certificationId))
    await recordAudit(tx, ctx, {
      companyId,
      action: 'certification.removed',
      targetType: 'certification',
      targetId: row.id,
      before: { name: row.name, issuer: row.issuer },
    })
  })
}

/** Soft-deletes the company (owners only, after typing its name); restorable for 30 days. */
export async function deleteCompany(ctx: ServiceContext, confirmName: string): Promise<{ purgeAfter: Date }> {
  requireRole(ctx.actor, 'owner')
  const companyId = ctx.actor.companyId
  const purgeAfter = new Date(Date.now() + COMPANY_RECOVERY_DAYS * DAY_MS)
  await database().transaction(async (tx) => {
    const current = await readCompanyProfile(tx, companyId)
    if (confirmName.trim() !== current.displayName) {
      throw new AppError('validation_failed', 'The name does not match', { fields: { confirmName: ['validation.confirmNameMismatch'] } })
    }
    await tx.update(organizations).set({ deletedAt: new Date(), purgeAfter, updatedAt: new Date() }).where(eq(organizations.id, companyId))
    await recordAudit(tx, ctx, {
      companyId,
      action: 'company.deleted',
      targetType: 'company',
      targetId: companyId,
      after: { purgeAfter: purgeAfter.toISOString() },
    })
  })
  await companyChanged(companyId)
  return { purgeAfter }
}

/** Deleted companies the actor owns and can still restore. */
export async function listRestorableCompanies(ctx: ServiceContext) {
  return database()
    .select({ id: organizations.id, name: organizations.name, deletedAt: organizations.deletedAt, purgeAfter: organizations.purgeAfter })
    .from(organizations)
    .innerJoin(members, and(eq(members.organizationId, organizations.id), eq(members.userId, ctx.actor.userId), eq(members.role, 'owner')))
    .where(and(isNotNull(organizations.deletedAt), sql`${organizations.purgeAfter} > now()`))
    .orderBy(asc(organizations.name))
}

export async function restoreCompany(ctx: ServiceContext, companyId: string): Promise<void> {
  const restorable = await listRestorableCompanies(ctx)
  if (!restorable.some((company) => company.id === companyId)) throw new AppError('not_found', 'Company not found')
  await database().transaction(async (tx) => {
    await tx.update(organizations).set({ deletedAt: null, purgeAfter: null, updatedAt: new Date() }).where(eq(organizations.id, companyId))
    await recordAudit(tx, ctx, { companyId, action: 'company.restored', targetType: 'company', targetId: companyId })
    await setActiveCompany(ctx.actor.sessionId, companyId, tx)
  })
  await companyChanged(companyId)
}

/** Removes companies whose recovery window has passed, with everything they own. */
export async function purgeDeletedCompanies(now = new Date()): Promise<number> {
  const expired = and(isNotNull(organizations.deletedAt), lt(organizations.purgeAfter, now))
  const { purged, storedKeys } = await database().transaction(async (tx) => {
    const expiring = await tx.select({ id: organizations.id }).from(organizations).where(expired)
    const stored = await storedKeysOf(
      expiring.map((company) => company.id),
      tx,
    )
    const deleted = await tx.delete(organizations).where(expired).returning({ id: organizations.id })
    return { purged: deleted.length, storedKeys: stored }
  })
  await discardBytes(storedKeys)
  return purged
}
