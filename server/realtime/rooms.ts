import * as z from 'zod'
import { MESSAGE_REPLAY_MAX } from '../../app/modules/messaging/index'
import { canJoinConversation, listMessages } from '../../app/modules/messaging/index.server'
import type { Message } from '../../app/modules/messaging/index'
import type { PresenceMember } from '../../app/platform/realtime/events'
import { failure, handle } from './acks'
import type { FloodGate, FloodLimit } from './limits'
import { type PresenceAnnouncer, presenceOf } from './presence'
import type { RealtimeServer, RealtimeSocket } from './types'

const CONVERSATION_ROOM = /^conversation:([A-Za-z0-9_-]{1,100})$/

/** The conversation id of a `conversation:{id}` room, or null for any other room (those are never joined on request). */
export function conversationIdOf(room: string): string | null {
  return CONVERSATION_ROOM.exec(room)?.[1] ?? null
}

export const JoinInput = z.object({ room: z.string().min(1).max(200), after: z.number().int().min(0).optional() }).strict()
export const LeaveInput = z.object({ room: z.string().min(1).max(200) }).strict()

export type RoomDeps = { io: RealtimeServer; presence: PresenceAnnouncer; gate: FloodGate; joinLimit: FloodLimit }

/**
 * `room:join` `{ room, after? }`: authorizes with the messaging service (no access and unknown ids are the same
 * `not_found`), joins, and answers with who is there and the messages after `after` (at most MESSAGE_REPLAY_MAX,
 * ascending; `hasMore` when the client must page for the rest). The socket joins before the replay is read, so a
 * message sent meanwhile arrives live or in the replay (the client de-duplicates by `seq`), never in neither.
 * `room:leave` `{ room }` leaves a conversation room (the `user:` and `company:` rooms stay).
 */
export function registerRoomHandlers(socket: RealtimeSocket, deps: RoomDeps): void {
  handle<typeof JoinInput, { room: string; presence: PresenceMember[]; missed: Message[]; hasMore: boolean }>(
    socket,
    'room:join',
    JoinInput,
    async (input, { ctx }) => {
      const retryAfterSeconds = deps.gate.take('join', socket.data.userId, deps.joinLimit)
      if (retryAfterSeconds) return failure(socket, 'rate_limited', { retryAfterSeconds })
      const conversationId = conversationIdOf(input.room)
      if (!conversationId || !(await canJoinConversation(ctx.actor, conversationId))) return failure(socket, 'not_found')
      await socket.join(input.room)
      const [presence, page] = await Promise.all([
        presenceOf(deps.io, input.room),
        input.after === undefined
          ? Promise.resolve({ items: [] as Message[], hasMore: false })
          : listMessages(ctx, conversationId, { after: input.after, limit: MESSAGE_REPLAY_MAX }),
      ])
      deps.presence.changed(input.room)
      const missed = [...page.items].sort((a, b) => a.seq - b.seq)
      return { ok: true, room: input.room, presence, missed, hasMore: page.hasMore }
    },
  )

  handle(socket, 'room:leave', LeaveInput, async (input) => {
    if (!conversationIdOf(input.room)) return failure(socket, 'not_found')
    if (socket.rooms.has(input.room)) {
      await socket.leave(input.room)
      deps.presence.changed(input.room)
    }
    return { ok: true }
  })
}
