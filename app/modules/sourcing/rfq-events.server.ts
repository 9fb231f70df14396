import { and, eq, ne } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import type { Transaction } from '../../platform/db/index.server'
import { type OutboxEventId, recordEvent } from '../../platform/outbox/outbox.server'
import { companyName, type Notice, recordNotice } from '../companies/index.server'
import { type NotificationKindIn } from '../kernel/index.server'
import { recordProjectEvent } from './project.service.server'
import { supplierRfqPath } from './rfq.links'
import type { RfqRow } from './rfq.types'
import type { ProjectEventType } from './sourcing.machines'
import { rfqInvitations } from './sourcing.tables.server'

/**
 * The RFQ's business event, in its transaction: the buyer's open pages, and those of every invited (or quoting)
 * supplier unless `only` names the companies, hear that the RFQ changed (ids and the action only), and the notices go
 * out, after commit (`relayEvents`).
 */
export async function recordRfqEvent(
  tx: Transaction,
  rfq: { id: string; organizationId: string },
  action: string,
  notices: Notice[],
  only?: string[],
): Promise<OutboxEventId> {
  const suppliers =
    only ?? (await tx.select({ id: rfqInvitations.supplierCompanyId }).from(rfqInvitations).where(eq(rfqInvitations.rfqId, rfq.id))).map((row) => row.id)
  return recordEvent(tx, { name: `rfq.${action}`, changes: [{ companyIds: [rfq.organizationId, ...suppliers], entity: 'rfq', id: rfq.id, action }], notices })
}

/** A notice recorded with the change, and kept for the event that delivers it after commit. */
export async function notify(tx: Transaction, notices: Notice[], notice: Notice): Promise<void> {
  await recordNotice(tx, notice)
  notices.push(notice)
}

/** Tells every invitee still in the running (not declined) of an RFQ. */
export async function notifyInvitees(
  tx: Transaction,
  ctx: ServiceContext,
  rfq: RfqRow,
  kind: NotificationKindIn<'rfq'>,
  params: Record<string, string>,
  notices: Notice[],
): Promise<void> {
  const invitees = await tx
    .select({ companyId: rfqInvitations.supplierCompanyId })
    .from(rfqInvitations)
    .where(and(eq(rfqInvitations.rfqId, rfq.id), ne(rfqInvitations.status, 'declined')))
  const buyerName = await companyName(rfq.organizationId, tx)
  for (const invitee of invitees) {
    await notify(tx, notices, {
      companyId: invitee.companyId,
      exceptUserId: ctx.actor.userId,
      kind: `rfq.${kind}`,
      params: { number: rfq.number, title: rfq.title, company: buyerName, ...params },
      link: supplierRfqPath(rfq.id),
    })
  }
}

/** A project's timeline entry for what happened to one of its RFQs (RFQs without a project have none to write to). */
export async function projectEvent(
  tx: Transaction,
  ctx: ServiceContext,
  rfq: Pick<RfqRow, 'id' | 'number' | 'projectId'>,
  type: ProjectEventType,
  note = '',
  data: Record<string, unknown> = {},
): Promise<void> {
  if (rfq.projectId) await recordProjectEvent(tx, ctx, rfq.projectId, { type, note, data: { rfqId: rfq.id, number: rfq.number, ...data } })
}
