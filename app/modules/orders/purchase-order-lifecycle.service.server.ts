// A purchase order's lifecycle steps: place, confirm or decline, start production, ship (in parts), deliver what
// arrived, complete, cancel, dispute and resolve, each as the order's machine and policy allow.
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { checkTransition, needsReason, type Party } from '../../platform/state-machine'
import { requireVersion } from '../../platform/versioning'
import { requireCompany } from '../companies/index'
import type { Notice } from '../companies/index.server'
import { purchaseOrderChangeRequests, purchaseOrderEvents, purchaseOrderLines, purchaseOrders } from './orders.tables.server'
import { orderTotal, type LineRequest, remainingToShip } from './order-totals'
import type { OrderTransitionInput } from './purchase-order.inputs'
import { type PurchaseOrderAction, purchaseOrderMachine } from './purchase-order.machine'
import { canDeliver, canResolveDispute } from './purchase-order.policy'
import type { PurchaseOrderDetail } from './purchase-order.types'
import { getPurchaseOrder } from './purchase-order-reads.service.server'
import { fieldError, lockOrder, notifyCounterpart, type OrderRow, priceLines, recordEvent, recordOrderEvent } from './purchase-order-writes.server'

type LineRow = typeof purchaseOrderLines.$inferSelect

/** One step as the services take it (the API's input, or a shipment shipping and delivering the order). */
export type TransitionStep = { action: PurchaseOrderAction; version: number; reason?: string; quantities?: Record<string, number> }

/** Takes one lifecycle step (place, confirm, decline, start production, ship, deliver, complete, cancel, dispute, resolve). */
export async function transitionPurchaseOrder(ctx: ServiceContext, id: string, input: OrderTransitionInput): Promise<PurchaseOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  // Goods leave on a shipment (logistics books it and ships the lines): one source of truth for what was shipped.
  if ((input.action as PurchaseOrderAction) === 'ship') throw fieldError({ action: ['validation.shipWithShipment'] })
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

/**
 * Applies one step to the locked order, as `party` (the actor's side, or the side a freight provider ships for): the
 * machine decides, then each step does its part.
 */
export async function applyTransition(
  tx: Transaction,
  ctx: ServiceContext,
  order: OrderRow,
  party: Party,
  input: TransitionStep,
  notices: Notice[],
  /** Added to the timeline entry's details (the shipment that shipped or delivered it). */
  extra: Record<string, unknown> = {},
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
    if (!canDeliver(ctx.actor, { ...order, lines }))
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
    if (!canResolveDispute(ctx.actor, opened?.companyId ?? null))
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
  await recordEvent(tx, ctx, order.id, { type: action, fromStatus: order.status, toStatus: check.to, note: input.reason ?? '', data: { ...data, ...extra } })
  await notifyCounterpart(tx, ctx, order, party, action, { reason: input.reason ?? '' }, notices)
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
