// Reading purchase orders: one order with everything its page shows (and what the actor may do), the company's lists,
// and the companies it trades with. Every query is scoped to the actor's company.
import { and, asc, desc, eq, gte, ilike, lt, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { ServiceContext } from '../../platform/actor'
import type { Database } from '../../platform/db/database.server'
import { database, forgetOnDatabaseChange } from '../../platform/db/index.server'
import { ExpiringLru } from '../../platform/lru'
import { registerOutboxHandler } from '../../platform/outbox/outbox.server'
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

/** The columns a summary reads: a list selects these alone (an order's notes, terms and addresses stay in the table). */
const summaryColumns = {
  id: purchaseOrders.id,
  number: purchaseOrders.number,
  status: purchaseOrders.status,
  buyerCompanyId: purchaseOrders.buyerCompanyId,
  buyerName: purchaseOrders.buyerName,
  supplierCompanyId: purchaseOrders.supplierCompanyId,
  supplierName: purchaseOrders.supplierName,
  currency: purchaseOrders.currency,
  total: purchaseOrders.total,
  lineCount: purchaseOrders.lineCount,
  requestedDeliveryDate: purchaseOrders.requestedDeliveryDate,
  createdAt: purchaseOrders.createdAt,
  placedAt: purchaseOrders.placedAt,
  updatedAt: purchaseOrders.updatedAt,
  version: purchaseOrders.version,
}
type SummaryRow = Pick<OrderRow, keyof typeof summaryColumns>

function summaryOf(row: SummaryRow, companyId: string): PurchaseOrderSummary {
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
export function listFilters(companyId: string, query: ListQuery): SQL {
  return and(...sideFilter(companyId, query.side), ...narrowingFilters(companyId, query))!
}

type ListQuery = {
  side?: 'all' | 'buyer' | 'supplier'
  status?: PurchaseOrderStatus | undefined
  counterpart?: string | undefined
  from?: string | undefined
  to?: string | undefined
  q?: string | undefined
}

/** A company id, or the placeholder a prepared list query takes it by. */
type CompanyRef = string | Placeholder
const asBuyer = (companyId: CompanyRef) => eq(purchaseOrders.buyerCompanyId, companyId)
const asSupplier = (companyId: CompanyRef) => and(eq(purchaseOrders.supplierCompanyId, companyId), ne(purchaseOrders.status, 'draft'))!

function sideFilter(companyId: string, side: ListQuery['side']): SQL[] {
  return [side === 'buyer' ? asBuyer(companyId) : side === 'supplier' ? asSupplier(companyId) : visibleTo(companyId)]
}

/**
 * The sides a list reads, each served by its own (company, created_at) index; for both sides the supplier's leaves out
 * the orders the company also buys, so no order is read twice.
 */
function sideBranches(companyId: CompanyRef, side: ListQuery['side']): SQL[] {
  if (side === 'buyer') return [asBuyer(companyId)]
  if (side === 'supplier') return [asSupplier(companyId)]
  return [asBuyer(companyId), and(asSupplier(companyId), ne(purchaseOrders.buyerCompanyId, companyId))!]
}

function narrowingFilters(companyId: string, query: ListQuery): SQL[] {
  const filters: SQL[] = []
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
  return filters
}

/**
 * The company's orders (as buyer, supplier or both), newest first, filtered and paged. Each side takes its newest
 * `offset + limit` from its index and the two are merged, so a company with many orders is never sorted whole; the
 * total is counted per side from the same indexes (`countOrders`).
 */
export async function listPurchaseOrders(ctx: ServiceContext, query: ListQuery & { limit: number; offset: number }): Promise<PurchaseOrderPage> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const narrowing = narrowingFilters(companyId, query)
  const filters = JSON.stringify({ ...query, limit: undefined, offset: undefined })
  // A list without filters (most requests) runs statements built once; a filtered one builds its own.
  const statements =
    narrowing.length === 0 ? unfilteredListStatements(database(), query.side ?? 'all') : filteredListStatements(companyId, query.side, narrowing)
  const [rows, total] = await Promise.all([
    statements.page.execute({ company: companyId, limit: query.limit, offset: query.offset, span: query.offset + query.limit }),
    countOrders(companyId, filters, () => statements.count.execute({ company: companyId })),
  ])
  return { items: rows.map((row) => summaryOf(row, companyId)), total }
}

/**
 * A list's statements: its page (newest first, by company, limit and offset) and the count of all. One side is one
 * indexed select; both sides are two, each taking its newest `span` (offset + limit) rows from its own index, joined
 * and cut to the page in the database, so one round trip brings only the page's rows.
 */
type ListStatements = {
  page: { execute(values: { company: string; limit: number; offset: number; span: number }): Promise<SummaryRow[]> }
  count: { execute(values: { company: string }): Promise<Array<{ n: string }>> }
}

function listStatements(db: Database, branches: SQL[]) {
  // Made anew for each use: Drizzle rewrites a union's order by into bare column names in place.
  const newest = () => [desc(purchaseOrders.createdAt), desc(purchaseOrders.id)]
  const branch = (where: SQL) =>
    db
      .select(summaryColumns)
      .from(purchaseOrders)
      .where(where)
      .orderBy(...newest())
  const [first, second] = branches as [SQL, SQL?]
  const page = second
    ? unionAll(branch(first).limit(sql.placeholder('span')), branch(second).limit(sql.placeholder('span')))
        .orderBy(...newest())
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
    : branch(first).limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
  return {
    page,
    count: db
      .select({
        n: sql<string>`${sql.join(
          branches.map((where) => sql`(select count(*) from ${purchaseOrders} where ${where})`),
          sql` + `,
        )}`,
      })
      .from(sql`(select 1) as one`),
  }
}

function filteredListStatements(companyId: string, side: ListQuery['side'], narrowing: SQL[]): ListStatements {
  return listStatements(
    database(),
    sideBranches(companyId, side).map((branch) => and(branch, ...narrowing)!),
  )
}

/**
 * The unfiltered lists' statements, prepared once per database and side: building a statement is about a tenth of
 * the list's CPU time, and without filters only the company, limit and offset change.
 */
const unfilteredStatements = new WeakMap<Database, Map<string, ListStatements>>()

function unfilteredListStatements(db: Database, side: NonNullable<ListQuery['side']>): ListStatements {
  let bySide = unfilteredStatements.get(db)
  if (!bySide) unfilteredStatements.set(db, (bySide = new Map()))
  let statements = bySide.get(side)
  if (!statements) {
    const built = listStatements(db, sideBranches(sql.placeholder('company'), side))
    statements = {
      page: built.page.prepare(`purchase_orders_${side}_page`),
      count: built.count.prepare(`purchase_orders_${side}_count`),
    }
    bySide.set(side, statements)
  }
  return statements
}

/** Counts at or above this are remembered for LARGE_COUNT_TTL_MS; smaller ones are counted exactly on every request. */
const LARGE_COUNT = 1_000
const LARGE_COUNT_TTL_MS = 5_000
const largeCounts = forgetOnDatabaseChange(new ExpiringLru<string, number>(2_000))

/**
 * How many orders the branches hold, one index count per branch in one statement. A company with thousands of orders
 * would otherwise pay a count over all of them on every page: such a count is remembered for a few seconds (this
 * process forgets it at once when it changes one of the company's orders, `purchaseOrderListsChanged`), while small
 * counts — most companies, every test — stay exact on every request.
 */
async function countOrders(companyId: string, filters: string, count: () => Promise<Array<{ n: string }>>): Promise<number> {
  const key = `${listGeneration}:${companyId}:${filters}`
  const remembered = largeCounts.get(key)
  if (remembered !== undefined) return remembered
  const [row] = await count()
  const total = Number(row?.n ?? 0)
  if (total >= LARGE_COUNT) largeCounts.set(key, total, LARGE_COUNT_TTL_MS)
  return total
}

let listGeneration = 0

/** Forgets remembered order counts (after a change to purchase orders in this process). */
export function purchaseOrderListsChanged(): void {
  listGeneration += 1
  largeCounts.clear()
}

// Every change to a purchase order is announced through the outbox after it commits (ADR 033).
registerOutboxHandler('orders.list-counts', async (event) => {
  if (event.changes.some((change) => change.entity === 'purchase_order')) purchaseOrderListsChanged()
})

/**
 * The companies the actor's company trades with, for the counterpart filter: each side's counterparts are read by
 * skipping through the (company, counterpart) index from one counterpart to the next (a loose index scan), so the cost
 * follows the number of counterparts, not of orders.
 */
export async function orderCounterparts(ctx: ServiceContext): Promise<Array<{ id: string; name: string }>> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const { buyerCompanyId: buyer, supplierCompanyId: supplier, status } = purchaseOrders
  const counterpartIds = sql`
    with recursive suppliers(id) as (
      (select ${supplier} from ${purchaseOrders} where ${buyer} = ${companyId} and ${supplier} is not null order by ${supplier} limit 1)
      union all
      select (select ${supplier} from ${purchaseOrders} where ${buyer} = ${companyId} and ${supplier} > suppliers.id order by ${supplier} limit 1)
      from suppliers where suppliers.id is not null
    ), buyers(id) as (
      (select ${buyer} from ${purchaseOrders} where ${supplier} = ${companyId} and ${status} <> 'draft' and ${buyer} is not null order by ${buyer} limit 1)
      union all
      select (select ${buyer} from ${purchaseOrders} where ${supplier} = ${companyId} and ${status} <> 'draft' and ${buyer} > buyers.id order by ${buyer} limit 1)
      from buyers where buyers.id is not null
    )
    select id from suppliers where id is not null union select id from buyers where id is not null`
  return database()
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(sql`${companies.id} in (${counterpartIds})`)
    .orderBy(asc(companies.name), asc(companies.id))
}
