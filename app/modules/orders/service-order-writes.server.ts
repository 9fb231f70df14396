// What every write of a service order shares: the order locked for the actor's side, the step its policy allows, its
// timeline entry, the notices, the business event after commit, and a create under an idempotency key.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { claimIdempotencyKey, fingerprintOf } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, recordEvent as recordBusinessEvent } from '../../platform/outbox/outbox.server'
import type { Party } from '../../platform/state-machine'
import { type Notice, recordNotice } from '../companies/index.server'
import type { NotificationKindIn } from '../kernel/index.server'
import { eventRow, type EventInput } from './order-events.server'
import { serviceOrderLink } from './order-links'
import type { ServiceOrderStatus } from './orders.constants'
import { serviceOrderEvents, serviceOrders } from './orders.tables.server'
import type { ServiceOrderAction, ServiceOrderEventType } from './service-order.machine'
import { checkServiceOrderStep, partyOf } from './service-order.policy'

export type ServiceOrderRow = typeof serviceOrders.$inferSelect

export const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })
export const notFound = () => new AppError('not_found', 'Order not found')

export async function recordEvent(tx: Transaction, ctx: ServiceContext, orderId: string, event: EventInput<ServiceOrderEventType>): Promise<void> {
  await tx.insert(serviceOrderEvents).values(eventRow(ctx, orderId, event))
}

export async function notify(
  tx: Transaction,
  ctx: ServiceContext,
  companyId: string | null,
  order: Pick<ServiceOrderRow, 'id' | 'number'>,
  kind: NotificationKindIn<'service_order'>,
  params: Record<string, string>,
  notices: Notice[],
): Promise<void> {
  if (!companyId || companyId === ctx.actor.companyId) return
  const notice: Notice = {
    companyId,
    exceptUserId: ctx.actor.userId,
    kind: `service_order.${kind}`,
    params: { number: order.number, reason: '', ...params },
    link: serviceOrderLink(order.id),
  }
  await recordNotice(tx, notice)
  notices.push(notice)
}

/** Runs a create under an optional idempotency key: a retry of the same request answers with the first order. */
export async function creating(
  ctx: ServiceContext & { actor: { companyId: string } },
  input: unknown,
  idempotencyKey: string | undefined,
  notices: Notice[],
  create: (tx: Transaction, id: string) => Promise<void>,
): Promise<string> {
  const buyerId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    const id = randomUUID()
    if (idempotencyKey) {
      const existing = await claimIdempotencyKey(tx, {
        scope: `service_order:${buyerId}`,
        key: idempotencyKey,
        fingerprint: fingerprintOf(input),
        resourceId: id,
      })
      if (existing) return existing
    }
    await create(tx, id)
    return id
  })
}

/**
 * The order's business event, in its transaction: the buyer's and the provider's open pages (and the acting company's,
 * e.g. a logistics provider quoting a freight request) hear that it changed (ids and the action only), and the notices
 * go out, after commit (`relayEvents`).
 */
export async function recordOrderEvent(
  tx: Transaction,
  ctx: ServiceContext,
  order: { id: string; buyerCompanyId: string | null; providerCompanyId?: string | null },
  action: string,
  notices: Notice[],
): Promise<OutboxEventId> {
  const companyIds = [order.buyerCompanyId, order.providerCompanyId, ctx.actor.companyId].filter((id): id is string => Boolean(id))
  return recordBusinessEvent(tx, { name: `service_order.${action}`, changes: [{ companyIds, entity: 'service_order', id: order.id, action }], notices })
}

/** The order locked for update, with the actor's side; not found for anyone else. */
export async function lockOrder(tx: Transaction, companyId: string, id: string): Promise<{ order: ServiceOrderRow; party: Party }> {
  const [order] = await tx.select().from(serviceOrders).where(eq(serviceOrders.id, id)).for('update')
  const party = order ? partyOf(order, companyId) : null
  if (!order || !party) throw notFound()
  return { order, party }
}

/** The status the step leads to, when the policy allows the actor's side to take it; refused (409) otherwise. */
export function requireStep(ctx: ServiceContext, order: ServiceOrderRow, action: ServiceOrderAction): ServiceOrderStatus {
  const result = checkServiceOrderStep(ctx.actor, order, action)
  if (!result.ok)
    throw new AppError(
      result.problem,
      result.problem === 'invalid_transition' ? `Cannot ${action} an order that is ${order.status}` : `Only the other party can ${action} this order`,
      { action, status: order.status },
    )
  return result.to
}
