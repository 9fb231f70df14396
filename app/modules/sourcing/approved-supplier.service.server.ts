import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { requireCompany } from '../companies/index'
import { publicCompanyCards as companies } from '../companies/index.server'
import { attachedFiles, companyFilesFor } from '../kernel/index.server'
import { userNames } from '../identity/index.server'
import type { AddApprovedSupplierInput, ApprovedListQuery, UpdateApprovedSupplierInput } from './approved-supplier.inputs'
import { APPROVAL_STATUSES, type ApprovalStatus } from './sourcing.constants'
import { approvedSuppliers } from './sourcing.tables.server'

/** Company files that may back an approval decision. */
export const APPROVAL_DOCUMENT_PURPOSES = ['attachment', 'certification'] as const

export type ApprovalDocument = { id: string; name: string; contentType: string; sizeBytes: number }

export type ApprovedSupplier = {
  supplierId: string
  name: string
  country: string
  verified: boolean
  status: ApprovalStatus
  note: string
  documents: ApprovalDocument[]
  updatedByName: string | null
  updatedAt: Date
}

export type ApprovedSupplierPage = { items: ApprovedSupplier[]; total: number; counts: Record<ApprovalStatus, number> }

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** A live company that supplies goods (not the buyer itself): the only kind a buyer can list or shortlist. */
export async function requireSupplier(db: Database | Transaction, buyerId: string, supplierId: string, field = 'supplierCompanyId'): Promise<{ name: string }> {
  if (supplierId === buyerId) throw fieldError({ [field]: ['validation.ownCompany'] })
  const [supplier] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, supplierId), isNull(companies.deletedAt), inArray(companies.kind, ['supplier', 'both'])))
  if (!supplier) throw fieldError({ [field]: ['validation.supplier'] })
  return supplier
}

/** Every document must be a file of the buyer's own company, uploaded as an attachment or a certificate. */
async function checkDocuments(db: Database | Transaction, companyId: string, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return
  const found = await attachedFiles(fileIds, { companyId, purposes: APPROVAL_DOCUMENT_PURPOSES, db })
  const known = new Set(found.map((row) => row.id))
  const fields: Record<string, string[]> = {}
  fileIds.forEach((id, index) => {
    if (!known.has(id)) fields[`documentFileIds.${index}`] = ['validation.document']
  })
  if (Object.keys(fields).length > 0) throw fieldError(fields)
}

/** The buyer's approval status of each given supplier (suppliers not on the list are absent). */
export async function approvalStatusesOf(db: Database | Transaction, companyId: string, supplierIds: string[]): Promise<Map<string, ApprovalStatus>> {
  if (supplierIds.length === 0) return new Map()
  const rows = await db
    .select({ supplierId: approvedSuppliers.supplierCompanyId, status: approvedSuppliers.status })
    .from(approvedSuppliers)
    .where(and(eq(approvedSuppliers.organizationId, companyId), inArray(approvedSuppliers.supplierCompanyId, [...new Set(supplierIds)])))
  return new Map(rows.map((row) => [row.supplierId, row.status]))
}

async function documentsOf(companyId: string, rows: Array<{ documentFileIds: string[] }>): Promise<Map<string, ApprovalDocument>> {
  const found = await attachedFiles([...new Set(rows.flatMap((row) => row.documentFileIds))], { companyId })
  return new Map(found.map((file) => [file.id, { id: file.id, name: file.name, contentType: file.contentType, sizeBytes: file.sizeBytes }]))
}

const selection = {
  supplierId: approvedSuppliers.supplierCompanyId,
  name: companies.name,
  country: companies.country,
  verificationStatus: companies.verificationStatus,
  status: approvedSuppliers.status,
  note: approvedSuppliers.note,
  documentFileIds: approvedSuppliers.documentFileIds,
  updatedBy: approvedSuppliers.updatedBy,
  updatedAt: approvedSuppliers.updatedAt,
}

type ListedRow = {
  supplierId: string
  name: string
  country: string | null
  verificationStatus: string | null
  status: ApprovalStatus
  note: string
  documentFileIds: string[]
  updatedBy: string | null
  updatedAt: Date
}

async function toApproved(companyId: string, rows: ListedRow[]): Promise<ApprovedSupplier[]> {
  const [documents, editors] = await Promise.all([documentsOf(companyId, rows), userNames(rows.map((row) => row.updatedBy))])
  return rows.map((row) => ({
    supplierId: row.supplierId,
    name: row.name,
    country: row.country ?? '',
    verified: row.verificationStatus === 'accept',
    status: row.status,
    note: row.note,
    documents: row.documentFileIds.flatMap((id) => documents.get(id) ?? []),
    updatedByName: row.updatedBy ? (editors.get(row.updatedBy) ?? null) : null,
    updatedAt: row.updatedAt,
  }))
}

function listedRows(db: Database | Transaction, where: SQL | undefined) {
  return db.select(selection).from(approvedSuppliers).innerJoin(companies, eq(companies.id, approvedSuppliers.supplierCompanyId)).where(where)
}

/** The buyer's approved-supplier list, filtered by status and supplier name, by name; with the count per status. */
export async function listApprovedSuppliers(ctx: ServiceContext, query: ApprovedListQuery): Promise<ApprovedSupplierPage> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const mine = eq(approvedSuppliers.organizationId, companyId)
  const conditions: Array<SQL | undefined> = [mine]
  if (query.status) conditions.push(eq(approvedSuppliers.status, query.status))
  if (query.q) conditions.push(sql`lower(${companies.name}) like ${`%${escapeLike(query.q.toLowerCase())}%`}`)
  const where = and(...conditions)
  const [rows, totals, perStatus] = await Promise.all([
    listedRows(database(), where)
      .orderBy(sql`lower(${companies.name})`, asc(approvedSuppliers.supplierCompanyId))
      .limit(query.limit)
      .offset(query.offset),
    database().select({ total: count() }).from(approvedSuppliers).innerJoin(companies, eq(companies.id, approvedSuppliers.supplierCompanyId)).where(where),
    database().select({ status: approvedSuppliers.status, total: count() }).from(approvedSuppliers).where(mine).groupBy(approvedSuppliers.status),
  ])
  const counts = Object.fromEntries(APPROVAL_STATUSES.map((status) => [status, Number(perStatus.find((row) => row.status === status)?.total ?? 0)])) as Record<
    ApprovalStatus,
    number
  >
  return { items: await toApproved(companyId, rows), total: Number(totals[0]?.total ?? 0), counts }
}

/** One supplier of the buyer's list; not found when the supplier is not on it. */
export async function getApprovedSupplier(ctx: ServiceContext, supplierId: string): Promise<ApprovedSupplier> {
  requireCompany(ctx.actor)
  const [row] = await listedRows(
    database(),
    and(eq(approvedSuppliers.organizationId, ctx.actor.companyId), eq(approvedSuppliers.supplierCompanyId, supplierId)),
  )
  if (!row) throw new AppError('not_found', 'Supplier not on the list')
  const [supplier] = await toApproved(ctx.actor.companyId, [row])
  return supplier!
}

/** Puts a supplier on the buyer's list, once per idempotency key; a supplier already listed is a conflict (change its status instead). */
export async function addApprovedSupplier(ctx: ServiceContext, input: AddApprovedSupplierInput, options: IdempotencyOption = {}): Promise<ApprovedSupplier> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await createIdempotently(
    `approved_supplier:${companyId}`,
    options,
    input,
    async (tx) => {
      await requireSupplier(tx, companyId, input.supplierCompanyId)
      await checkDocuments(tx, companyId, input.documentFileIds)
      const inserted = await tx
        .insert(approvedSuppliers)
        .values({
          organizationId: companyId,
          supplierCompanyId: input.supplierCompanyId,
          status: input.status,
          note: input.note,
          documentFileIds: input.documentFileIds,
          updatedBy: ctx.actor.userId,
        })
        .onConflictDoNothing()
        .returning({ supplierId: approvedSuppliers.supplierCompanyId })
      if (inserted.length === 0)
        throw new AppError('conflict', 'The supplier is already on the list', { fields: { supplierCompanyId: ['validation.alreadyListed'] } })
    },
    input.supplierCompanyId,
  )
  return getApprovedSupplier(ctx, input.supplierCompanyId)
}

/** A listed supplier's new status, note and documents. */
export async function updateApprovedSupplier(ctx: ServiceContext, supplierId: string, input: UpdateApprovedSupplierInput): Promise<ApprovedSupplier> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    await checkDocuments(tx, companyId, input.documentFileIds)
    const updated = await tx
      .update(approvedSuppliers)
      .set({ status: input.status, note: input.note, documentFileIds: input.documentFileIds, updatedBy: ctx.actor.userId, updatedAt: new Date() })
      .where(and(eq(approvedSuppliers.organizationId, companyId), eq(approvedSuppliers.supplierCompanyId, supplierId)))
      .returning({ supplierId: approvedSuppliers.supplierCompanyId })
    if (updated.length === 0) throw new AppError('not_found', 'Supplier not on the list')
  })
  return getApprovedSupplier(ctx, supplierId)
}

/** Takes a supplier off the buyer's list. */
export async function removeApprovedSupplier(ctx: ServiceContext, supplierId: string): Promise<void> {
  requireCompany(ctx.actor)
  const removed = await database()
    .delete(approvedSuppliers)
    .where(and(eq(approvedSuppliers.organizationId, ctx.actor.companyId), eq(approvedSuppliers.supplierCompanyId, supplierId)))
    .returning({ supplierId: approvedSuppliers.supplierCompanyId })
  if (removed.length === 0) throw new AppError('not_found', 'Supplier not on the list')
}

/** The company's files that may be attached to an approval (attachments and certificates), newest first. */
export async function approvalDocumentChoices(ctx: ServiceContext): Promise<ApprovalDocument[]> {
  requireCompany(ctx.actor)
  const choices = await companyFilesFor(ctx.actor.companyId, APPROVAL_DOCUMENT_PURPOSES, 200)
  return choices.map(({ id, name, contentType, sizeBytes }) => ({ id, name, contentType, sizeBytes }))
}
