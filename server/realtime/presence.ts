import { logger } from '../../app/platform/logger.server'
import type { PresenceMember, PresenceStatus } from '../../app/platform/realtime/events'
import type { RealtimeServer, SocketData } from './types'

/** Bursts of joins, leaves and status changes of one room produce one `presence` event after this pause. */
export const PRESENCE_DEBOUNCE_MS = 50

const STATUS_RANK: Record<PresenceStatus, number> = { online: 0, busy: 1, away: 2 }

/** One entry per user (any socket `online` wins, then `busy`, then `away`), sorted by name. */
export function mergePresence(sockets: Array<{ data: Partial<SocketData> }>): PresenceMember[] {
  const byUser = new Map<string, PresenceMember>()
  for (const { data } of sockets) {
    if (!data.userId || !data.status) continue
    const known = byUser.get(data.userId)
    if (!known || STATUS_RANK[data.status] < STATUS_RANK[known.status])
      byUser.set(data.userId, { userId: data.userId, name: data.name ?? '', status: data.status })
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId))
}

/** Who is in a room right now, across every instance (the Redis adapter asks the others). */
export async function presenceOf(io: RealtimeServer, room: string): Promise<PresenceMember[]> {
  return mergePresence(await io.in(room).fetchSockets())
}

/**
 * Emits `presence` `{ room, members }` to rooms whose membership or statuses changed, coalescing bursts per room.
 * Each instance announces the changes of its own sockets; the member list itself is always computed across instances.
 */
export class PresenceAnnouncer {
  private readonly pending = new Map<string, NodeJS.Timeout>()

  constructor(private readonly io: RealtimeServer) {}

  changed(room: string): void {
    if (this.pending.has(room)) return
    const timer = setTimeout(() => {
      this.pending.delete(room)
      void this.announce(room)
    }, PRESENCE_DEBOUNCE_MS)
    timer.unref()
    this.pending.set(room, timer)
  }

  private async announce(room: string): Promise<void> {
    try {
      const members = await presenceOf(this.io, room)
      this.io.to(room).emit('presence', { room, members })
    } catch (error) {
      logger().warn({ err: error instanceof Error ? error.message : String(error), room }, 'realtime presence failed')
    }
  }

  close(): void {
    for (const timer of this.pending.values()) clearTimeout(timer)
    this.pending.clear()
  }
}
