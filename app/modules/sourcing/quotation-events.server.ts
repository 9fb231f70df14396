import type { ServiceContext } from '../../platform/actor'
import type { Transaction } from '../../platform/db/index.server'
import { type OutboxEventId, recordEvent } from '../../platform/outbox/outbox.server'
import { type Notice, recordNotice } from '../companies/index.server'
import { recordProjectEvent } from './project.service.server'
import { buyerRfqPath } from './rfq.links'
import { isSealed } from './rfq.policy'
import type { RfqRow } from './rfq.types'
import type { ProjectEventType } from './sourcing.machines'

/** A line on the project's timeline (when the RFQ belongs to a project); sealed RFQs keep the supplier out of it. */
export async function projectEvent(
  tx: Transaction,
  ctx: ServiceContext,
  rfq: RfqRow,
  type: ProjectEventType,
  data: Record<string, unknown>,
  note = '',
): Promise<void> {
  if (rfq.projectId) await recordProjectEvent(tx, ctx, rfq.projectId, { type, note, data: { rfqId: rfq.id, number: rfq.number, ...data } })
}

/**
 * Tells the buyer of a supplier's step. While a sealed RFQ is before its deadline the notice names neither the supplier
 * nor a price (the `_sealed` kinds).
 */
export async function noticeToBuyer(
  tx: Transaction,
  ctx: ServiceContext,
  rfq: RfqRow,
  kind: 'submitted' | 'revised' | 'withdrawn',
  params: { company: string; total: string; revision: string; reason: string },
  now: Date,
  notices: Notice[],
): Promise<void> {
  const sealed = isSealed(rfq, now)
  const notice: Notice = {
    companyId: rfq.organizationId,
    exceptUserId: ctx.actor.userId,
    kind: sealed ? `quotation.${kind}_sealed` : `quotation.${kind}`,
    params: sealed ? { number: rfq.number, title: rfq.title } : { number: rfq.number, title: rfq.title, ...params },
    link: buyerRfqPath(rfq.id),
  }
  await recordNotice(tx, notice)
  notices.push(notice)
}

/**
 * The quotation's business event, in its transaction: the buyer's and the supplier's open pages hear that it changed
 * (ids and the action only: nothing of a sealed bid), and the notices go out, after commit (`relayEvents`).
 */
export function recordQuotationEvent(
  tx: Transaction,
  rfq: { id: string; organizationId: string },
  supplierCompanyId: string,
  id: string,
  action: string,
  notices: Notice[],
): Promise<OutboxEventId> {
  return recordEvent(tx, {
    name: `quotation.${action}`,
    changes: [{ companyIds: [rfq.organizationId, supplierCompanyId], entity: 'quotation', id, action, rfqId: rfq.id }],
    notices,
  })
}
