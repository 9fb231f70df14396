// Reports over purchase orders: the supplier's open lines (production planning), its customers, the CSV export of an
// order list, and an order's attachments for either party. Every query is scoped to the actor's company.
import { and, asc, count, countDistinct, desc, eq, ilike, inArray, isNotNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany, requireRole } from '../companies/index'
import { publicCompanyCards as companies } from '../companies/index.server'
import { openRecordAttachment, type RecordAttachmentDownload } from '../kernel/index.server'
import type { PurchaseOrderStatus } from './orders.constants'
import { customerNotes, purchaseOrderLines, purchaseOrders } from './orders.tables.server'
import type { ReportQuery } from './order-reports.inputs'
import type { OrderListQuery } from './purchase-order.inputs'
import { partyOf } from './purchase-order.policy'
import { listFilters } from './purchase-order-reads.service.server'

/** Statuses whose lines the supplier still has to produce and ship. */
const PRODUCING_STATUSES = ['confirmed', 'in_production', 'shipped'] as const satisfies readonly PurchaseOrderStatus[]
/** Orders that never turned into business do not count towards a customer's volume. */
const NO_VOLUME_STATUSES = ['draft', 'declined', 'cancelled'] as const satisfies readonly PurchaseOrderStatus[]
export const MAX_CSV_EXPORT_ROWS = 10_000

export type OpenOrderLine = {
  lineId: string
  orderId: string
  orderNumber: string
  orderStatus: PurchaseOrderStatus
  buyerId: string | null
  buyerName: string
  requestedDeliveryDate: string | null
  sku: string
  description: string
  unit: string
  quantity: number
  shipped: number
  remaining: number
}

export type CustomerSummary = {
  id: string
  name: string
  orderCount: number
  /** Sum of order totals per currency (exact decimal text), declined and cancelled orders left out. */
  volume: Array<{ currency: string; total: string }>
  lastOrderAt: Date
  note: string
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** The supplier's lines still to ship across confirmed orders, the most urgent delivery first. */
export async function listOpenOrderLines(ctx: ServiceContext, query: ReportQuery): Promise<{ items: OpenOrderLine[]; total: number }> {
  requireCompany(ctx.actor)
  const filters: SQL[] = [
    eq(purchaseOrders.supplierCompanyId, ctx.actor.companyId),
    inArray(purchaseOrders.status, [...PRODUCING_STATUSES]),
    lt(purchaseOrderLines.shippedQuantity, purchaseOrderLines.quantity),
  ]
  if (query.q) {
    const pattern = likePattern(query.q)
    filters.push(
      or(
        ilike(purchaseOrders.number, pattern),
        ilike(purchaseOrderLines.sku, pattern),
        ilike(purchaseOrderLines.description, pattern),
        ilike(purchaseOrders.buyerName, pattern),
      )!,
    )
  }
  const where = and(...filters)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db
      .select({
        lineId: purchaseOrderLines.id,
        orderId: purchaseOrders.id,
        orderNumber: purchaseOrders.number,
        orderStatus: purchaseOrders.status,
        buyerId: purchaseOrders.buyerCompanyId,
        buyerName: purchaseOrders.buyerName,
        requestedDeliveryDate: purchaseOrders.requestedDeliveryDate,
        sku: purchaseOrderLines.sku,
        description: purchaseOrderLines.description,
        unit: purchaseOrderLines.unit,
        quantity: purchaseOrderLines.quantity,
        shipped: purchaseOrderLines.shippedQuantity,
      })
      .from(purchaseOrderLines)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId))
      .where(where)
      .orderBy(sql`${purchaseOrders.requestedDeliveryDate} asc nulls last`, asc(purchaseOrders.number), asc(purchaseOrderLines.position))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(purchaseOrderLines).innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId)).where(where),
  ])
  return { items: rows.map((row) => ({ ...row, remaining: row.quantity - row.shipped })), total: total?.n ?? 0 }
}

/** Orders the company received from `customerId` (placed or later). */
const ordersFrom = (supplierId: string, customerId?: SQL | string) =>
  and(
    eq(purchaseOrders.supplierCompanyId, supplierId),
    ne(purchaseOrders.status, 'draft'),
    customerId === undefined ? isNotNull(purchaseOrders.buyerCompanyId) : eq(purchaseOrders.buyerCompanyId, customerId),
  )!

/** The companies that ordered from the actor's company, the most recent customer first, with its private note. */
export async function listCustomers(ctx: ServiceContext, query: ReportQuery): Promise<{ items: CustomerSummary[]; total: number }> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const where = and(ordersFrom(companyId), query.q ? ilike(companies.name, likePattern(query.q)) : undefined)
  const lastOrderAt = sql<Date>`max(${purchaseOrders.createdAt})`.mapWith(purchaseOrders.createdAt)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: companies.id, name: companies.name, orderCount: count(), lastOrderAt, note: customerNotes.note })
      .from(purchaseOrders)
      .innerJoin(companies, eq(companies.id, purchaseOrders.buyerCompanyId))
      .leftJoin(customerNotes, and(eq(customerNotes.supplierCompanyId, companyId), eq(customerNotes.customerCompanyId, companies.id)))
      .where(where)
      .groupBy(companies.id, companies.name, customerNotes.note)
      .orderBy(desc(lastOrderAt), asc(companies.name))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: countDistinct(purchaseOrders.buyerCompanyId) })
      .from(purchaseOrders)
      .innerJoin(companies, eq(companies.id, purchaseOrders.buyerCompanyId))
      .where(where),
  ])
  const ids = rows.map((row) => row.id)
  const volumes =
    ids.length === 0
      ? []
      : await db
          .select({ customerId: purchaseOrders.buyerCompanyId, currency: purchaseOrders.currency, total: sql<string>`sum(${purchaseOrders.total})::text` })
          .from(purchaseOrders)
          .where(
            and(
              eq(purchaseOrders.supplierCompanyId, companyId),
              inArray(purchaseOrders.buyerCompanyId, ids),
              notInArray(purchaseOrders.status, [...NO_VOLUME_STATUSES]),
            ),
          )
          .groupBy(purchaseOrders.buyerCompanyId, purchaseOrders.currency)
          .orderBy(asc(purchaseOrders.currency))
  return {
    items: rows.map((row) => ({
      ...row,
      note: row.note ?? '',
      volume: volumes.filter((volume) => volume.customerId === row.id).map(({ currency, total }) => ({ currency, total })),
    })),
    total: total?.n ?? 0,
  }
}

/** Keeps the supplier's private note about one of its customers (any member); 404 for a company that is not one. */
export async function setCustomerNote(ctx: ServiceContext, customerId: string, note: string): Promise<{ customerId: string; note: string; updatedAt: Date }> {
  requireRole(ctx.actor, 'member')
  const companyId = ctx.actor.companyId
  const db = database()
  const [order] = await db.select({ id: purchaseOrders.id }).from(purchaseOrders).where(ordersFrom(companyId, customerId)).limit(1)
  if (!order) throw new AppError('not_found', 'Customer not found')
  const updatedAt = new Date()
  await db
    .insert(customerNotes)
    .values({ supplierCompanyId: companyId, customerCompanyId: customerId, note, updatedBy: ctx.actor.userId, updatedAt })
    .onConflictDoUpdate({ target: [customerNotes.supplierCompanyId, customerNotes.customerCompanyId], set: { note, updatedBy: ctx.actor.userId, updatedAt } })
  return { customerId, note, updatedAt }
}

const CSV_COLUMNS = ['number', 'side', 'status', 'counterpart', 'currency', 'total', 'lines', 'requested_delivery', 'created_at'] as const

/** One CSV cell (RFC 4180); text a spreadsheet would run as a formula is prefixed with an apostrophe. */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * The order list as CSV, with the filters of the list (no paging; at most MAX_CSV_EXPORT_ROWS, newest first). A UTF-8
 * byte order mark lets spreadsheet programs read Chinese names; lines end with CRLF.
 */
export async function exportOrdersCsv(ctx: ServiceContext, query: Omit<OrderListQuery, 'limit' | 'offset'>): Promise<string> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const rows = await database()
    .select({
      number: purchaseOrders.number,
      buyerId: purchaseOrders.buyerCompanyId,
      buyerName: purchaseOrders.buyerName,
      supplierName: purchaseOrders.supplierName,
      status: purchaseOrders.status,
      currency: purchaseOrders.currency,
      total: purchaseOrders.total,
      lineCount: purchaseOrders.lineCount,
      requestedDeliveryDate: purchaseOrders.requestedDeliveryDate,
      createdAt: purchaseOrders.createdAt,
    })
    .from(purchaseOrders)
    .where(listFilters(companyId, query))
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
    .limit(MAX_CSV_EXPORT_ROWS)
  const lines = rows.map((row) => {
    const side = row.buyerId === companyId ? 'buyer' : 'supplier'
    return [
      row.number,
      side,
      row.status,
      side === 'buyer' ? row.supplierName : row.buyerName,
      row.currency,
      row.total,
      row.lineCount,
      row.requestedDeliveryDate,
      row.createdAt.toISOString(),
    ]
      .map(csvCell)
      .join(',')
  })
  return `\uFEFF${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`
}

export type OrderAttachmentDownload = RecordAttachmentDownload

/** An attachment of an order, for either party; 404 when the actor is no party or the file is not the order's. */
export async function openOrderAttachment(ctx: ServiceContext, orderId: string, fileId: string): Promise<OrderAttachmentDownload> {
  requireCompany(ctx.actor)
  const db = database()
  const [order] = await db
    .select({
      buyerCompanyId: purchaseOrders.buyerCompanyId,
      supplierCompanyId: purchaseOrders.supplierCompanyId,
      status: purchaseOrders.status,
      attachmentFileIds: purchaseOrders.attachmentFileIds,
    })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, orderId))
  if (!order || !partyOf(order, ctx.actor.companyId) || !order.buyerCompanyId || !order.attachmentFileIds.includes(fileId))
    throw new AppError('not_found', 'Attachment not found')
  // Attachments are the buyer's files, checked when the order was written.
  return openRecordAttachment(fileId, order.buyerCompanyId)
}
