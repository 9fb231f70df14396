import { useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useNavigation, useRevalidator } from 'react-router'
import type { Ack, EntityChange, PresenceMember, PresenceStatus, RealtimeErrorCode } from './events'
import { roomOf } from './events'
import { RealtimeContext } from './provider'
import type { RealtimeConnection } from './realtime-client'
import { hasUnsavedEdits } from './unsaved-edits'
import {
  applyTyping,
  expireTyping,
  joinWithReplay,
  mergePresence,
  type RoomMessage,
  samePresence,
  timeoutAck,
  type TypingEntry,
  type TypingEvent,
  typingEvents,
  TypingThrottle,
} from './realtime-core'

/**
 * The hooks pages use to take part in realtime. They all share the tab's one connection (RealtimeProvider in
 * AppLayout); outside the provider they are inert: offline, no events, requests resolve as `timeout`.
 */
export { RealtimeProvider, type AccessTokenSource } from './provider'
export type { RealtimeConnection } from './realtime-client'
export type { RoomMessage, TypingEvent } from './realtime-core'

const SERVER_CONNECTION: RealtimeConnection = { state: 'connecting', latencyMs: null, userId: null, reconnects: 0 }
const NO_CONNECTION: RealtimeConnection = { state: 'offline', latencyMs: null, userId: null, reconnects: 0 }
const noSubscription = () => () => {}

/** Wait this long after a change event before re-reading, so a burst of events costs one revalidation. */
export const LIVE_REVALIDATE_DEBOUNCE_MS = 300
/** While the page holds unsaved edits, look again this often. */
const UNSAVED_RETRY_MS = 2000

/** The state of the tab's connection, the last ping's round trip, the user, and how many times it reconnected. */
export function useRealtimeConnection(): RealtimeConnection {
  const client = useContext(RealtimeContext)
  return useSyncExternalStore(client?.subscribe ?? noSubscription, client?.getSnapshot ?? (() => NO_CONNECTION), () => SERVER_CONNECTION)
}

/** Calls `handler` for every `event` the server pushes; the latest handler is used without resubscribing. */
export function useRealtimeEvent<T>(event: string, handler: (payload: T) => void): void {
  const client = useContext(RealtimeContext)
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    if (!client) return
    return client.on(event, (payload) => latest.current(payload as T))
  }, [client, event])
}

const offlineRequest = <T extends object>(): Promise<Ack<T>> => Promise.resolve(timeoutAck('Not connected'))

/** A function sending a request over the socket; it resolves with the acknowledgement and never throws (offline → `timeout`). */
export function useRealtimeRequest(): <T extends object>(event: string, payload: unknown) => Promise<Ack<T>> {
  const client = useContext(RealtimeContext)
  return client?.request ?? offlineRequest
}

type RoomOptions<M extends RoomMessage> = {
  /** The highest seq the page holds (read on every join, so a rejoin replays only what was missed). */
  lastSeq: () => number
  /** New, missed or updated messages of this conversation; the caller merges them by id. */
  onMessages: (messages: M[]) => void
}

export type ConversationRoom = {
  presence: PresenceMember[]
  typing: TypingEvent[]
  joined: boolean
  error: RealtimeErrorCode | null
  setTyping: (typing: boolean) => void
}

/**
 * Joins `conversation:{id}` while connected (and again after every reconnect, replaying messages after
 * `lastSeq()`), forwards `message:new`/`message:updated` of this conversation, and tracks who is present and who
 * is typing. `setTyping(true)` on keystrokes is throttled; `setTyping(false)` stops at once. Leaves on unmount.
 */
export function useConversationRoom<M extends RoomMessage>(conversationId: string, options: RoomOptions<M>): ConversationRoom {
  const client = useContext(RealtimeContext)
  const connection = useRealtimeConnection()
  const room = roomOf.conversation(conversationId)
  const latest = useRef(options)
  const self = useRef(connection.userId)
  useEffect(() => {
    latest.current = options
    self.current = connection.userId
  })
  // Each piece of state remembers its room, so switching conversations never shows the previous one's.
  const [presence, setPresence] = useState<{ room: string; members: PresenceMember[] }>({ room, members: [] })
  const [typers, setTypers] = useState<{ room: string; entries: TypingEntry[] }>({ room, entries: [] })
  const [status, setStatus] = useState<{ room: string; joined: boolean; error: RealtimeErrorCode | null }>({ room, joined: false, error: null })

  // One join per successful connection: the reconnect counter changes on every reconnect.
  const connectionKey = connection.state === 'connected' ? connection.reconnects : -1
  useEffect(() => {
    if (!client || connectionKey < 0) return
    let active = true
    void joinWithReplay<M>(client.request, room, latest.current.lastSeq(), (messages) => active && latest.current.onMessages(messages)).then((ack) => {
      if (!active) return
      setStatus({ room, joined: ack.ok, error: ack.ok ? null : ack.error.code })
      if (ack.ok) setPresence({ room, members: mergePresence(ack.presence) })
    })
    return () => {
      active = false
      setStatus({ room, joined: false, error: null })
      void client.request('room:leave', { room })
    }
  }, [client, room, connectionKey])

  useRealtimeEvent<{ conversationId: string; message: M }>('message:new', (event) => {
    if (event.conversationId === conversationId) latest.current.onMessages([event.message])
  })
  useRealtimeEvent<{ conversationId: string; message: M }>('message:updated', (event) => {
    if (event.conversationId === conversationId) latest.current.onMessages([event.message])
  })
  useRealtimeEvent<{ room: string; members: PresenceMember[] }>('presence', (event) => {
    if (event.room !== room) return
    const members = mergePresence(event.members)
    setPresence((current) => (current.room === room && samePresence(current.members, members) ? current : { room, members }))
  })
  useRealtimeEvent<TypingEvent>('typing', (event) => {
    setTypers((current) => {
      const entries = applyTyping(current.room === room ? current.entries : [], event, room, self.current, Date.now())
      return current.room === room && entries === current.entries ? current : { room, entries }
    })
  })

  const typingCount = typers.room === room ? typers.entries.length : 0
  useEffect(() => {
    if (typingCount === 0) return
    const timer = setInterval(() => {
      setTypers((current) => {
        const entries = expireTyping(current.entries, Date.now())
        return entries === current.entries ? current : { room: current.room, entries }
      })
    }, 1000)
    return () => clearInterval(timer)
  }, [typingCount])

  const throttle = useRef<TypingThrottle | null>(null)
  useEffect(() => {
    if (!client) return
    const current = new TypingThrottle((typing) => void client.request('typing', { room, typing }))
    throttle.current = current
    return () => {
      current.update(false)
      current.dispose()
      if (throttle.current === current) throttle.current = null
    }
  }, [client, room])
  const setTyping = useCallback((typing: boolean) => throttle.current?.update(typing), [])

  return {
    presence: presence.room === room ? presence.members : [],
    typing: typers.room === room ? typingEvents(typers.entries) : [],
    joined: status.room === room && status.joined,
    error: status.room === room ? status.error : null,
    setTyping,
  }
}

/**
 * Re-reads the page's loaders when the server reports a matching change (`entity:changed`) and after every
 * reconnect (changes may have been missed offline). Debounced; waits while a navigation or revalidation runs and
 * then revalidates once. It also waits while `paused()` holds — by default while a POST form on the page has
 * unsaved edits (hasUnsavedEdits) — checking again every two seconds; submitting the form re-reads anyway.
 */
export function useLiveRevalidate(match: (change: EntityChange) => boolean, options: { paused?: () => boolean } = {}): void {
  const client = useContext(RealtimeContext)
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const paused = options.paused ?? hasUnsavedEdits
  const latest = useRef({ match, paused, revalidate: revalidator.revalidate })
  useEffect(() => {
    latest.current = { match, paused, revalidate: revalidator.revalidate }
  })
  const [due, setDue] = useState(0)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const schedule = useCallback(() => {
    const wait = (ms: number) => {
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        timer.current = null
        if (latest.current.paused()) wait(UNSAVED_RETRY_MS)
        else setDue((count) => count + 1)
      }, ms)
    }
    wait(LIVE_REVALIDATE_DEBOUNCE_MS)
  }, [])
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )

  useRealtimeEvent<EntityChange>('entity:changed', (change) => {
    if (latest.current.match(change)) schedule()
  })
  useEffect(() => {
    if (!client) return
    let seen = client.getSnapshot().reconnects
    return client.subscribe(() => {
      const { reconnects, state } = client.getSnapshot()
      if (state === 'connected' && reconnects > seen) {
        seen = reconnects
        schedule()
      }
    })
  }, [client, schedule])

  const busy = navigation.state !== 'idle' || revalidator.state !== 'idle'
  const handled = useRef(0)
  useEffect(() => {
    if (due === handled.current || busy) return
    handled.current = due
    void latest.current.revalidate()
  }, [due, busy])
}

/**
 * The user's presence status as others see it, and a setter for the chosen one. A tab hidden for five minutes
 * reports `away` and returns to the chosen status when it is visible again.
 */
export function usePresenceStatus(): [PresenceStatus, (status: PresenceStatus) => void] {
  const client = useContext(RealtimeContext)
  const status = useSyncExternalStore(client?.subscribe ?? noSubscription, client?.getPresenceStatus ?? (() => 'online' as const), () => 'online' as const)
  const set = useCallback((next: PresenceStatus) => client?.setPresenceStatus(next), [client])
  return [status, set]
}
