import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deliverNotice, leaveCompany } from '../app/modules/companies/index.server'
import { createChannel, removeChannelMember, sendMessage } from '../app/modules/messaging/index.server'
import type { Message } from '../app/modules/messaging/index'
import { env } from '../app/platform/env.server'
import type { PresenceMember } from '../app/platform/realtime/events'
import { leaveCompanyRooms } from '../app/platform/realtime/publisher.server'
import { client, collect, type Instance, next, pause, person, request, startInstance } from '../tests/support/realtime'

let server: Instance
const open: Socket[] = []

beforeAll(async () => {
  server = await startInstance(env())
})

afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect()
})

afterAll(async () => {
  await server.close()
})

async function connected(token: string): Promise<Socket> {
  const socket = await client(server.url, token)
  open.push(socket)
  return socket
}

type JoinAck = { ok: boolean; room: string; presence: PresenceMember[]; missed: Message[]; hasMore: boolean; error?: { code: string } }

describe('room:join authorization', () => {
  it('refuses a conversation of another company with not_found and keeps the socket usable', async () => {
    const owner = await person('Ada Owner')
    const channel = await createChannel(owner.ctx, { name: 'general' })
    const stranger = await person('Sam Stranger')
    const socket = await connected(stranger.token)
    const refused = await request<JoinAck>(socket, 'room:join', { room: `conversation:${channel.id}` })
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(socket.connected).toBe(true)
    await expect(request(socket, 'health:ping')).resolves.toMatchObject({ ok: true, userId: stranger.user.id })
  })

  it('refuses an unknown conversation, a non-conversation room and a malformed payload', async () => {
    const someone = await person('Una Known')
    const socket = await connected(someone.token)
    await expect(request(socket, 'room:join', { room: 'conversation:does-not-exist' })).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } })
    await expect(request(socket, 'room:join', { room: `company:${someone.company.id}` })).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } })
    await expect(request(socket, 'room:join', { room: 42 })).resolves.toMatchObject({ ok: false, error: { code: 'validation_failed' } })
    await expect(request(socket, 'room:join', { room: 'conversation:x', after: -1 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    })
    expect(socket.connected).toBe(true)
  })

  it('refuses a private channel to a colleague who is not a member, admits a member with itself in presence', async () => {
    const owner = await person('Priya Owner')
    const colleague = await person('Carl Colleague', owner.company)
    const secret = await createChannel(owner.ctx, { name: 'board', visibility: 'private' })
    const outsider = await connected(colleague.token)
    await expect(request(outsider, 'room:join', { room: `conversation:${secret.id}` })).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } })
    const member = await connected(owner.token)
    const joined = await request<JoinAck>(member, 'room:join', { room: `conversation:${secret.id}` })
    expect(joined).toMatchObject({ ok: true, room: `conversation:${secret.id}`, missed: [], hasMore: false })
    expect(joined.presence).toEqual([{ userId: owner.user.id, name: 'Priya Owner', status: 'online' }])
  })

  it('refuses joins beyond the per-user flood limit with rate_limited', async () => {
    const config = { ...env(), REALTIME_JOIN_LIMIT: 3 }
    const limited = await startInstance(config, { publisher: false })
    try {
      const someone = await person('Jo Joiner')
      const channel = await createChannel(someone.ctx, { name: 'busy' })
      const first = await client(limited.url, someone.token)
      const second = await client(limited.url, someone.token)
      open.push(first, second)
      for (let i = 0; i < 3; i++)
        await expect(request(i % 2 ? first : second, 'room:join', { room: `conversation:${channel.id}` })).resolves.toMatchObject({ ok: true })
      const refused = await request<{ ok: false; error: { code: string; retryAfterSeconds: number } }>(second, 'room:join', {
        room: `conversation:${channel.id}`,
      })
      expect(refused.error.code).toBe('rate_limited')
      expect(refused.error.retryAfterSeconds).toBeGreaterThan(0)
      const other = await person('Other Person', someone.company)
      const otherSocket = await client(limited.url, other.token)
      open.push(otherSocket)
      await expect(request(otherSocket, 'room:join', { room: `conversation:${channel.id}` })).resolves.toMatchObject({ ok: true })
    } finally {
      await limited.close()
    }
  })
})

describe('messages reaching joined sockets', () => {
  it('delivers message:new for a message sent through the service', async () => {
    const owner = await person('Mia Sender')
    const reader = await person('Rui Reader', owner.company)
    const channel = await createChannel(owner.ctx, { name: 'sales' })
    const socket = await connected(reader.token)
    await request(socket, 'room:join', { room: `conversation:${channel.id}` })
    const arriving = next<{ conversationId: string; message: Message }>(socket, 'message:new')
    const sent = await sendMessage(owner.ctx, channel.id, { body: 'Samples ship Friday' })
    await expect(arriving).resolves.toMatchObject({ conversationId: channel.id, message: { id: sent.id, seq: sent.seq, body: 'Samples ship Friday' } })
  })

  it('replays exactly the messages missed while disconnected, in order', async () => {
    const a = await person('Alba Away')
    const b = await person('Bo Busy', a.company)
    const channel = await createChannel(a.ctx, { name: 'replay' })
    const room = `conversation:${channel.id}`
    const before = await sendMessage(b.ctx, channel.id, { body: 'seen before' })
    const first = await connected(a.token)
    await request(first, 'room:join', { room, after: before.seq - 1 })
    first.disconnect()
    const sent: Message[] = []
    for (const body of ['one', 'two', 'three']) sent.push(await sendMessage(b.ctx, channel.id, { body }))
    const again = await connected(a.token)
    const joined = await request<JoinAck>(again, 'room:join', { room, after: before.seq })
    expect(joined.ok).toBe(true)
    expect(joined.missed.map((message) => message.body)).toEqual(['one', 'two', 'three'])
    expect(joined.missed.map((message) => message.seq)).toEqual(sent.map((message) => message.seq))
    expect(joined.hasMore).toBe(false)
  })

  it('fans a notice out to the company room: members receive notification:new, others do not', async () => {
    const owner = await person('Nia Notified')
    const colleague = await person('Cole Colleague', owner.company)
    const outsider = await person('Otto Outside')
    const [mine, theirs, foreign] = await Promise.all([connected(owner.token), connected(colleague.token), connected(outsider.token)])
    const foreignSeen = collect(foreign!, 'notification:new')
    const arriving = Promise.all([next(mine!, 'notification:new'), next(theirs!, 'notification:new')])
    await deliverNotice({
      companyId: owner.company.id,
      exceptUserId: owner.user.id,
      kind: 'purchase_order.confirm',
      params: { number: 'PO-2026-00042', company: 'Bamboo Kiln' },
      link: '/app/orders/x/view',
    })
    const signals = await arriving
    for (const signal of signals)
      expect(signal).toEqual({ companyId: owner.company.id, kind: 'purchase_order.confirm', exceptUserId: owner.user.id, userIds: null })
    await pause(100)
    expect(foreignSeen).toEqual([])
  })
})

describe('membership changes', () => {
  it('leaveCompanyRooms stops a user’s sockets hearing the company', async () => {
    const owner = await person('Lea Leaving')
    const colleague = await person('Sid Staying', owner.company)
    const [leaving, staying] = await Promise.all([connected(owner.token), connected(colleague.token)])
    const leavingSeen = collect(leaving!, 'notification:new')
    leaveCompanyRooms(owner.user.id, owner.company.id)
    await pause(50)
    const arriving = next(staying!, 'notification:new')
    await deliverNotice({
      companyId: owner.company.id,
      kind: 'purchase_order.confirm',
      params: { number: 'PO-1', company: 'Kiln' },
      link: '/app/orders/x/view',
    })
    await arriving
    await pause(100)
    expect(leavingSeen).toEqual([])
  })

  it('takes a member removed from a private channel out of its room at once', async () => {
    const owner = await person('Pia Private')
    const member = await person('Max Removed', owner.company)
    const channel = await createChannel(owner.ctx, { name: 'board-room', visibility: 'private', memberIds: [member.user.id] })
    const socket = await connected(member.token)
    expect((await request<JoinAck>(socket, 'room:join', { room: `conversation:${channel.id}` })).ok).toBe(true)
    const seen = collect(socket, 'message:new')
    await removeChannelMember(owner.ctx, channel.id, member.user.id)
    await pause(50)
    await sendMessage(owner.ctx, channel.id, { body: 'Only for the listed members now' })
    await pause(150)
    expect(seen).toEqual([])
  })

  it('closes the sockets of a member who leaves the company, so an open socket cannot keep acting for it', async () => {
    const owner = await person('Olga Owner')
    const leaver = await person('Lars Leaver', owner.company)
    const socket = await connected(leaver.token)
    const channel = await createChannel(owner.ctx, { name: 'after-hours', visibility: 'public' })
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve))
    await leaveCompany(leaver.ctx)
    expect(await closed).toBe('io server disconnect')
    // Reconnecting authenticates afresh: no company any more, so its conversations are out of reach.
    const again = await connected(leaver.token)
    const join = await request<JoinAck>(again, 'room:join', { room: `conversation:${channel.id}` })
    expect(join.error?.code).toBe('not_found')
  })
})

describe('presence', () => {
  it('shows both users once both joined and drops one after it disconnects', async () => {
    const a = await person('Anna Present')
    const b = await person('Ben Present', a.company)
    const channel = await createChannel(a.ctx, { name: 'presence' })
    const room = `conversation:${channel.id}`
    const first = await connected(a.token)
    await request(first, 'room:join', { room })
    const both = next<{ room: string; members: PresenceMember[] }>(first, 'presence', (event) => event.members.length === 2)
    const second = await connected(b.token)
    const joined = await request<JoinAck>(second, 'room:join', { room })
    expect(joined.presence.map((member) => member.name)).toEqual(['Anna Present', 'Ben Present'])
    await expect(both).resolves.toEqual({
      room,
      members: [
        { userId: a.user.id, name: 'Anna Present', status: 'online' },
        { userId: b.user.id, name: 'Ben Present', status: 'online' },
      ],
    })
    const busy = next<{ members: PresenceMember[] }>(first, 'presence', (event) => event.members.some((member) => member.status === 'busy'))
    await expect(request(second, 'presence:status', { status: 'busy' })).resolves.toEqual({ ok: true })
    await expect(busy).resolves.toMatchObject({
      members: [
        { name: 'Anna Present', status: 'online' },
        { name: 'Ben Present', status: 'busy' },
      ],
    })
    const alone = next<{ members: PresenceMember[] }>(first, 'presence', (event) => event.members.length === 1)
    second.disconnect()
    await expect(alone).resolves.toEqual({ room, members: [{ userId: a.user.id, name: 'Anna Present', status: 'online' }] })
  })

  it('merges a user’s sockets: any online one wins', async () => {
    const a = await person('Multi Device')
    const channel = await createChannel(a.ctx, { name: 'devices' })
    const room = `conversation:${channel.id}`
    const phone = await connected(a.token)
    const laptop = await connected(a.token)
    await request(phone, 'room:join', { room })
    await request(phone, 'presence:status', { status: 'away' })
    const joined = await request<JoinAck>(laptop, 'room:join', { room })
    expect(joined.presence).toEqual([{ userId: a.user.id, name: 'Multi Device', status: 'online' }])
    await expect(request(phone, 'presence:status', { status: 'asleep' })).resolves.toMatchObject({ ok: false, error: { code: 'validation_failed' } })
  })
})
