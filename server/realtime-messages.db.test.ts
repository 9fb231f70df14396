import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createChannel } from '../app/modules/messaging/index.server'
import { MESSAGE_MAX_CHARS } from '../app/modules/messaging/index'
import type { Message } from '../app/modules/messaging/index'
import { env, setEnvForTesting } from '../app/platform/env.server'
import { BROADCAST_MAX_BYTES } from '../app/platform/realtime/events'
import { client, collect, type Instance, next, pause, person, request, startInstance } from '../tests/support/realtime'

let server: Instance
const open: Socket[] = []

beforeAll(async () => {
  // A small relay budget so flooding is quick to provoke.
  server = await startInstance({ ...env(), REALTIME_RELAY_LIMIT: 5 })
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

type Failure = { ok: false; error: { code: string; message: string; fields?: Record<string, string[]>; retryAfterSeconds?: number } }

/** Two colleagues in a public channel (both joined) and a stranger from another company, all connected. */
async function room(name: string) {
  const a = await person(`${name} Alice`)
  const b = await person(`${name} Bob`, a.company)
  const stranger = await person(`${name} Stranger`)
  const channel = await createChannel(a.ctx, { name })
  const key = `conversation:${channel.id}`
  const [sa, sb, ss] = await Promise.all([connected(a.token), connected(b.token), connected(stranger.token)])
  await request(sa!, 'room:join', { room: key })
  await request(sb!, 'room:join', { room: key })
  return { a, b, stranger, channel, key, sa: sa!, sb: sb!, ss: ss! }
}

describe('message:send', () => {
  it('acknowledges with the stored message and delivers message:new to the others in the room', async () => {
    const { channel, sa, sb, ss, a } = await room('sends')
    const strangerSeen = collect(ss, 'message:new')
    const arriving = next<{ conversationId: string; message: Message }>(sb, 'message:new')
    const ack = await request<{ ok: true; message: Message }>(sa, 'message:send', {
      conversationId: channel.id,
      body: 'Hello over the socket',
      clientId: 'c-1',
    })
    expect(ack).toMatchObject({ ok: true, message: { conversationId: channel.id, body: 'Hello over the socket', clientId: 'c-1', author: { id: a.user.id } } })
    await expect(arriving).resolves.toEqual({ conversationId: channel.id, message: ack.message })
    // A retried clientId lands once.
    const retried = await request<{ ok: true; message: Message }>(sa, 'message:send', {
      conversationId: channel.id,
      body: 'Hello over the socket',
      clientId: 'c-1',
    })
    expect(retried.message.id).toBe(ack.message.id)
    await pause(100)
    expect(strangerSeen).toEqual([])
  })

  it('answers a too long body with validation_failed and translated field errors', async () => {
    const { channel, sa } = await room('toolong')
    const refused = await request<Failure>(sa, 'message:send', { conversationId: channel.id, body: 'x'.repeat(MESSAGE_MAX_CHARS + 1) })
    expect(refused.ok).toBe(false)
    expect(refused.error.code).toBe('validation_failed')
    expect(Object.keys(refused.error.fields ?? {})).toEqual(['body'])
    expect(refused.error.fields?.body?.[0]).not.toMatch(/^validation\./)
    const shape = await request<Failure>(sa, 'message:send', { conversationId: channel.id, body: 7 })
    expect(shape.error).toMatchObject({ code: 'validation_failed', fields: { body: expect.any(Array) } })
  })

  it('refuses a NUL byte or a lone surrogate in any text with validation_failed naming the field, and stores nothing (issue 15)', async () => {
    const { channel, key, sa } = await room('unstorable')
    const nul = await request<Failure>(sa, 'message:send', { conversationId: channel.id, body: 'before\u0000after', clientId: 'nul-1' })
    expect(nul.error).toMatchObject({ code: 'validation_failed', fields: { body: [expect.stringContaining('cannot be stored')] } })
    const surrogate = await request<Failure>(sa, 'message:send', { conversationId: channel.id, body: 'broken \uD800 text', clientId: 'nul-2' })
    expect(Object.keys(surrogate.error.fields ?? {})).toEqual(['body'])
    const typing = await request<Failure>(sa, 'typing', { room: `${key}\u0000`, typing: true })
    expect(typing.error.code).toBe('validation_failed')
    expect(sa.connected).toBe(true)
    const replay = await request<{ ok: true; missed: Message[] }>(sa, 'room:join', { room: key, after: 0 })
    expect(replay.missed.map((message) => message.body)).toEqual([])
  })

  it('answers an unknown or foreign conversation with not_found', async () => {
    const { channel, ss } = await room('foreign')
    await expect(request(ss, 'message:send', { conversationId: channel.id, body: 'let me in' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
    await expect(request(ss, 'message:send', { conversationId: 'nope', body: 'anyone?' })).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(ss.connected).toBe(true)
  })

  it('limits a flooding user with rate_limited while another user still sends', async () => {
    const original = env()
    setEnvForTesting({ ...original, MESSAGE_RATE_LIMIT_MAX: 3 })
    try {
      const { channel, sa, sb } = await room('flood')
      for (let i = 0; i < 3; i++)
        await expect(request(sa, 'message:send', { conversationId: channel.id, body: `spam ${i}` })).resolves.toMatchObject({ ok: true })
      const refused = await request<Failure>(sa, 'message:send', { conversationId: channel.id, body: 'spam again' })
      expect(refused.error.code).toBe('rate_limited')
      expect(refused.error.retryAfterSeconds).toBeGreaterThan(0)
      await expect(request(sb, 'message:send', { conversationId: channel.id, body: 'I can still talk' })).resolves.toMatchObject({ ok: true })
      expect(sa.connected).toBe(true)
    } finally {
      setEnvForTesting(original)
    }
  })
})

describe('typing and broadcast', () => {
  it('relays typing to the others in the room, not to the sender or non-members', async () => {
    const { key, a, sa, sb, ss } = await room('typing')
    const own = collect(sa, 'typing')
    const strangerSeen = collect(ss, 'typing')
    const arriving = next(sb, 'typing')
    await expect(request(sa, 'typing', { room: key, typing: true })).resolves.toEqual({ ok: true })
    await expect(arriving).resolves.toEqual({ room: key, userId: a.user.id, name: 'typing Alice', typing: true })
    await pause(100)
    expect(own).toEqual([])
    expect(strangerSeen).toEqual([])
    await expect(request(ss, 'typing', { room: key, typing: true })).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } })
  })

  it('relays a broadcast with its sender and refuses bad ones', async () => {
    const { key, a, sa, sb, ss } = await room('broadcast')
    const own = collect(sa, 'broadcast')
    const strangerSeen = collect(ss, 'broadcast')
    const arriving = next(sb, 'broadcast')
    await expect(request(sa, 'broadcast', { room: key, event: 'draft:cursor', payload: { line: 3 } })).resolves.toEqual({ ok: true })
    await expect(arriving).resolves.toEqual({ room: key, event: 'draft:cursor', payload: { line: 3 }, from: { userId: a.user.id, name: 'broadcast Alice' } })
    await expect(request(sa, 'broadcast', { room: key, event: 'Bad Event!', payload: {} })).resolves.toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    })
    await expect(request(sa, 'broadcast', { room: key, event: 'big', payload: 'x'.repeat(BROADCAST_MAX_BYTES) })).resolves.toMatchObject({
      ok: false,
      error: { code: 'payload_too_large' },
    })
    await expect(request(ss, 'broadcast', { room: key, event: 'peek', payload: 1 })).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } })
    await expect(request(sa, 'broadcast', { room: `user:${a.user.id}`, event: 'sneak', payload: 1 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
    await pause(100)
    expect(own).toEqual([])
    expect(strangerSeen).toEqual([])
  })

  it('limits typing and broadcast floods per user, not per socket, and not for others', async () => {
    const { key, a, sa, sb } = await room('relayflood')
    const second = await connected(a.token)
    await request(second, 'room:join', { room: key })
    const answers = []
    for (let i = 0; i < 6; i++)
      answers.push(
        await request<{ ok: boolean; error?: { code: string } }>(
          i % 2 ? second : sa,
          i % 3 ? 'typing' : 'broadcast',
          i % 3 ? { room: key, typing: true } : { room: key, event: 'ping', payload: i },
        ),
      )
    expect(answers.slice(0, 5).every((answer) => answer.ok)).toBe(true)
    expect(answers[5]).toMatchObject({ ok: false, error: { code: 'rate_limited', retryAfterSeconds: expect.any(Number) } })
    await expect(request(sb, 'typing', { room: key, typing: true })).resolves.toEqual({ ok: true })
    expect(sa.connected && second.connected).toBe(true)
  })

  it('survives unknown events, missing acknowledgements and oversized frames', async () => {
    const { key, sa, sb } = await room('robust')
    sa.emit('no:such:event', { anything: true })
    sa.emit('typing', { room: key, typing: false })
    await expect(request(sa, 'health:ping')).resolves.toMatchObject({ ok: true })
    // A frame over the engine's 64 KB limit closes only that connection.
    const closed = new Promise((resolve) => sb.once('disconnect', resolve))
    sb.emit('broadcast', { room: key, event: 'huge', payload: 'x'.repeat(70 * 1024) })
    await expect(closed).resolves.toBeDefined()
    await expect(request(sa, 'health:ping')).resolves.toMatchObject({ ok: true })
  })
})
