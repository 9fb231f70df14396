import type { DefaultEventsMap, Server, Socket } from 'socket.io'
import type { Actor } from '../../app/platform/actor'
import type { Locale } from '../../app/platform/i18n/locales'
import type { PresenceStatus } from '../../app/platform/realtime/events'

/**
 * What the server keeps on every socket. It travels to other instances with `fetchSockets()` (Redis adapter), so it
 * must stay plain JSON: presence is computed from it across instances.
 */
export type SocketData = {
  actor: Actor
  userId: string
  /** users.name, shown in presence, typing and broadcast events. */
  name: string
  locale: Locale
  status: PresenceStatus
  /** Every company the user is a member of (their `company:{id}` rooms). */
  companyIds: string[]
}

/** Events are validated per handler (zod), so the maps stay open. */
type AnyEvents = DefaultEventsMap

export type RealtimeServer = Server<AnyEvents, AnyEvents, AnyEvents, SocketData>
export type RealtimeSocket = Socket<AnyEvents, AnyEvents, AnyEvents, SocketData>
