// The services a provider offers (issue 25): its own list, one offering, and its writes. The public side (which
// providers offer a service, where) reads the same table in service-providers.service.server.ts.
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { formatScaled, parseDecimal } from '../../platform/format/decimal-text'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { lockCompany } from '../companies/index.server'
import { requireCompany, requireRole } from '../companies/index'
import { changedFields, recordAudit } from '../kernel/index.server'
import { MAX_SERVICE_OFFERINGS, type OfferingPriceBasis, ORDERABLE_SERVICES, type OrderableService } from './orders.constants'
import { serviceOfferings } from './orders.tables.server'
import type { ServiceOfferingInput, ServiceOfferingListQuery, UpdateServiceOfferingInput } from './service-offering.inputs'
import { canManageServiceOfferings, mayOfferServices, requireOfferingManager } from './service-offering.policy'

export type ServiceOffering = {
  id: string
  serviceType: OrderableService
  title: string
  description: string
  worldwide: boolean
  countries: string[]
  /** Exact decimal text without trailing zeros ("0.125", "1850"); null: quoted on request. */
  price: string | null
  currency: string | null
  priceBasis: OfferingPriceBasis | null
  leadTimeDays: number
  version: number
  createdAt: Date
  updatedAt: Date
}

export type ServiceOfferingPage = {
  items: ServiceOffering[]
  total: number
  limit: number
  offset: number
  /** The actor may add, change and remove offerings; `full`: the company has as many as it may have. */
  canManage: boolean
  full: boolean
}

const columns = {
  id: serviceOfferings.id,
  serviceType: serviceOfferings.serviceType,
  title: serviceOfferings.title,
  description: serviceOfferings.description,
  worldwide: serviceOfferings.worldwide,
  countries: serviceOfferings.countries,
  price: serviceOfferings.price,
  currency: serviceOfferings.currency,
  priceBasis: serviceOfferings.priceBasis,
  leadTimeDays: serviceOfferings.leadTimeDays,
  version: serviceOfferings.version,
  createdAt: serviceOfferings.createdAt,
  updatedAt: serviceOfferings.updatedAt,
}

/** numeric(18,4) reads "1850.0000": the price as typed, without the column's padding. */
export const plainPrice = (price: string | null): string | null => (price === null ? null : formatScaled(parseDecimal(price)))

const toOffering = (row: ServiceOffering): ServiceOffering => ({ ...row, price: plainPrice(row.price) })

/** What the audit log keeps of an offering. */
function snapshot(offering: ServiceOfferingInput | ServiceOffering) {
  const { serviceType, title, description, worldwide, countries, leadTimeDays } = offering
  return {
    serviceType,
    title,
    description,
    worldwide,
    countries,
    price: offering.price ?? null,
    currency: offering.currency ?? null,
    priceBasis: offering.priceBasis ?? null,
    leadTimeDays,
  }
}

const storedFields = (input: ServiceOfferingInput) => ({
  serviceType: input.serviceType,
  title: input.title,
  description: input.description,
  worldwide: input.worldwide,
  countries: input.countries,
  price: input.price ?? null,
  currency: input.currency ?? null,
  priceBasis: input.priceBasis ?? null,
  leadTimeDays: input.leadTimeDays,
})

const ofCompany = (companyId: string, id: string) => and(eq(serviceOfferings.id, id), eq(serviceOfferings.organizationId, companyId))

async function findOffering(db: Database | Transaction, companyId: string, id: string): Promise<ServiceOffering> {
  const [row] = await db.select(columns).from(serviceOfferings).where(ofCompany(companyId, id))
  if (!row) throw new AppError('not_found', 'Service not found')
  return toOffering(row)
}

async function offeringCount(db: Database | Transaction, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(serviceOfferings).where(eq(serviceOfferings.organizationId, companyId))
  return row?.n ?? 0
}

/** The company's offerings, newest first, a page at a time (any member; a buying company simply has none). */
export async function listServiceOfferings(ctx: ServiceContext, query: ServiceOfferingListQuery): Promise<ServiceOfferingPage> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const filters: SQL[] = [eq(serviceOfferings.organizationId, companyId)]
  if (query.type) filters.push(eq(serviceOfferings.serviceType, query.type))
  const db = database()
  const [rows, [filtered], all] = await Promise.all([
    db
      .select(columns)
      .from(serviceOfferings)
      .where(and(...filters))
      .orderBy(desc(serviceOfferings.createdAt), asc(serviceOfferings.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(serviceOfferings)
      .where(and(...filters)),
    query.type ? offeringCount(db, companyId) : Promise.resolve(null),
  ])
  const total = filtered?.n ?? 0
  return {
    items: rows.map(toOffering),
    total,
    limit: query.limit,
    offset: query.offset,
    canManage: canManageServiceOfferings(ctx.actor),
    full: (all ?? total) >= MAX_SERVICE_OFFERINGS,
  }
}

/** One offering of the company (any member); another company's is not found. */
export async function getServiceOffering(ctx: ServiceContext, id: string): Promise<ServiceOffering> {
  requireCompany(ctx.actor)
  return findOffering(database(), ctx.actor.companyId, id)
}

/** Adds an offering (admins and owners of a supplying company), once per idempotency key; at most MAX_SERVICE_OFFERINGS. */
export async function createServiceOffering(ctx: ServiceContext, input: ServiceOfferingInput, options: IdempotencyOption = {}): Promise<ServiceOffering> {
  requireOfferingManager(ctx.actor)
  const companyId = ctx.actor.companyId
  const { id } = await createIdempotently(`service-offering:${companyId}`, options, input, async (tx, offeringId) => {
    await lockCompany(tx, companyId)
    if ((await offeringCount(tx, companyId)) >= MAX_SERVICE_OFFERINGS) {
      throw new AppError('validation_failed', 'Too many services', { fields: { serviceType: ['validation.tooManyOfferings'] }, max: MAX_SERVICE_OFFERINGS })
    }
    await tx.insert(serviceOfferings).values({ id: offeringId, organizationId: companyId, ...storedFields(input), createdBy: ctx.actor.userId })
    await recordAudit(tx, ctx, { companyId, action: 'service_offering.created', targetType: 'service_offering', targetId: offeringId, after: snapshot(input) })
  })
  return getServiceOffering(ctx, id)
}

/** Replaces an offering (admins and owners) when `version` is the one stored; an older version is refused as stale. */
export async function updateServiceOffering(ctx: ServiceContext, id: string, input: UpdateServiceOfferingInput): Promise<ServiceOffering> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    const current = await findOffering(tx, companyId, id)
    requireOfferingManager(ctx.actor)
    if (current.version !== input.version) throw new AppError('stale_version', 'The service was changed meanwhile; reload it', { version: current.version })
    const { version: _version, ...offering } = input
    const diff = changedFields(snapshot(current), snapshot(offering))
    if (!diff) return current
    const [row] = await tx
      .update(serviceOfferings)
      .set({ ...storedFields(offering), version: current.version + 1, updatedAt: new Date() })
      .where(and(ofCompany(companyId, id), eq(serviceOfferings.version, current.version)))
      .returning(columns)
    if (!row) throw new AppError('stale_version', 'The service was changed meanwhile; reload it')
    await recordAudit(tx, ctx, { companyId, action: 'service_offering.updated', targetType: 'service_offering', targetId: id, ...diff })
    return toOffering(row)
  })
}

/** Removes an offering (admins and owners) and answers what it was. */
export async function deleteServiceOffering(ctx: ServiceContext, id: string): Promise<ServiceOffering> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    const current = await findOffering(tx, companyId, id)
    requireOfferingManager(ctx.actor)
    await tx.delete(serviceOfferings).where(ofCompany(companyId, id))
    await recordAudit(tx, ctx, { companyId, action: 'service_offering.deleted', targetType: 'service_offering', targetId: id, before: snapshot(current) })
    return current
  })
}

/** The company's offerings per service type (the supplier home's card); zero for types it does not offer. */
export async function serviceOfferingCounts(ctx: ServiceContext): Promise<{ total: number; byType: Record<OrderableService, number> }> {
  requireCompany(ctx.actor)
  const byType = Object.fromEntries(ORDERABLE_SERVICES.map((type) => [type, 0])) as Record<OrderableService, number>
  if (!mayOfferServices(ctx.actor.companyKind)) return { total: 0, byType }
  const rows = await database()
    .select({ type: serviceOfferings.serviceType, n: count() })
    .from(serviceOfferings)
    .where(eq(serviceOfferings.organizationId, ctx.actor.companyId))
    .groupBy(serviceOfferings.serviceType)
  for (const row of rows) byType[row.type] = row.n
  return { total: rows.reduce((sum, row) => sum + row.n, 0), byType }
}
