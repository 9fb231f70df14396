import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createUser } from '../../../db/factories/users'
import { database } from '../../platform/db/index.server'
import { setRealtimeEmitter } from '../../platform/realtime/publisher.server'
import { notifications } from '../kernel/kernel.tables.server'
import {
  addChannelMembers,
  canJoinConversation,
  createChannel,
  getConversation,
  joinChannel,
  leaveChannel,
  listChannels,
  listInbox,
  removeChannelMember,
  sendMessage,
  updateChannel,
} from './index.server'

type Published = { rooms: string[]; event: string; payload: unknown }
let published: Published[] = []
beforeEach(() => {
  published = []
  setRealtimeEmitter({ emit: (rooms, event, payload) => published.push({ rooms, event, payload }) })
})
afterEach(() => {
  setRealtimeEmitter(null)
})

/** A company with an owner, an admin and two members. */
async function team() {
  const owner = await createMember({ user: { name: 'Olga Owner' } })
  const companyId = owner.company.id
  const people = await Promise.all(['Adam Admin', 'Mia Member', 'Max Member'].map((name) => createUser({ name })))
  await addMember(companyId, people[0]!.id, 'admin')
  await addMember(companyId, people[1]!.id, 'member')
  await addMember(companyId, people[2]!.id, 'member')
  return {
    companyId,
    owner: { id: owner.user.id, ctx: contextOf(owner.user.id, companyId, 'owner') },
    admin: { id: people[0]!.id, ctx: contextOf(people[0]!.id, companyId, 'admin') },
    mia: { id: people[1]!.id, ctx: contextOf(people[1]!.id, companyId, 'member') },
    max: { id: people[2]!.id, ctx: contextOf(people[2]!.id, companyId, 'member') },
  }
}

describe('channels', () => {
  it('creates a channel owned by its creator, with members who are notified', async () => {
    const t = await team()
    const channel = await createChannel(t.mia.ctx, { name: '  Sourcing  ', topic: 'Supplier questions', visibility: 'private', memberIds: [t.max.id] })
    expect(channel).toMatchObject({
      kind: 'channel',
      title: 'Sourcing',
      topic: 'Supplier questions',
      visibility: 'private',
      isMember: true,
      memberCount: 2,
      canManage: true,
      canPost: true,
    })
    expect(channel.participants).toEqual([
      expect.objectContaining({ userId: t.mia.id, role: 'owner' }),
      expect.objectContaining({ userId: t.max.id, role: 'member' }),
    ])
    const notices = await database().select().from(notifications).where(eq(notifications.kind, 'message.channel_added'))
    expect(notices).toEqual([
      expect.objectContaining({ userId: t.max.id, params: { author: 'Mia Member', channel: 'Sourcing' }, link: `/app/inbox/${channel.id}` }),
    ])
    expect(published).toContainEqual({
      rooms: [`company:${t.companyId}`],
      event: 'entity:changed',
      payload: expect.objectContaining({ entity: 'conversation', id: channel.id, action: 'created' }),
    })
  })

  it('keeps names unique per company, case-insensitively, and members within the company', async () => {
    const t = await team()
    await createChannel(t.owner.ctx, { name: 'General' })
    await expect(createChannel(t.mia.ctx, { name: 'general' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { name: ['validation.nameTaken'] } },
    })
    await expect(createChannel(t.mia.ctx, { name: '' })).rejects.toMatchObject({ details: { fields: { name: ['validation.name'] } } })
    const outsider = await createMember()
    await expect(createChannel(t.mia.ctx, { name: 'Mixed', memberIds: [outsider.user.id] })).rejects.toMatchObject({
      details: { fields: { memberIds: ['validation.members'] } },
    })
    const other = await team()
    expect((await createChannel(other.owner.ctx, { name: 'GENERAL' })).title).toBe('GENERAL')
  })

  it('hides private channels from non-members (404), even company owners', async () => {
    const t = await team()
    const secret = await createChannel(t.mia.ctx, { name: 'Secret', visibility: 'private' })
    await createChannel(t.mia.ctx, { name: 'Open' })
    await expect(getConversation(t.owner.ctx, secret.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(joinChannel(t.max.ctx, secret.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(sendMessage(t.max.ctx, secret.id, { body: 'let me in' })).rejects.toMatchObject({ code: 'not_found' })
    expect(await canJoinConversation(t.max.ctx.actor, secret.id)).toBe(false)
    expect((await listChannels(t.max.ctx)).items.map((c) => c.title)).toEqual(['Open'])
    expect((await listChannels(t.mia.ctx)).items.map((c) => c.title).sort()).toEqual(['Open', 'Secret'])
    const stranger = await createMember()
    await expect(getConversation(contextOf(stranger.user.id, stranger.company.id), secret.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('lets anyone join and leave a public channel', async () => {
    const t = await team()
    const open = await createChannel(t.mia.ctx, { name: 'Open' })
    expect((await listChannels(t.max.ctx)).items[0]).toMatchObject({ isMember: false, memberCount: 1 })
    const joined = await joinChannel(t.max.ctx, open.id)
    expect(joined).toMatchObject({ isMember: true, memberCount: 2, canManage: false })
    await leaveChannel(t.max.ctx, open.id)
    expect((await getConversation(t.max.ctx, open.id)).isMember).toBe(false)
  })

  it('lets the channel owner or a company admin rename, change topic and visibility, archive and manage members', async () => {
    const t = await team()
    const channel = await createChannel(t.mia.ctx, { name: 'Quality' })
    await expect(updateChannel(t.max.ctx, channel.id, { name: 'Mine' })).rejects.toMatchObject({ code: 'forbidden' })
    expect(await updateChannel(t.mia.ctx, channel.id, { name: 'Quality control', topic: 'Inspections' })).toMatchObject({
      title: 'Quality control',
      topic: 'Inspections',
    })
    await createChannel(t.owner.ctx, { name: 'Taken' })
    await expect(updateChannel(t.mia.ctx, channel.id, { name: 'TAKEN' })).rejects.toMatchObject({ details: { fields: { name: ['validation.nameTaken'] } } })

    expect(await addChannelMembers(t.admin.ctx, channel.id, [t.max.id])).toMatchObject({ memberCount: 2 })
    await expect(addChannelMembers(t.max.ctx, channel.id, [t.owner.id])).rejects.toMatchObject({ code: 'forbidden' })
    const privateNow = await updateChannel(t.admin.ctx, channel.id, { visibility: 'private' })
    expect(privateNow).toMatchObject({ visibility: 'private', isMember: true, memberCount: 3 })
    // Private: the owner of the company is not listed, so the channel is not there for them.
    await expect(getConversation(t.owner.ctx, channel.id)).rejects.toMatchObject({ code: 'not_found' })
    expect(await canJoinConversation(t.max.ctx.actor, channel.id)).toBe(true)
    expect(await removeChannelMember(t.mia.ctx, channel.id, t.max.id)).toMatchObject({ memberCount: 2 })
    expect(await canJoinConversation(t.max.ctx.actor, channel.id)).toBe(false)
    await expect(getConversation(t.max.ctx, channel.id)).rejects.toMatchObject({ code: 'not_found' })

    const archived = await updateChannel(t.mia.ctx, channel.id, { archived: true })
    expect(archived).toMatchObject({ archived: true, canPost: false })
    expect(published).toContainEqual({
      rooms: [`company:${t.companyId}`],
      event: 'entity:changed',
      payload: expect.objectContaining({ id: channel.id, action: 'archived' }),
    })
    expect((await updateChannel(t.mia.ctx, channel.id, { archived: false })).canPost).toBe(true)
  })

  it('publishes private channel messages to the members’ user rooms and counts them unread', async () => {
    const t = await team()
    const channel = await createChannel(t.mia.ctx, { name: 'Pair', visibility: 'private', memberIds: [t.max.id] })
    const message = await sendMessage(t.mia.ctx, channel.id, { body: 'hello @Max', mentions: [t.max.id] })
    const inboxChange = published.find((entry) => entry.event === 'inbox:changed')
    expect(inboxChange?.payload).toEqual({ conversationId: channel.id, seq: message.seq, authorId: t.mia.id })
    expect([...(inboxChange?.rooms ?? [])].sort()).toEqual([`user:${t.mia.id}`, `user:${t.max.id}`].sort())
    await expect(sendMessage(t.mia.ctx, channel.id, { body: 'hi', mentions: [t.owner.id] })).rejects.toMatchObject({
      details: { fields: { mentions: ['validation.mentions'] } },
    })
    const inbox = await listInbox(t.max.ctx, { kind: 'channel' })
    expect(inbox.items).toEqual([expect.objectContaining({ id: channel.id, unread: 1, isMember: true })])
    const mention = await database()
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'message.mention'), eq(notifications.userId, t.max.id)))
    expect(mention).toHaveLength(1)
  })
})
