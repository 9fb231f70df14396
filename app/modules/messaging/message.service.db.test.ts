import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createSourcingCast, insertRfq } from '../../../tests/factories/sourcing'
import { createUser } from '../../../db/factories/users'
import { testEnv } from '../../../tests/support/test-env'
import { database } from '../../platform/db/index.server'
import { setEnvForTesting } from '../../platform/env.server'
import { MemoryRateLimitStore, useRateLimitStore } from '../../platform/rate-limit.server'
import { setRealtimeEmitter } from '../../platform/realtime/publisher.server'
import { files, notifications } from '../kernel/kernel.tables.server'
import {
  createChannel,
  deleteMessage,
  editMessage,
  listMessages,
  markRead,
  openThread,
  searchMessages,
  sendMessage,
  toggleReaction,
  updateChannel,
} from './index.server'
import { MESSAGE_MAX_CHARS } from './messaging.constants'

type Published = { rooms: string[]; event: string; payload: unknown }
let published: Published[] = []

beforeEach(() => {
  published = []
  setRealtimeEmitter({ emit: (rooms, event, payload) => published.push({ rooms, event, payload }) })
})
afterEach(() => {
  setRealtimeEmitter(null)
})

/** Two companies with a direct thread; each side has an owner, A also a second member. */
async function thread() {
  const names = { a: `Alpha ${randomUUID().slice(0, 4)}`, b: `Beta ${randomUUID().slice(0, 4)}` }
  const alpha = await createMember({ companyInput: { name: names.a }, user: { name: 'Ada Alpha' } })
  const beta = await createMember({ companyInput: { name: names.b }, user: { name: 'Ben Beta' } })
  const a = { ...alpha, company: { id: alpha.company.id, name: names.a } }
  const b = { ...beta, company: { id: beta.company.id, name: names.b } }
  const colleague = await createUser({ name: 'Cleo Alpha' })
  await addMember(a.company.id, colleague.id, 'member')
  const ctxA = contextOf(a.user.id, a.company.id)
  const ctxB = contextOf(b.user.id, b.company.id)
  const ctxColleague = contextOf(colleague.id, a.company.id, 'member')
  const conversation = await openThread(ctxA, { kind: 'direct', companyId: b.company.id })
  return { a, b, colleague, ctxA, ctxB, ctxColleague, conversation }
}

async function attachmentFile(companyId: string, purpose: 'attachment' | 'logo' = 'attachment') {
  const id = randomUUID()
  await database()
    .insert(files)
    .values({
      id,
      organizationId: companyId,
      name: `${id.slice(0, 4)}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: 1234,
      purpose,
      storageKey: `originals/${id}`,
      sha256: 'x',
    })
  return id
}

describe('sending', () => {
  it('stores a message with author, mentions and attachments, and publishes it to the room and both companies', async () => {
    const { a, b, colleague, ctxA, conversation } = await thread()
    const fileId = await attachmentFile(a.company.id)
    const message = await sendMessage(ctxA, conversation.id, { body: '  Carton size?  ', mentions: [colleague.id, b.user.id], attachmentFileIds: [fileId] })
    expect(message).toMatchObject({
      conversationId: conversation.id,
      author: { id: a.user.id, name: 'Ada Alpha', companyId: a.company.id, companyName: a.company.name },
      body: 'Carton size?',
      mentions: [
        { userId: colleague.id, name: 'Cleo Alpha' },
        { userId: b.user.id, name: 'Ben Beta' },
      ],
      attachments: [{ id: fileId, contentType: 'application/pdf', sizeBytes: 1234, url: `/api/v1/conversations/${conversation.id}/attachments/${fileId}` }],
      reactions: [],
      editedAt: null,
      deletedAt: null,
    })
    expect(published).toContainEqual({
      rooms: [`conversation:${conversation.id}`],
      event: 'message:new',
      payload: { conversationId: conversation.id, message },
    })
    expect(published).toContainEqual({
      rooms: [`company:${a.company.id}`, `company:${b.company.id}`],
      event: 'inbox:changed',
      payload: { conversationId: conversation.id, seq: message.seq, authorId: a.user.id },
    })
  })

  it('rejects an empty body, a body too long, too many attachments and unknown fields', async () => {
    const { ctxA, conversation } = await thread()
    await expect(sendMessage(ctxA, conversation.id, { body: '   ' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { body: ['validation.body'] } },
    })
    await expect(sendMessage(ctxA, conversation.id, { body: 'x'.repeat(MESSAGE_MAX_CHARS + 1) })).rejects.toMatchObject({
      details: { fields: { body: ['validation.bodyTooLong'] } },
    })
    const six = Array.from({ length: 6 }, () => randomUUID())
    await expect(sendMessage(ctxA, conversation.id, { body: 'files', attachmentFileIds: six })).rejects.toMatchObject({
      details: { fields: { attachmentFileIds: ['validation.attachments'] } },
    })
    expect(await sendMessage(ctxA, conversation.id, { body: 'x'.repeat(MESSAGE_MAX_CHARS) })).toMatchObject({ body: 'x'.repeat(MESSAGE_MAX_CHARS) })
  })

  it('accepts only attachment files of the caller’s company', async () => {
    const { a, b, ctxA, conversation } = await thread()
    const theirs = await attachmentFile(b.company.id)
    const logo = await attachmentFile(a.company.id, 'logo')
    await expect(sendMessage(ctxA, conversation.id, { body: 'see file', attachmentFileIds: [theirs] })).rejects.toMatchObject({
      details: { fields: { attachmentFileIds: ['validation.attachments'] } },
    })
    await expect(sendMessage(ctxA, conversation.id, { body: 'see file', attachmentFileIds: [logo] })).rejects.toMatchObject({
      details: { fields: { attachmentFileIds: ['validation.attachments'] } },
    })
    const own = await attachmentFile(a.company.id)
    expect((await sendMessage(ctxA, conversation.id, { body: '', attachmentFileIds: [own] })).attachments).toHaveLength(1)
  })

  it('rejects mentions of people outside the conversation', async () => {
    const { ctxA, conversation } = await thread()
    const outsider = await createMember()
    await expect(sendMessage(ctxA, conversation.id, { body: 'hi', mentions: [outsider.user.id] })).rejects.toMatchObject({
      details: { fields: { mentions: ['validation.mentions'] } },
    })
  })

  it('returns the same message for a retried clientId', async () => {
    const { ctxA, ctxB, conversation } = await thread()
    const first = await sendMessage(ctxA, conversation.id, { body: 'once', clientId: 'retry-1' })
    const again = await sendMessage(ctxA, conversation.id, { body: 'once', clientId: 'retry-1' })
    expect(again.id).toBe(first.id)
    expect((await listMessages(ctxB, conversation.id)).items).toHaveLength(1)
    // Another author may use the same client id.
    expect((await sendMessage(ctxB, conversation.id, { body: 'mine', clientId: 'retry-1' })).id).not.toBe(first.id)
  })

  it('refuses strangers (404) and posting into archived channels (409)', async () => {
    const { ctxA, conversation } = await thread()
    const stranger = await createMember()
    await expect(sendMessage(contextOf(stranger.user.id, stranger.company.id), conversation.id, { body: 'hi' })).rejects.toMatchObject({ code: 'not_found' })
    const channel = await createChannel(ctxA, { name: 'Archive me' })
    await updateChannel(ctxA, channel.id, { archived: true })
    await expect(sendMessage(ctxA, channel.id, { body: 'hi' })).rejects.toMatchObject({ code: 'conflict' })
  })

  it('limits the flood of messages per user with rate_limited and a wait', async () => {
    const { ctxA, ctxB, conversation } = await thread()
    setEnvForTesting(testEnv({ MESSAGE_RATE_LIMIT_MAX: '3', MESSAGE_RATE_LIMIT_WINDOW_SECONDS: '60' }))
    useRateLimitStore(new MemoryRateLimitStore())
    try {
      for (const n of [1, 2, 3]) await sendMessage(ctxA, conversation.id, { body: `m${n}` })
      await expect(sendMessage(ctxA, conversation.id, { body: 'm4' })).rejects.toMatchObject({
        code: 'rate_limited',
        details: { retryAfterSeconds: expect.any(Number) },
      })
      expect(await sendMessage(ctxB, conversation.id, { body: 'other user' })).toMatchObject({ body: 'other user' })
    } finally {
      setEnvForTesting(testEnv())
      useRateLimitStore(new MemoryRateLimitStore())
    }
  })
})

describe('notices', () => {
  it('notifies the other company of a thread once while unread, and mentioned people by company', async () => {
    const { a, b, colleague, ctxA, ctxB, conversation } = await thread()
    await sendMessage(ctxA, conversation.id, { body: 'First message to Beta' })
    await sendMessage(ctxA, conversation.id, { body: 'Second message to Beta' })
    const threadNotices = await database()
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'message.thread'), eq(notifications.userId, b.user.id)))
    expect(threadNotices).toHaveLength(1)
    expect(threadNotices[0]).toMatchObject({
      organizationId: b.company.id,
      link: `/app/inbox/${conversation.id}`,
      params: { author: 'Ada Alpha', company: a.company.name, conversation: a.company.name, excerpt: 'First message to Beta' },
    })
    expect(await database().select().from(notifications).where(eq(notifications.userId, colleague.id))).toHaveLength(0)

    await sendMessage(ctxB, conversation.id, { body: '@Cleo please check', mentions: [colleague.id] })
    const mention = await database()
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'message.mention'), eq(notifications.userId, colleague.id)))
    expect(mention).toHaveLength(1)
    expect(mention[0]).toMatchObject({
      organizationId: a.company.id,
      params: { author: 'Ben Beta', conversation: b.company.name, excerpt: '@Cleo please check' },
    })
    // The author's own company hears of the thread message too (one notice per member while unread), never the author.
    const toA = await database()
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'message.thread'), eq(notifications.userId, a.user.id)))
    expect(toA).toHaveLength(1)
    expect(published.some((entry) => entry.event === 'notification:new')).toBe(true)
  })
})

describe('editing, deleting and reacting', () => {
  it('lets the author edit, and nobody else', async () => {
    const { ctxA, ctxB, conversation } = await thread()
    const message = await sendMessage(ctxA, conversation.id, { body: 'draft' })
    published = []
    const edited = await editMessage(ctxA, message.id, { body: 'final' })
    expect(edited).toMatchObject({ body: 'final', editedAt: expect.any(String) })
    expect(published).toEqual([
      { rooms: [`conversation:${conversation.id}`], event: 'message:updated', payload: { conversationId: conversation.id, message: edited } },
    ])
    await expect(editMessage(ctxB, message.id, { body: 'hijack' })).rejects.toMatchObject({ code: 'forbidden' })
    await expect(editMessage(ctxA, message.id, { body: ' ' })).rejects.toMatchObject({ code: 'validation_failed' })
  })

  it('soft-deletes: the row stays with an empty body and attachments; only the author or a channel manager may', async () => {
    const { a, ctxA, ctxB, ctxColleague, conversation } = await thread()
    const fileId = await attachmentFile(a.company.id)
    const message = await sendMessage(ctxA, conversation.id, { body: 'secret', attachmentFileIds: [fileId] })
    await expect(deleteMessage(ctxB, message.id)).rejects.toMatchObject({ code: 'forbidden' })
    await expect(deleteMessage(ctxColleague, message.id)).rejects.toMatchObject({ code: 'forbidden' })
    const deleted = await deleteMessage(ctxA, message.id)
    expect(deleted).toMatchObject({ id: message.id, seq: message.seq, body: '', attachments: [], mentions: [], deletedAt: expect.any(String) })
    expect((await listMessages(ctxB, conversation.id)).items).toEqual([expect.objectContaining({ id: message.id, body: '', deletedAt: deleted.deletedAt })])
    await expect(editMessage(ctxA, message.id, { body: 'back' })).rejects.toMatchObject({ code: 'conflict' })

    const channel = await createChannel(ctxColleague, { name: 'Ops' })
    const post = await sendMessage(ctxColleague, channel.id, { body: 'off topic' })
    expect(await deleteMessage(ctxA, post.id)).toMatchObject({ deletedAt: expect.any(String) })
  })

  it('groups reactions by emoji and accepts only the offered ones', async () => {
    const { a, b, ctxA, ctxB, conversation } = await thread()
    const message = await sendMessage(ctxA, conversation.id, { body: 'shipped' })
    await toggleReaction(ctxA, message.id, '👍', true)
    await toggleReaction(ctxB, message.id, '👍', true)
    await toggleReaction(ctxB, message.id, '👍', true)
    const reacted = await toggleReaction(ctxB, message.id, '🎉', true)
    expect(reacted.reactions).toEqual([
      { emoji: '👍', userIds: [a.user.id, b.user.id] },
      { emoji: '🎉', userIds: [b.user.id] },
    ])
    expect((await toggleReaction(ctxA, message.id, '👍', false)).reactions).toEqual([
      { emoji: '👍', userIds: [b.user.id] },
      { emoji: '🎉', userIds: [b.user.id] },
    ])
    await expect(toggleReaction(ctxA, message.id, '💩', true)).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { emoji: ['validation.emoji'] } },
    })
    expect(published.filter((entry) => entry.event === 'message:updated')).toHaveLength(5)
  })
})

describe('history and search', () => {
  it('pages back with before and replays forward with after, in ascending seq', async () => {
    const { ctxA, ctxB, conversation } = await thread()
    const sent = []
    for (let n = 1; n <= 7; n++) sent.push(await sendMessage(n % 2 ? ctxA : ctxB, conversation.id, { body: `m${n}` }))
    const seqs = sent.map((message) => message.seq)
    const newest = await listMessages(ctxA, conversation.id, { limit: 3 })
    expect(newest.items.map((m) => m.body)).toEqual(['m5', 'm6', 'm7'])
    expect(newest.hasMore).toBe(true)
    const older = await listMessages(ctxA, conversation.id, { limit: 3, before: newest.items[0]!.seq })
    expect(older.items.map((m) => m.body)).toEqual(['m2', 'm3', 'm4'])
    const oldest = await listMessages(ctxA, conversation.id, { limit: 3, before: older.items[0]!.seq })
    expect(oldest).toMatchObject({ hasMore: false, items: [expect.objectContaining({ body: 'm1' })] })
    const missed = await listMessages(ctxB, conversation.id, { after: seqs[2], limit: 2 })
    expect(missed.items.map((m) => m.body)).toEqual(['m4', 'm5'])
    expect(missed.hasMore).toBe(true)
    expect((await listMessages(ctxB, conversation.id, { after: seqs[6] })).items).toEqual([])
    const stranger = await createMember()
    await expect(listMessages(contextOf(stranger.user.id, stranger.company.id), conversation.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('finds messages case-insensitively and literally, only where the caller takes part', async () => {
    const { ctxA, ctxB, conversation } = await thread()
    await sendMessage(ctxA, conversation.id, { body: 'Invoice 50% paid' })
    await sendMessage(ctxB, conversation.id, { body: 'invoice_2 attached' })
    const deleted = await sendMessage(ctxB, conversation.id, { body: 'invoice deleted' })
    await deleteMessage(ctxB, deleted.id)
    const other = await thread()
    await sendMessage(other.ctxA, other.conversation.id, { body: 'INVOICE elsewhere' })

    const hits = await searchMessages(ctxA, { q: 'INVOICE' })
    expect(hits.total).toBe(2)
    expect(hits.items.map((hit) => hit.body)).toEqual(['invoice_2 attached', 'Invoice 50% paid'])
    expect(hits.items[0]?.conversation).toEqual({ id: conversation.id, kind: 'direct', title: conversation.title })
    expect((await searchMessages(ctxA, { q: '50%' })).total).toBe(1)
    expect((await searchMessages(ctxA, { q: '%_' })).total).toBe(0)
    expect((await searchMessages(other.ctxA, { q: 'invoice' })).items.map((hit) => hit.body)).toEqual(['INVOICE elsewhere'])
    await expect(searchMessages(ctxA, { q: 'x' })).rejects.toMatchObject({ details: { fields: { q: ['validation.searchTerm'] } } })
    await expect(searchMessages(other.ctxA, { q: 'invoice', conversationId: conversation.id })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('counts unread messages of others and publishes the read mark to the caller only', async () => {
    const { ctxA, ctxB, a, conversation } = await thread()
    const first = await sendMessage(ctxB, conversation.id, { body: 'one' })
    await sendMessage(ctxB, conversation.id, { body: 'two' })
    published = []
    expect(await markRead(ctxA, conversation.id, first.seq)).toEqual({ unread: 1 })
    expect(published).toEqual([
      { rooms: [`user:${a.user.id}`], event: 'inbox:changed', payload: expect.objectContaining({ conversationId: conversation.id, authorId: null }) },
    ])
    expect(await markRead(ctxA, conversation.id, 0)).toEqual({ unread: 1 })
  })
})

describe('RFQ threads', () => {
  it('let the buyer and the invited supplier talk', async () => {
    const cast = await createSourcingCast()
    const supplier = cast.suppliers[0]!
    const rfq = await insertRfq(cast.buyer.company.id, { supplierIds: [supplier.company.id] })
    const conversation = await openThread(supplier.ctx, { kind: 'rfq', rfqId: rfq.id })
    await sendMessage(supplier.ctx, conversation.id, { body: 'Is 3000 K fine?' })
    expect((await listMessages(cast.buyer.ctx, conversation.id)).items.map((m) => m.body)).toEqual(['Is 3000 K fine?'])
    await expect(listMessages(cast.suppliers[1]!.ctx, conversation.id)).rejects.toMatchObject({ code: 'not_found' })
  })
})
