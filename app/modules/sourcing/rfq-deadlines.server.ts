import { and, eq, exists, gt, inArray, isNull, lte, ne, notExists, notInArray } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { logger } from '../../platform/logger.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { companyNames, type Notice, recordNotice } from '../companies/index.server'
import { quotations, rfqInvitations, rfqs } from './sourcing.tables.server'

/** How long before the quote deadline invited suppliers who have not quoted are reminded (once). */
export const RFQ_DEADLINE_REMINDER_MS = 24 * 60 * 60 * 1000

/** A deadline as notices show it: the same text for every reader, in UTC (e.g. `2026-11-22 14:00 UTC`). */
function deadlineText(deadline: Date): string {
  return `${deadline.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/**
 * Reminds every invited supplier that has not submitted a quotation (nor declined) that an open RFQ's quote
 * deadline is less than a day away: an `rfq.deadline_soon` notice to the supplier's members. Each invitation is
 * reminded once: the update that stamps `deadline_reminded_at` only takes rows still unstamped, so two instances
 * running at once cannot both remind. Runs with the hourly upkeep (server/app.ts); answers how many were reminded.
 */
export async function remindRfqDeadlines(now: Date = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + RFQ_DEADLINE_REMINDER_MS)
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const closingSoon = tx
      .select({ id: rfqs.id })
      .from(rfqs)
      .where(and(eq(rfqs.id, rfqInvitations.rfqId), eq(rfqs.status, 'open'), gt(rfqs.quoteDeadline, now), lte(rfqs.quoteDeadline, soon)))
    const quoted = tx
      .select({ id: quotations.id })
      .from(quotations)
      .where(
        and(eq(quotations.rfqId, rfqInvitations.rfqId), eq(quotations.supplierCompanyId, rfqInvitations.supplierCompanyId), ne(quotations.status, 'draft')),
      )
    const reminded = await tx
      .update(rfqInvitations)
      .set({ deadlineRemindedAt: now })
      .where(and(isNull(rfqInvitations.deadlineRemindedAt), notInArray(rfqInvitations.status, ['declined', 'quoted']), exists(closingSoon), notExists(quoted)))
      .returning({ rfqId: rfqInvitations.rfqId, supplierCompanyId: rfqInvitations.supplierCompanyId })
    if (reminded.length === 0) return
    const details = await tx
      .select({ id: rfqs.id, number: rfqs.number, title: rfqs.title, quoteDeadline: rfqs.quoteDeadline, buyerId: rfqs.organizationId })
      .from(rfqs)
      .where(
        inArray(
          rfqs.id,
          reminded.map((row) => row.rfqId),
        ),
      )
    const buyers = await companyNames(
      details.map((rfq) => rfq.buyerId),
      tx,
    )
    const byId = new Map(details.map((rfq) => [rfq.id, { ...rfq, buyer: buyers.get(rfq.buyerId) ?? '' }]))
    for (const { rfqId, supplierCompanyId } of reminded) {
      const rfq = byId.get(rfqId)
      if (!rfq) continue
      const notice: Notice = {
        companyId: supplierCompanyId,
        kind: 'rfq.deadline_soon',
        params: { number: rfq.number, title: rfq.title, deadline: deadlineText(rfq.quoteDeadline), company: rfq.buyer },
        link: `/app/supplier/portal/rfq/${rfq.id}`,
      }
      await recordNotice(tx, notice)
      events.push(await recordEvent(tx, { name: 'rfq.deadline_soon', notices: [notice] }))
    }
  })
  await relayEvents(events)
  if (events.length > 0) logger().info({ reminded: events.length }, 'RFQ deadline reminders sent')
  return events.length
}
