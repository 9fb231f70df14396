import { eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { attachedFiles, changedFields, deleteFile, filesOfCompany, recordAudit, type StoredFile, uploadFile } from '../kernel/index.server'
import type { CompanyKind, LocalizedText, SupplierType } from './companies.constants'
import type { FilePurpose } from '../kernel/index'
import { companyProfiles, organizations } from './companies.tables.server'
import { companyChanged } from './company-context.server'
import type { AddCertificationInput } from './company.inputs'
import { addCertification } from './company.service.server'
import { requireCompany, requireRole } from './policies'
import { MAX_FACTORY_PHOTOS, type UpdateSupplierProfileInput } from './supplier.inputs'

/** A file chosen in a form, before it is stored. */
export type FormUpload = { name: string; bytes: Uint8Array }

type Db = Database | Transaction

/** The supplier side of a company profile, as stored. */
export type SupplierProfileFields = {
  kind: CompanyKind
  supplierType: SupplierType | null
  capabilities: string[]
  exportMarkets: string[]
  factoryPhotoFileIds: string[]
  bannerFileId: string | null
  description: LocalizedText
}

async function readSupplierFields(db: Db, companyId: string): Promise<SupplierProfileFields & { displayName: string }> {
  const [row] = await db
    .select({
      displayName: organizations.name,
      kind: companyProfiles.kind,
      supplierType: companyProfiles.supplierType,
      capabilities: companyProfiles.capabilities,
      exportMarkets: companyProfiles.exportMarkets,
      factoryPhotoFileIds: companyProfiles.factoryPhotoFileIds,
      bannerFileId: companyProfiles.bannerFileId,
      description: companyProfiles.description,
    })
    .from(companyProfiles)
    .innerJoin(organizations, eq(organizations.id, companyProfiles.organizationId))
    .where(eq(companyProfiles.organizationId, companyId))
  if (!row) throw new AppError('not_found', 'Company not found')
  return row
}

/** Every id must name a file of this company uploaded for `purpose`; otherwise the field is refused. */
export async function assertCompanyFiles(db: Db, companyId: string, fileIds: string[], purpose: FilePurpose, field: string): Promise<void> {
  if (fileIds.length === 0) return
  const found = await attachedFiles(fileIds, { companyId, purposes: [purpose], db })
  if (new Set(found.map((file) => file.id)).size !== fileIds.length)
    throw new AppError('validation_failed', 'Unknown file', { fields: { [field]: ['validation.file'] } })
}

/** A company that names a supplier type supplies: a buyer becomes buyer and supplier. */
export function kindWithSupplierType(kind: CompanyKind): CompanyKind {
  return kind === 'buyer' ? 'both' : kind
}

function descriptionFrom(current: LocalizedText, input: UpdateSupplierProfileInput): LocalizedText {
  const next: LocalizedText = { ...current }
  const entries = [
    ['en', input.descriptionEn],
    ['zh-Hans', input.descriptionZhHans],
    ['zh-Hant', input.descriptionZhHant],
  ] as const
  for (const [locale, text] of entries) {
    if (text === undefined) continue
    if (text) next[locale] = text
    else delete next[locale]
  }
  return next
}

/**
 * Writes the given supplier fields inside the caller's transaction, with a `company.updated` audit
 * entry of what changed. Returns whether anything changed.
 */
export async function writeSupplierProfile(tx: Transaction, ctx: ServiceContext, companyId: string, input: UpdateSupplierProfileInput): Promise<boolean> {
  const current = await readSupplierFields(tx, companyId)
  if (input.factoryPhotoFileIds) {
    const added = input.factoryPhotoFileIds.filter((id) => !current.factoryPhotoFileIds.includes(id))
    await assertCompanyFiles(tx, companyId, added, 'factory_photo', 'factoryPhotoFileIds')
  }
  if (input.bannerFileId) await assertCompanyFiles(tx, companyId, [input.bannerFileId], 'banner', 'bannerFileId')
  const supplierType = input.supplierType ?? current.supplierType
  const next: SupplierProfileFields = {
    kind: supplierType ? kindWithSupplierType(current.kind) : current.kind,
    supplierType,
    capabilities: input.capabilities ?? current.capabilities,
    exportMarkets: input.exportMarkets ?? current.exportMarkets,
    factoryPhotoFileIds: input.factoryPhotoFileIds ?? current.factoryPhotoFileIds,
    bannerFileId: input.bannerFileId === undefined ? current.bannerFileId : input.bannerFileId,
    description: descriptionFrom(current.description, input),
  }
  const diff = changedFields<SupplierProfileFields>(current, next)
  if (!diff) return false
  await tx
    .update(companyProfiles)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(companyProfiles.organizationId, companyId))
  await recordAudit(tx, ctx, { companyId, action: 'company.updated', targetType: 'company', targetId: companyId, ...diff })
  return true
}

/** Supplier type, capabilities, export markets, factory photos and descriptions (admins and owners). */
export async function updateSupplierProfile(ctx: ServiceContext, input: UpdateSupplierProfileInput): Promise<SupplierProfile> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const changed = await database().transaction((tx) => writeSupplierProfile(tx, ctx, companyId, input))
  if (changed) await companyChanged(companyId)
  return getSupplierProfile(ctx)
}

/** Chooses or changes the supplier type; a buying company becomes buyer and supplier. */
export async function setSupplierType(ctx: ServiceContext, supplierType: SupplierType): Promise<SupplierProfile> {
  return updateSupplierProfile(ctx, { supplierType })
}

/**
 * Stores the uploads for `purpose`, then hands them to `attach`; if storing or attaching them fails, the
 * files already stored are deleted again, so a refused form leaves nothing behind.
 */
export async function withUploads<T>(
  ctx: ServiceContext,
  purpose: FilePurpose,
  uploads: FormUpload[],
  attach: (stored: StoredFile[]) => Promise<T>,
): Promise<T> {
  const stored: StoredFile[] = []
  try {
    for (const upload of uploads) stored.push(await uploadFile(ctx, { purpose, ...upload }))
    return await attach(stored)
  } catch (error) {
    await Promise.allSettled(stored.map((file) => deleteFile(ctx, file.id)))
    throw error
  }
}

/** Stores new factory photos and adds them after the existing ones (admins and owners, at most MAX_FACTORY_PHOTOS). */
export async function addFactoryPhotos(ctx: ServiceContext, uploads: FormUpload[]): Promise<SupplierProfile> {
  requireRole(ctx.actor, 'admin')
  if (uploads.length === 0) throw new AppError('validation_failed', 'Choose a photo', { fields: { photos: ['validation.photosRequired'] } })
  const { factoryPhotoFileIds } = await readSupplierFields(database(), ctx.actor.companyId)
  if (factoryPhotoFileIds.length + uploads.length > MAX_FACTORY_PHOTOS) {
    throw new AppError('validation_failed', 'Too many photos', { fields: { photos: ['validation.tooManyPhotos'] } })
  }
  return withUploads(ctx, 'factory_photo', uploads, (stored) =>
    updateSupplierProfile(ctx, { factoryPhotoFileIds: [...factoryPhotoFileIds, ...stored.map((file) => file.id)] }),
  )
}

/** Takes a photo off the profile and deletes the file (admins and owners). */
export async function removeFactoryPhoto(ctx: ServiceContext, fileId: string): Promise<SupplierProfile> {
  requireRole(ctx.actor, 'admin')
  const { factoryPhotoFileIds } = await readSupplierFields(database(), ctx.actor.companyId)
  if (!factoryPhotoFileIds.includes(fileId)) throw new AppError('not_found', 'Photo not found')
  const profile = await updateSupplierProfile(ctx, { factoryPhotoFileIds: factoryPhotoFileIds.filter((id) => id !== fileId) })
  await deleteFile(ctx, fileId)
  return profile
}

/**
 * Stores a new profile banner and shows it in place of the previous one, whose file is deleted (admins and owners).
 * The upload is checked like every upload (type sniffed from the bytes, image types only, size limit).
 */
export async function replaceSupplierBanner(ctx: ServiceContext, upload: FormUpload | null): Promise<SupplierProfile> {
  requireRole(ctx.actor, 'admin')
  if (!upload) throw new AppError('validation_failed', 'Choose an image', { fields: { banner: ['validation.bannerRequired'] } })
  const { bannerFileId: previous } = await readSupplierFields(database(), ctx.actor.companyId)
  const profile = await withUploads(ctx, 'banner', [upload], ([file]) => updateSupplierProfile(ctx, { bannerFileId: file!.id }))
  if (previous) await deleteFile(ctx, previous)
  return profile
}

/** Takes the banner off the profile and deletes its file (admins and owners). */
export async function removeSupplierBanner(ctx: ServiceContext): Promise<SupplierProfile> {
  requireRole(ctx.actor, 'admin')
  const { bannerFileId } = await readSupplierFields(database(), ctx.actor.companyId)
  if (!bannerFileId) throw new AppError('not_found', 'Banner not found')
  const profile = await updateSupplierProfile(ctx, { bannerFileId: null })
  await deleteFile(ctx, bannerFileId)
  return profile
}

/** Adds a certification, storing its certificate first when one was chosen (admins and owners). */
export async function addCertificationWithFile(ctx: ServiceContext, input: AddCertificationInput, certificate: FormUpload | null) {
  requireRole(ctx.actor, 'admin')
  return withUploads(ctx, 'certification', certificate ? [certificate] : [], ([file]) => addCertification(ctx, { ...input, fileId: file?.id ?? input.fileId }))
}

export type SupplierProfile = Awaited<ReturnType<typeof getSupplierProfile>>

/** The active company's supplier profile with its factory photos (any member). */
export async function getSupplierProfile(ctx: ServiceContext) {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const [row] = await database()
    .select({
      companyId: organizations.id,
      displayName: organizations.name,
      logoFileId: organizations.logoFileId,
      legalName: companyProfiles.legalName,
      country: companyProfiles.country,
      kind: companyProfiles.kind,
      supplierType: companyProfiles.supplierType,
      capabilities: companyProfiles.capabilities,
      exportMarkets: companyProfiles.exportMarkets,
      factoryPhotoFileIds: companyProfiles.factoryPhotoFileIds,
      bannerFileId: companyProfiles.bannerFileId,
      description: companyProfiles.description,
      verificationStatus: companyProfiles.verificationStatus,
      verifiedAt: companyProfiles.verifiedAt,
    })
    .from(organizations)
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(eq(organizations.id, companyId))
  if (!row) throw new AppError('not_found', 'Company not found')
  const photos = await filesOfCompany(companyId, row.factoryPhotoFileIds)
  // Keep the order the supplier chose; a photo deleted from storage simply drops out.
  const factoryPhotos = row.factoryPhotoFileIds.flatMap((id) => photos.filter((photo) => photo.id === id))
  return { ...row, factoryPhotos }
}
