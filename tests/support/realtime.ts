import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { io as connect, type Socket } from 'socket.io-client'
import { actorFor } from '../../app/modules/companies/index.server'
import { sessionFromBearer } from '../../app/modules/identity/index.server'
import type { ServiceContext } from '../../app/platform/actor'
import type { Env } from '../../app/platform/env.server'
import { createMember } from '../../db/factories/companies'
import { call, testApp } from './http'
import { attachRealtime, type RealtimeOptions } from '../../server/realtime'

/** Helpers of the realtime integration tests (server/realtime*.db.test.ts): real servers and socket.io-client. */

export type Instance = { url: string; io: ReturnType<typeof attachRealtime>; http: HttpServer; close: () => Promise<void> }

/** A Socket.IO server on 127.0.0.1 and a free port. */
export async function startInstance(config: Env, options: RealtimeOptions = {}): Promise<Instance> {
  const http = createServer()
  const io = attachRealtime(http, config, options)
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  return { url, io, http, close: () => new Promise<void>((resolve) => void io.close(() => resolve())) }
}

export type Person = { user: { id: string; email: string; password: string; name: string }; company: { id: string }; token: string; ctx: ServiceContext }

/** A bearer access token for a user, from the real token endpoint. */
export async function tokenOf(user: { email: string; password: string }): Promise<string> {
  const granted = await call(testApp(), '/api/auth/token?grant_type=password', { body: { identifier: user.email, password: user.password } })
  if (granted.status !== 200) throw new Error(`token grant failed: ${granted.status}`)
  return String(granted.json.access_token)
}

/** A member of a company (a new one unless given) with a token and the service context of that token's session. */
export async function person(name: string, company?: { id: string }): Promise<Person> {
  const member = await createMember({ role: company ? 'member' : 'owner', ...(company ? { company } : {}), user: { name } })
  const token = await tokenOf(member.user)
  const actor = await actorFor(await sessionFromBearer(token))
  return { user: { ...member.user, name }, company: member.company, token, ctx: { actor, locale: 'en', requestId: 'test' } }
}

/** A connected client (rejects on a refused handshake). */
export function client(url: string, token: string, extra: Record<string, unknown> = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token, ...extra },
      reconnection: false,
      timeout: 5000,
      forceNew: true,
    })
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (error) => {
      socket.close()
      reject(error)
    })
  })
}

/** Emits with an acknowledgement (5 s). */
export function request<T = Record<string, unknown>>(socket: Socket, event: string, payload?: unknown): Promise<T> {
  return (payload === undefined ? socket.timeout(5000).emitWithAck(event) : socket.timeout(5000).emitWithAck(event, payload)) as Promise<T>
}

/** Resolves with the first `event` whose payload matches `accept`, or rejects after `ms`. */
export function next<T = Record<string, unknown>>(socket: Socket, event: string, accept: (payload: T) => boolean = () => true, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener)
      reject(new Error(`no ${event} within ${ms} ms`))
    }, ms)
    const listener = (payload: T) => {
      if (!accept(payload)) return
      clearTimeout(timer)
      socket.off(event, listener)
      resolve(payload)
    }
    socket.on(event, listener)
  })
}

/** Collects every `event` the socket receives from now on. */
export function collect<T = Record<string, unknown>>(socket: Socket, event: string): T[] {
  const seen: T[] = []
  socket.on(event, (payload: T) => seen.push(payload))
  return seen
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
