// Ordering a service: from a chosen provider (a service order), or as a freight request every logistics provider may
// price (a logistic order).
import { and, eq, ne } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import { companyName, type Notice, publicCompanyCards as companies } from '../companies/index.server'
import { nextNumber } from '../kernel/index.server'
import type { FreightDetails } from './orders.constants'
import { purchaseOrders, serviceOrders } from './orders.tables.server'
import type { CreateLogisticOrderInput, CreateServiceOrderInput } from './service-order.inputs'
import type { ServiceOrderDetail } from './service-order.types'
import { getServiceOrder } from './service-order-reads.service.server'
import { creating, fieldError, notify, recordEvent, recordOrderEvent } from './service-order-writes.server'
import { offersService, providerOf } from './service-providers.service.server'

/** A service order from the actor's company to a provider of that service; it starts `requested`. */
export async function createServiceOrder(
  ctx: ServiceContext,
  input: CreateServiceOrderInput,
  options: { idempotencyKey?: string } = {},
): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const buyerId = ctx.actor.companyId
  if (input.providerCompanyId === buyerId) throw fieldError({ providerCompanyId: ['validation.ownCompany'] })
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  const id = await creating(
    { ...ctx, actor: { ...ctx.actor, companyId: buyerId } },
    { kind: 'service', ...input },
    options.idempotencyKey,
    notices,
    async (tx, id) => {
      const provider = await providerOf(tx, input.providerCompanyId, input.serviceType)
      if (!provider) throw fieldError({ providerCompanyId: ['validation.provider'] })
      if (input.linkedPurchaseOrderId) {
        const [linked] = await tx
          .select({ id: purchaseOrders.id })
          .from(purchaseOrders)
          .where(and(eq(purchaseOrders.id, input.linkedPurchaseOrderId), eq(purchaseOrders.buyerCompanyId, buyerId)))
        if (!linked) throw fieldError({ linkedPurchaseOrderId: ['validation.linkedPurchaseOrder'] })
      }
      const order = {
        id,
        number: await nextNumber(tx, buyerId, 'SO'),
        kind: 'service' as const,
        serviceType: input.serviceType,
        buyerCompanyId: buyerId,
        providerCompanyId: input.providerCompanyId,
        buyerName: await companyName(buyerId, tx),
        providerName: provider.name,
        status: 'requested' as const,
        scope: input.scope,
        location: input.location,
        serviceDate: input.serviceDate ?? null,
        linkedPurchaseOrderId: input.linkedPurchaseOrderId ?? null,
        createdBy: ctx.actor.userId,
      }
      await tx.insert(serviceOrders).values(order)
      await recordEvent(tx, ctx, id, { type: 'created', toStatus: 'requested' })
      await notify(tx, ctx, input.providerCompanyId, order, 'requested', { company: order.buyerName }, notices)
      events.push(await recordOrderEvent(tx, ctx, order, 'create', notices))
    },
  )
  await relayEvents(events)
  return getServiceOrder(ctx, id)
}

/** A freight request (a logistic order without a provider yet): logistics providers price it; it starts `quoting`. */
export async function createLogisticOrder(
  ctx: ServiceContext,
  input: CreateLogisticOrderInput,
  options: { idempotencyKey?: string } = {},
): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const buyerId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  const id = await creating(
    { ...ctx, actor: { ...ctx.actor, companyId: buyerId } },
    { kind: 'logistic', ...input },
    options.idempotencyKey,
    notices,
    async (tx, id) => {
      const freight: FreightDetails = { ...input }
      const order = {
        id,
        number: await nextNumber(tx, buyerId, 'LO'),
        kind: 'logistic' as const,
        serviceType: 'logistics' as const,
        buyerCompanyId: buyerId,
        buyerName: await companyName(buyerId, tx),
        status: 'quoting' as const,
        scope: input.cargoDescription,
        location: `${input.origin} → ${input.destination}`,
        serviceDate: input.readyDate,
        freight,
        createdBy: ctx.actor.userId,
      }
      await tx.insert(serviceOrders).values(order)
      await recordEvent(tx, ctx, id, { type: 'created', toStatus: 'quoting' })
      // Every logistics provider hears of the new request.
      const providers = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(offersService('logistics'), ne(companies.id, buyerId)))
        .limit(500)
      for (const provider of providers) await notify(tx, ctx, provider.id, order, 'freight_request', { company: order.buyerName }, notices)
      events.push(await recordOrderEvent(tx, ctx, order, 'create', notices))
    },
  )
  await relayEvents(events)
  return getServiceOrder(ctx, id)
}
