// Changing a purchase order once it is sent: either party proposes new lines and terms, or a cancellation, and the
// other party accepts or rejects it (or its author takes it back). One pending request per order.
import { and, asc, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireVersion } from '../../platform/versioning'
import { lineTotal } from '../catalog/index'
import { requireCompany } from '../companies/index'
import type { Notice } from '../companies/index.server'
import type { ChangeProposal } from './orders.constants'
import { purchaseOrderChangeRequests, purchaseOrderLines, purchaseOrders } from './orders.tables.server'
import { orderTotal } from './order-totals'
import type { ChangeDecisionInput, ChangeRequestInput } from './purchase-order.inputs'
import { canProposeChange, canRequestCancellation, changeAnswerCheck, isChangeable } from './purchase-order.policy'
import type { PurchaseOrderDetail } from './purchase-order.types'
import { applyTransition } from './purchase-order-lifecycle.service.server'
import { getPurchaseOrder } from './purchase-order-reads.service.server'
import { fieldError, lockOrder, notifyCounterpart, type OrderRow, recordEvent, recordOrderEvent } from './purchase-order-writes.server'

type LineRow = typeof purchaseOrderLines.$inferSelect

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
    if (!(input.kind === 'cancel' ? canRequestCancellation(ctx.actor, order) : canProposeChange(ctx.actor, order))) {
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
    const answer = changeAnswerCheck(ctx.actor, request, input.decision)
    if (!answer.ok) {
      if (answer.problem === 'already_decided')
        throw new AppError('invalid_transition', 'This change request has already been decided', { action: input.decision, status: request.status })
      const message = answer.problem === 'not_author' ? 'Only its author withdraws a request' : 'The other party decides on this request'
      throw new AppError('not_your_turn', message, { action: input.decision, status: order.status })
    }
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
      if (!isChangeable(order))
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
