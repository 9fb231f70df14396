import { logger } from '../logger.server'
import { requestScope } from '../request-scope.server'
import type { EntityChange } from './events'
import { roomOf } from './events'

/** What the Socket.IO server gives the rest of the application: emit an event to rooms (across instances). */
export type RealtimeEmitter = {
  /** Emits to every socket in `rooms` except those also in `except`. */
  emit(rooms: string[], event: string, payload: unknown, except?: string[]): void
  /** Makes every socket in `from` rooms leave `rooms` (across instances); the Socket.IO server provides it. */
  leave?(from: string[], rooms: string[]): void
  /** Closes every socket in `from` rooms (across instances); their clients reconnect and authenticate afresh. */
  disconnect?(from: string[]): void
}

const holder = globalThis as unknown as { __tradeportRealtimeEmitter?: RealtimeEmitter | null }

/** Called once by server/realtime.ts; tests install their own emitter to see what was published. */
export function setRealtimeEmitter(emitter: RealtimeEmitter | null): void {
  holder.__tradeportRealtimeEmitter = emitter
}

/**
 * Pushes an event to the given rooms after a write has committed. Without a realtime server (scripts, some tests)
 * it does nothing: clients catch up by fetching when they (re)connect. Never throws.
 */
export function publish(rooms: string[], event: string, payload: unknown, except: string[] = []): void {
  const emitter = holder.__tradeportRealtimeEmitter
  if (!emitter || rooms.length === 0) return
  try {
    emitter.emit([...new Set(rooms)], event, payload, except)
  } catch (error) {
    logger().warn({ err: error instanceof Error ? error.message : String(error), event }, 'realtime publish failed')
  }
}

/**
 * Tells the companies' open pages that a record changed (ids only: pages re-read through their authorized loaders).
 * The person who made the change is left out (by default the user of the current request): their page already shows
 * the outcome of their own action, and a second reload would wipe its result (the "orders created" summary, a success
 * message). The outbox relay passes the user and time it recorded with the change.
 */
export function publishChange(
  companyIds: Array<string | null | undefined>,
  change: Omit<EntityChange, 'at'>,
  { exceptUserId = requestScope()?.userId, at = new Date() }: { exceptUserId?: string | null; at?: Date } = {},
): void {
  const rooms = companyIds.filter((id): id is string => Boolean(id)).map(roomOf.company)
  publish(rooms, 'entity:changed', { ...change, at: at.toISOString() } satisfies EntityChange, exceptUserId ? [roomOf.user(exceptUserId)] : [])
}

/**
 * After a membership ended (a member left or was removed from a company, or from a private channel): the user's open
 * sockets leave those rooms at once, so they hear nothing more from them. Without a realtime server it does nothing.
 */
export function leaveRooms(userIds: string[], rooms: string[]): void {
  const emitter = holder.__tradeportRealtimeEmitter
  if (!emitter?.leave || userIds.length === 0 || rooms.length === 0) return
  try {
    emitter.leave([...new Set(userIds)].map(roomOf.user), [...new Set(rooms)])
  } catch (error) {
    logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'realtime leave failed')
  }
}

/** The user's sockets stop hearing a company they no longer belong to (its `company:{id}` room). */
export function leaveCompanyRooms(userId: string, companyId: string): void {
  leaveRooms([userId], [roomOf.company(companyId)])
}

/**
 * After a user's memberships changed (removed from a company, left it): their open sockets are closed, so they
 * reconnect with a fresh actor and rooms. A socket's actor is fixed at connection, so this is what stops a removed
 * member acting for the company over an already open socket.
 */
export function disconnectUsers(userIds: string[]): void {
  const emitter = holder.__tradeportRealtimeEmitter
  if (!emitter?.disconnect || userIds.length === 0) return
  try {
    emitter.disconnect([...new Set(userIds)].map(roomOf.user))
  } catch (error) {
    logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'realtime disconnect failed')
  }
}
