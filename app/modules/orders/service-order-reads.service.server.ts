// Reading service and logistic orders: one order as the actor may see it (with what it may do), the company's lists,
// the open freight requests a logistics provider may price, and the purchase orders a service order may be linked to.
import { and, asc, count, desc, eq, isNull, ne, or, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { requireCompany } from '../companies/index'
import { publicCompanyCards as companies } from '../companies/index.server'
import { userNames } from '../identity/index.server'
import { freightQuotes, purchaseOrders, serviceOrderEvents, serviceOrders } from './orders.tables.server'
import type { ServiceOrderListQuery } from './service-order.inputs'
import { isOpenRequest, partyOf, serviceOrderActions } from './service-order.policy'
import type { FreightQuote, ServiceOrderDetail, ServiceOrderPage, ServiceOrderSummary, ServiceOrderViewer } from './service-order.types'
import { notFound, type ServiceOrderRow } from './service-order-writes.server'
import { companyOffers } from './service-providers.service.server'

type QuoteRow = typeof freightQuotes.$inferSelect

/** The actor's view of the order, or null when it may not see it (no hint it exists). */
export async function viewerOf(db: Database | Transaction, order: ServiceOrderRow, companyId: string): Promise<ServiceOrderViewer | null> {
  const party = partyOf(order, companyId)
  if (party) return party === 'buyer' ? 'buyer' : 'provider'
  if (isOpenRequest(order) && (await companyOffers(db, companyId, 'logistics'))) return 'quoting'
  return null
}

function summaryOf(row: ServiceOrderRow, viewer: ServiceOrderViewer): ServiceOrderSummary {
  const quoting = viewer === 'quoting'
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    serviceType: row.serviceType,
    status: row.status,
    viewer,
    // A provider pricing a request does not learn who asks.
    buyer: quoting ? { id: null, name: '' } : { id: row.buyerCompanyId, name: row.buyerName },
    provider: { id: row.providerCompanyId, name: row.providerName },
    currency: row.currency,
    price: row.price,
    serviceDate: row.serviceDate,
    route: row.freight
      ? {
          origin: `${row.freight.origin}, ${row.freight.originCountry}`,
          destination: `${row.freight.destination}, ${row.freight.destinationCountry}`,
          mode: row.freight.mode,
        }
      : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** One order with its timeline, quotes and what the actor may do; a quoting provider sees only what it needs to price. */
export async function getServiceOrder(ctx: ServiceContext, id: string): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  const [order] = await db.select().from(serviceOrders).where(eq(serviceOrders.id, id))
  const viewer = order ? await viewerOf(db, order, companyId) : null
  if (!order || !viewer) throw notFound()
  const quoting = viewer === 'quoting'
  const actorCompanies = db.$with('actor_companies').as(db.select({ id: companies.id, name: companies.name }).from(companies))
  const [eventRows, quoteRows, linked] = await Promise.all([
    quoting
      ? Promise.resolve([])
      : db
          .with(actorCompanies)
          .select({
            id: serviceOrderEvents.id,
            type: serviceOrderEvents.type,
            fromStatus: serviceOrderEvents.fromStatus,
            toStatus: serviceOrderEvents.toStatus,
            actorUserId: serviceOrderEvents.actorUserId,
            actorCompanyName: actorCompanies.name,
            note: serviceOrderEvents.note,
            createdAt: serviceOrderEvents.createdAt,
          })
          .from(serviceOrderEvents)
          .leftJoin(actorCompanies, eq(actorCompanies.id, serviceOrderEvents.actorCompanyId))
          .where(eq(serviceOrderEvents.orderId, id))
          .orderBy(asc(serviceOrderEvents.createdAt), asc(serviceOrderEvents.id)),
    order.kind !== 'logistic'
      ? Promise.resolve([])
      : db
          .select({ quote: freightQuotes, providerName: companies.name, verification: companies.verificationStatus })
          .from(freightQuotes)
          .innerJoin(companies, eq(companies.id, freightQuotes.providerCompanyId))
          .where(viewer === 'buyer' ? eq(freightQuotes.orderId, id) : and(eq(freightQuotes.orderId, id), eq(freightQuotes.providerCompanyId, companyId)))
          .orderBy(asc(freightQuotes.createdAt), asc(freightQuotes.id)),
    order.linkedPurchaseOrderId && !quoting
      ? db.select({ id: purchaseOrders.id, number: purchaseOrders.number }).from(purchaseOrders).where(eq(purchaseOrders.id, order.linkedPurchaseOrderId))
      : Promise.resolve([]),
  ])
  const actors = await userNames(
    eventRows.map((row) => row.actorUserId),
    db,
  )
  const events = eventRows.map(({ actorUserId, ...event }) => ({ ...event, actorName: actorUserId ? (actors.get(actorUserId) ?? null) : null }))
  const quotes = quoteRows.map(({ quote, providerName, verification }) => quoteOf(quote, providerName, verification === 'accept'))
  return {
    ...summaryOf(order, viewer),
    scope: order.scope,
    location: order.location,
    linkedPurchaseOrder: linked[0] ?? null,
    freight: order.freight ?? null,
    statusReason: quoting ? '' : order.statusReason,
    version: order.version,
    events,
    quotes,
    // Accepting a quote names a quote: the page offers it per quote, not as a plain step.
    // Only a quoting viewer was asked whether it offers logistics; for a party the answer changes nothing.
    actions: serviceOrderActions(ctx.actor, order, quotes, viewer === 'quoting'),
  }
}

function quoteOf(quote: QuoteRow, providerName: string, providerVerified: boolean): FreightQuote {
  return {
    id: quote.id,
    providerCompanyId: quote.providerCompanyId,
    providerName,
    providerVerified,
    status: quote.status,
    currency: quote.currency,
    price: quote.price,
    transitDays: quote.transitDays,
    validUntil: quote.validUntil,
    note: quote.note,
    includesInsurance: quote.includesInsurance,
    createdAt: quote.createdAt,
  }
}

function listFilters(companyId: string, query: Pick<ServiceOrderListQuery, 'kind' | 'status' | 'role'>): SQL {
  const filters: SQL[] = []
  if (query.role === 'buyer') filters.push(eq(serviceOrders.buyerCompanyId, companyId))
  else if (query.role === 'provider') filters.push(eq(serviceOrders.providerCompanyId, companyId))
  else filters.push(or(eq(serviceOrders.buyerCompanyId, companyId), eq(serviceOrders.providerCompanyId, companyId))!)
  if (query.kind) filters.push(eq(serviceOrders.kind, query.kind))
  if (query.status) filters.push(eq(serviceOrders.status, query.status))
  return and(...filters)!
}

/** The company's service and logistic orders, as buyer or provider, newest first. */
export async function listServiceOrders(ctx: ServiceContext, query: ServiceOrderListQuery): Promise<ServiceOrderPage> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const where = listFilters(companyId, query)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db.select().from(serviceOrders).where(where).orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(serviceOrders).where(where),
  ])
  return { items: rows.map((row) => summaryOf(row, row.buyerCompanyId === companyId ? 'buyer' : 'provider')), total: total?.n ?? 0 }
}

/** Open freight requests a logistics provider may price (not its own), newest first; empty for other companies. */
export async function listOpenFreightRequests(ctx: ServiceContext, page: { limit: number; offset: number }): Promise<ServiceOrderPage & { eligible: boolean }> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  if (!(await companyOffers(db, companyId, 'logistics'))) return { items: [], total: 0, eligible: false }
  const where = and(
    eq(serviceOrders.kind, 'logistic'),
    eq(serviceOrders.status, 'quoting'),
    isNull(serviceOrders.providerCompanyId),
    or(isNull(serviceOrders.buyerCompanyId), ne(serviceOrders.buyerCompanyId, companyId)),
  )
  const [rows, [total]] = await Promise.all([
    db.select().from(serviceOrders).where(where).orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(serviceOrders).where(where),
  ])
  return { items: rows.map((row) => summaryOf(row, 'quoting')), total: total?.n ?? 0, eligible: true }
}

/** The buyer's purchase orders a service order may be linked to (newest first). */
export async function linkablePurchaseOrders(ctx: ServiceContext): Promise<Array<{ id: string; number: string; supplierName: string }>> {
  requireCompany(ctx.actor)
  return database()
    .select({ id: purchaseOrders.id, number: purchaseOrders.number, supplierName: purchaseOrders.supplierName })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.buyerCompanyId, ctx.actor.companyId))
    .orderBy(desc(purchaseOrders.createdAt))
    .limit(200)
}
