// A service order's lifecycle steps: the provider accepts (with an optional price) or declines, starts and completes;
// either side cancels before work starts; the buyer disputes and resolves.
import { and, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { needsReason } from '../../platform/state-machine'
import { requireVersion } from '../../platform/versioning'
import { requireCompany } from '../companies/index'
import type { Notice } from '../companies/index.server'
import { freightQuotes, serviceOrders } from './orders.tables.server'
import type { ServiceOrderTransitionInput } from './service-order.inputs'
import { serviceOrderMachine } from './service-order.machine'
import type { ServiceOrderDetail } from './service-order.types'
import { getServiceOrder } from './service-order-reads.service.server'
import { fieldError, lockOrder, notify, recordEvent, recordOrderEvent, requireStep } from './service-order-writes.server'

/** One lifecycle step: accept (with an optional price), decline, start, complete, cancel, dispute, resolve. */
export async function transitionServiceOrder(ctx: ServiceContext, id: string, input: ServiceOrderTransitionInput): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const { order, party } = await lockOrder(tx, companyId, id)
    requireVersion('order', order.version, input.version)
    const to = requireStep(ctx, order, input.action)
    if (needsReason(serviceOrderMachine, input.action) && !input.reason) throw fieldError({ reason: ['validation.reason'] })
    const now = new Date()
    const patch: Partial<typeof serviceOrders.$inferInsert> = { status: to, version: order.version + 1, updatedAt: now }
    if (needsReason(serviceOrderMachine, input.action)) patch.statusReason = input.reason
    if (input.action === 'accept' && input.price && input.currency) Object.assign(patch, { price: input.price, currency: input.currency })
    if (to === 'cancelled') {
      // Open quotes die with the request; their providers hear of it.
      const turnedDown = await tx
        .update(freightQuotes)
        .set({ status: 'reject', updatedAt: now })
        .where(and(eq(freightQuotes.orderId, id), eq(freightQuotes.status, 'pending')))
        .returning({ providerCompanyId: freightQuotes.providerCompanyId })
      for (const other of turnedDown)
        if (other.providerCompanyId !== order.providerCompanyId)
          await notify(tx, ctx, other.providerCompanyId, order, 'request_closed', { company: order.buyerName, reason: input.reason }, notices)
    }
    await tx.update(serviceOrders).set(patch).where(eq(serviceOrders.id, id))
    await recordEvent(tx, ctx, id, {
      type: input.action,
      fromStatus: order.status,
      toStatus: to,
      note: input.reason,
      data: patch.price ? { price: patch.price, currency: patch.currency } : {},
    })
    const counterpart = party === 'buyer' ? order.providerCompanyId : order.buyerCompanyId
    const actorName = party === 'buyer' ? order.buyerName : order.providerName
    await notify(tx, ctx, counterpart, order, input.action, { company: actorName, reason: input.reason }, notices)
    events.push(await recordOrderEvent(tx, ctx, order, input.action, notices))
  })
  await relayEvents(events)
  return getServiceOrder(ctx, id)
}
