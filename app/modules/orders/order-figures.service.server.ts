// Figures over purchase orders for the dashboard: what a buyer spent and a supplier sold per period and per trading
// partner, delivery on time, open and overdue work, and what waits on the actor now. Amounts stay in their own
// currency (exact decimal strings, one row per currency); the dashboard converts them for the viewer.
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { FIRST_COLUMN, isoText, queueLength, queueOf } from '../../platform/db/sql-text.server'
import { requireCompany, requirePlatformAdmin } from '../companies/index'
import { OPEN_PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from './orders.constants'
import { purchaseOrderChangeRequests, purchaseOrders, serviceOrders } from './orders.tables.server'

/** The period figures cover, as the dashboard reads it: whole days in the viewer's time zone, bucketed by day or month. */
export type FigurePeriod = { from: string; to: string; bucket: 'day' | 'month'; timeZone: string }
export type AmountInBucket = { bucket: string; currency: string; amount: string; orders: number }
export type AmountOfParty = { companyId: string | null; name: string; currency: string; amount: string; orders: number }
export type CountInBucket = { bucket: string; count: number }
export type OrderMention = { id: string; number: string; counterpart: string; total: string; currency: string; date: string | null }
/** A queue of orders: its length (to QUEUE_COUNT_CAP; `more` past it) and its first few orders. */
export type Waiting = { count: number; more: boolean; items: OrderMention[] }

/** Orders that never turned into business: they count neither as spend nor as revenue. */
const NO_BUSINESS: readonly PurchaseOrderStatus[] = ['draft', 'declined', 'cancelled']
const MENTIONS = 3
const PARTIES = 50

const column = purchaseOrders
/** placed_at within the period's days in the viewer's zone, as a range the (party, placed_at) indexes answer. */
const placedWithin = (period: FigurePeriod): SQL =>
  sql`${column.placedAt} >= (${period.from}::date::timestamp at time zone ${period.timeZone}) and ${column.placedAt} < ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`
const bucketOf = (period: FigurePeriod, at: SQL | typeof column.placedAt): SQL<string> =>
  period.bucket === 'day'
    ? sql<string>`to_char(${at} at time zone ${period.timeZone}, 'YYYY-MM-DD')`
    : sql<string>`to_char(${at} at time zone ${period.timeZone}, 'YYYY-MM')`
const business = () =>
  sql`${column.status} not in (${sql.join(
    NO_BUSINESS.map((status) => sql`${status}`),
    sql`, `,
  )})`
/**
 * `status in ('a', 'b')` written with literals (the statuses are the module's own constants): a partial index's
 * predicate is only matched by a prepared statement's generic plan when the list is not made of parameters.
 */
const statusAmong = (statuses: readonly PurchaseOrderStatus[]): SQL => sql`${column.status} in (${sql.raw(statuses.map((status) => `'${status}'`).join(', '))})`
const todayIn = (timeZone: string) => sql`(now() at time zone ${timeZone})::date`

type Side = 'buyer' | 'supplier'
const partyColumn = (side: Side) => (side === 'buyer' ? column.buyerCompanyId : column.supplierCompanyId)

/** Amounts of the company's orders per bucket and currency: spend for the buyer side, revenue for the supplier side. */
async function amountsByBucket(companyId: string, side: Side, period: FigurePeriod): Promise<AmountInBucket[]> {
  const bucket = bucketOf(period, column.placedAt)
  return database()
    .select({ bucket, currency: column.currency, amount: sql<string>`sum(${column.total})::text`, orders: sql<number>`count(*)::int`.mapWith(Number) })
    .from(column)
    .where(and(eq(partyColumn(side), companyId), placedWithin(period), business()))
    .groupBy(FIRST_COLUMN, column.currency)
}

/** The other party's share of the company's orders in the period (the largest first, per currency). */
async function amountsByCounterpart(companyId: string, side: Side, period: FigurePeriod): Promise<AmountOfParty[]> {
  const counterpartId = side === 'buyer' ? column.supplierCompanyId : column.buyerCompanyId
  const counterpartName = side === 'buyer' ? column.supplierName : column.buyerName
  const amount = sql<string>`sum(${column.total})`
  return database()
    .select({
      companyId: counterpartId,
      name: sql<string>`max(${counterpartName})`,
      currency: column.currency,
      amount: sql<string>`${amount}::text`,
      orders: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(column)
    .where(and(eq(partyColumn(side), companyId), placedWithin(period), business()))
    .groupBy(counterpartId, column.currency)
    .orderBy(sql`${amount} desc`)
    .limit(PARTIES)
}

/** Orders delivered in the period that had a requested date, and how many arrived by it. */
async function deliveryPunctuality(companyId: string, side: Side, period: FigurePeriod): Promise<{ delivered: number; onTime: number }> {
  const deliveredDay = sql`(${column.deliveredAt} at time zone ${period.timeZone})::date`
  const [row] = await database()
    .select({
      delivered: sql<number>`count(*)::int`.mapWith(Number),
      onTime: sql<number>`count(*) filter (where ${deliveredDay} <= ${column.requestedDeliveryDate})::int`.mapWith(Number),
    })
    .from(column)
    .where(
      and(
        eq(partyColumn(side), companyId),
        isNotNull(column.requestedDeliveryDate),
        sql`${column.deliveredAt} >= (${period.from}::date::timestamp at time zone ${period.timeZone}) and ${column.deliveredAt} < ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone})`,
      ),
    )
  return { delivered: row?.delivered ?? 0, onTime: row?.onTime ?? 0 }
}

const mention = {
  id: column.id,
  number: column.number,
  total: sql<string>`${column.total}::text`,
  currency: column.currency,
}

/** A queue of orders: how many meet the condition (to the cap) and the first few, ordered as given, in one round trip. */
async function waiting(
  where: SQL | undefined,
  counterpart: typeof column.buyerName | typeof column.supplierName,
  date: SQL<string | null>,
  order: SQL,
): Promise<Waiting> {
  const rows = await database()
    .select({ ...mention, counterpart, date, queued: queueLength(column, where, order) })
    .from(column)
    .where(where)
    .orderBy(order)
    .limit(MENTIONS)
  return queueOf(rows)
}

/** Open orders whose requested delivery day has passed: the supplier has not shipped them, or (buyer) they have not arrived. */
const overdue = (companyId: string, side: Side, timeZone: string) =>
  and(
    eq(partyColumn(side), companyId),
    statusAmong(side === 'supplier' ? ['confirmed', 'in_production'] : OPEN_PURCHASE_ORDER_STATUSES),
    sql`${column.requestedDeliveryDate} < ${todayIn(timeZone)}`,
  )

function overdueOrders(companyId: string, side: Side, timeZone: string): Promise<Waiting> {
  return waiting(
    overdue(companyId, side, timeZone),
    side === 'buyer' ? column.supplierName : column.buyerName,
    sql<string | null>`${column.requestedDeliveryDate}::text`,
    sql`${column.requestedDeliveryDate} asc`,
  )
}

/** Change or cancellation requests the other party made on the company's orders, waiting for the company's decision. */
async function changesToDecide(companyId: string, side: Side): Promise<Waiting> {
  const requests = purchaseOrderChangeRequests
  const where = and(eq(partyColumn(side), companyId), eq(requests.status, 'pending'), sql`${requests.requestedByCompanyId} is distinct from ${companyId}`)
  const queued = queueLength(sql`${requests} inner join ${column} on ${column.id} = ${requests.orderId}`, where, sql`${requests.createdAt}`)
  const rows = await database()
    .select({ ...mention, counterpart: side === 'buyer' ? column.supplierName : column.buyerName, date: isoText(requests.createdAt), queued })
    .from(requests)
    .innerJoin(column, eq(column.id, requests.orderId))
    .where(where)
    .orderBy(requests.createdAt)
    .limit(MENTIONS)
  return queueOf(rows)
}

export type BuyerOrderFigures = {
  spend: AmountInBucket[]
  bySupplier: AmountOfParty[]
  punctuality: { delivered: number; onTime: number }
}

/** What the actor's company bought in the period. */
export async function buyerOrderFigures(ctx: ServiceContext, period: FigurePeriod): Promise<BuyerOrderFigures> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const [spend, bySupplier, punctuality] = await Promise.all([
    amountsByBucket(companyId, 'buyer', period),
    amountsByCounterpart(companyId, 'buyer', period),
    deliveryPunctuality(companyId, 'buyer', period),
  ])
  return { spend, bySupplier, punctuality }
}

export type SupplierOrderFigures = {
  revenue: AmountInBucket[]
  byCustomer: AmountOfParty[]
  punctuality: { delivered: number; onTime: number }
  open: number
  /** Confirmed or in production past the requested delivery day, in the period's time zone. */
  overdue: number
}

/** What the actor's company sold in the period, and how many of its orders are open and overdue now. */
export async function supplierOrderFigures(ctx: ServiceContext, period: FigurePeriod): Promise<SupplierOrderFigures> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const count = (where: SQL | undefined) =>
    database()
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(column)
      .where(where)
      .then((rows) => rows[0]?.count ?? 0)
  const [revenue, byCustomer, punctuality, open, late] = await Promise.all([
    amountsByBucket(companyId, 'supplier', period),
    amountsByCounterpart(companyId, 'supplier', period),
    deliveryPunctuality(companyId, 'supplier', period),
    count(and(eq(column.supplierCompanyId, companyId), inArray(column.status, [...OPEN_PURCHASE_ORDER_STATUSES]))),
    count(overdue(companyId, 'supplier', period.timeZone)),
  ])
  return { revenue, byCustomer, punctuality, open, overdue: late }
}

export type OrderTasks = {
  /** Supplier side: placed orders to confirm or decline. */
  toConfirm: Waiting
  /** Requests of the other party to change or cancel an order. */
  changes: Waiting
  overdue: Waiting
}

/** What waits on the actor's company in its orders now, on one side of the trade. */
export async function orderTasks(ctx: ServiceContext, side: Side, timeZone: string): Promise<OrderTasks> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const none: Waiting = { count: 0, more: false, items: [] }
  const [toConfirm, changes, overdue] = await Promise.all([
    side === 'supplier'
      ? waiting(and(eq(column.supplierCompanyId, companyId), statusAmong(['placed'])), column.buyerName, isoText(column.placedAt), sql`${column.placedAt} asc`)
      : Promise.resolve(none),
    changesToDecide(companyId, side),
    overdueOrders(companyId, side, timeZone),
  ])
  return { toConfirm, changes, overdue }
}

export type PlatformOrderFigures = { orders: CountInBucket[]; gmv: Array<{ currency: string; amount: string; orders: number }> }

/** Platform admins: orders placed per bucket and their value per currency (GMV) in the period. */
export async function platformOrderFigures(ctx: ServiceContext, period: FigurePeriod): Promise<PlatformOrderFigures> {
  requirePlatformAdmin(ctx.actor)
  const bucket = bucketOf(period, column.placedAt)
  const db = database()
  const [orders, gmv] = await Promise.all([
    db
      .select({ bucket, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(column)
      .where(and(placedWithin(period), business()))
      .groupBy(FIRST_COLUMN),
    db
      .select({ currency: column.currency, amount: sql<string>`sum(${column.total})::text`, orders: sql<number>`count(*)::int`.mapWith(Number) })
      .from(column)
      .where(and(placedWithin(period), business()))
      .groupBy(column.currency),
  ])
  return { orders, gmv }
}

/** Whether the company has placed a purchase order as the buyer (awarding a quotation places one), for the getting-started guide. */
export async function placedPurchaseOrder(ctx: ServiceContext): Promise<boolean> {
  requireCompany(ctx.actor)
  const [row] = await database()
    .select({ id: column.id })
    .from(column)
    .where(and(eq(column.buyerCompanyId, ctx.actor.companyId), isNotNull(column.placedAt)))
    .limit(1)
  return row !== undefined
}

/** The supplier home's orders card: sales orders to confirm, to ship and on their way, and service orders to accept. */
export type SupplierPipeline = { toConfirm: number; toShip: number; inTransit: number; serviceRequests: number }

/** Counts of the supplier's open work by stage (a supplier's open orders are few; each count is exact). */
export async function supplierPipeline(ctx: ServiceContext): Promise<SupplierPipeline> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  const [byStatus, [requests]] = await Promise.all([
    db
      .select({ status: column.status, n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(column)
      .where(and(eq(column.supplierCompanyId, companyId), statusAmong(['placed', 'confirmed', 'in_production', 'shipped'])))
      .groupBy(column.status),
    db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(serviceOrders)
      .where(and(eq(serviceOrders.providerCompanyId, companyId), eq(serviceOrders.status, 'requested'))),
  ])
  const of = (status: PurchaseOrderStatus) => byStatus.find((row) => row.status === status)?.n ?? 0
  return { toConfirm: of('placed'), toShip: of('confirmed') + of('in_production'), inTransit: of('shipped'), serviceRequests: requests?.n ?? 0 }
}
