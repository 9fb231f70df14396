import { randomUUID } from 'node:crypto'
import { requireVersion } from '../../platform/versioning'
import DecimalBase from 'decimal.js'
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { convertAmount } from '../../platform/fx/convert'
import { rateTable } from '../../platform/fx/fx.service.server'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { availableActions, checkTransition, needsReason } from '../../platform/state-machine'
import { requireCompany } from '../companies/index'
import { companyNames } from '../companies/index.server'
import { nextNumber } from '../kernel/index.server'
import { userNames } from '../identity/index.server'
import type { CreateProjectInput, ManualProjectAction, ProjectListQuery, ProjectTransitionInput, UpdateProjectInput } from './project.inputs'
import { MANUAL_PROJECT_ACTIONS } from './project.inputs'
import type { ProjectStatus, RequirementStatus, RfqStatus } from './sourcing.constants'
import { type ProjectAction, type ProjectEventType, projectMachine } from './sourcing.machines'
import { projectEvents, purchaseProjects, quotations, requirements, rfqAwards, rfqs } from './sourcing.tables.server'

const Decimal = DecimalBase.clone({ precision: 40 })

type ProjectRow = typeof purchaseProjects.$inferSelect

export type Project = {
  id: string
  number: string
  name: string
  description: string
  status: ProjectStatus
  currency: string
  budget: string | null
  deadline: string | null
  statusReason: string
  version: number
  createdAt: Date
  updatedAt: Date
  /** The steps the buyer may take by hand now. */
  actions: ManualProjectAction[]
  /** Whether its terms and requirements may still change (not closed or cancelled). */
  editable: boolean
}

export type ProjectListItem = Pick<Project, 'id' | 'number' | 'name' | 'status' | 'currency' | 'budget' | 'deadline' | 'createdAt'> & {
  requirementCount: number
  awardedCount: number
}
export type ProjectPage = { items: ProjectListItem[]; total: number }

export type ProjectEvent = { id: string; type: ProjectEventType; actorName: string | null; note: string; data: Record<string, unknown>; createdAt: Date }
export type ProjectRequirementRow = {
  id: string
  position: number
  title: string
  quantity: number
  unit: string
  targetUnitPrice: string | null
  targetCurrency: string | null
  requiredBy: string | null
  status: RequirementStatus
}
export type ProjectRfq = { id: string; number: string; title: string; status: RfqStatus; quoteDeadline: Date; sealed: boolean; quotationCount: number }
export type ProjectOrder = {
  purchaseOrderId: string | null
  supplierCompanyId: string
  supplierName: string
  currency: string
  amount: string
  lineCount: number
}
export type ProjectSpend = {
  currency: string
  /** The awarded amount in the project currency (decimal text, rounded to 4 places). */
  spent: string
  budget: string | null
  /** spent / budget, null without a budget. */
  ratio: number | null
  /** The rates' as-of date. */
  ratesAsOf: string | null
  /** Currencies of awards no rate converts (left out of `spent`). */
  unconverted: string[]
}
export type ProjectSummary = {
  project: Project
  requirements: ProjectRequirementRow[]
  rfqs: ProjectRfq[]
  orders: ProjectOrder[]
  spend: ProjectSpend
  events: ProjectEvent[]
}

const CLOSED_STATUSES: readonly ProjectStatus[] = ['closed', 'cancelled']

/** A project's status lets its terms and requirements change. */
export const isProjectEditable = (status: ProjectStatus) => !CLOSED_STATUSES.includes(status)

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** The project, locked for update, when it is the actor's company's; not found otherwise (no hint it exists). */
export async function lockProject(tx: Transaction, companyId: string, id: string): Promise<ProjectRow> {
  const [project] = await tx
    .select()
    .from(purchaseProjects)
    .where(and(eq(purchaseProjects.id, id), eq(purchaseProjects.organizationId, companyId)))
    .for('update')
  if (!project) throw new AppError('not_found', 'Project not found')
  return project
}

type EventInput = { type: ProjectEventType; note?: string; data?: Record<string, unknown> }

/** One line of the project's timeline, written in the caller's transaction. */
export async function recordProjectEvent(tx: Transaction, ctx: ServiceContext, projectId: string, event: EventInput): Promise<void> {
  await tx
    .insert(projectEvents)
    .values({ id: randomUUID(), projectId, type: event.type, actorUserId: ctx.actor.userId, note: event.note ?? '', data: event.data ?? {} })
}

function toProject(row: ProjectRow, statusReason: string): Project {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    description: row.description,
    status: row.status,
    currency: row.currency,
    budget: row.budget,
    deadline: row.deadline,
    statusReason,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    actions: availableActions(projectMachine, row.status, 'buyer').filter((action): action is ManualProjectAction =>
      (MANUAL_PROJECT_ACTIONS as readonly string[]).includes(action),
    ),
    editable: isProjectEditable(row.status),
  }
}

/** A new purchase project of the actor's company, as a draft numbered PRJ-YYYY-NNNNN (once per idempotency key). */
export async function createProject(ctx: ServiceContext, input: CreateProjectInput, options: IdempotencyOption = {}): Promise<Project> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const { id } = await createIdempotently(`project:${companyId}`, options, input, async (tx, projectId) => {
    const number = await nextNumber(tx, companyId, 'PRJ')
    await tx.insert(purchaseProjects).values({
      id: projectId,
      organizationId: companyId,
      number,
      name: input.name,
      description: input.description,
      currency: input.currency,
      budget: input.budget ?? null,
      deadline: input.deadline ?? null,
      ownerUserId: ctx.actor.userId,
    })
    await recordProjectEvent(tx, ctx, projectId, { type: 'created', data: { number } })
  })
  return getProject(ctx, id)
}

/** Replaces a project's terms (not once closed or cancelled; optimistic lock). */
export async function updateProject(ctx: ServiceContext, id: string, input: UpdateProjectInput): Promise<Project> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const project = await lockProject(tx, companyId, id)
    requireVersion('project', project.version, input.version)
    if (!isProjectEditable(project.status))
      throw new AppError('invalid_transition', `Cannot edit a project that is ${project.status}`, { action: 'edit', status: project.status })
    const next = { name: input.name, description: input.description, currency: input.currency, budget: input.budget ?? null, deadline: input.deadline ?? null }
    const changed = (Object.keys(next) as Array<keyof typeof next>).filter((key) => normalized(project[key]) !== normalized(next[key]))
    if (changed.length === 0) return
    await tx
      .update(purchaseProjects)
      .set({ ...next, version: project.version + 1, updatedAt: new Date() })
      .where(eq(purchaseProjects.id, id))
    await recordProjectEvent(tx, ctx, id, { type: 'updated', data: { fields: changed } })
  })
  return getProject(ctx, id)
}

/** numeric comes back as `50000.0000`; compare amounts by value. */
const normalized = (value: string | null) => (value !== null && /^\d+(\.\d+)?$/.test(value) ? new Decimal(value).toString() : value)

/** A step the buyer takes by hand: activate, close, reopen, or cancel (with a reason). */
export async function transitionProject(ctx: ServiceContext, id: string, input: ProjectTransitionInput): Promise<Project> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const event = await database().transaction(async (tx) => {
    const project = await lockProject(tx, companyId, id)
    requireVersion('project', project.version, input.version)
    const check = checkTransition(projectMachine, project.status, input.action, 'buyer')
    if (!check.ok)
      throw new AppError(check.problem, `Cannot ${input.action} a project that is ${project.status}`, { action: input.action, status: project.status })
    if (needsReason(projectMachine, input.action) && !input.reason) throw fieldError({ reason: ['validation.reason'] })
    await applyStep(tx, ctx, project, input.action, check.to, input.reason)
    return recordEvent(tx, { name: `project.${input.action}`, changes: [{ companyIds: [companyId], entity: 'project', id, action: input.action }] })
  })
  await relayEvents([event])
  return getProject(ctx, id)
}

async function applyStep(tx: Transaction, ctx: ServiceContext, project: ProjectRow, action: ProjectAction, to: ProjectStatus, reason: string): Promise<void> {
  await tx
    .update(purchaseProjects)
    .set({ status: to, version: project.version + 1, updatedAt: new Date() })
    .where(eq(purchaseProjects.id, project.id))
  await recordProjectEvent(tx, ctx, project.id, { type: action, note: reason, data: { from: project.status, to } })
}

/**
 * Moves the project on when its first RFQ goes out (`start_sourcing`) or an award is made (`award`), inside the
 * caller's transaction; a step the project's status does not allow (already sourcing, closed…) changes nothing.
 * Returns whether it moved.
 */
export async function advanceProject(tx: Transaction, ctx: ServiceContext, projectId: string, action: 'start_sourcing' | 'award'): Promise<boolean> {
  requireCompany(ctx.actor)
  const project = await lockProject(tx, ctx.actor.companyId, projectId)
  const check = checkTransition(projectMachine, project.status, action, 'buyer')
  if (!check.ok || check.to === project.status) return false
  await applyStep(tx, ctx, project, action, check.to, '')
  return true
}

/** The reason of the last cancel, shown with a cancelled project. */
async function lastReason(db: Database, project: ProjectRow): Promise<string> {
  if (project.status !== 'cancelled') return ''
  const [event] = await db
    .select({ note: projectEvents.note })
    .from(projectEvents)
    .where(and(eq(projectEvents.projectId, project.id), eq(projectEvents.type, 'cancel')))
    .orderBy(desc(projectEvents.createdAt))
    .limit(1)
  return event?.note ?? ''
}

async function projectRow(db: Database, companyId: string, id: string): Promise<ProjectRow> {
  const [project] = await db
    .select()
    .from(purchaseProjects)
    .where(and(eq(purchaseProjects.id, id), eq(purchaseProjects.organizationId, companyId)))
  if (!project) throw new AppError('not_found', 'Project not found')
  return project
}

/** One project of the actor's company. */
export async function getProject(ctx: ServiceContext, id: string): Promise<Project> {
  requireCompany(ctx.actor)
  const db = database()
  const project = await projectRow(db, ctx.actor.companyId, id)
  return toProject(project, await lastReason(db, project))
}

function listWhere(companyId: string, query: Pick<ProjectListQuery, 'status' | 'q'>): SQL {
  const filters: SQL[] = [eq(purchaseProjects.organizationId, companyId)]
  if (query.status) filters.push(eq(purchaseProjects.status, query.status))
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    filters.push(or(ilike(purchaseProjects.number, pattern), ilike(purchaseProjects.name, pattern))!)
  }
  return and(...filters)!
}

/** The company's projects, newest first, with their progress (requirements awarded of those not cancelled). */
export async function listProjects(ctx: ServiceContext, query: ProjectListQuery): Promise<ProjectPage> {
  requireCompany(ctx.actor)
  const where = listWhere(ctx.actor.companyId, query)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(purchaseProjects)
      .where(where)
      .orderBy(desc(purchaseProjects.createdAt), desc(purchaseProjects.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(purchaseProjects).where(where),
  ])
  const ids = rows.map((row) => row.id)
  const progress =
    ids.length === 0
      ? []
      : await db
          .select({
            projectId: requirements.projectId,
            total: count(),
            awarded: sql<number>`count(*) filter (where ${requirements.status} = 'awarded')`.mapWith(Number),
          })
          .from(requirements)
          .where(and(inArray(requirements.projectId, ids), ne(requirements.status, 'cancelled')))
          .groupBy(requirements.projectId)
  const byProject = new Map(progress.map((row) => [row.projectId, row]))
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: row.number,
      name: row.name,
      status: row.status,
      currency: row.currency,
      budget: row.budget,
      deadline: row.deadline,
      createdAt: row.createdAt,
      requirementCount: byProject.get(row.id)?.total ?? 0,
      awardedCount: byProject.get(row.id)?.awarded ?? 0,
    })),
    total: total?.n ?? 0,
  }
}

/** The awarded amounts in the project currency; awards in a currency without a rate are named, not guessed. */
async function spendOf(orders: ProjectOrder[], project: ProjectRow): Promise<ProjectSpend> {
  const rates = await rateTable()
  let spent = new Decimal(0)
  const unconverted = new Set<string>()
  for (const order of orders) {
    const converted = convertAmount(rates, order.amount, order.currency, project.currency)
    if (converted === null) unconverted.add(order.currency)
    else spent = spent.plus(converted)
  }
  const budget = project.budget === null ? null : new Decimal(project.budget)
  return {
    currency: project.currency,
    spent: spent.toDecimalPlaces(4).toFixed(4),
    budget: project.budget,
    ratio: budget && !budget.isZero() ? spent.div(budget).toNumber() : null,
    ratesAsOf: rates.asOf,
    unconverted: [...unconverted].sort(),
  }
}

/**
 * Everything the project page shows: terms and status steps, requirements, RFQs with their quotation counts, the orders
 * awards became (per purchase order: supplier and amount), spend against the budget in the project currency, and the
 * timeline.
 */
export async function projectSummary(ctx: ServiceContext, id: string): Promise<ProjectSummary> {
  requireCompany(ctx.actor)
  const db = database()
  const project = await projectRow(db, ctx.actor.companyId, id)
  const quotationCount = db
    .select({ rfqId: quotations.rfqId, n: count().as('n') })
    .from(quotations)
    .where(ne(quotations.status, 'draft'))
    .groupBy(quotations.rfqId)
    .as('quotation_count')
  const [statusReason, requirementRows, rfqRows, awardRows, eventRows] = await Promise.all([
    lastReason(db, project),
    db
      .select({
        id: requirements.id,
        position: requirements.position,
        title: requirements.title,
        quantity: requirements.quantity,
        unit: requirements.unit,
        targetUnitPrice: requirements.targetUnitPrice,
        targetCurrency: requirements.targetCurrency,
        requiredBy: requirements.requiredBy,
        status: requirements.status,
      })
      .from(requirements)
      .where(eq(requirements.projectId, id))
      .orderBy(asc(requirements.position), asc(requirements.createdAt)),
    db
      .select({
        id: rfqs.id,
        number: rfqs.number,
        title: rfqs.title,
        status: rfqs.status,
        quoteDeadline: rfqs.quoteDeadline,
        sealed: rfqs.sealed,
        quotationCount: sql<number>`coalesce(${quotationCount.n}, 0)`.mapWith(Number),
      })
      .from(rfqs)
      .leftJoin(quotationCount, eq(quotationCount.rfqId, rfqs.id))
      .where(and(eq(rfqs.projectId, id), eq(rfqs.organizationId, project.organizationId)))
      .orderBy(desc(rfqs.createdAt)),
    db
      .select({
        purchaseOrderId: rfqAwards.purchaseOrderId,
        supplierCompanyId: rfqAwards.supplierCompanyId,
        currency: rfqAwards.currency,
        amount: sql<string>`sum(${rfqAwards.quantity} * ${rfqAwards.unitPrice})::text`,
        lineCount: sql<number>`count(*)`.mapWith(Number),
      })
      .from(rfqAwards)
      .innerJoin(rfqs, eq(rfqs.id, rfqAwards.rfqId))
      .where(and(eq(rfqs.projectId, id), eq(rfqs.organizationId, project.organizationId)))
      .groupBy(rfqAwards.purchaseOrderId, rfqAwards.supplierCompanyId, rfqAwards.currency)
      .orderBy(asc(rfqAwards.supplierCompanyId)),
    db
      .select({
        id: projectEvents.id,
        type: projectEvents.type,
        actorUserId: projectEvents.actorUserId,
        note: projectEvents.note,
        data: projectEvents.data,
        createdAt: projectEvents.createdAt,
      })
      .from(projectEvents)
      .where(eq(projectEvents.projectId, id))
      .orderBy(asc(projectEvents.createdAt), asc(projectEvents.id)),
  ])
  const [suppliers, actors] = await Promise.all([
    companyNames(
      awardRows.map((row) => row.supplierCompanyId),
      db,
    ),
    userNames(
      eventRows.map((row) => row.actorUserId),
      db,
    ),
  ])
  const orders: ProjectOrder[] = awardRows.map((row) => ({
    ...row,
    supplierName: suppliers.get(row.supplierCompanyId) ?? '',
    amount: new Decimal(row.amount).toFixed(4),
  }))
  const events = eventRows.map(({ actorUserId, ...event }) => ({ ...event, actorName: actorUserId ? (actors.get(actorUserId) ?? null) : null }))
  return { project: toProject(project, statusReason), requirements: requirementRows, rfqs: rfqRows, orders, spend: await spendOf(orders, project), events }
}

/** The company's projects that still take requirements, by number (for pickers). */
export async function openProjects(ctx: ServiceContext): Promise<Array<{ id: string; number: string; name: string; currency: string }>> {
  requireCompany(ctx.actor)
  return database()
    .select({ id: purchaseProjects.id, number: purchaseProjects.number, name: purchaseProjects.name, currency: purchaseProjects.currency })
    .from(purchaseProjects)
    .where(and(eq(purchaseProjects.organizationId, ctx.actor.companyId), inArray(purchaseProjects.status, ['draft', 'active', 'sourcing', 'awarded'])))
    .orderBy(desc(purchaseProjects.createdAt))
    .limit(200)
}
