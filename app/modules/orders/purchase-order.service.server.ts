import { randomUUID } from 'node:crypto'
import { requireVersion } from '../../platform/versioning'
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { type OutboxEventId, recordEvent as recordBusinessEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { eventRow, type EventInput } from './order-events.server'
import { claimIdempotencyKey, createIdempotently, fingerprintOf, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { lineTotal } from '../catalog/index'
import { orderableProducts } from '../catalog/index.server'
import { requireCompany } from '../companies/index'
import { companyName, companyAddress, type Notice, publicCompanyCards as companies, recordNotice } from '../companies/index.server'
import { checkAttachments, attachedFiles, nextNumber, type NotificationKindIn } from '../kernel/index.server'
import { userDirectory } from '../identity/index.server'
import type { AddressSnapshot, ChangeProposal, PurchaseOrderStatus } from './orders.constants'
import { purchaseOrderChangeRequests, purchaseOrderEvents, purchaseOrderLines, purchaseOrders } from './orders.tables.server'
import { orderTotal, priceLine, type LineRequest, type PricedLine, remainingToShip } from './order-totals'
import type { ChangeDecisionInput, ChangeRequestInput, CreatePurchaseOrderInput, OrderTransitionInput, UpdatePurchaseOrderInput } from './purchase-order.inputs'
import { CHANGEABLE_STATUSES, DIRECT_ACTIONS, type PurchaseOrderAction, type PurchaseOrderEventType, purchaseOrderMachine } from './purchase-order.machine'
import { availableActions, checkTransition, needsReason, type Party } from '../../platform/state-machine'

type OrderRow = typeof purchaseOrders.$inferSelect
type LineRow = typeof purchaseOrderLines.$inferSelect

export type OrderLine = Pick<
  LineRow,
  'id' | 'position' | 'productId' | 'sku' | 'description' | 'unit' | 'quantity' | 'unitPrice' | 'lineTotal' | 'shippedQuantity' | 'receivedQuantity'
>
export type OrderEvent = {
  id: string
  type: PurchaseOrderEventType
  fromStatus: string | null
  toStatus: string | null
  actorName: string | null
  actorCompanyName: string | null
  note: string
  data: Record<string, unknown>
  createdAt: Date
}
export type ChangeRequest = {
  id: string
  kind: 'change' | 'cancel'
  status: 'pending' | 'accept' | 'reject' | 'withdrawn'
  requestedBy: Party | null
  requestedByName: string | null
  reason: string
  proposal: ChangeProposal
  before: Record<string, unknown>
  decisionNote: string
  decidedAt: Date | null
  createdAt: Date
}
export type OrderAttachment = { id: string; name: string; contentType: string; sizeBytes: number }

export type PurchaseOrderSummary = {
  id: string
  number: string
  status: PurchaseOrderStatus
  side: Party
  buyer: { id: string | null; name: string }
  supplier: { id: string | null; name: string }
  counterpart: { id: string | null; name: string }
  currency: string
  total: string
  lineCount: number
  requestedDeliveryDate: string | null
  createdAt: Date
  placedAt: Date | null
  updatedAt: Date
  /** The optimistic lock: a write names the version it saw. */
  version: number
}

export type PurchaseOrderDetail = PurchaseOrderSummary &
  Pick<
    OrderRow,
    'incoterm' | 'incotermPlace' | 'paymentTerms' | 'shipToAddressId' | 'notes' | 'subtotal' | 'statusReason' | 'confirmedAt' | 'deliveredAt' | 'closedAt'
  > & {
    shipTo: AddressSnapshot | null
    lines: OrderLine[]
    events: OrderEvent[]
    changeRequests: ChangeRequest[]
    attachments: OrderAttachment[]
    /** What this actor may do now, from the state machine (and, for change requests, whose turn it is). */
    actions: PurchaseOrderAction[]
    canRequestChange: boolean
    pendingChange: ChangeRequest | null
  }

export type PurchaseOrderPage = { items: PurchaseOrderSummary[]; total: number }

/** Where each party opens an order. */
export const PARTY_LINK: Record<Party, (id: string) => string> = {
  buyer: (id) => `/app/orders/${id}/view`,
  supplier: (id) => `/app/supplier/purchase/order/${id}`,
}

/** The actor's side of the order; null when the actor's company is neither party (or is the supplier of a draft). */
export function partyOf(order: Pick<OrderRow, 'buyerCompanyId' | 'supplierCompanyId' | 'status'>, companyId: string): Party | null {
  if (order.buyerCompanyId === companyId) return 'buyer'
  if (order.supplierCompanyId === companyId && order.status !== 'draft') return 'supplier'
  return null
}

/** Orders the company may see: those it buys, and those it supplies once placed. */
export function visibleTo(companyId: string): SQL {
  return or(eq(purchaseOrders.buyerCompanyId, companyId), and(eq(purchaseOrders.supplierCompanyId, companyId), ne(purchaseOrders.status, 'draft')))!
}

/** The order, locked for update, when the actor's company is a party; not found otherwise (no hint it exists). */
async function lockOrder(tx: Transaction, companyId: string, id: string): Promise<{ order: OrderRow; party: Party }> {
  const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for('update')
  const party = order ? partyOf(order, companyId) : null
  if (!order || !party) throw new AppError('not_found', 'Order not found')
  return { order, party }
}

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/** Prices every line against the supplier's list as of now; every problem is reported under `lines.<i>.<field>`. */
async function priceLines(tx: Transaction, ctx: ServiceContext, supplierId: string, currency: string, lines: LineRequest[]): Promise<PricedLine[]> {
  const productIds = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))]
  const { priceList, products } = await orderableProducts(tx, supplierId, productIds, ctx.locale)
  const fields: Record<string, string[]> = {}
  if (productIds.length > 0 && priceList && priceList.currency !== currency) {
    throw new AppError('validation_failed', 'The currency differs from the supplier’s price list', {
      fields: { currency: ['validation.currencyMismatch'] },
      expectedCurrency: priceList.currency,
    })
  }
  const priced: PricedLine[] = []
  lines.forEach((line, index) => {
    const result = priceLine(line, currency, line.productId ? products.get(line.productId) : undefined, priceList !== null)
    if ('problem' in result) fields[`lines.${index}.${result.field}`] = [result.problem]
    else priced.push(result)
  })
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  return priced
}

async function shipToSnapshot(tx: Transaction, companyId: string, addressId: string | undefined): Promise<AddressSnapshot | null> {
  if (!addressId) return null
  const address = await companyAddress(companyId, addressId, tx)
  if (!address) throw fieldError({ shipToAddressId: ['validation.address'] })
  const { label, recipient, phone, line1, line2, city, region, postalCode, country } = address
  return { label, recipient, phone, line1, line2, city, region, postalCode, country }
}

async function replaceLines(tx: Transaction, orderId: string, lines: PricedLine[]): Promise<void> {
  await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId))
  await tx.insert(purchaseOrderLines).values(lines.map((line, position) => ({ id: randomUUID(), orderId, position, ...line })))
}

async function recordEvent(tx: Transaction, ctx: ServiceContext, orderId: string, event: EventInput<PurchaseOrderEventType>): Promise<void> {
  await tx.insert(purchaseOrderEvents).values(eventRow(ctx, orderId, event))
}

/** Tells the other party (in-app now, mail after commit): `notices` collects what to mail. */
async function notifyCounterpart(
  tx: Transaction,
  ctx: ServiceContext,
  order: OrderRow,
  party: Party,
  kind: NotificationKindIn<'purchase_order'>,
  params: Record<string, string>,
  notices: Notice[],
): Promise<void> {
  const counterpart = party === 'buyer' ? 'supplier' : 'buyer'
  const companyId = counterpart === 'buyer' ? order.buyerCompanyId : order.supplierCompanyId
  if (!companyId) return
  const notice: Notice = {
    companyId,
    exceptUserId: ctx.actor.userId,
    kind: `purchase_order.${kind}`,
    params: { number: order.number, company: party === 'buyer' ? order.buyerName : order.supplierName, total: `${order.total} ${order.currency}`, ...params },
    link: PARTY_LINK[counterpart](order.id),
  }
  await recordNotice(tx, notice)
  notices.push(notice)
}

/**
 * The order's business event, in its transaction: both parties' open pages hear that it changed (ids and the action
 * only) and the notices go out, after commit (`relayEvents`).
 */
async function recordOrderEvent(tx: Transaction, order: OrderRow, action: string, notices: Notice[]): Promise<OutboxEventId> {
  const companyIds = [order.buyerCompanyId, order.supplierCompanyId].filter((id): id is string => id !== null)
  return recordBusinessEvent(tx, { name: `purchase_order.${action}`, changes: [{ companyIds, entity: 'purchase_order', id: order.id, action }], notices })
}

/**
 * A new purchase order from the actor's company to a supplier, as a draft (or placed at once with `place`). Catalogue
 * lines take the supplier's price for their quantity; the MOQ applies; the currency must be the price list's. With an
 * `idempotencyKey`, a retry of the same request answers with the order the first one created.
 */
export async function createPurchaseOrder(
  ctx: ServiceContext,
  input: CreatePurchaseOrderInput,
  options: { idempotencyKey?: string } = {},
): Promise<PurchaseOrderDetail> {
  requireCompany(ctx.actor)
  const buyerId = ctx.actor.companyId
  if (input.supplierCompanyId === buyerId) throw fieldError({ supplierCompanyId: ['validation.ownCompany'] })
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  const orderId = await database().transaction(async (tx) => {
    const id = randomUUID()
    if (options.idempotencyKey) {
      const existing = await claimIdempotencyKey(tx, {
        scope: `purchase_order:${buyerId}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf(input),
        resourceId: id,
      })
      if (existing) return existing
    }
    const [supplier] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(and(eq(companies.id, input.supplierCompanyId), isNull(companies.deletedAt), inArray(companies.kind, ['supplier', 'both'])))
    if (!supplier) throw fieldError({ supplierCompanyId: ['validation.supplier'] })
    const lines = await priceLines(tx, ctx, input.supplierCompanyId, input.currency, input.lines)
    const shipTo = await shipToSnapshot(tx, buyerId, input.shipToAddressId)
    await checkAttachments(buyerId, input.attachmentFileIds, tx)
    const total = orderTotal(lines, input.currency)
    const [order] = await tx
      .insert(purchaseOrders)
      .values({
        id,
        number: await nextNumber(tx, buyerId, 'PO'),
        buyerCompanyId: buyerId,
        supplierCompanyId: input.supplierCompanyId,
        buyerName: await companyName(buyerId, tx),
        supplierName: supplier.name,
        currency: input.currency,
        incoterm: input.incoterm,
        incotermPlace: input.incotermPlace,
        paymentTerms: input.paymentTerms,
        requestedDeliveryDate: input.requestedDeliveryDate ?? null,
        shipToAddressId: shipTo ? (input.shipToAddressId ?? null) : null,
        shipTo,
        notes: input.notes,
        attachmentFileIds: input.attachmentFileIds,
        subtotal: total,
        total,
        lineCount: lines.length,
        createdBy: ctx.actor.userId,
      })
      .returning()
    if (!order) throw new AppError('internal', 'Order not stored')
    await replaceLines(tx, id, lines)
    await recordEvent(tx, ctx, id, { type: 'created', toStatus: 'draft' })
    if (input.place) await applyTransition(tx, ctx, order, 'buyer', { action: 'place', version: order.version, reason: '' }, notices)
    events.push(await recordOrderEvent(tx, order, input.place ? 'place' : 'create', notices))
    return id
  })
  await relayEvents(events)
  return getPurchaseOrder(ctx, orderId)
}

/** What an award turns into a purchase order: the winning quotation's terms and the lines it won at its prices. */
export type AwardedOrderInput = {
  supplierCompanyId: string
  currency: string
  incoterm: OrderRow['incoterm']
  incotermPlace: string
  paymentTerms: OrderRow['paymentTerms']
  requestedDeliveryDate: string | null
  notes: string
  lines: Array<{ description: string; sku?: string; unit: string; quantity: number; unitPrice: string }>
  /** Where it came from, kept on the order's first event (e.g. the RFQ and the quotation). */
  source: Record<string, string>
}

/**
 * A placed purchase order written in the caller's transaction (the award workflow's): numbered, its lines at the
 * awarded prices, its timeline started ("created" from the source, then "placed") and the supplier notified in-app.
 * The notices to mail after commit are pushed to `notices`.
 */
export async function createAwardedPurchaseOrder(
  tx: Transaction,
  ctx: ServiceContext,
  input: AwardedOrderInput,
  notices: Notice[],
): Promise<{ id: string; number: string; total: string; currency: string; supplierName: string }> {
  requireCompany(ctx.actor)
  const buyerId = ctx.actor.companyId
  const [supplier] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, input.supplierCompanyId), isNull(companies.deletedAt)))
  if (!supplier) throw new AppError('invalid_transition', 'The supplier no longer exists', { supplierCompanyId: input.supplierCompanyId })
  const lines = input.lines.map(
    (line) =>
      priceLine(
        { description: line.description, unit: line.unit, unitPrice: line.unitPrice, quantity: line.quantity },
        input.currency,
        undefined,
        true,
      ) as PricedLine,
  )
  input.lines.forEach((line, index) => {
    lines[index]!.sku = line.sku ?? ''
  })
  const total = orderTotal(lines, input.currency)
  const id = randomUUID()
  const now = new Date()
  const [order] = await tx
    .insert(purchaseOrders)
    .values({
      id,
      number: await nextNumber(tx, buyerId, 'PO'),
      buyerCompanyId: buyerId,
      supplierCompanyId: input.supplierCompanyId,
      buyerName: await companyName(buyerId, tx),
      supplierName: supplier.name,
      status: 'placed',
      currency: input.currency,
      incoterm: input.incoterm,
      incotermPlace: input.incotermPlace,
      paymentTerms: input.paymentTerms,
      requestedDeliveryDate: input.requestedDeliveryDate,
      notes: input.notes,
      subtotal: total,
      total,
      lineCount: lines.length,
      version: 2,
      createdBy: ctx.actor.userId,
      placedAt: now,
    })
    .returning()
  if (!order) throw new AppError('internal', 'Order not stored')
  await tx.insert(purchaseOrderLines).values(lines.map((line, position) => ({ id: randomUUID(), orderId: id, position, ...line })))
  await recordEvent(tx, ctx, id, { type: 'created', toStatus: 'draft', data: { source: input.source } })
  await recordEvent(tx, ctx, id, { type: 'place', fromStatus: 'draft', toStatus: 'placed' })
  await notifyCounterpart(tx, ctx, order, 'buyer', 'awarded', input.source, notices)
  return { id, number: order.number, total, currency: input.currency, supplierName: supplier.name }
}

/** Replaces a draft's terms and lines (the buyer; drafts only; optimistic lock). */
export async function updatePurchaseOrder(ctx: ServiceContext, id: string, input: UpdatePurchaseOrderInput): Promise<PurchaseOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const { order, party } = await lockOrder(tx, companyId, id)
    if (party !== 'buyer') throw new AppError('not_your_turn', 'Only the buyer edits a draft')
    if (order.status !== 'draft') throw new AppError('invalid_transition', 'Only a draft can be edited; propose a change instead')
    requireVersion('order', order.version, input.version)
    if (!order.supplierCompanyId) throw new AppError('invalid_transition', 'The supplier no longer exists')
    const lines = await priceLines(tx, ctx, order.supplierCompanyId, input.currency, input.lines)
    const shipTo = await shipToSnapshot(tx, companyId, input.shipToAddressId)
    await checkAttachments(companyId, input.attachmentFileIds, tx)
    const total = orderTotal(lines, input.currency)
    await tx
      .update(purchaseOrders)
      .set({
        currency: input.currency,
        incoterm: input.incoterm,
        incotermPlace: input.incotermPlace,
        paymentTerms: input.paymentTerms,
        requestedDeliveryDate: input.requestedDeliveryDate ?? null,
        shipToAddressId: shipTo ? (input.shipToAddressId ?? null) : null,
        shipTo,
        notes: input.notes,
        attachmentFileIds: input.attachmentFileIds,
        subtotal: total,
        total,
        lineCount: lines.length,
        version: order.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(purchaseOrders.id, id))
    await replaceLines(tx, id, lines)
    await recordEvent(tx, ctx, id, { type: 'updated', fromStatus: 'draft', toStatus: 'draft', data: { total, lines: lines.length } })
    events.push(await recordOrderEvent(tx, order, 'update', []))
  })
  await relayEvents(events)
  return getPurchaseOrder(ctx, id)
}

/** Takes one lifecycle step (place, confirm, decline, start production, ship, deliver, complete, cancel, dispute, resolve). */
export async function transitionPurchaseOrder(ctx: ServiceContext, id: string, input: OrderTransitionInput): Promise<PurchaseOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const { order, party } = await lockOrder(tx, companyId, id)
    requireVersion('order', order.version, input.version)
    await applyTransition(tx, ctx, order, party, input, notices)
    events.push(await recordOrderEvent(tx, order, input.action, notices))
  })
  await relayEvents(events)
  return getPurchaseOrder(ctx, id)
}

async function applyTransition(
  tx: Transaction,
  ctx: ServiceContext,
  order: OrderRow,
  party: Party,
  input: OrderTransitionInput,
  notices: Notice[],
): Promise<void> {
  const { action } = input
  const check = checkTransition(purchaseOrderMachine, order.status, action, party)
  if (!check.ok)
    throw new AppError(
      check.problem,
      check.problem === 'invalid_transition' ? `Cannot ${action} an order that is ${order.status}` : `Only the other party can ${action} this order`,
      { action, status: order.status },
    )
  if (needsReason(purchaseOrderMachine, action) && !input.reason) throw fieldError({ reason: ['validation.reason'] })
  const lines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id)).orderBy(asc(purchaseOrderLines.position))
  const now = new Date()
  const patch: Partial<typeof purchaseOrders.$inferInsert> = { status: check.to, version: order.version + 1, updatedAt: now }
  let data: Record<string, unknown> = {}

  if (action === 'place') {
    // The price is the one of the moment the order is sent: catalogue lines are priced again.
    if (!order.supplierCompanyId) throw new AppError('invalid_transition', 'The supplier no longer exists')
    const requests: LineRequest[] = lines.map((line) =>
      line.productId
        ? { productId: line.productId, quantity: line.quantity }
        : { description: line.description, unit: line.unit, unitPrice: line.unitPrice, quantity: line.quantity },
    )
    const priced = await priceLines(tx, ctx, order.supplierCompanyId, order.currency, requests)
    for (const [index, line] of lines.entries()) {
      const price = priced[index]!
      if (price.unitPrice !== line.unitPrice || price.lineTotal !== line.lineTotal)
        await tx.update(purchaseOrderLines).set({ unitPrice: price.unitPrice, lineTotal: price.lineTotal }).where(eq(purchaseOrderLines.id, line.id))
    }
    const total = orderTotal(priced, order.currency)
    Object.assign(patch, { subtotal: total, total, placedAt: now })
    order = { ...order, total }
  } else if (action === 'ship') {
    const shipped = shipQuantities(lines, input.quantities ?? {})
    for (const line of shipped)
      await tx
        .update(purchaseOrderLines)
        .set({ shippedQuantity: sql`${purchaseOrderLines.shippedQuantity} + ${line.quantity}` })
        .where(eq(purchaseOrderLines.id, line.lineId))
    const complete = lines.every((line) => line.shippedQuantity + (shipped.find((s) => s.lineId === line.id)?.quantity ?? 0) === line.quantity)
    data = { lines: shipped, complete }
  } else if (action === 'deliver') {
    if (lines.some((line) => remainingToShip(line) > 0))
      throw new AppError('invalid_transition', 'Every line must be shipped in full before the order is delivered', { reason: 'not_fully_shipped' })
    const received = receiveQuantities(lines, input.quantities ?? {})
    for (const line of received) await tx.update(purchaseOrderLines).set({ receivedQuantity: line.quantity }).where(eq(purchaseOrderLines.id, line.lineId))
    data = { lines: received, short: received.some((line, index) => line.quantity < lines[index]!.shippedQuantity) }
    patch.deliveredAt = now
  } else if (action === 'confirm') {
    patch.confirmedAt = now
  } else if (action === 'resolve') {
    const [opened] = await tx
      .select({ companyId: purchaseOrderEvents.actorCompanyId })
      .from(purchaseOrderEvents)
      .where(and(eq(purchaseOrderEvents.orderId, order.id), eq(purchaseOrderEvents.type, 'dispute')))
      .orderBy(desc(purchaseOrderEvents.createdAt))
      .limit(1)
    if (opened?.companyId && opened.companyId !== ctx.actor.companyId)
      throw new AppError('not_your_turn', 'Only the party that opened the dispute closes it', { action, status: order.status })
  }
  if (needsReason(purchaseOrderMachine, action)) patch.statusReason = input.reason
  if (check.to === 'completed' || check.to === 'cancelled' || check.to === 'declined') patch.closedAt = now
  if (check.to === 'cancelled' || check.to === 'declined') {
    // A pending change request dies with the order.
    await tx
      .update(purchaseOrderChangeRequests)
      .set({ status: 'withdrawn', decidedAt: now })
      .where(and(eq(purchaseOrderChangeRequests.orderId, order.id), eq(purchaseOrderChangeRequests.status, 'pending')))
  }
  await tx.update(purchaseOrders).set(patch).where(eq(purchaseOrders.id, order.id))
  await recordEvent(tx, ctx, order.id, { type: action, fromStatus: order.status, toStatus: check.to, note: input.reason, data })
  await notifyCounterpart(tx, ctx, order, party, action, { reason: input.reason }, notices)
}

/** The quantities shipped now, per line: each within what is left, at least one unit in all. */
function shipQuantities(lines: LineRow[], quantities: Record<string, number>): Array<{ lineId: string; sku: string; description: string; quantity: number }> {
  const known = new Set(lines.map((line) => line.id))
  const fields: Record<string, string[]> = {}
  for (const lineId of Object.keys(quantities)) if (!known.has(lineId)) fields[`quantities.${lineId}`] = ['validation.line']
  const shipped = lines.flatMap((line) => {
    const quantity = quantities[line.id] ?? 0
    if (quantity > remainingToShip(line)) fields[`quantities.${line.id}`] = ['validation.overShipped']
    return quantity > 0 ? [{ lineId: line.id, sku: line.sku, description: line.description, quantity }] : []
  })
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  if (shipped.length === 0) throw fieldError({ quantities: ['validation.nothingShipped'] })
  return shipped
}

/** What arrived, per line (all that was shipped unless told otherwise): never more than was shipped. */
function receiveQuantities(
  lines: LineRow[],
  quantities: Record<string, number>,
): Array<{ lineId: string; sku: string; description: string; quantity: number }> {
  const known = new Set(lines.map((line) => line.id))
  const fields: Record<string, string[]> = {}
  for (const lineId of Object.keys(quantities)) if (!known.has(lineId)) fields[`quantities.${lineId}`] = ['validation.line']
  const received = lines.map((line) => {
    const quantity = quantities[line.id] ?? line.shippedQuantity
    if (quantity > line.shippedQuantity) fields[`quantities.${line.id}`] = ['validation.overReceived']
    return { lineId: line.id, sku: line.sku, description: line.description, quantity }
  })
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  return received
}

/** The terms and lines a change may touch, as they are now (kept with the request, for the history). */
function termsOf(order: OrderRow, lines: LineRow[]): Record<string, unknown> {
  return {
    requestedDeliveryDate: order.requestedDeliveryDate,
    incoterm: order.incoterm,
    incotermPlace: order.incotermPlace,
    paymentTerms: order.paymentTerms,
    notes: order.notes,
    total: order.total,
    lines: lines.map((line) => ({ lineId: line.id, description: line.description, quantity: line.quantity, unitPrice: line.unitPrice })),
  }
}

/**
 * Proposes a change (lines' quantities and prices, delivery date, terms) or a cancellation once the order is placed;
 * the other party accepts or rejects it. One pending request per order.
 */
export async function requestChange(ctx: ServiceContext, id: string, input: ChangeRequestInput, options: IdempotencyOption = {}): Promise<PurchaseOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  // A retried request answers with the order its first attempt changed, before the version it carries goes stale.
  await createIdempotently(`order_change:${companyId}`, options, { id, input }, async (tx, changeId) => {
    const { order, party } = await lockOrder(tx, companyId, id)
    requireVersion('order', order.version, input.version)
    if (
      input.kind === 'cancel' ? !checkTransition(purchaseOrderMachine, order.status, 'agree_cancel', party).ok : !CHANGEABLE_STATUSES.includes(order.status)
    ) {
      throw new AppError('invalid_transition', `Cannot propose a ${input.kind} to an order that is ${order.status}`, {
        action: input.kind === 'cancel' ? 'cancel_request' : 'change_request',
        status: order.status,
      })
    }
    const [pending] = await tx
      .select({ id: purchaseOrderChangeRequests.id })
      .from(purchaseOrderChangeRequests)
      .where(and(eq(purchaseOrderChangeRequests.orderId, id), eq(purchaseOrderChangeRequests.status, 'pending')))
    if (pending) throw new AppError('change_pending', 'A change request is already pending')
    const lines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, id)).orderBy(asc(purchaseOrderLines.position))
    const proposal: ChangeProposal = {}
    if (input.kind === 'change') {
      const byId = new Map(lines.map((line) => [line.id, line]))
      const fields: Record<string, string[]> = {}
      input.lines?.forEach((change, index) => {
        const line = byId.get(change.lineId)
        if (!line) fields[`lines.${index}.lineId`] = ['validation.line']
        else if (change.quantity < line.shippedQuantity) fields[`lines.${index}.quantity`] = ['validation.belowShipped']
      })
      if (Object.keys(fields).length > 0) throw fieldError(fields)
      if (input.lines?.length) proposal.lines = input.lines
      if (input.requestedDeliveryDate) proposal.requestedDeliveryDate = input.requestedDeliveryDate
      if (input.incoterm) proposal.incoterm = input.incoterm
      if (input.incotermPlace) proposal.incotermPlace = input.incotermPlace
      if (input.paymentTerms) proposal.paymentTerms = input.paymentTerms
      if (input.notes !== undefined) proposal.notes = input.notes
    }
    await tx.insert(purchaseOrderChangeRequests).values({
      id: changeId,
      orderId: id,
      kind: input.kind,
      requestedByCompanyId: companyId,
      requestedByUserId: ctx.actor.userId,
      reason: input.reason,
      proposal,
      before: termsOf(order, lines),
    })
    const type = input.kind === 'cancel' ? 'cancel_requested' : 'change_requested'
    await recordEvent(tx, ctx, id, { type, fromStatus: order.status, toStatus: order.status, note: input.reason, data: { proposal } })
    await notifyCounterpart(tx, ctx, order, party, type, { reason: input.reason }, notices)
    events.push(await recordOrderEvent(tx, order, input.kind === 'cancel' ? 'cancel_request' : 'change_request', notices))
  })
  // A replayed request recorded no event: its first attempt's went out.
  await relayEvents(events)
  return getPurchaseOrder(ctx, id)
}

/** The other party accepts or rejects a pending request; its author may withdraw it. Accepting applies it at once. */
export async function decideChange(ctx: ServiceContext, id: string, changeId: string, input: ChangeDecisionInput): Promise<PurchaseOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const { order, party } = await lockOrder(tx, companyId, id)
    const [request] = await tx
      .select()
      .from(purchaseOrderChangeRequests)
      .where(and(eq(purchaseOrderChangeRequests.id, changeId), eq(purchaseOrderChangeRequests.orderId, id)))
    if (!request) throw new AppError('not_found', 'Change request not found')
    if (request.status !== 'pending')
      throw new AppError('invalid_transition', 'This change request has already been decided', { action: input.decision, status: request.status })
    const ownRequest = request.requestedByCompanyId === companyId
    if (input.decision === 'withdraw' ? !ownRequest : ownRequest)
      throw new AppError('not_your_turn', input.decision === 'withdraw' ? 'Only its author withdraws a request' : 'The other party decides on this request', {
        action: input.decision,
        status: order.status,
      })
    const now = new Date()
    const status = input.decision === 'withdraw' ? 'withdrawn' : input.decision
    await tx
      .update(purchaseOrderChangeRequests)
      .set({ status, decidedByUserId: ctx.actor.userId, decisionNote: input.note, decidedAt: now })
      .where(eq(purchaseOrderChangeRequests.id, changeId))
    if (input.decision === 'accept' && request.kind === 'cancel') {
      await applyTransition(tx, ctx, order, party, { action: 'agree_cancel', version: order.version, reason: request.reason || input.note }, notices)
      events.push(await recordOrderEvent(tx, order, `change_${input.decision}`, notices))
      return
    }
    let changed = order
    if (input.decision === 'accept') {
      if (!CHANGEABLE_STATUSES.includes(order.status))
        throw new AppError('invalid_transition', `Cannot change an order that is ${order.status}`, { action: 'change_accept', status: order.status })
      changed = await applyProposal(tx, order, request.proposal)
    } else {
      await tx.update(purchaseOrders).set({ updatedAt: now }).where(eq(purchaseOrders.id, id))
    }
    await recordEvent(tx, ctx, id, {
      type: `change_${input.decision}`,
      fromStatus: order.status,
      toStatus: order.status,
      note: input.note,
      data: { changeRequestId: changeId, kind: request.kind },
    })
    await notifyCounterpart(tx, ctx, changed, party, `change_${input.decision}`, { reason: input.note }, notices)
    events.push(await recordOrderEvent(tx, changed, `change_${input.decision}`, notices))
  })
  await relayEvents(events)
  return getPurchaseOrder(ctx, id)
}

/** Applies an accepted proposal: new quantities and prices of lines (totals follow), new terms; a new version. */
async function applyProposal(tx: Transaction, order: OrderRow, proposal: ChangeProposal): Promise<OrderRow> {
  const lines = await tx.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, order.id))
  const changes = new Map((proposal.lines ?? []).map((line) => [line.lineId, line]))
  const next = lines.map((line) => {
    const change = changes.get(line.id)
    if (!change) return line
    if (change.quantity < line.shippedQuantity)
      throw new AppError('invalid_transition', 'A line would be below what is already shipped', { action: 'change_accept', status: order.status })
    return { ...line, quantity: change.quantity, unitPrice: change.unitPrice, lineTotal: lineTotal(change.quantity, change.unitPrice, order.currency) }
  })
  for (const line of next) {
    if (changes.has(line.id))
      await tx
        .update(purchaseOrderLines)
        .set({ quantity: line.quantity, unitPrice: line.unitPrice, lineTotal: line.lineTotal })
        .where(eq(purchaseOrderLines.id, line.id))
  }
  const total = orderTotal(next, order.currency)
  const patch = {
    subtotal: total,
    total,
    ...(proposal.requestedDeliveryDate !== undefined ? { requestedDeliveryDate: proposal.requestedDeliveryDate } : {}),
    ...(proposal.incoterm ? { incoterm: proposal.incoterm } : {}),
    ...(proposal.incotermPlace ? { incotermPlace: proposal.incotermPlace } : {}),
    ...(proposal.paymentTerms ? { paymentTerms: proposal.paymentTerms } : {}),
    ...(proposal.notes !== undefined ? { notes: proposal.notes } : {}),
    version: order.version + 1,
    updatedAt: new Date(),
  }
  const [row] = await tx.update(purchaseOrders).set(patch).where(eq(purchaseOrders.id, order.id)).returning()
  if (!row) throw new AppError('internal', 'Order not stored')
  return row
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
  const order_ = order
  return {
    ...summaryOf(order_, companyId),
    incoterm: order_.incoterm,
    incotermPlace: order_.incotermPlace,
    paymentTerms: order_.paymentTerms,
    shipToAddressId: order_.shipToAddressId,
    shipTo: order_.shipTo ?? null,
    notes: order_.notes,
    subtotal: order_.subtotal,
    statusReason: order_.statusReason,
    confirmedAt: order_.confirmedAt,
    deliveredAt: order_.deliveredAt,
    closedAt: order_.closedAt,
    lines,
    events: eventRows,
    changeRequests,
    attachments: order_.attachmentFileIds.flatMap((fileId) => attachmentRows.filter((row) => row.id === fileId)),
    actions: availableActions(purchaseOrderMachine, order_.status, party).filter((action) => {
      const remaining = lines.some((line) => remainingToShip(line) > 0)
      // Shipping needs something left to ship; delivery needs everything shipped.
      return DIRECT_ACTIONS.includes(action) && !(action === 'deliver' && remaining) && !(action === 'ship' && !remaining)
    }),
    canRequestChange: CHANGEABLE_STATUSES.includes(order_.status) && !pendingChange,
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
