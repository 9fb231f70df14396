import { randomUUID } from 'node:crypto'
import type { Socket } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import { createChannel } from '../app/modules/messaging/index.server'
import type { Message } from '../app/modules/messaging/index'
import { env } from '../app/platform/env.server'
import type { PresenceMember } from '../app/platform/realtime/events'
import { client, next, person, request, startInstance } from '../tests/support/realtime'

type Presence = { room: string; members: PresenceMember[] }

describe.runIf(process.env.TEST_REDIS_URL)('two instances sharing Redis', () => {
  it('delivers messages and presence across instances and drops a client that left the other one', async () => {
    const config = { ...env(), REDIS_URL: process.env.TEST_REDIS_URL }
    // Own adapter channels, so parallel test files on the same Redis never hear each other.
    const redisKey = `tradeport-test-${randomUUID()}`
    const a = await startInstance(config, { publisher: true, redisKey })
    const b = await startInstance(config, { publisher: false, redisKey })
    const sockets: Socket[] = []
    try {
      const x = await person('Xena OnA')
      const y = await person('Yuri OnB', x.company)
      const channel = await createChannel(x.ctx, { name: 'cluster' })
      const room = `conversation:${channel.id}`
      const sx = await client(a.url, x.token)
      const sy = await client(b.url, y.token)
      sockets.push(sx, sy)
      await expect(request(sx, 'room:join', { room })).resolves.toMatchObject({ ok: true })
      const xSeesBoth = next<Presence>(sx, 'presence', (event) => event.members.length === 2)
      const ySeesBoth = next<Presence>(sy, 'presence', (event) => event.members.length === 2)
      const joined = await request<{ ok: true; presence: PresenceMember[] }>(sy, 'room:join', { room })
      const expected = [
        { userId: x.user.id, name: 'Xena OnA', status: 'online' },
        { userId: y.user.id, name: 'Yuri OnB', status: 'online' },
      ]
      expect(joined.presence).toEqual(expected)
      await expect(xSeesBoth).resolves.toEqual({ room, members: expected })
      await expect(ySeesBoth).resolves.toEqual({ room, members: expected })

      // Sent through A's socket, published by A (the publisher) and fanned out to B through Redis.
      const arriving = next<{ conversationId: string; message: Message }>(sy, 'message:new')
      const ack = await request<{ ok: true; message: Message }>(sx, 'message:send', { conversationId: channel.id, body: 'Across the cluster' })
      expect(ack.ok).toBe(true)
      await expect(arriving).resolves.toEqual({ conversationId: channel.id, message: ack.message })

      // Relays from B reach A.
      const typing = next(sx, 'typing')
      await request(sy, 'typing', { room, typing: true })
      await expect(typing).resolves.toMatchObject({ room, userId: y.user.id, typing: true })

      const xAlone = next<Presence>(sx, 'presence', (event) => event.members.length === 1)
      sy.disconnect()
      await expect(xAlone).resolves.toEqual({ room, members: [expected[0]] })
    } finally {
      for (const socket of sockets) socket.disconnect()
      await Promise.all([a.close(), b.close()])
    }
  })
})
