import { randomUUID } from 'node:crypto'
import type { ServiceContext } from '../../platform/actor'

/** A timeline entry of an order: what happened (one of the order kind's event types), the status change, a note and details. */
export type EventInput<Type extends string> = {
  type: Type
  fromStatus?: string | null
  toStatus?: string | null
  note?: string
  data?: Record<string, unknown>
}

/** The row of a timeline entry written by the actor (or by no one: a carrier's system) (purchase and service orders keep the same shape in their own tables). */
export function eventRow<Type extends string>(ctx: ServiceContext | null, orderId: string, event: EventInput<Type>) {
  return {
    id: randomUUID(),
    orderId,
    type: event.type,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    // No actor: news a carrier's system brought (a webhook, the tracking provider).
    actorUserId: ctx?.actor.userId ?? null,
    actorCompanyId: ctx?.actor.companyId ?? null,
    note: event.note ?? '',
    data: event.data ?? {},
  }
}
