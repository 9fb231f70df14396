import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createOrderParties } from '../../../tests/factories/orders'
import { createSourcingCast, insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import { createUser } from '../../../db/factories/users'
import { database } from '../../platform/db/index.server'
import { purchaseOrders } from '../orders/orders.tables.server'
import { canJoinConversation, conversationForSubject, getConversation, listInbox, markRead, openThread, sendMessage, unreadSummary } from './index.server'

async function placedOrder() {
  const parties = await createOrderParties()
  const id = randomUUID()
  await database()
    .insert(purchaseOrders)
    .values({
      id,
      number: `PO-T-${id.slice(0, 6)}`,
      buyerCompanyId: parties.buyer.company.id,
      supplierCompanyId: parties.supplier.company.id,
      buyerName: 'Buyer',
      supplierName: 'Supplier',
      status: 'placed',
      currency: 'USD',
      incoterm: 'FOB',
      incotermPlace: 'Ningbo',
      paymentTerms: 'tt_30_70',
    })
  return { ...parties, orderId: id }
}

describe('threads', () => {
  it('opens one direct thread per company pair, from either side, titled with the other company', async () => {
    const a = await createMember({ companyInput: { name: 'Acme Ltd' } })
    const b = await createMember({ companyInput: { name: 'Borealis Co' } })
    const fromA = await openThread(contextOf(a.user.id, a.company.id), { kind: 'direct', companyId: b.company.id })
    const fromB = await openThread(contextOf(b.user.id, b.company.id), { kind: 'direct', companyId: a.company.id })
    expect(fromB.id).toBe(fromA.id)
    expect(fromA).toMatchObject({
      kind: 'direct',
      title: 'Borealis Co',
      counterpart: { id: b.company.id, name: 'Borealis Co' },
      canPost: true,
      canManage: false,
      lastReadSeq: 0,
    })
    expect(fromB.title).toBe('Acme Ltd')
    expect(fromA.participants.map((p) => p.userId).sort()).toEqual([a.user.id, b.user.id].sort())
  })

  it('refuses a direct thread with one’s own company and with an unknown company', async () => {
    const a = await createMember()
    const ctx = contextOf(a.user.id, a.company.id)
    await expect(openThread(ctx, { kind: 'direct', companyId: a.company.id })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { companyId: ['validation.ownCompany'] } },
    })
    await expect(openThread(ctx, { kind: 'direct', companyId: randomUUID() })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('is race-safe: concurrent first opens land on one conversation', async () => {
    const a = await createMember()
    const b = await createMember()
    const ctx = contextOf(a.user.id, a.company.id)
    const opened = await Promise.all([1, 2, 3, 4].map(() => openThread(ctx, { kind: 'direct', companyId: b.company.id })))
    expect(new Set(opened.map((c) => c.id)).size).toBe(1)
  })

  it('opens RFQ threads for the buyer with an invited supplier and for that supplier; others get 404', async () => {
    const cast = await createSourcingCast()
    const [invited, uninvited] = cast.suppliers
    const rfq = await insertRfq(cast.buyer.company.id, { supplierIds: [invited!.company.id] })
    const byBuyer = await openThread(cast.buyer.ctx, { kind: 'rfq', rfqId: rfq.id, supplierCompanyId: invited!.company.id })
    const bySupplier = await openThread(invited!.ctx, { kind: 'rfq', rfqId: rfq.id })
    expect(bySupplier.id).toBe(byBuyer.id)
    expect(byBuyer.subject).toMatchObject({ kind: 'rfq', id: rfq.id, link: `/app/sourcing/rfq/${rfq.id}` })
    expect(bySupplier.subject?.link).toBe(`/app/supplier/portal/rfq/${rfq.id}`)
    expect(byBuyer.title).toBe(`${byBuyer.subject?.number} · ${invited!.company.name}`)
    await expect(openThread(uninvited!.ctx, { kind: 'rfq', rfqId: rfq.id })).rejects.toMatchObject({ code: 'not_found' })
    await expect(openThread(cast.buyer.ctx, { kind: 'rfq', rfqId: rfq.id, supplierCompanyId: uninvited!.company.id })).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(openThread(cast.buyer.ctx, { kind: 'rfq', rfqId: rfq.id })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { supplierCompanyId: ['validation.supplier'] } },
    })
    await expect(openThread(cast.stranger.ctx, { kind: 'rfq', rfqId: rfq.id })).rejects.toMatchObject({ code: 'not_found' })
    await expect(getConversation(cast.stranger.ctx, byBuyer.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(getConversation(uninvited!.ctx, byBuyer.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('titles threads in the caller’s language', async () => {
    const cast = await createSourcingCast()
    const supplier = cast.suppliers[0]!
    const rfq = await insertRfq(cast.buyer.company.id, { supplierIds: [supplier.company.id] })
    const quote = await insertQuotation(rfq.id, supplier.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '10' }])
    const zh = { ...supplier.ctx, locale: 'zh-Hans' as const }
    const thread = await openThread(zh, { kind: 'quotation', quotationId: quote.id })
    expect(thread.title).toBe(`${thread.subject?.number} 的报价 · ${cast.buyer.company.name}`)
  })

  it('hides other companies’ draft quotations and opens submitted ones for both sides', async () => {
    const cast = await createSourcingCast()
    const [supplier] = cast.suppliers
    const rfq = await insertRfq(cast.buyer.company.id, { supplierIds: [supplier!.company.id] })
    const draft = await insertQuotation(rfq.id, supplier!.company.id, [{ rfqLineId: rfq.lines[0]!.id, unitPrice: '10' }], { status: 'draft' })
    await expect(openThread(cast.buyer.ctx, { kind: 'quotation', quotationId: draft.id })).rejects.toMatchObject({ code: 'not_found' })
    const own = await openThread(supplier!.ctx, { kind: 'quotation', quotationId: draft.id })
    expect(own).toMatchObject({ kind: 'quotation', subject: { kind: 'quotation', id: draft.id, link: `/app/supplier/portal/rfq/${rfq.id}` } })
    await expect(openThread(cast.stranger.ctx, { kind: 'quotation', quotationId: draft.id })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('opens order threads for buyer and supplier, linking the order', async () => {
    const order = await placedOrder()
    const byBuyer = await openThread(order.buyer.ctx, { kind: 'order', orderId: order.orderId })
    const bySupplier = await openThread(order.supplier.ctx, { kind: 'order', orderId: order.orderId })
    expect(bySupplier.id).toBe(byBuyer.id)
    expect(byBuyer.subject).toMatchObject({ kind: 'order', link: `/app/orders/${order.orderId}/view` })
    await expect(openThread(order.stranger.ctx, { kind: 'order', orderId: order.orderId })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('finds a subject’s thread without creating it', async () => {
    const order = await placedOrder()
    expect(await conversationForSubject(order.buyer.ctx, { kind: 'order', orderId: order.orderId })).toBeNull()
    const opened = await openThread(order.supplier.ctx, { kind: 'order', orderId: order.orderId })
    expect(await conversationForSubject(order.buyer.ctx, { kind: 'order', orderId: order.orderId })).toMatchObject({ id: opened.id, kind: 'order' })
    await expect(conversationForSubject(order.stranger.ctx, { kind: 'order', orderId: order.orderId })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('answers the socket server’s join question for participants only', async () => {
    const order = await placedOrder()
    const thread = await openThread(order.buyer.ctx, { kind: 'order', orderId: order.orderId })
    expect(await canJoinConversation(order.supplier.ctx.actor, thread.id)).toBe(true)
    expect(await canJoinConversation(order.stranger.ctx.actor, thread.id)).toBe(false)
    expect(await canJoinConversation(order.buyer.ctx.actor, randomUUID())).toBe(false)
  })
})

describe('inbox and unread', () => {
  it('lists the caller’s conversations newest first with unread counts and the last message', async () => {
    const a = await createMember({ companyInput: { name: 'Inbox A' } })
    const colleague = await createUser({ name: 'Colleague A' })
    await addMember(a.company.id, colleague.id)
    const b = await createMember({ companyInput: { name: 'Inbox B' } })
    const c = await createMember({ companyInput: { name: 'Inbox C' } })
    const ctxA = contextOf(a.user.id, a.company.id)
    const ctxB = contextOf(b.user.id, b.company.id)
    const ctxC = contextOf(c.user.id, c.company.id)
    const withB = await openThread(ctxA, { kind: 'direct', companyId: b.company.id })
    const withC = await openThread(ctxA, { kind: 'direct', companyId: c.company.id })
    await sendMessage(ctxB, withB.id, { body: 'First from B' })
    await sendMessage(ctxC, withC.id, { body: 'One from C' })
    await sendMessage(ctxB, withB.id, { body: 'Second from B' })

    const before = await listInbox(ctxA, {})
    expect(before.items.map((item) => item.id)).toEqual([withB.id, withC.id])
    expect(before.items[0]).toMatchObject({ unread: 2, lastMessage: { excerpt: 'Second from B', authorName: b.user.name, deleted: false } })
    expect(before.items[1]).toMatchObject({ unread: 1, title: 'Inbox C' })
    expect(before).toMatchObject({ total: 2, unreadConversations: 2 })
    expect(await unreadSummary(ctxA)).toEqual({ conversations: 2, messages: 3 })

    // Replying moves the author's read mark to the reply: the thread is read for A, not for A's colleague.
    await sendMessage(ctxA, withB.id, { body: 'My own reply' })
    const after = await listInbox(ctxA, {})
    expect(after.items[0]).toMatchObject({ id: withB.id, unread: 0, lastMessage: { excerpt: 'My own reply' } })
    expect(await unreadSummary(ctxA)).toEqual({ conversations: 1, messages: 1 })
    expect(await unreadSummary(contextOf(colleague.id, a.company.id, 'member'))).toEqual({ conversations: 2, messages: 4 })
    expect((await listInbox(ctxA, { unreadOnly: true })).items.map((item) => item.id)).toEqual([withC.id])
    expect((await listInbox(ctxA, { q: 'inbox c' })).items.map((item) => item.id)).toEqual([withC.id])
    expect((await listInbox(ctxA, { kind: 'channel' })).items).toEqual([])
    expect((await listInbox(ctxC, {})).items.map((item) => item.id)).toEqual([withC.id])
  })

  it('keeps the read mark monotonic and within the last message', async () => {
    const a = await createMember()
    const b = await createMember()
    const ctxA = contextOf(a.user.id, a.company.id)
    const ctxB = contextOf(b.user.id, b.company.id)
    const thread = await openThread(ctxA, { kind: 'direct', companyId: b.company.id })
    const first = await sendMessage(ctxB, thread.id, { body: 'one' })
    const last = await sendMessage(ctxB, thread.id, { body: 'two' })
    expect(await markRead(ctxA, thread.id, last.seq)).toEqual({ unread: 0 })
    expect(await markRead(ctxA, thread.id, first.seq)).toEqual({ unread: 0 })
    expect((await getConversation(ctxA, thread.id)).lastReadSeq).toBe(last.seq)
    await markRead(ctxA, thread.id, last.seq + 1_000_000)
    expect((await getConversation(ctxA, thread.id)).lastReadSeq).toBe(last.seq)
    await expect(markRead(contextOf(randomUUID(), randomUUID()), thread.id, last.seq)).rejects.toMatchObject({ code: 'not_found' })
  })
})
