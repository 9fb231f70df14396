import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { knownCategoryIds } from '../catalog/index.server'
import { publicCompanyCards as companies } from '../companies/index.server'
import { checkAttachments } from '../kernel/index.server'
import type { CreateRfqInput, RfqLineInput, UpdateRfqInput } from './rfq.inputs'
import { purchaseProjects, requirements, rfqInvitations, rfqLines } from './sourcing.tables.server'

export const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

type DraftInput = CreateRfqInput | UpdateRfqInput

/** The lines of the draft: the written ones, then a copy of each chosen requirement (which must be the buyer's). */
async function resolveLines(tx: Transaction, companyId: string, input: DraftInput): Promise<{ lines: RfqLineInput[]; projectId: string | null }> {
  const fields: Record<string, string[]> = {}
  let projectId = input.projectId ?? null
  if (projectId) {
    const [project] = await tx
      .select({ id: purchaseProjects.id })
      .from(purchaseProjects)
      .where(and(eq(purchaseProjects.id, projectId), eq(purchaseProjects.organizationId, companyId)))
    if (!project) fields.projectId = ['validation.project']
  }
  const linkedIds = [...new Set([...input.requirementIds, ...input.lines.flatMap((line) => (line.requirementId ? [line.requirementId] : []))])]
  const found =
    linkedIds.length === 0
      ? []
      : await tx
          .select()
          .from(requirements)
          .where(and(eq(requirements.organizationId, companyId), inArray(requirements.id, linkedIds)))
  const byId = new Map(found.map((row) => [row.id, row]))
  input.lines.forEach((line, index) => {
    if (line.requirementId && !byId.has(line.requirementId)) fields[`lines.${index}.requirementId`] = ['validation.requirement']
  })
  input.requirementIds.forEach((requirementId, index) => {
    const requirement = byId.get(requirementId)
    if (!requirement || (projectId && requirement.projectId !== projectId)) fields[`requirementIds.${index}`] = ['validation.requirement']
  })
  if (!projectId) {
    const projects = new Set(found.map((row) => row.projectId))
    if (projects.size === 1) projectId = [...projects][0]!
  }
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  const copied: RfqLineInput[] = input.requirementIds.map((requirementId) => {
    const requirement = byId.get(requirementId)!
    return {
      requirementId,
      title: requirement.title,
      specification: requirement.specification,
      quantity: requirement.quantity,
      unit: requirement.unit,
      targetUnitPrice: requirement.targetUnitPrice ?? undefined,
      hsCode: requirement.hsCode ?? undefined,
      categoryId: requirement.categoryId ?? undefined,
      requiredBy: requirement.requiredBy ?? undefined,
    }
  })
  return { lines: [...input.lines, ...copied], projectId }
}

/** Invitees must be supplying companies other than the buyer. */
async function checkSuppliers(tx: Transaction, companyId: string, supplierIds: string[]): Promise<string[]> {
  const unique = [...new Set(supplierIds)]
  if (unique.length === 0) return []
  const found = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, unique), isNull(companies.deletedAt), inArray(companies.kind, ['supplier', 'both'])))
  const known = new Set(found.map((row) => row.id))
  const fields: Record<string, string[]> = {}
  supplierIds.forEach((id, index) => {
    if (id === companyId) fields[`supplierIds.${index}`] = ['validation.ownCompany']
    else if (!known.has(id)) fields[`supplierIds.${index}`] = ['validation.supplier']
  })
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  return unique
}

async function checkCategory(tx: Transaction, categoryId: string | undefined): Promise<void> {
  if (!categoryId) return
  if (!(await knownCategoryIds([categoryId], tx)).has(categoryId)) throw fieldError({ categoryId: ['validation.category'] })
}

export function checkDeadline(deadline: Date, now: Date, field = 'quoteDeadline'): void {
  if (deadline.getTime() <= now.getTime()) throw fieldError({ [field]: ['validation.deadlinePast'] })
}

export async function writeDraftParts(tx: Transaction, rfqId: string, lines: RfqLineInput[], supplierIds: string[]): Promise<void> {
  await tx.delete(rfqLines).where(eq(rfqLines.rfqId, rfqId))
  await tx.insert(rfqLines).values(
    lines.map((line, position) => ({
      id: randomUUID(),
      rfqId,
      requirementId: line.requirementId ?? null,
      position,
      title: line.title,
      specification: line.specification,
      quantity: line.quantity,
      unit: line.unit,
      targetUnitPrice: line.targetUnitPrice ?? null,
      hsCode: line.hsCode ?? null,
      categoryId: line.categoryId ?? null,
      requiredBy: line.requiredBy ?? null,
    })),
  )
  await tx.delete(rfqInvitations).where(eq(rfqInvitations.rfqId, rfqId))
  if (supplierIds.length > 0) await tx.insert(rfqInvitations).values(supplierIds.map((supplierCompanyId) => ({ rfqId, supplierCompanyId })))
}

/** A draft checked whole (deadline, lines, invitees, attachments, category), as the columns and parts to write. */
export async function draftValues(tx: Transaction, companyId: string, input: DraftInput, now: Date) {
  checkDeadline(input.quoteDeadline, now)
  const { lines, projectId } = await resolveLines(tx, companyId, input)
  const supplierIds = await checkSuppliers(tx, companyId, input.supplierIds)
  await checkAttachments(companyId, input.attachmentFileIds, tx)
  await checkCategory(tx, input.categoryId)
  const values = {
    projectId,
    title: input.title,
    description: input.description,
    visibility: input.visibility,
    sealed: input.sealed,
    quoteDeadline: input.quoteDeadline,
    currency: input.currency,
    incoterm: input.incoterm,
    incotermPlace: input.incotermPlace,
    deliveryDate: input.deliveryDate ?? null,
    destination: input.destination,
    categoryId: input.categoryId ?? lines.find((line) => line.categoryId)?.categoryId ?? null,
    attachmentFileIds: input.attachmentFileIds,
  }
  return { values, lines, supplierIds }
}
