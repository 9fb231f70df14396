import type { Server as HttpServer } from 'node:http'
import { createAdapter } from '@socket.io/redis-adapter'
import { Server } from 'socket.io'
import { actorFromAuthState, sessionFromBearer } from '../app/modules/identity/index.server'
import type { Actor } from '../app/platform/actor'
import type { Env } from '../app/platform/env.server'
import { isAppError } from '../app/platform/errors'
import { logger } from '../app/platform/logger.server'
import { createRedis } from '../app/platform/redis.server'

/** §9 realtime constants: heartbeat 25 s, connection and join timeouts 10 s. */
export const REALTIME_HEARTBEAT_MS = 25_000
export const REALTIME_TIMEOUT_MS = 10_000

export type SocketData = { actor: Actor }

/**
 * Socket.IO on the application's HTTP server. A connection must present a bearer access token
 * (`auth: { token }`); for now it offers a health ping, the realtime features come with later modules.
 */
export function attachRealtime(httpServer: HttpServer, config: Env): Server {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(httpServer, {
    path: '/socket.io',
    destroyUpgrade: false,
    serveClient: false,
    pingInterval: REALTIME_HEARTBEAT_MS,
    pingTimeout: REALTIME_TIMEOUT_MS,
    connectTimeout: REALTIME_TIMEOUT_MS,
    cors: { origin: new URL(config.PUBLIC_URL).origin, credentials: false },
  })

  if (config.REDIS_URL) {
    const pub = createRedis(config.REDIS_URL)
    io.adapter(createAdapter(pub, pub.duplicate()))
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token
    if (typeof token !== 'string' || !token) return next(Object.assign(new Error('Auth session missing!'), { data: { code: 'session_missing' } }))
    try {
      socket.data.actor = actorFromAuthState(await sessionFromBearer(token))
      next()
    } catch (error) {
      const code = isAppError(error) ? error.code : 'bad_jwt'
      next(Object.assign(new Error(code === 'jwt_expired' ? 'JWT has expired' : 'invalid JWT structure'), { data: { code } }))
    }
  })

  io.on('connection', (socket) => {
    socket.join(`user:${socket.data.actor.userId}`)
    socket.on('health:ping' as never, (ack: unknown) => {
      if (typeof ack === 'function') ack({ ok: true, userId: socket.data.actor.userId, at: new Date().toISOString() })
    })
  })

  io.engine.on('connection_error', (error: { code: number; message: string }) => logger().debug({ code: error.code, message: error.message }, 'realtime connection error'))
  return io
}
