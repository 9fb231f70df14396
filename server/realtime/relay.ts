import * as z from 'zod'
import { BROADCAST_EVENT_PATTERN, BROADCAST_MAX_BYTES, PRESENCE_STATUSES } from '../../app/platform/realtime/events'
import type { TypingEvent } from '../../app/modules/messaging/index'
import { failure, handle } from './acks'
import type { FloodGate, FloodLimit } from './limits'
import type { PresenceAnnouncer } from './presence'
import { conversationIdOf } from './rooms'
import type { RealtimeSocket } from './types'

export const TypingInput = z.object({ room: z.string().min(1).max(200), typing: z.boolean() }).strict()
export const BroadcastInput = z.object({ room: z.string().min(1).max(200), event: z.string().regex(BROADCAST_EVENT_PATTERN), payload: z.unknown() }).strict()
export const StatusInput = z.object({ status: z.enum(PRESENCE_STATUSES) }).strict()

export type RelayDeps = { presence: PresenceAnnouncer; gate: FloodGate; relayLimit: FloodLimit }

/** What a broadcast payload weighs on the wire (UTF-8 JSON). */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value ?? null), 'utf8')
}

/**
 * Client-to-client relays inside a joined conversation room: `typing` and `broadcast` (an application event such as a
 * cursor or a draft marker, at most BROADCAST_MAX_BYTES of JSON) reach everybody else in the room, never the sender's
 * socket and never a socket outside the room. Both share one flood budget per user. `presence:status` changes the
 * socket's status and re-announces presence in its conversation rooms.
 */
export function registerRelayHandlers(socket: RealtimeSocket, deps: RelayDeps): void {
  const joined = (room: string) => conversationIdOf(room) !== null && socket.rooms.has(room)
  const limited = () => deps.gate.take('relay', socket.data.userId, deps.relayLimit)

  handle(socket, 'typing', TypingInput, (input) => {
    if (!joined(input.room)) return failure(socket, 'not_found')
    const retryAfterSeconds = limited()
    if (retryAfterSeconds) return failure(socket, 'rate_limited', { retryAfterSeconds })
    socket.to(input.room).emit('typing', { room: input.room, userId: socket.data.userId, name: socket.data.name, typing: input.typing } satisfies TypingEvent)
    return { ok: true }
  })

  handle(socket, 'broadcast', BroadcastInput, (input) => {
    if (!joined(input.room)) return failure(socket, 'not_found')
    if (jsonBytes(input.payload) > BROADCAST_MAX_BYTES) return failure(socket, 'payload_too_large')
    const retryAfterSeconds = limited()
    if (retryAfterSeconds) return failure(socket, 'rate_limited', { retryAfterSeconds })
    socket
      .to(input.room)
      .emit('broadcast', { room: input.room, event: input.event, payload: input.payload ?? null, from: { userId: socket.data.userId, name: socket.data.name } })
    return { ok: true }
  })

  handle(socket, 'presence:status', StatusInput, (input) => {
    if (socket.data.status !== input.status) {
      socket.data.status = input.status
      for (const room of socket.rooms) if (conversationIdOf(room)) deps.presence.changed(room)
    }
    return { ok: true }
  })
}
