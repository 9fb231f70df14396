// Reading purchase orders: one order with everything its page shows (and what the actor may do), the company's lists,
// and the companies it trades with. Every query is scoped to the actor's company.
import { and, asc, count, desc, eq, gte, ilike, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import type { Party } from '../../platform/state-machine'
import { requireCompany } from '../companies/index'
import { publicCompanyCards as companies } from '../companies/index.server'
import { attachedFiles } from '../kernel/index.server'
import { userDirectory } from '../identity/index.server'
import type { PurchaseOrderStatus } from './orders.constants'
import { purchaseOrderChangeRequests, purchaseOrderEvents, purchaseOrderLines, purchaseOrders } from './orders.tables.server'
import { partyOf, purchaseOrderActions } from './purchase-order.policy'
import type { ChangeRequest, PurchaseOrderDetail, PurchaseOrderPage, PurchaseOrderSummary } from './purchase-order.types'

type OrderRow = typeof purchaseOrders.$inferSelect

/** Orders the company may see: those it buys, and those it supplies once placed. */
export function visibleTo(companyId: string): SQL {
  return or(eq(purchaseOrders.buyerCompanyId, companyId), and(eq(purchaseOrders.supplierCompanyId, companyId), ne(purchaseOrders.status, 'draft')))!
}

function summaryOf(row: OrderRow, companyId: string): PurchaseOrderSummary {
  const side: Party = row.buyerCompanyId === companyId ? 'buyer' : 'supplier'
  const buyer = { id: row.buyerCompanyId, name: row.buyerName }
  const supplier = { id: row.supplierCompanyId, name: row.supplierName }
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    side,
    buyer,
    supplier,
    counterpart: side === 'buyer' ? supplier : buyer,
    currency: row.currency,
    total: row.total,
    lineCount: row.lineCount,
    requestedDeliveryDate: row.requestedDeliveryDate,
    createdAt: row.createdAt,
    placedAt: row.placedAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }
}

/** One order with its lines, timeline, change requests, attachments and what the actor may do (parties only). */
export async function getPurchaseOrder(ctx: ServiceContext, id: string): Promise<PurchaseOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  const [order] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id))
  const party = order ? partyOf(order, companyId) : null
  if (!order || !party) throw new AppError('not_found', 'Order not found')
  const actorCompanies = db.$with('actor_companies').as(db.select({ id: companies.id, name: companies.name }).from(companies))
  const [lines, eventRows, requestRows, attachmentRows] = await Promise.all([
    db
      .select({
        id: purchaseOrderLines.id,
        position: purchaseOrderLines.position,
        productId: purchaseOrderLines.productId,
        sku: purchaseOrderLines.sku,
        description: purchaseOrderLines.description,
        unit: purchaseOrderLines.unit,
        quantity: purchaseOrderLines.quantity,
        unitPrice: purchaseOrderLines.unitPrice,
        lineTotal: purchaseOrderLines.lineTotal,
        shippedQuantity: purchaseOrderLines.shippedQuantity,
        receivedQuantity: purchaseOrderLines.receivedQuantity,
      })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.orderId, id))
      .orderBy(asc(purchaseOrderLines.position)),
    db
      .with(actorCompanies)
      .select({
        id: purchaseOrderEvents.id,
        type: purchaseOrderEvents.type,
        fromStatus: purchaseOrderEvents.fromStatus,
        toStatus: purchaseOrderEvents.toStatus,
        actorName: userDirectory.name,
        actorCompanyName: actorCompanies.name,
        actorCompanyId: purchaseOrderEvents.actorCompanyId,
        note: purchaseOrderEvents.note,
        data: purchaseOrderEvents.data,
        createdAt: purchaseOrderEvents.createdAt,
      })
      .from(purchaseOrderEvents)
      .leftJoin(userDirectory, eq(userDirectory.id, purchaseOrderEvents.actorUserId))
      .leftJoin(actorCompanies, eq(actorCompanies.id, purchaseOrderEvents.actorCompanyId))
      .where(eq(purchaseOrderEvents.orderId, id))
      .orderBy(asc(purchaseOrderEvents.createdAt), asc(purchaseOrderEvents.id)),
    db
      .select({ request: purchaseOrderChangeRequests, requestedByName: userDirectory.name })
      .from(purchaseOrderChangeRequests)
      .leftJoin(userDirectory, eq(userDirectory.id, purchaseOrderChangeRequests.requestedByUserId))
      .where(eq(purchaseOrderChangeRequests.orderId, id))
      .orderBy(desc(purchaseOrderChangeRequests.createdAt)),
    order.buyerCompanyId
      ? attachedFiles(order.attachmentFileIds, { companyId: order.buyerCompanyId, db }).then((rows) =>
          rows.map(({ id, name, contentType, sizeBytes }) => ({ id, name, contentType, sizeBytes })),
        )
      : Promise.resolve([]),
  ])
  const changeRequests: ChangeRequest[] = requestRows.map(({ request, requestedByName }) => ({
    id: request.id,
    kind: request.kind,
    status: request.status,
    requestedBy: request.requestedByCompanyId === order.buyerCompanyId ? 'buyer' : request.requestedByCompanyId === order.supplierCompanyId ? 'supplier' : null,
    requestedByName,
    reason: request.reason,
    proposal: request.proposal,
    before: request.before,
    decisionNote: request.decisionNote,
    decidedAt: request.decidedAt,
    createdAt: request.createdAt,
  }))
  const pendingChange = changeRequests.find((request) => request.status === 'pending') ?? null
  const pendingRequest = requestRows.find(({ request }) => request.status === 'pending')?.request ?? null
  // Only the company that opened the latest dispute closes it: the page offers "resolve" to that company alone.
  const disputedBy = eventRows.findLast((event) => event.type === 'dispute')?.actorCompanyId ?? null
  return {
    ...summaryOf(order, companyId),
    incoterm: order.incoterm,
    incotermPlace: order.incotermPlace,
    paymentTerms: order.paymentTerms,
    shipToAddressId: order.shipToAddressId,
    shipTo: order.shipTo ?? null,
    notes: order.notes,
    subtotal: order.subtotal,
    statusReason: order.statusReason,
    confirmedAt: order.confirmedAt,
    deliveredAt: order.deliveredAt,
    closedAt: order.closedAt,
    lines,
    events: eventRows.map(({ actorCompanyId: _companyId, ...event }) => event),
    changeRequests,
    attachments: order.attachmentFileIds.flatMap((fileId) => attachmentRows.filter((row) => row.id === fileId)),
    actions: purchaseOrderActions(ctx.actor, { ...order, lines, disputedBy }, pendingRequest),
    pendingChange,
  }
}

/** The where clause of an order list (also the CSV export's). */
export function listFilters(
  companyId: string,
  query: {
    side?: 'all' | 'buyer' | 'supplier'
    status?: PurchaseOrderStatus | undefined
    counterpart?: string | undefined
    from?: string | undefined
    to?: string | undefined
    q?: string | undefined
  },
): SQL {
  const filters: SQL[] = []
  if (query.side === 'buyer') filters.push(eq(purchaseOrders.buyerCompanyId, companyId))
  else if (query.side === 'supplier') filters.push(eq(purchaseOrders.supplierCompanyId, companyId), ne(purchaseOrders.status, 'draft'))
  else filters.push(visibleTo(companyId))
  if (query.status) filters.push(eq(purchaseOrders.status, query.status))
  if (query.counterpart) {
    filters.push(
      or(
        and(eq(purchaseOrders.buyerCompanyId, companyId), eq(purchaseOrders.supplierCompanyId, query.counterpart)),
        and(eq(purchaseOrders.supplierCompanyId, companyId), eq(purchaseOrders.buyerCompanyId, query.counterpart)),
      )!,
    )
  }
  if (query.from) filters.push(gte(purchaseOrders.createdAt, new Date(`${query.from}T00:00:00Z`)))
  if (query.to) filters.push(lt(purchaseOrders.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)))
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    filters.push(or(ilike(purchaseOrders.number, pattern), ilike(purchaseOrders.buyerName, pattern), ilike(purchaseOrders.supplierName, pattern))!)
  }
  return and(...filters)!
}

/** The company's orders (as buyer, supplier or both), newest first, filtered and paged. */
export async function listPurchaseOrders(
  ctx: ServiceContext,
  query: {
    side?: 'all' | 'buyer' | 'supplier'
    status?: PurchaseOrderStatus | undefined
    counterpart?: string | undefined
    from?: string | undefined
    to?: string | undefined
    q?: string | undefined
    limit: number
    offset: number
  },
): Promise<PurchaseOrderPage> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const where = listFilters(companyId, query)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db.select().from(purchaseOrders).where(where).orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(purchaseOrders).where(where),
  ])
  return { items: rows.map((row) => summaryOf(row, companyId)), total: total?.n ?? 0 }
}

/** The companies the actor's company trades with, for the counterpart filter (distinct in SQL: one row per company). */
export async function orderCounterparts(ctx: ServiceContext): Promise<Array<{ id: string; name: string }>> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const counterpartId = sql`case when ${purchaseOrders.buyerCompanyId} = ${companyId} then ${purchaseOrders.supplierCompanyId} else ${purchaseOrders.buyerCompanyId} end`
  return database()
    .selectDistinct({ id: companies.id, name: companies.name })
    .from(purchaseOrders)
    .innerJoin(companies, eq(companies.id, counterpartId))
    .where(visibleTo(companyId))
    .orderBy(asc(companies.name), asc(companies.id))
}
