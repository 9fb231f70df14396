import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { DEFAULT_LOCALE, type Locale } from '../../platform/i18n/locales'
import { logger } from '../../platform/logger.server'
import { sendMail } from '../../platform/mail/mailer.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { savedLanguageOf, userDirectory as users } from '../identity/index.server'
import { filesOfCompany, recordAudit, usersMailedFor } from '../kernel/index.server'
import type { SupplierType, VerificationStatus } from './companies.constants'
import { certifications, companyProfiles, members, organizations, supplierApplications } from './companies.tables.server'
import { companyChanged } from './company-context.server'
import type { CreateCompanyInput } from './company.inputs'
import { createCompany, getCompanyById } from './company.service.server'
import { unmailed } from './notice-delivery.server'
import { type Notice, recordNotice } from './company-notice.service.server'
import { requireCompany, requirePlatformAdmin, requireRole } from './policies'
import { assertCompanyFiles, type FormUpload, updateSupplierProfile, withUploads, writeSupplierProfile } from './supplier-profile.service.server'
import type { ApplicationQuery, DecisionInput, SubmitApplicationInput, SupplierOnboardProfileInput, UpdateSupplierProfileInput } from './supplier.inputs'
import { verificationDecisionMail } from './verification-mail.server'
import { mayApplyForVerification } from './verification.policy'

const submitter = alias(users, 'submitter')
const reviewer = alias(users, 'reviewer')

function assertMayApply(status: VerificationStatus): void {
  if (mayApplyForVerification(status)) return
  if (status === 'pending') throw new AppError('application_pending', 'A verification application is already under review')
  throw new AppError('conflict', 'The company is already verified')
}

async function verificationStatusOf(tx: Transaction, companyId: string): Promise<VerificationStatus> {
  const [row] = await tx
    .select({ status: companyProfiles.verificationStatus })
    .from(companyProfiles)
    .where(eq(companyProfiles.organizationId, companyId))
    .for('update')
  if (!row) throw new AppError('not_found', 'Company not found')
  return row.status
}

/** Sends the company's verification documents for review (admins and owners), once per idempotency key; one pending application at a time. */
export async function submitApplication(ctx: ServiceContext, input: SubmitApplicationInput, options: IdempotencyOption = {}) {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const { id, replayed } = await createIdempotently(`supplier_application:${companyId}`, options, input, async (tx, applicationId) => {
    // The profile row lock makes a second, concurrent submission wait and then see `pending`.
    const before = await verificationStatusOf(tx, companyId)
    assertMayApply(before)
    await assertCompanyFiles(tx, companyId, input.documentFileIds, 'verification', 'documentFileIds')
    const [row] = await tx
      .insert(supplierApplications)
      .values({
        id: applicationId,
        organizationId: companyId,
        supplierType: input.supplierType,
        documentFileIds: input.documentFileIds,
        message: input.message,
        submittedBy: ctx.actor.userId,
      })
      .returning()
    if (!row) throw new AppError('internal', 'Application not stored')
    await writeSupplierProfile(tx, ctx, companyId, { supplierType: input.supplierType })
    await tx.update(companyProfiles).set({ verificationStatus: 'pending', updatedAt: new Date() }).where(eq(companyProfiles.organizationId, companyId))
    await recordAudit(tx, ctx, {
      companyId,
      action: 'verification.submitted',
      targetType: 'supplier_application',
      targetId: row.id,
      before: { verificationStatus: before },
      after: { verificationStatus: 'pending', supplierType: row.supplierType, documentFileIds: row.documentFileIds },
    })
  })
  if (!replayed) await companyChanged(companyId)
  const [application] = await database()
    .select()
    .from(supplierApplications)
    .where(and(eq(supplierApplications.id, id), eq(supplierApplications.organizationId, companyId)))
  if (!application) throw new AppError('not_found', 'Application not found')
  return application
}

/** Stores the chosen documents for verification, then submits them with the application. */
export async function submitApplicationWithUploads(ctx: ServiceContext, input: { supplierType: SupplierType; documents: FormUpload[]; message: string }) {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  if (input.documents.length === 0)
    throw new AppError('validation_failed', 'Add at least one document', { fields: { documents: ['validation.documentsRequired'] } })
  // Checked before storing anything, so a refused application leaves no orphaned uploads.
  await database().transaction(async (tx) => assertMayApply(await verificationStatusOf(tx, companyId)))
  return withUploads(ctx, 'verification', input.documents, (stored) =>
    submitApplication(ctx, { supplierType: input.supplierType, documentFileIds: stored.map((file) => file.id), message: input.message }),
  )
}

const DESCRIPTION_FIELD = { en: 'descriptionEn', 'zh-Hans': 'descriptionZhHans', 'zh-Hant': 'descriptionZhHant' } as const satisfies Record<
  Locale,
  keyof UpdateSupplierProfileInput
>

/**
 * The public application in one go: a new company (or the active one), its supplier profile, the
 * documents, and the application. The caller is already signed in (possibly just now).
 */
export async function applyAsSupplier(
  ctx: ServiceContext,
  input: { company: CreateCompanyInput | null; profile: SupplierOnboardProfileInput; documents: FormUpload[]; message: string },
): Promise<{ companyId: string }> {
  const acting = input.company ? await actingForNewCompany(ctx, input.company) : ctx
  requireRole(acting.actor, 'admin')
  const companyId = acting.actor.companyId
  if (!input.company) await database().transaction(async (tx) => assertMayApply(await verificationStatusOf(tx, companyId)))
  const { supplierType, capabilities, exportMarkets, description } = input.profile
  await updateSupplierProfile(acting, { supplierType, capabilities, exportMarkets, ...(description ? { [DESCRIPTION_FIELD[ctx.locale]]: description } : {}) })
  await submitApplicationWithUploads(acting, { supplierType, documents: input.documents, message: input.message })
  return { companyId }
}

/** The actor as owner of the company just created for them (the session already acts for it). */
async function actingForNewCompany(ctx: ServiceContext, company: CreateCompanyInput): Promise<ServiceContext> {
  const { companyId } = await createCompany(ctx, company)
  return { ...ctx, actor: { ...ctx.actor, companyId, memberRole: 'owner', companyKind: company.kind } }
}

/** The active company's applications, newest first, with the reviewers' notes (any member). */
export async function myApplications(ctx: ServiceContext) {
  requireCompany(ctx.actor)
  return database()
    .select({
      id: supplierApplications.id,
      status: supplierApplications.status,
      supplierType: supplierApplications.supplierType,
      documentCount: sql<number>`jsonb_array_length(${supplierApplications.documentFileIds})`.mapWith(Number),
      message: supplierApplications.message,
      submittedAt: supplierApplications.submittedAt,
      submittedByName: submitter.name,
      reviewedAt: supplierApplications.reviewedAt,
      reviewNote: supplierApplications.reviewNote,
    })
    .from(supplierApplications)
    .leftJoin(submitter, eq(submitter.id, supplierApplications.submittedBy))
    .where(eq(supplierApplications.organizationId, ctx.actor.companyId))
    .orderBy(desc(supplierApplications.submittedAt), desc(supplierApplications.id))
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The review queue (platform admins): newest first, filtered by status, supplier type, country and company name. */
export async function listApplications(ctx: ServiceContext, query: ApplicationQuery) {
  requirePlatformAdmin(ctx.actor)
  const filters: SQL[] = [isNull(organizations.deletedAt)]
  if (query.status !== 'all') filters.push(eq(supplierApplications.status, query.status))
  if (query.supplierType) filters.push(eq(supplierApplications.supplierType, query.supplierType))
  if (query.country) filters.push(eq(companyProfiles.country, query.country))
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`
    const byName = or(ilike(organizations.name, pattern), ilike(companyProfiles.legalName, pattern))
    if (byName) filters.push(byName)
  }
  const where = and(...filters)
  const db = database()
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: supplierApplications.id,
        status: supplierApplications.status,
        supplierType: supplierApplications.supplierType,
        submittedAt: supplierApplications.submittedAt,
        reviewedAt: supplierApplications.reviewedAt,
        documentCount: sql<number>`jsonb_array_length(${supplierApplications.documentFileIds})`.mapWith(Number),
        companyId: organizations.id,
        companyName: organizations.name,
        legalName: companyProfiles.legalName,
        country: companyProfiles.country,
        verificationStatus: companyProfiles.verificationStatus,
        submittedByName: submitter.name,
        submittedByEmail: submitter.email,
      })
      .from(supplierApplications)
      .innerJoin(organizations, eq(organizations.id, supplierApplications.organizationId))
      .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
      .leftJoin(submitter, eq(submitter.id, supplierApplications.submittedBy))
      .where(where)
      .orderBy(desc(supplierApplications.submittedAt), desc(supplierApplications.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(supplierApplications)
      .innerJoin(organizations, eq(organizations.id, supplierApplications.organizationId))
      .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
      .where(where),
  ])
  return { items, total: total?.value ?? 0, limit: query.limit, offset: query.offset }
}

async function applicationRow(id: string) {
  const [row] = await database()
    .select({
      application: supplierApplications,
      submittedByName: submitter.name,
      submittedByEmail: submitter.email,
      reviewedByName: reviewer.name,
    })
    .from(supplierApplications)
    .leftJoin(submitter, eq(submitter.id, supplierApplications.submittedBy))
    .leftJoin(reviewer, eq(reviewer.id, supplierApplications.reviewedBy))
    .where(eq(supplierApplications.id, id))
  if (!row) throw new AppError('not_found', 'Application not found')
  return { ...row.application, submittedByName: row.submittedByName, submittedByEmail: row.submittedByEmail, reviewedByName: row.reviewedByName }
}

export type ApplicationDetail = Awaited<ReturnType<typeof getApplication>>

/** One application for review (platform admins): the company, its documents, photos, certificates and earlier decisions. */
export async function getApplication(ctx: ServiceContext, id: string) {
  requirePlatformAdmin(ctx.actor)
  const application = await applicationRow(id)
  const companyId = application.organizationId
  const company = await getCompanyById(ctx, companyId)
  const [documents, factoryPhotos, companyCertifications, previous] = await Promise.all([
    filesOfCompany(companyId, application.documentFileIds),
    filesOfCompany(companyId, company.factoryPhotoFileIds),
    database().select().from(certifications).where(eq(certifications.organizationId, companyId)).orderBy(asc(certifications.name)),
    database()
      .select({
        id: supplierApplications.id,
        status: supplierApplications.status,
        supplierType: supplierApplications.supplierType,
        submittedAt: supplierApplications.submittedAt,
        reviewedAt: supplierApplications.reviewedAt,
        reviewNote: supplierApplications.reviewNote,
        reviewedByName: reviewer.name,
      })
      .from(supplierApplications)
      .leftJoin(reviewer, eq(reviewer.id, supplierApplications.reviewedBy))
      .where(and(eq(supplierApplications.organizationId, companyId), ne(supplierApplications.id, id)))
      .orderBy(desc(supplierApplications.submittedAt)),
  ])
  return { application, company, documents, factoryPhotos, certifications: companyCertifications, previous }
}

/**
 * Accepts or rejects a pending application (platform admins). Every member of the company gets the notice in the app;
 * the owners and admins hear of it by the decision mail, which is this notice's mail (it is not mailed twice).
 */
export async function decideApplication(ctx: ServiceContext, id: string, input: DecisionInput) {
  requirePlatformAdmin(ctx.actor)
  const events: OutboxEventId[] = []
  const decided = await database().transaction(async (tx) => {
    const [found] = await tx
      .select({ application: supplierApplications, companyName: organizations.name })
      .from(supplierApplications)
      .innerJoin(organizations, eq(organizations.id, supplierApplications.organizationId))
      .where(eq(supplierApplications.id, id))
      .for('update', { of: supplierApplications })
    if (!found) throw new AppError('not_found', 'Application not found')
    const { application, companyName } = found
    if (application.status !== 'pending') throw new AppError('conflict', 'The application has already been decided')
    const companyId = application.organizationId
    const before = await verificationStatusOf(tx, companyId)
    const now = new Date()
    const [row] = await tx
      .update(supplierApplications)
      .set({ status: input.decision, reviewedBy: ctx.actor.userId, reviewedAt: now, reviewNote: input.note || null })
      .where(eq(supplierApplications.id, id))
      .returning()
    if (!row) throw new AppError('internal', 'Application not updated')
    await tx
      .update(companyProfiles)
      .set({ verificationStatus: input.decision, verifiedAt: input.decision === 'accept' ? now : null, updatedAt: now })
      .where(eq(companyProfiles.organizationId, companyId))
    await recordAudit(tx, ctx, {
      companyId,
      action: input.decision === 'accept' ? 'verification.accepted' : 'verification.rejected',
      targetType: 'supplier_application',
      targetId: id,
      before: { verificationStatus: before },
      after: { verificationStatus: input.decision, note: input.note },
    })
    const notice: Notice = {
      companyId,
      kind: input.decision === 'accept' ? 'verification.accepted' : 'verification.rejected',
      params: { company: companyName, note: input.note },
      link: '/app/supplier/onboarding',
    }
    await recordNotice(tx, notice)
    events.push(await recordEvent(tx, { name: `verification.${input.decision}`, notices: [unmailed(notice)] }))
    return { ...row, companyName }
  })
  await companyChanged(decided.organizationId)
  await relayEvents(events)
  await notifyDecision(decided.organizationId, input)
  return decided
}

/**
 * The owners and admins who hear about verification by mail, with the language each chose (English until they
 * choose); those who turned off mail for the `verification` group read the notice in the app only.
 */
async function reviewRecipients(companyId: string) {
  const rows = await database()
    .select({ userId: users.id, email: users.email, name: users.name, companyName: organizations.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(and(eq(members.organizationId, companyId), inArray(members.role, ['owner', 'admin']), eq(users.emailIsPlaceholder, false)))
  const mailable = await usersMailedFor(
    'verification',
    rows.map((row) => row.userId),
  )
  const mailed = rows.filter((row) => mailable.has(row.userId))
  return Promise.all(mailed.map(async (row) => ({ ...row, locale: (await savedLanguageOf(row.userId)) ?? DEFAULT_LOCALE })))
}

async function notifyDecision(companyId: string, input: DecisionInput): Promise<void> {
  for (const recipient of await reviewRecipients(companyId)) {
    const mail = verificationDecisionMail(recipient.locale, {
      to: recipient.email,
      name: recipient.name,
      companyName: recipient.companyName,
      decision: input.decision,
      note: input.note,
    })
    // The decision stands once committed; a mail that cannot go out is logged, and the status shows in the app.
    await sendMail(mail).catch((error: unknown) => logger().error({ err: (error as Error).message, companyId }, 'verification decision mail not sent'))
  }
}
