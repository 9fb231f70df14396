import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { requireCompany } from '../companies/index'
import { companyCards, companyName } from '../companies/index.server'
import { userNames } from '../identity/index.server'
import { approvalStatusesOf, requireSupplier } from './approved-supplier.service.server'
import { MAX_SHORTLIST, type AddShortlistInput, type ShortlistNoteInput } from './shortlist.inputs'
import type { ApprovalStatus, ProjectStatus } from './sourcing.constants'
import type { ProjectEventType } from './sourcing.machines'
import { projectEvents, purchaseProjects, shortlistEntries } from './sourcing.tables.server'

/** Projects whose shortlist no longer changes. */
const FINISHED: ProjectStatus[] = ['closed', 'cancelled']

export type ShortlistProject = { id: string; number: string; name: string; status: ProjectStatus }

export type ShortlistEntry = {
  supplierId: string
  name: string
  country: string
  verified: boolean
  mainProducts: string[]
  approval: ApprovalStatus | null
  note: string
  addedByName: string | null
  createdAt: Date
}

/** A project with whether its shortlist still changes (not once the project is closed or cancelled). */
export type EditableShortlistProject = ShortlistProject & { editable: boolean }
export type Shortlist = { project: EditableShortlistProject; entries: ShortlistEntry[] }

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })
const projectColumns = { id: purchaseProjects.id, number: purchaseProjects.number, name: purchaseProjects.name, status: purchaseProjects.status }

/** The company's project, locked; not found for another company's (no hint it exists). */
async function lockProject(tx: Transaction, companyId: string, projectId: string): Promise<ShortlistProject> {
  const [project] = await tx
    .select(projectColumns)
    .from(purchaseProjects)
    .where(and(eq(purchaseProjects.id, projectId), eq(purchaseProjects.organizationId, companyId)))
    .for('update')
  if (!project) throw new AppError('not_found', 'Project not found')
  if (FINISHED.includes(project.status))
    throw new AppError('invalid_transition', 'The project is finished: its shortlist no longer changes', { status: project.status })
  return project
}

async function recordEvent(
  tx: Transaction,
  ctx: ServiceContext,
  projectId: string,
  type: ProjectEventType,
  data: Record<string, unknown>,
  note = '',
): Promise<void> {
  await tx.insert(projectEvents).values({ id: randomUUID(), projectId, type, actorUserId: ctx.actor.userId, note, data })
}

const editable = (project: ShortlistProject): EditableShortlistProject => ({ ...project, editable: !FINISHED.includes(project.status) })

/** The company's projects to choose a shortlist from, newest first (finished ones last). */
export async function shortlistProjects(ctx: ServiceContext): Promise<EditableShortlistProject[]> {
  requireCompany(ctx.actor)
  const rows = await database()
    .select(projectColumns)
    .from(purchaseProjects)
    .where(eq(purchaseProjects.organizationId, ctx.actor.companyId))
    .orderBy(sql`${purchaseProjects.status} in ('closed', 'cancelled')`, desc(purchaseProjects.createdAt), asc(purchaseProjects.id))
    .limit(200)
  return rows.map(editable)
}

/** A project's shortlist with each supplier's verification and the buyer's approval status, in the order added. */
export async function getShortlist(ctx: ServiceContext, projectId: string): Promise<Shortlist> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const [project] = await database()
    .select(projectColumns)
    .from(purchaseProjects)
    .where(and(eq(purchaseProjects.id, projectId), eq(purchaseProjects.organizationId, companyId)))
  if (!project) throw new AppError('not_found', 'Project not found')
  const rows = await database()
    .select({
      supplierId: shortlistEntries.supplierCompanyId,
      note: shortlistEntries.note,
      addedBy: shortlistEntries.addedBy,
      createdAt: shortlistEntries.createdAt,
    })
    .from(shortlistEntries)
    .where(eq(shortlistEntries.projectId, projectId))
    .orderBy(asc(shortlistEntries.createdAt), asc(shortlistEntries.supplierCompanyId))
  const supplierIds = rows.map((row) => row.supplierId)
  const [approvals, cards, adders] = await Promise.all([
    approvalStatusesOf(database(), companyId, supplierIds),
    companyCards(supplierIds),
    userNames(rows.map((row) => row.addedBy)),
  ])
  return {
    project: editable(project),
    entries: rows.flatMap((row) => {
      const card = cards.get(row.supplierId)
      if (!card) return []
      return [
        {
          supplierId: row.supplierId,
          name: card.name,
          country: card.country,
          verified: card.verified,
          mainProducts: card.mainProducts,
          approval: approvals.get(row.supplierId) ?? null,
          note: row.note,
          addedByName: row.addedBy ? (adders.get(row.addedBy) ?? null) : null,
          createdAt: row.createdAt,
        },
      ]
    }),
  }
}

/** The shortlisted supplier ids of a company's project (for the RFQ invitation form); empty for another company's. */
export async function shortlistedSupplierIds(ctx: ServiceContext, projectId: string): Promise<string[]> {
  requireCompany(ctx.actor)
  const rows = await database()
    .select({ supplierId: shortlistEntries.supplierCompanyId })
    .from(shortlistEntries)
    .innerJoin(purchaseProjects, eq(purchaseProjects.id, shortlistEntries.projectId))
    .where(and(eq(shortlistEntries.projectId, projectId), eq(purchaseProjects.organizationId, ctx.actor.companyId)))
    .orderBy(asc(shortlistEntries.createdAt))
  return rows.map((row) => row.supplierId)
}

/** Adds suppliers not yet on the shortlist (a blocked supplier is refused); answers how many were added. */
async function addEntries(
  tx: Transaction,
  ctx: ServiceContext,
  project: ShortlistProject,
  suppliers: Array<{ id: string; note: string }>,
  field: (index: number) => string,
): Promise<string[]> {
  const companyId = ctx.actor.companyId!
  const names = new Map<string, string>()
  for (const [index, supplier] of suppliers.entries()) names.set(supplier.id, (await requireSupplier(tx, companyId, supplier.id, field(index))).name)
  const approvals = await approvalStatusesOf(
    tx,
    companyId,
    suppliers.map((supplier) => supplier.id),
  )
  const blocked: Record<string, string[]> = {}
  suppliers.forEach((supplier, index) => {
    if (approvals.get(supplier.id) === 'blocked') blocked[field(index)] = ['validation.blockedSupplier']
  })
  if (Object.keys(blocked).length > 0) throw fieldError(blocked)
  const existing = await tx
    .select({ supplierId: shortlistEntries.supplierCompanyId })
    .from(shortlistEntries)
    .where(
      and(
        eq(shortlistEntries.projectId, project.id),
        inArray(
          shortlistEntries.supplierCompanyId,
          suppliers.map((supplier) => supplier.id),
        ),
      ),
    )
  const already = new Set(existing.map((row) => row.supplierId))
  const fresh = suppliers.filter((supplier, index) => !already.has(supplier.id) && suppliers.findIndex((other) => other.id === supplier.id) === index)
  if (fresh.length === 0) return []
  const [size] = await tx.select({ total: count() }).from(shortlistEntries).where(eq(shortlistEntries.projectId, project.id))
  if (Number(size?.total ?? 0) + fresh.length > MAX_SHORTLIST) throw fieldError({ [field(0)]: ['validation.shortlistFull'] })
  await tx
    .insert(shortlistEntries)
    .values(fresh.map((supplier) => ({ projectId: project.id, supplierCompanyId: supplier.id, note: supplier.note, addedBy: ctx.actor.userId })))
  for (const supplier of fresh) await recordEvent(tx, ctx, project.id, 'shortlist_added', { supplierId: supplier.id, supplierName: names.get(supplier.id) })
  return fresh.map((supplier) => supplier.id)
}

/**
 * Puts an RFQ's invitees on its project's shortlist in the RFQ's own transaction (the RFQ form invites suppliers found
 * by search, not only shortlisted ones). Those already on it are skipped; a finished project's shortlist is left alone.
 */
export async function shortlistInvitees(tx: Transaction, ctx: ServiceContext, projectId: string, supplierIds: readonly string[]): Promise<void> {
  if (supplierIds.length === 0) return
  const [project] = await tx
    .select(projectColumns)
    .from(purchaseProjects)
    .where(and(eq(purchaseProjects.id, projectId), eq(purchaseProjects.organizationId, ctx.actor.companyId!)))
    .for('update')
  if (!project || FINISHED.includes(project.status)) return
  await addEntries(
    tx,
    ctx,
    project,
    supplierIds.map((id) => ({ id, note: '' })),
    () => 'supplierIds',
  )
}

/** Puts one supplier on the project's shortlist, once per idempotency key; a supplier already on it is a conflict. */
export async function addToShortlist(
  ctx: ServiceContext,
  projectId: string,
  input: AddShortlistInput,
  options: IdempotencyOption = {},
): Promise<ShortlistEntry> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await createIdempotently(
    `shortlist:${companyId}`,
    options,
    { projectId, input },
    async (tx) => {
      const project = await lockProject(tx, companyId, projectId)
      const added = await addEntries(tx, ctx, project, [{ id: input.supplierCompanyId, note: input.note }], () => 'supplierCompanyId')
      if (added.length === 0)
        throw new AppError('conflict', 'The supplier is already on the shortlist', { fields: { supplierCompanyId: ['validation.alreadyShortlisted'] } })
    },
    input.supplierCompanyId,
  )
  const { entries } = await getShortlist(ctx, projectId)
  const entry = entries.find((candidate) => candidate.supplierId === input.supplierCompanyId)
  if (!entry) throw new AppError('not_found', 'Supplier not on the shortlist')
  return entry
}

/** Puts several suppliers on the shortlist at once (the selector); those already on it are skipped. Answers the ids added. */
export async function addManyToShortlist(ctx: ServiceContext, projectId: string, supplierIds: string[]): Promise<string[]> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  if (supplierIds.length === 0) throw fieldError({ supplierIds: ['validation.supplier'] })
  if (supplierIds.length > MAX_SHORTLIST) throw fieldError({ supplierIds: ['validation.shortlistFull'] })
  return database().transaction(async (tx) => {
    const project = await lockProject(tx, companyId, projectId)
    return addEntries(
      tx,
      ctx,
      project,
      supplierIds.map((id) => ({ id, note: '' })),
      () => 'supplierIds',
    )
  })
}

async function lockEntry(tx: Transaction, projectId: string, supplierId: string) {
  const [entry] = await tx
    .select({ note: shortlistEntries.note })
    .from(shortlistEntries)
    .where(and(eq(shortlistEntries.projectId, projectId), eq(shortlistEntries.supplierCompanyId, supplierId)))
    .for('update', { of: shortlistEntries })
  if (!entry) throw new AppError('not_found', 'Supplier not on the shortlist')
  return { ...entry, name: await companyName(supplierId, tx) }
}

/** Replaces the buyer's note on a shortlisted supplier. */
export async function setShortlistNote(ctx: ServiceContext, projectId: string, supplierId: string, input: ShortlistNoteInput): Promise<ShortlistEntry> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    await lockProject(tx, companyId, projectId)
    const entry = await lockEntry(tx, projectId, supplierId)
    if (entry.note === input.note) return
    await tx
      .update(shortlistEntries)
      .set({ note: input.note })
      .where(and(eq(shortlistEntries.projectId, projectId), eq(shortlistEntries.supplierCompanyId, supplierId)))
    await recordEvent(tx, ctx, projectId, 'shortlist_noted', { supplierId, supplierName: entry.name }, input.note)
  })
  const { entries } = await getShortlist(ctx, projectId)
  return entries.find((entry) => entry.supplierId === supplierId)!
}

/** Takes a supplier off the project's shortlist. */
export async function removeFromShortlist(ctx: ServiceContext, projectId: string, supplierId: string): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    await lockProject(tx, companyId, projectId)
    const entry = await lockEntry(tx, projectId, supplierId)
    await tx.delete(shortlistEntries).where(and(eq(shortlistEntries.projectId, projectId), eq(shortlistEntries.supplierCompanyId, supplierId)))
    await recordEvent(tx, ctx, projectId, 'shortlist_removed', { supplierId, supplierName: entry.name })
  })
}

/** Which of the given suppliers the company's project has already shortlisted (the finder marks them). */
export async function shortlistMembership(ctx: ServiceContext, projectId: string | null, supplierIds: string[]): Promise<Set<string>> {
  requireCompany(ctx.actor)
  if (!projectId || supplierIds.length === 0) return new Set()
  const rows = await database()
    .select({ supplierId: shortlistEntries.supplierCompanyId })
    .from(shortlistEntries)
    .innerJoin(purchaseProjects, eq(purchaseProjects.id, shortlistEntries.projectId))
    .where(
      and(
        eq(shortlistEntries.projectId, projectId),
        eq(purchaseProjects.organizationId, ctx.actor.companyId),
        inArray(shortlistEntries.supplierCompanyId, supplierIds),
        notInArray(purchaseProjects.status, FINISHED),
      ),
    )
  return new Set(rows.map((row) => row.supplierId))
}
