// Finance onboarding, KYC (issue 21): who the company legally is, who owns it, and the documents that prove it. Owners
// and admins fill a draft and submit it; a platform admin accepts it (payouts open) or rejects it with a reason. A
// change after the decision is a new draft that needs a new review.
import { asc, count, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { type IdempotencyOption, idempotencyOfPart } from '../../platform/idempotency/idempotency.server'
import { hasRole } from '../../platform/member-roles'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { companyNames, type Notice, recordNotice } from '../companies/index.server'
import { attachedFiles, recordAudit, storeUploads } from '../kernel/index.server'
import { requireFinanceReader, requireMoneyMover } from './finance-access.server'
import { FINANCE_PAGES, type KycStatus } from './finance.constants'
import { type BeneficialOwner, type KycDocument, kycProfiles } from './finance.tables.server'
import {
  FINANCE_REVIEW_PAGE_SIZE,
  type FinanceReviewInput,
  type KycDocumentKind,
  type KycDraftInput,
  kycSubmissionErrors,
  type SubmitKycInput,
} from './kyc.inputs'

type KycRow = typeof kycProfiles.$inferSelect

/** The profile as the onboarding page and the API show it, with what the caller may do with it. */
export type KycProfileView = {
  status: KycStatus
  legalName: string
  registrationNumber: string
  registrationCountry: string
  registeredAddress: string
  directorName: string
  beneficialOwners: BeneficialOwner[]
  documents: KycDocument[]
  submittedAt: Date | null
  reviewedAt: Date | null
  /** The last rejection's reason (kept through the next draft, so the company sees what to correct). */
  reviewReason: string
  /** 0 while the company has saved nothing. */
  version: number
  canEdit: boolean
  canSubmit: boolean
}

/** A submitted profile in the platform admins' review queue. */
export type KycReview = Omit<KycProfileView, 'canEdit' | 'canSubmit'> & { companyId: string; companyName: string }

/** Uploads sent with the onboarding form, per kind (each form part as it came). */
export type KycUploads = Partial<Record<KycDocumentKind, readonly FormDataEntryValue[]>>

const EMPTY: Omit<KycRow, 'organizationId'> = {
  status: 'draft',
  legalName: '',
  registrationNumber: '',
  registrationCountry: '',
  registeredAddress: '',
  directorName: '',
  beneficialOwners: [],
  documents: [],
  submittedAt: null,
  reviewedBy: null,
  reviewedAt: null,
  reviewReason: '',
  updatedAt: new Date(0),
  version: 0,
}

function content(row: Omit<KycRow, 'organizationId'>) {
  const { status, legalName, registrationNumber, registrationCountry, registeredAddress, directorName, beneficialOwners, documents } = row
  const { submittedAt, reviewedAt, reviewReason, version } = row
  return {
    status,
    legalName,
    registrationNumber,
    registrationCountry,
    registeredAddress,
    directorName,
    beneficialOwners,
    documents,
    submittedAt,
    reviewedAt,
    reviewReason,
    version,
  }
}

async function profileRow(db: Database | Transaction, organizationId: string, lock = false): Promise<KycRow | undefined> {
  const query = db.select().from(kycProfiles).where(eq(kycProfiles.organizationId, organizationId))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** The company's profile (any member reads it; owners and admins edit and submit it). */
export async function getKycProfile(ctx: ServiceContext): Promise<KycProfileView> {
  requireFinanceReader(ctx)
  const row = (await profileRow(database(), ctx.actor.companyId)) ?? EMPTY
  const manager = hasRole(ctx.actor, 'admin')
  return { ...content(row), canEdit: manager && row.status !== 'pending', canSubmit: manager && row.status === 'draft' }
}

function assertEditable(row: KycRow | undefined, version: number): void {
  if (row?.status === 'pending') throw new AppError('invalid_transition', 'The finance onboarding is under review', { status: 'pending' })
  if ((row?.version ?? 0) !== version) throw new AppError('stale_version', 'The finance onboarding changed meanwhile', { version: row?.version ?? 0 })
}

/** The documents named, with their stored names; each must be one of the company's verification uploads. */
async function kycDocuments(tx: Transaction, companyId: string, documents: KycDraftInput['documents']): Promise<KycDocument[]> {
  const files = await attachedFiles(
    documents.map((document) => document.fileId),
    { companyId, purposes: ['verification'], db: tx },
  )
  const names = new Map(files.map((file) => [file.id, file.name]))
  const unknown = documents.findIndex((document) => !names.has(document.fileId))
  if (unknown !== -1) throw new AppError('validation_failed', 'Unknown document', { fields: { [`documents.${unknown}`]: ['validation.file'] } })
  return documents.map((document) => ({ kind: document.kind, fileId: document.fileId, name: names.get(document.fileId) ?? '' }))
}

/** The uploads stored as verification files (once per idempotency key and part), added to the documents named. */
async function withUploads(ctx: ServiceContext, input: KycDraftInput, uploads: KycUploads, options: IdempotencyOption): Promise<KycDraftInput['documents']> {
  const added: KycDraftInput['documents'] = []
  for (const [kind, values] of Object.entries(uploads) as Array<[KycDocumentKind, readonly FormDataEntryValue[]]>) {
    const ids = await storeUploads(ctx, values, 'verification', idempotencyOfPart(options, kind))
    added.push(...ids.map((fileId) => ({ kind, fileId })))
  }
  return [...input.documents, ...added]
}

const sameContent = (
  row: KycRow,
  next: Pick<KycRow, 'legalName' | 'registrationNumber' | 'registrationCountry' | 'registeredAddress' | 'directorName' | 'beneficialOwners' | 'documents'>,
) => (Object.keys(next) as Array<keyof typeof next>).every((field) => JSON.stringify(row[field]) === JSON.stringify(next[field]))

/**
 * Saves the draft (owners and admins, with two factors when the company asks), with any files uploaded beside it. An
 * accepted or rejected profile that changes is a draft again, to be submitted anew; one under review cannot change.
 */
export async function saveKycDraft(
  ctx: ServiceContext,
  input: KycDraftInput,
  uploads: KycUploads = {},
  options: IdempotencyOption = {},
): Promise<KycProfileView> {
  await requireMoneyMover(ctx)
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  // Refused before any upload is stored, so a refusal leaves no orphaned files.
  assertEditable(await profileRow(database(), companyId), input.version)
  const documents = await withUploads(ctx, input, uploads, options)
  await database().transaction(async (tx) => {
    const row = await profileRow(tx, companyId, true)
    assertEditable(row, input.version)
    const { version: _seen, ...fields } = input
    const next = { ...fields, documents: await kycDocuments(tx, companyId, documents) }
    if (row && sameContent(row, next)) return
    if (!row) await tx.insert(kycProfiles).values({ organizationId: companyId, ...next })
    else
      await tx
        .update(kycProfiles)
        .set({ ...next, status: 'draft', submittedAt: null, updatedAt: new Date(), version: row.version + 1 })
        .where(eq(kycProfiles.organizationId, companyId))
    await recordAudit(tx, ctx, {
      companyId,
      action: 'kyc.saved',
      targetType: 'kyc',
      targetId: companyId,
      after: { legalName: next.legalName, status: 'draft' },
    })
  })
  return getKycProfile(ctx)
}

/** Submits the draft for review: every field, an owner, and a document of each kind first (else 422, per field). */
export async function submitKyc(ctx: ServiceContext, input: SubmitKycInput): Promise<KycProfileView> {
  await requireMoneyMover(ctx)
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const row = await profileRow(tx, companyId, true)
    if (row && row.status !== 'draft')
      throw new AppError('invalid_transition', `A ${row.status} finance onboarding cannot be submitted`, { status: row.status })
    if ((row?.version ?? 0) !== input.version) throw new AppError('stale_version', 'The finance onboarding changed meanwhile', { version: row?.version ?? 0 })
    const missing = kycSubmissionErrors(row ?? EMPTY)
    if (!row || Object.keys(missing).length > 0) throw new AppError('validation_failed', 'The finance onboarding is incomplete', { fields: missing })
    const now = new Date()
    await tx
      .update(kycProfiles)
      .set({ status: 'pending', submittedAt: now, updatedAt: now, version: row.version + 1 })
      .where(eq(kycProfiles.organizationId, companyId))
    await recordAudit(tx, ctx, { companyId, action: 'kyc.submitted', targetType: 'kyc', targetId: companyId, after: { status: 'pending' } })
  })
  return getKycProfile(ctx)
}

/** The profiles waiting for review, oldest submission first, with their companies (platform admins). */
export async function pendingKycProfiles(ctx: ServiceContext): Promise<{ items: KycReview[]; total: number }> {
  requirePlatformAdmin(ctx.actor)
  const pending = eq(kycProfiles.status, 'pending')
  const [rows, [total]] = await Promise.all([
    database().select().from(kycProfiles).where(pending).orderBy(asc(kycProfiles.submittedAt), asc(kycProfiles.organizationId)).limit(FINANCE_REVIEW_PAGE_SIZE),
    database().select({ n: count() }).from(kycProfiles).where(pending),
  ])
  const names = await companyNames(rows.map((row) => row.organizationId))
  return {
    items: rows.map((row) => ({ ...content(row), companyId: row.organizationId, companyName: names.get(row.organizationId) ?? '' })),
    total: total?.n ?? 0,
  }
}

/** A platform admin accepts a submitted profile (payouts open) or rejects it with the reason the company reads. */
export async function decideKyc(ctx: ServiceContext, companyId: string, input: FinanceReviewInput): Promise<void> {
  requirePlatformAdmin(ctx.actor)
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const row = await profileRow(tx, companyId, true)
    if (!row) throw new AppError('not_found', 'Finance onboarding not found')
    if (row.status !== 'pending') throw new AppError('conflict', 'The finance onboarding has already been reviewed')
    const now = new Date()
    const reason = input.decision === 'reject' ? input.reason : ''
    await tx
      .update(kycProfiles)
      .set({ status: input.decision, reviewReason: reason, reviewedBy: ctx.actor.userId, reviewedAt: now, updatedAt: now, version: row.version + 1 })
      .where(eq(kycProfiles.organizationId, companyId))
    await recordAudit(tx, ctx, {
      companyId,
      action: input.decision === 'accept' ? 'kyc.accepted' : 'kyc.rejected',
      targetType: 'kyc',
      targetId: companyId,
      after: { status: input.decision, reason },
    })
    const notice: Notice = {
      companyId,
      kind: input.decision === 'accept' ? 'finance.kyc_accepted' : 'finance.kyc_rejected',
      params: { reason },
      link: FINANCE_PAGES.onboarding,
    }
    await recordNotice(tx, notice)
    events.push(await recordEvent(tx, { name: `kyc.${input.decision}`, notices: [notice] }))
  })
  await relayEvents(events)
}

/** Where the company's finance onboarding stands ('draft' before it saved anything). */
export async function kycStatus(db: Database | Transaction, organizationId: string): Promise<KycStatus> {
  return (await profileRow(db, organizationId))?.status ?? 'draft'
}

/** Refuses (409 kyc_not_accepted) until a platform admin accepted the company's finance onboarding. */
export async function requireKycAccepted(db: Database | Transaction, organizationId: string): Promise<void> {
  if ((await kycStatus(db, organizationId)) !== 'accept') throw new AppError('kyc_not_accepted', 'The company’s finance onboarding has not been accepted yet')
}
