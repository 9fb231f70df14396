import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addMember } from '../../../db/factories/companies'
import { createSourcingCast, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { createUser } from '../../../db/factories/users'
import { database } from '../../platform/db/index.server'
import { devMessages } from '../../platform/mail/mail.tables.server'
import { type NotificationKind } from '../kernel/index.server'
import { notifications } from '../kernel/kernel.tables.server'
import { rfqInvitations, rfqs } from './sourcing.tables.server'
import { remindRfqDeadlines } from './rfq-deadlines.server'
import { closeExpiredRfqs } from './rfq.write.service.server'

const HOUR = 3_600_000
const noticesOf = async (userId: string, kind: NotificationKind) =>
  database()
    .select({ params: notifications.params, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))

describe('remindRfqDeadlines', () => {
  it('reminds invited suppliers who have not quoted, once, when the quote deadline is less than a day away', async () => {
    const cast = await createSourcingCast()
    const [quiet, quoted, declined] = cast.suppliers
    const colleague = await createUser()
    await addMember(quiet!.company.id, colleague.id, 'member')
    const now = new Date()
    const deadline = new Date(now.getTime() + 20 * HOUR)
    const soon = await insertRfq(cast.buyer.company.id, { supplierIds: [quiet!.company.id, quoted!.company.id, declined!.company.id], deadline })
    await insertQuotation(soon.id, quoted!.company.id, [{ rfqLineId: soon.lines[0]!.id, unitPrice: '17.50' }])
    await database()
      .update(rfqInvitations)
      .set({ status: 'declined' })
      .where(and(eq(rfqInvitations.rfqId, soon.id), eq(rfqInvitations.supplierCompanyId, declined!.company.id)))
    // Not yet within a day, already closed for quoting, or a draft: no reminder.
    await insertRfq(cast.buyer.company.id, { supplierIds: [quiet!.company.id], deadline: new Date(now.getTime() + 30 * HOUR) })
    await insertRfq(cast.buyer.company.id, { supplierIds: [quiet!.company.id], deadline: new Date(now.getTime() - HOUR), status: 'closed' })
    await insertRfq(cast.buyer.company.id, { supplierIds: [quiet!.company.id], deadline, status: 'draft' })

    expect(await remindRfqDeadlines(now)).toBe(1)
    const [rfq] = await database().select().from(rfqs).where(eq(rfqs.id, soon.id))
    const expected = {
      params: {
        number: rfq!.number,
        title: rfq!.title,
        deadline: `${deadline.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        company: cast.buyer.company.name,
      },
      link: `/app/supplier/portal/rfq/${soon.id}`,
    }
    expect(await noticesOf(quiet!.user.id, 'rfq.deadline_soon')).toEqual([expected])
    expect(await noticesOf(colleague.id, 'rfq.deadline_soon')).toEqual([expected])
    expect(await noticesOf(quoted!.user.id, 'rfq.deadline_soon')).toEqual([])
    expect(await noticesOf(declined!.user.id, 'rfq.deadline_soon')).toEqual([])
    const mails = await database().select({ subject: devMessages.subject }).from(devMessages).where(eq(devMessages.recipient, quiet!.user.email))
    expect(mails.map((mail) => mail.subject)).toEqual([`Quote deadline of ${rfq!.number} is near`])

    // Once only, however often the upkeep runs (also two instances at once).
    expect(await Promise.all([remindRfqDeadlines(new Date(now.getTime() + HOUR)), remindRfqDeadlines(new Date(now.getTime() + HOUR))])).toEqual([0, 0])
    expect(await noticesOf(quiet!.user.id, 'rfq.deadline_soon')).toHaveLength(1)
  })
})

describe('closeExpiredRfqs', () => {
  it('closes open RFQs past their deadline and tells the buyer’s members how many quotations came in', async () => {
    const cast = await createSourcingCast()
    const buyerColleague = await createUser()
    await addMember(cast.buyer.company.id, buyerColleague.id, 'member')
    const ids = cast.suppliers.map((supplier) => supplier.company.id)
    const expired = await insertRfq(cast.buyer.company.id, { supplierIds: ids, deadline: new Date(Date.now() - HOUR) })
    await insertQuotation(expired.id, ids[0]!, [{ rfqLineId: expired.lines[0]!.id, unitPrice: '17.50' }])
    await insertQuotation(expired.id, ids[1]!, [{ rfqLineId: expired.lines[0]!.id, unitPrice: '16.00' }])
    await insertQuotation(expired.id, ids[2]!, [{ rfqLineId: expired.lines[0]!.id, unitPrice: '15.00' }], { status: 'draft' })
    const open = await insertRfq(cast.buyer.company.id, { supplierIds: ids })

    expect(await closeExpiredRfqs()).toBe(1)
    const [rfq] = await database().select().from(rfqs).where(eq(rfqs.id, expired.id))
    expect(rfq!.status).toBe('closed')
    const expected = [{ params: { number: rfq!.number, title: rfq!.title, count: '2' }, link: `/app/sourcing/rfq/${expired.id}` }]
    expect(await noticesOf(cast.buyer.user.id, 'rfq.closed')).toEqual(expected)
    expect(await noticesOf(buyerColleague.id, 'rfq.closed')).toEqual(expected)
    expect(await noticesOf(cast.suppliers[0]!.user.id, 'rfq.closed')).toEqual([])
    const mails = await database().select({ subject: devMessages.subject }).from(devMessages).where(eq(devMessages.recipient, buyerColleague.email))
    expect(mails.map((mail) => mail.subject)).toEqual([`RFQ ${rfq!.number} closed`])
    expect((await database().select({ status: rfqs.status }).from(rfqs).where(eq(rfqs.id, open.id)))[0]!.status).toBe('open')
    expect(await closeExpiredRfqs()).toBe(0)
  })
})
