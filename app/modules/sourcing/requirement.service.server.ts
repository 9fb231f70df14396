import { randomUUID } from 'node:crypto'
import { requireVersion } from '../../platform/versioning'
import DecimalBase from 'decimal.js'
import { and, asc, count, desc, eq, ilike, inArray, max, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { categoryNames, knownCategoryIds, knownHsCodes } from '../catalog/index.server'
import { requireCompany } from '../companies/index'
import { attachedFiles, checkAttachments } from '../kernel/index.server'
import { isProjectEditable, lockProject, recordProjectEvent } from './project.service.server'
import type {
  BulkRequirementsInput,
  CancelRequirementInput,
  CreateRequirementInput,
  RequirementFieldsInput,
  RequirementListQuery,
  UpdateRequirementInput,
} from './requirement.inputs'
import type { RequirementStatus } from './sourcing.constants'
import { purchaseProjects, requirements } from './sourcing.tables.server'

const Decimal = DecimalBase.clone({ precision: 40 })

type RequirementRow = typeof requirements.$inferSelect

export type Requirement = {
  id: string
  projectId: string
  projectNumber: string
  projectName: string
  position: number
  title: string
  specification: string
  categoryId: string | null
  categoryName: string | null
  hsCode: string | null
  quantity: number
  unit: string
  targetUnitPrice: string | null
  targetCurrency: string | null
  requiredBy: string | null
  destination: string
  status: RequirementStatus
  version: number
  createdAt: Date
  updatedAt: Date
}
export type RequirementAttachment = { id: string; name: string; contentType: string; sizeBytes: number }
export type RequirementDetail = Requirement & { attachments: RequirementAttachment[]; editable: boolean; cancellable: boolean }
export type RequirementPage = { items: Requirement[]; total: number }
export type BulkSaveResult = { created: number; updated: number; deleted: number; requirements: Requirement[] }

const CANCELLABLE: readonly RequirementStatus[] = ['open', 'rfq_sent', 'quoted']

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** The fields a requirement stores from its input (blank optional fields as null). */
function storedFields(input: RequirementFieldsInput) {
  return {
    title: input.title,
    specification: input.specification,
    categoryId: input.categoryId ?? null,
    hsCode: input.hsCode ?? null,
    quantity: input.quantity,
    unit: input.unit,
    targetUnitPrice: input.targetUnitPrice ?? null,
    targetCurrency: input.targetCurrency ?? null,
    requiredBy: input.requiredBy ?? null,
    destination: input.destination,
  }
}
type StoredFields = ReturnType<typeof storedFields>

const sameAmount = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).equals(b))

function sameFields(row: RequirementRow, next: StoredFields): boolean {
  return (Object.keys(next) as Array<keyof StoredFields>).every((key) =>
    key === 'targetUnitPrice' ? sameAmount(row.targetUnitPrice, next.targetUnitPrice) : row[key] === next[key],
  )
}

/**
 * The category and HS code of each row exist; every unknown one is reported under `<prefix><index>.<field>` (or
 * `<field>` without a prefix).
 */
async function checkReferences(
  tx: Transaction,
  rows: Array<{ categoryId: string | null; hsCode: string | null }>,
  prefix: (index: number) => string,
): Promise<Record<string, string[]>> {
  const categoryIds = [...new Set(rows.flatMap((row) => (row.categoryId ? [row.categoryId] : [])))]
  const codes = [...new Set(rows.flatMap((row) => (row.hsCode ? [row.hsCode] : [])))]
  const [categorySet, codeSet] = await Promise.all([knownCategoryIds(categoryIds, tx), knownHsCodes(codes, tx)])
  const fields: Record<string, string[]> = {}
  rows.forEach((row, index) => {
    if (row.categoryId && !categorySet.has(row.categoryId)) fields[`${prefix(index)}categoryId`] = ['validation.category']
    if (row.hsCode && !codeSet.has(row.hsCode)) fields[`${prefix(index)}hsCode`] = ['validation.hsCodeUnknown']
  })
  return fields
}

/** Attachments are files of the company uploaded as attachments. */
async function validateOne(tx: Transaction, companyId: string, fields: StoredFields, attachmentFileIds: string[]): Promise<void> {
  const problems = await checkReferences(tx, [fields], () => '')
  if (Object.keys(problems).length > 0) throw fieldError(problems)
  await checkAttachments(companyId, attachmentFileIds, tx)
}

/** A project of the company that still takes changes to its requirements. */
async function editableProject(tx: Transaction, companyId: string, projectId: string) {
  const project = await lockProject(tx, companyId, projectId)
  if (!isProjectEditable(project.status))
    throw new AppError('invalid_transition', `Cannot change the requirements of a project that is ${project.status}`, {
      action: 'edit_requirements',
      status: project.status,
    })
  return project
}

async function lockRequirement(tx: Transaction, companyId: string, id: string): Promise<RequirementRow> {
  const [row] = await tx
    .select()
    .from(requirements)
    .where(and(eq(requirements.id, id), eq(requirements.organizationId, companyId)))
    .for('update')
  if (!row) throw new AppError('not_found', 'Requirement not found')
  return row
}

/** A new open requirement at the end of a project of the actor's company (once per idempotency key). */
export async function createRequirement(ctx: ServiceContext, input: CreateRequirementInput, options: IdempotencyOption = {}): Promise<RequirementDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const { id } = await createIdempotently(`requirement:${companyId}`, options, input, async (tx, requirementId) => {
    const project = await editableProject(tx, companyId, input.projectId)
    const fields = storedFields(input)
    await validateOne(tx, companyId, fields, input.attachmentFileIds)
    const [last] = await tx
      .select({ position: max(requirements.position) })
      .from(requirements)
      .where(eq(requirements.projectId, project.id))
    await tx.insert(requirements).values({
      id: requirementId,
      organizationId: companyId,
      projectId: project.id,
      position: (last?.position ?? -1) + 1,
      ...fields,
      attachmentFileIds: input.attachmentFileIds,
    })
    await recordProjectEvent(tx, ctx, project.id, { type: 'requirement_added', data: { requirementId, title: fields.title } })
  })
  return getRequirement(ctx, id)
}

/** Rewrites an open requirement (optimistic lock); one already sent for quotation is left as it is. */
export async function updateRequirement(ctx: ServiceContext, id: string, input: UpdateRequirementInput): Promise<RequirementDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const row = await lockRequirement(tx, companyId, id)
    await editableProject(tx, companyId, row.projectId)
    requireVersion('requirement', row.version, input.version)
    if (row.status !== 'open')
      throw new AppError('invalid_transition', `Cannot edit a requirement that is ${row.status}`, { action: 'edit', status: row.status })
    const fields = storedFields(input)
    await validateOne(tx, companyId, fields, input.attachmentFileIds)
    const sameAttachments = row.attachmentFileIds.join(',') === input.attachmentFileIds.join(',')
    if (sameFields(row, fields) && sameAttachments) return
    await tx
      .update(requirements)
      .set({ ...fields, attachmentFileIds: input.attachmentFileIds, version: row.version + 1, updatedAt: new Date() })
      .where(eq(requirements.id, id))
    await recordProjectEvent(tx, ctx, row.projectId, { type: 'requirement_updated', data: { requirementId: id, title: fields.title } })
  })
  return getRequirement(ctx, id)
}

/** Cancels a requirement not yet awarded. */
export async function cancelRequirement(ctx: ServiceContext, id: string, input: CancelRequirementInput): Promise<RequirementDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const row = await lockRequirement(tx, companyId, id)
    requireVersion('requirement', row.version, input.version)
    if (!CANCELLABLE.includes(row.status))
      throw new AppError('invalid_transition', `Cannot cancel a requirement that is ${row.status}`, { action: 'cancel', status: row.status })
    await tx
      .update(requirements)
      .set({ status: 'cancelled', version: row.version + 1, updatedAt: new Date() })
      .where(eq(requirements.id, id))
    await recordProjectEvent(tx, ctx, row.projectId, { type: 'requirement_cancelled', data: { requirementId: id, title: row.title } })
  })
  return getRequirement(ctx, id)
}

/**
 * Sets the status of requirements as RFQs and awards move them (rfq_sent, quoted, awarded), inside the caller's
 * transaction; the caller has checked they are its company's. Cancelled requirements keep their status.
 */
export async function setRequirementStatus(tx: Transaction, ids: string[], status: RequirementStatus): Promise<void> {
  if (ids.length === 0) return
  await tx
    .update(requirements)
    .set({ status, version: sql`${requirements.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(requirements.id, ids), sql`${requirements.status} <> 'cancelled'`, sql`${requirements.status} <> ${status}`))
}

const selection = { row: requirements, projectNumber: purchaseProjects.number, projectName: purchaseProjects.name }

/** A requirement as pages show it, its category named from `categoryNames` (catalog's, in the reader's language). */
function toRequirement(
  { row, projectNumber, projectName }: { row: RequirementRow; projectNumber: string; projectName: string },
  categoryNames: Map<string, string>,
): Requirement {
  return {
    id: row.id,
    projectId: row.projectId,
    projectNumber,
    projectName,
    position: row.position,
    title: row.title,
    specification: row.specification,
    categoryId: row.categoryId,
    categoryName: row.categoryId ? (categoryNames.get(row.categoryId) ?? null) : null,
    hsCode: row.hsCode,
    quantity: row.quantity,
    unit: row.unit,
    targetUnitPrice: row.targetUnitPrice,
    targetCurrency: row.targetCurrency,
    requiredBy: row.requiredBy,
    destination: row.destination,
    status: row.status,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

const joined = (db: Database | Transaction) =>
  db.select(selection).from(requirements).innerJoin(purchaseProjects, eq(purchaseProjects.id, requirements.projectId))

/** One requirement of the actor's company, with its attachments and what may be done with it. */
export async function getRequirement(ctx: ServiceContext, id: string): Promise<RequirementDetail> {
  requireCompany(ctx.actor)
  const db = database()
  const [found] = await joined(db).where(and(eq(requirements.id, id), eq(requirements.organizationId, ctx.actor.companyId)))
  if (!found) throw new AppError('not_found', 'Requirement not found')
  const projectStatus = (await db.select({ status: purchaseProjects.status }).from(purchaseProjects).where(eq(purchaseProjects.id, found.row.projectId)))[0]
    ?.status
  const fileIds = found.row.attachmentFileIds
  const attachmentRows = (await attachedFiles(fileIds, { companyId: ctx.actor.companyId, db })).map(({ id, name, contentType, sizeBytes }) => ({
    id,
    name,
    contentType,
    sizeBytes,
  }))
  const projectOpen = projectStatus ? isProjectEditable(projectStatus) : false
  return {
    ...toRequirement(found, await categoryNames(ctx.locale)),
    attachments: fileIds.flatMap((fileId) => attachmentRows.filter((file) => file.id === fileId)),
    editable: projectOpen && found.row.status === 'open',
    cancellable: CANCELLABLE.includes(found.row.status),
  }
}

function listWhere(companyId: string, query: Pick<RequirementListQuery, 'project' | 'status' | 'category' | 'q'>): SQL {
  const filters: SQL[] = [eq(requirements.organizationId, companyId)]
  if (query.project) filters.push(eq(requirements.projectId, query.project))
  if (query.status) filters.push(eq(requirements.status, query.status))
  if (query.category) filters.push(eq(requirements.categoryId, query.category))
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    filters.push(or(ilike(requirements.title, pattern), ilike(requirements.specification, pattern), ilike(requirements.hsCode, pattern))!)
  }
  return and(...filters)!
}

/** The company's requirements across projects, newest first, filtered and paged. */
export async function listRequirements(ctx: ServiceContext, query: RequirementListQuery): Promise<RequirementPage> {
  requireCompany(ctx.actor)
  const where = listWhere(ctx.actor.companyId, query)
  const db = database()
  const [rows, [total]] = await Promise.all([
    joined(db).where(where).orderBy(desc(requirements.createdAt), asc(requirements.position), desc(requirements.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(requirements).where(where),
  ])
  const names = await categoryNames(ctx.locale)
  return { items: rows.map((row) => toRequirement(row, names)), total: total?.n ?? 0 }
}

/** A project's requirements in order (the bulk grid's rows), cancelled ones left out. */
export async function projectRequirements(ctx: ServiceContext, projectId: string): Promise<Requirement[]> {
  requireCompany(ctx.actor)
  const db = database()
  const [project] = await db
    .select({ id: purchaseProjects.id })
    .from(purchaseProjects)
    .where(and(eq(purchaseProjects.id, projectId), eq(purchaseProjects.organizationId, ctx.actor.companyId)))
  if (!project) throw new AppError('not_found', 'Project not found')
  const rows = await joined(db)
    .where(and(eq(requirements.projectId, projectId), sql`${requirements.status} <> 'cancelled'`))
    .orderBy(asc(requirements.position), asc(requirements.createdAt))
  const names = await categoryNames(ctx.locale)
  return rows.map((row) => toRequirement(row, names))
}

/**
 * Saves the bulk grid in one transaction: rows without an id are created, rows with one are updated when they changed
 * (the version they were loaded at must still be current, else 409 stale_version and nothing is written), and open
 * requirements missing from the set are deleted (those already sent for quotation stay). Problems come back per cell
 * under `rows.<index>.<field>`.
 */
export async function saveProjectRequirements(ctx: ServiceContext, projectId: string, input: BulkRequirementsInput): Promise<BulkSaveResult> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const result = await database().transaction(async (tx) => {
    const project = await editableProject(tx, companyId, projectId)
    const existing = await tx
      .select()
      .from(requirements)
      .where(and(eq(requirements.projectId, project.id), eq(requirements.organizationId, companyId)))
      .for('update')
    const byId = new Map(existing.map((row) => [row.id, row]))
    const rows = input.rows.map((row) => ({ id: row.id, version: row.version, fields: storedFields(row) }))
    const fields = await checkReferences(
      tx,
      rows.map((row) => row.fields),
      (index) => `rows.${index}.`,
    )
    const stale: number[] = []
    rows.forEach((row, index) => {
      if (!row.id) return
      const current = byId.get(row.id)
      if (!current || current.status === 'cancelled') fields[`rows.${index}.id`] = ['validation.requirement']
      else if (current.version !== row.version) stale.push(index)
      else if (current.status !== 'open' && !sameFields(current, row.fields)) fields[`rows.${index}.title`] = ['validation.notEditable']
    })
    if (Object.keys(fields).length > 0) throw fieldError(fields)
    if (stale.length > 0) throw new AppError('stale_version', 'Some requirements changed since you loaded them', { rows: stale })

    const now = new Date()
    const kept = new Set(rows.flatMap((row) => (row.id ? [row.id] : [])))
    const removed = existing.filter((row) => !kept.has(row.id) && row.status === 'open').map((row) => row.id)
    if (removed.length > 0) await tx.delete(requirements).where(inArray(requirements.id, removed))
    let created = 0
    let updated = 0
    const inserts: Array<typeof requirements.$inferInsert> = []
    for (const [position, row] of rows.entries()) {
      const current = row.id ? byId.get(row.id) : undefined
      if (!current) {
        inserts.push({ id: randomUUID(), organizationId: companyId, projectId: project.id, position, ...row.fields })
        created += 1
      } else if (!sameFields(current, row.fields) || current.position !== position) {
        const changed = !sameFields(current, row.fields)
        await tx
          .update(requirements)
          .set({ ...row.fields, position, ...(changed ? { version: current.version + 1, updatedAt: now } : {}) })
          .where(eq(requirements.id, current.id))
        if (changed) updated += 1
      }
    }
    if (inserts.length > 0) await tx.insert(requirements).values(inserts)
    // Requirements the set left out but that stay (sent for quotation, cancelled) follow its rows.
    const leftOver = existing.filter((row) => !kept.has(row.id) && row.status !== 'open').sort((a, b) => a.position - b.position)
    for (const [index, row] of leftOver.entries()) {
      if (row.position !== rows.length + index)
        await tx
          .update(requirements)
          .set({ position: rows.length + index })
          .where(eq(requirements.id, row.id))
    }
    const deleted = removed.length
    if (created + updated + deleted > 0) await recordProjectEvent(tx, ctx, project.id, { type: 'requirements_bulk_saved', data: { created, updated, deleted } })
    return { created, updated, deleted }
  })
  return { ...result, requirements: await projectRequirements(ctx, projectId) }
}
