import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearerSessions } from '../app/modules/identity/index.server'
import { env } from '../app/platform/env.server'
import { createUser } from '../db/factories/users'
import { call, testApp } from '../tests/support/http'
import { attachRealtime } from './realtime'

let httpServer: HttpServer
let url: string
let io: ReturnType<typeof attachRealtime>

beforeAll(async () => {
  httpServer = createServer()
  io = attachRealtime(httpServer, env())
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => io.close(resolve))
})

function open(auth: Record<string, unknown>): Promise<{ socket: Socket; error?: Error & { data?: { code: string } } }> {
  return new Promise((resolve) => {
    const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, timeout: 5000 })
    socket.on('connect', () => resolve({ socket }))
    socket.on('connect_error', (error) => resolve({ socket, error: error as Error & { data?: { code: string } } }))
  })
}

describe('realtime connection', () => {
  it('accepts a bearer access token and answers the health ping', async () => {
    const user = await createUser({ email: 'live@example.test' })
    const granted = await call(testApp(), '/api/auth/token?grant_type=password', { body: { identifier: user.email, password: user.password } })
    const { socket, error } = await open({ token: granted.json.access_token })
    expect(error).toBeUndefined()
    const ack = await socket.timeout(5000).emitWithAck('health:ping')
    expect(ack).toMatchObject({ ok: true, userId: user.id })
    socket.disconnect()
  })

  it('refuses a connection without a token: "Auth session missing!"', async () => {
    const { socket, error } = await open({})
    expect(error?.message).toBe('Auth session missing!')
    expect(error?.data?.code).toBe('session_missing')
    socket.close()
  })

  it('refuses a malformed token with bad_jwt', async () => {
    const { socket, error } = await open({ token: 'garbage' })
    expect(error?.data?.code).toBe('bad_jwt')
    socket.close()
  })

  it('refuses a token of a signed-out session', async () => {
    const user = await createUser({ email: 'gone@example.test' })
    const granted = await call(testApp(), '/api/auth/token?grant_type=password', { body: { identifier: user.email, password: user.password } })
    const claims = await bearerSessions().verify(String(granted.json.access_token))
    await call(testApp(), '/api/auth/logout', { method: 'POST', bearer: String(granted.json.access_token) })
    expect(claims.userId).toBe(user.id)
    const { socket, error } = await open({ token: granted.json.access_token })
    expect(error?.data?.code).toBe('session_not_found')
    socket.close()
  })
})

describe.runIf(process.env.TEST_REDIS_URL)('realtime across instances (Redis adapter)', () => {
  it('delivers a message emitted on one instance to a client connected to another', async () => {
    const config = { ...env(), REDIS_URL: process.env.TEST_REDIS_URL }
    const servers = [createServer(), createServer()]
    const instances = servers.map((server) => attachRealtime(server, config))
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))))
    try {
      const user = await createUser({ email: 'fanout@example.test' })
      const granted = await call(testApp(), '/api/auth/token?grant_type=password', { body: { identifier: user.email, password: user.password } })
      const socket = connect(`http://127.0.0.1:${(servers[0]?.address() as AddressInfo).port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: granted.json.access_token },
        reconnection: false,
      })
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve())
        socket.on('connect_error', reject)
      })
      const received = new Promise((resolve) => socket.on('notice' as never, resolve))
      await new Promise((resolve) => setTimeout(resolve, 300))
      instances[1]?.to(`user:${user.id}`).emit('notice' as never, { hello: 'from the other instance' } as never)
      await expect(received).resolves.toEqual({ hello: 'from the other instance' })
      socket.disconnect()
    } finally {
      await Promise.all(instances.map((io) => new Promise((resolve) => io.close(resolve))))
    }
  })
})
