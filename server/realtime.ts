import type { Server as HttpServer } from 'node:http'
import { createAdapter } from '@socket.io/redis-adapter'
import { Server } from 'socket.io'
import * as z from 'zod'
import type { Env } from '../app/platform/env.server'
import { logger } from '../app/platform/logger.server'
import { roomOf } from '../app/platform/realtime/events'
import { type RealtimeEmitter, setRealtimeEmitter } from '../app/platform/realtime/publisher.server'
import { createRedis } from '../app/platform/redis.server'
import { handle } from './realtime/acks'
import { authenticate } from './realtime/auth'
import { FloodGate } from './realtime/limits'
import { registerMessageHandlers } from './realtime/messages'
import { PresenceAnnouncer } from './realtime/presence'
import { registerRelayHandlers } from './realtime/relay'
import { conversationIdOf, registerRoomHandlers } from './realtime/rooms'
import type { RealtimeServer } from './realtime/types'

export type { SocketData } from './realtime/types'

/** §9 realtime constants: heartbeat 25 s, connection and join timeouts 10 s. */
export const REALTIME_HEARTBEAT_MS = 25_000
export const REALTIME_TIMEOUT_MS = 10_000
/** The largest frame the engine accepts; a bigger one closes that connection (the client reconnects). */
export const REALTIME_MAX_FRAME_BYTES = 64 * 1024

export type RealtimeOptions = {
  /** Install this server as the application's emitter for `publish()` (default true; a second test instance passes false). */
  publisher?: boolean
  /** The Redis adapter's channel prefix (default `socket.io`); tests sharing one Redis use their own. */
  redisKey?: string
}

/**
 * Socket.IO on the application's HTTP server (protocol: app/platform/realtime/events.ts). A connection presents a
 * bearer access token; it joins `user:{id}` and `company:{id}` for each membership, and may join conversation rooms,
 * send messages, relay typing and broadcasts and set its presence status. With REDIS_URL, events and presence span
 * every instance through the Redis adapter.
 */
export function attachRealtime(httpServer: HttpServer, config: Env, options: RealtimeOptions = {}): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    destroyUpgrade: false,
    serveClient: false,
    pingInterval: REALTIME_HEARTBEAT_MS,
    pingTimeout: REALTIME_TIMEOUT_MS,
    connectTimeout: REALTIME_TIMEOUT_MS,
    maxHttpBufferSize: REALTIME_MAX_FRAME_BYTES,
    cors: { origin: new URL(config.PUBLIC_URL).origin, credentials: false },
  })

  if (config.REDIS_URL) {
    const pub = createRedis(config.REDIS_URL)
    const sub = pub.duplicate()
    io.adapter(createAdapter(pub, sub, options.redisKey ? { key: options.redisKey } : {}))
    onClose(io, () => {
      pub.disconnect()
      sub.disconnect()
    })
  }

  const presence = new PresenceAnnouncer(io)
  const gate = new FloodGate()
  const windowMs = config.REALTIME_LIMIT_WINDOW_SECONDS * 1000
  const relayLimit = { max: config.REALTIME_RELAY_LIMIT, windowMs }
  const joinLimit = { max: config.REALTIME_JOIN_LIMIT, windowMs }
  onClose(io, () => {
    presence.close()
    gate.close()
  })

  authenticate(io)

  io.on('connection', (socket) => {
    void socket.join([roomOf.user(socket.data.userId), ...socket.data.companyIds.map(roomOf.company)])
    handle(socket, 'health:ping', z.unknown(), () => ({ ok: true, userId: socket.data.userId, at: new Date().toISOString() }))
    registerRoomHandlers(socket, { io, presence, gate, joinLimit })
    registerRelayHandlers(socket, { presence, gate, relayLimit })
    registerMessageHandlers(socket)
    // The rooms are gone once `disconnect` fires; presence is re-announced after the socket has left them.
    socket.on('disconnecting', () => {
      for (const room of socket.rooms) if (conversationIdOf(room)) presence.changed(room)
    })
    socket.on('error', (error) => logger().warn({ err: error.message, userId: socket.data.userId }, 'realtime socket error'))
  })

  if (options.publisher !== false) {
    const emitter: RealtimeEmitter = {
      emit: (rooms, event, payload, except = []) => io.to(rooms).except(except).emit(event, payload),
      leave: (from, rooms) => io.in(from).socketsLeave(rooms),
      disconnect: (from) => io.in(from).disconnectSockets(true),
    }
    setRealtimeEmitter(emitter)
    onClose(io, () => setRealtimeEmitter(null))
  }

  io.engine.on('connection_error', (error: { code: number; message: string }) =>
    logger().debug({ code: error.code, message: error.message }, 'realtime connection error'),
  )
  return io
}

/** Runs `cleanup` when the Socket.IO server closes (io.close()), after its own shutdown. */
function onClose(io: RealtimeServer, cleanup: () => void): void {
  const close = io.close.bind(io)
  io.close = (callback) =>
    close((error) => {
      cleanup()
      callback?.(error)
    })
}
