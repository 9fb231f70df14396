import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createChannel, sendMessage } from '../../app/modules/messaging/index.server'
import { env } from '../../app/platform/env.server'
import type { EntityChange } from '../../app/platform/realtime/events'
import { publishChange } from '../../app/platform/realtime/publisher.server'
import { RealtimeClient } from '../../app/platform/realtime/realtime-client'
import { joinWithReplay, type RoomMessage } from '../../app/platform/realtime/realtime-core'
import { type Instance, person, startInstance } from '../support/realtime'

/** The browser's realtime client against a real Socket.IO server (server/realtime.ts). */
let server: Instance
const clients: RealtimeClient[] = []

beforeAll(async () => {
  server = await startInstance(env())
})
afterEach(() => {
  for (const client of clients.splice(0)) client.stop()
})
afterAll(async () => {
  await server.close()
})

function until(check: () => boolean, ms = 5000): Promise<void> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const poll = () => (check() ? resolve() : Date.now() - started > ms ? reject(new Error('condition not met in time')) : setTimeout(poll, 20))
    poll()
  })
}

async function connectedClient(token: () => string | null): Promise<RealtimeClient> {
  const client = new RealtimeClient({ locale: 'en', url: server.url })
  clients.push(client)
  client.setTokenSource(token)
  await client.start()
  await until(() => client.getSnapshot().state === 'connected' && client.getSnapshot().userId !== null)
  return client
}

describe('RealtimeClient', () => {
  it('connects with the current token, learns the user and latency, and receives company changes', async () => {
    const ada = await person('Ada Client')
    const client = await connectedClient(() => ada.token)
    expect(client.getSnapshot()).toMatchObject({ state: 'connected', userId: ada.user.id, reconnects: 0 })
    expect(client.getSnapshot().latencyMs).toBeGreaterThanOrEqual(0)

    const seen: EntityChange[] = []
    const off = client.on('entity:changed', (payload) => seen.push(payload as EntityChange))
    publishChange([ada.company.id], { entity: 'purchase_order', id: 'po-1', action: 'confirm' })
    await until(() => seen.length === 1)
    expect(seen[0]).toMatchObject({ entity: 'purchase_order', id: 'po-1', action: 'confirm' })
    off()
    publishChange([ada.company.id], { entity: 'purchase_order', id: 'po-2', action: 'ship' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(seen).toHaveLength(1)
  })

  it('replays missed messages on join and relays new ones', async () => {
    const ada = await person('Ada Replay')
    const channel = await createChannel(ada.ctx, { name: 'replay' })
    const first = await sendMessage(ada.ctx, channel.id, { body: 'one' })
    await sendMessage(ada.ctx, channel.id, { body: 'two' })
    await sendMessage(ada.ctx, channel.id, { body: 'three' })
    const client = await connectedClient(() => ada.token)
    const received: RoomMessage[] = []
    const ack = await joinWithReplay(client.request, `conversation:${channel.id}`, first.seq, (messages) => received.push(...messages))
    expect(ack.ok).toBe(true)
    expect(received.map((message) => message.seq)).toEqual([first.seq + 1, first.seq + 2])

    const relayed: Array<{ conversationId: string; message: RoomMessage }> = []
    client.on('message:new', (payload) => relayed.push(payload as { conversationId: string; message: RoomMessage }))
    const fourth = await sendMessage(ada.ctx, channel.id, { body: 'four' })
    await until(() => relayed.length === 1)
    expect(relayed[0]).toMatchObject({ conversationId: channel.id, message: { id: fourth.id, seq: fourth.seq } })
  })

  it('after a refused handshake, retries on the schedule with the token as it is then', async () => {
    const ada = await person('Ada Refreshed')
    let token = 'not-a-valid-token'
    const client = new RealtimeClient({ locale: 'en', url: server.url })
    clients.push(client)
    client.setTokenSource(() => token)
    await client.start()
    await until(() => client.getSnapshot().state === 'offline')
    token = ada.token
    await until(() => client.getSnapshot().state === 'connected' && client.getSnapshot().userId === ada.user.id, 4000)
  })

  it('answers requests with a timeout when not connected instead of throwing', async () => {
    const client = new RealtimeClient({ locale: 'en', url: server.url })
    await expect(client.request('health:ping', {})).resolves.toMatchObject({ ok: false, error: { code: 'timeout' } })
  })

  it('reconnects after the server drops it (1 s) and counts the reconnect', async () => {
    const ada = await person('Ada Reconnect')
    const client = await connectedClient(() => ada.token)
    const sockets = await server.io.fetchSockets()
    for (const socket of sockets.filter((socket) => socket.data.userId === ada.user.id)) socket.disconnect(true)
    await until(() => client.getSnapshot().state === 'offline', 2000)
    await until(() => client.getSnapshot().state === 'connected' && client.getSnapshot().reconnects === 1, 4000)
  })
})
