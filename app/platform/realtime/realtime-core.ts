import type { Ack, PresenceMember } from './events'

/**
 * The pure parts of the browser's realtime layer (no socket, no React): acknowledgement timeouts, the typing
 * throttle, the typing list with its expiry, and presence merging. Timers are injected so tests can drive them.
 */

/** §9: reconnect after 1, 2, 5, 10 s, then every 10 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000]

/** The delay before reconnect attempt `attempt` (0 = the first after losing the connection). */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(attempt, 0), RECONNECT_DELAYS_MS.length - 1)] ?? 10_000
}

/** §9: connecting, joins and acknowledgements time out after 10 s. */
export const ACK_TIMEOUT_MS = 10_000
/** A typer disappears after this long without an update (the sender repeats every TYPING_INTERVAL_MS). */
export const TYPING_EXPIRY_MS = 6000
/** While typing, `typing: true` is sent at most this often. */
export const TYPING_INTERVAL_MS = 2000
/** `typing: false` follows this long after the last keystroke. */
export const TYPING_IDLE_MS = 3000
/** A hidden tab reports `away` after this long. */
export const AWAY_AFTER_HIDDEN_MS = 5 * 60_000

export type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** The failed acknowledgement every request resolves to when the server does not answer (or we are offline). */
export function timeoutAck(message = 'The server did not answer in time'): Ack<never> {
  return { ok: false, error: { code: 'timeout', message } }
}

/**
 * Sends one request and resolves with its acknowledgement, or with a `timeout` failure after `timeoutMs`.
 * Never rejects: a throwing `send` (e.g. a closed socket) resolves as a timeout too; a late answer is ignored.
 */
export function withAckTimeout<T extends object>(
  send: (reply: (ack: Ack<T>) => void) => void,
  timeoutMs = ACK_TIMEOUT_MS,
  timers: Timers = browserTimers,
): Promise<Ack<T>> {
  return new Promise((resolve) => {
    let settled = false
    const finish = (ack: Ack<T>) => {
      if (settled) return
      settled = true
      timers.clearTimeout(timer)
      resolve(ack)
    }
    const timer = timers.setTimeout(() => finish(timeoutAck()), timeoutMs)
    try {
      send((ack) => finish(isAck<T>(ack) ? ack : { ok: false, error: { code: 'internal', message: 'Malformed acknowledgement' } }))
    } catch (error) {
      finish(timeoutAck(error instanceof Error ? error.message : undefined))
    }
  })
}

function isAck<T extends object>(value: unknown): value is Ack<T> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean'
}

/**
 * Turns keystrokes into few `typing` signals: `true` on the first keystroke and then at most every `intervalMs`
 * while typing continues (so others' TYPING_EXPIRY_MS timers stay fresh), `false` after `idleMs` without a
 * keystroke or when asked (message sent, field left). Nothing is sent twice in a row for `false`.
 */
export class TypingThrottle {
  private typing = false
  private lastSentAt = Number.NEGATIVE_INFINITY
  private idleTimer: unknown = null

  constructor(
    private readonly send: (typing: boolean) => void,
    private readonly options: { intervalMs?: number; idleMs?: number; now?: () => number; timers?: Timers } = {},
  ) {}

  /** `true` for a keystroke, `false` to stop now. */
  update(typing: boolean): void {
    const timers = this.options.timers ?? browserTimers
    if (this.idleTimer !== null) timers.clearTimeout(this.idleTimer)
    this.idleTimer = null
    if (!typing) {
      this.stop()
      return
    }
    const now = (this.options.now ?? Date.now)()
    if (!this.typing || now - this.lastSentAt >= (this.options.intervalMs ?? TYPING_INTERVAL_MS)) {
      this.typing = true
      this.lastSentAt = now
      this.send(true)
    }
    this.idleTimer = timers.setTimeout(() => {
      this.idleTimer = null
      this.stop()
    }, this.options.idleMs ?? TYPING_IDLE_MS)
  }

  /** Forgets any pending timer without sending (unmount, disconnect). */
  dispose(): void {
    if (this.idleTimer !== null) (this.options.timers ?? browserTimers).clearTimeout(this.idleTimer)
    this.idleTimer = null
    this.typing = false
  }

  private stop(): void {
    if (!this.typing) return
    this.typing = false
    this.lastSentAt = Number.NEGATIVE_INFINITY
    this.send(false)
  }
}

/** A `typing` event (the same shape as messaging's TypingEvent; platform code does not import domain modules). */
export type TypingEvent = { room: string; userId: string; name: string; typing: boolean }

/** Someone typing in a room, with when we last heard from them. */
export type TypingEntry = TypingEvent & { receivedAt: number }

/**
 * Applies a `typing` event to the list of people typing in `room`: events of other rooms and of `selfId` are
 * ignored, `typing: false` removes the person, `typing: true` adds them or refreshes their time.
 */
export function applyTyping(entries: TypingEntry[], event: TypingEvent, room: string, selfId: string | null, now: number): TypingEntry[] {
  if (event.room !== room || (selfId !== null && event.userId === selfId)) return entries
  const others = entries.filter((entry) => entry.userId !== event.userId)
  return event.typing ? [...others, { ...event, receivedAt: now }] : others
}

/** Drops typers not heard from for `expiryMs`; returns the same array when nothing changed. */
export function expireTyping(entries: TypingEntry[], now: number, expiryMs = TYPING_EXPIRY_MS): TypingEntry[] {
  const kept = entries.filter((entry) => now - entry.receivedAt < expiryMs)
  return kept.length === entries.length ? entries : kept
}

/** The public shape of a typing list (without the bookkeeping time). */
export function typingEvents(entries: TypingEntry[]): TypingEvent[] {
  return entries.map(({ receivedAt: _receivedAt, ...event }) => event)
}

/**
 * The room's members as a `presence` event reports them (the server's list is complete, so it replaces ours),
 * de-duplicated by user (a person with two tabs shows once, with the most available status) and sorted by name.
 */
export function mergePresence(members: PresenceMember[]): PresenceMember[] {
  const rank = { online: 0, busy: 1, away: 2 } as const
  const byUser = new Map<string, PresenceMember>()
  for (const member of members) {
    const known = byUser.get(member.userId)
    if (!known || rank[member.status] < rank[known.status]) byUser.set(member.userId, member)
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId))
}

/** Whether two presence lists show the same thing (so a repeated event does not re-render). */
export function samePresence(a: PresenceMember[], b: PresenceMember[]): boolean {
  return (
    a.length === b.length &&
    a.every((member, index) => member.userId === b[index]?.userId && member.status === b[index]?.status && member.name === b[index]?.name)
  )
}

/** The status to report: the chosen one, or `away` while the tab has been hidden long enough. */
export function effectivePresence(chosen: 'online' | 'away' | 'busy', hiddenLongEnough: boolean): 'online' | 'away' | 'busy' {
  return hiddenLongEnough ? 'away' : chosen
}

/**
 * Whether an `notification:new` signal concerns `userId`: not when it names the author to skip (`exceptUserId`),
 * and not when it targets a list of people that leaves them out.
 */
export function noticeConcerns(signal: { exceptUserId?: string | null; userIds?: string[] | null }, userId: string | null): boolean {
  if (userId === null) return true
  if (signal.exceptUserId && signal.exceptUserId === userId) return false
  if (Array.isArray(signal.userIds) && !signal.userIds.includes(userId)) return false
  return true
}

/** The least a conversation message must carry for the room hook (messaging's Message satisfies it). */
export type RoomMessage = { id: string; seq: number; conversationId: string }
export type JoinAck<M extends RoomMessage> = { room: string; presence: PresenceMember[]; missed: M[]; hasMore: boolean }

/** Replay rounds per join; MESSAGE_REPLAY_MAX messages each, so a long absence is still bounded. */
export const MAX_REPLAY_ROUNDS = 50

/**
 * Joins a conversation room and replays what was missed: `room:join` with `after`, hands `missed` to `onMessages`
 * and, while the server says `hasMore`, asks again after the last received seq. Resolves with the last
 * acknowledgement (a failed round ends the replay with that failure).
 */
export async function joinWithReplay<M extends RoomMessage>(
  request: <T extends object>(event: string, payload: unknown) => Promise<Ack<T>>,
  room: string,
  after: number,
  onMessages: (messages: M[]) => void,
  maxRounds = MAX_REPLAY_ROUNDS,
): Promise<Ack<JoinAck<M>>> {
  let cursor = after
  for (let round = 1; ; round++) {
    const ack = await request<JoinAck<M>>('room:join', { room, after: cursor })
    if (!ack.ok) return ack
    if (ack.missed.length > 0) onMessages(ack.missed)
    const last = ack.missed.at(-1)?.seq ?? cursor
    if (!ack.hasMore || last <= cursor || round >= maxRounds) return ack
    cursor = last
  }
}
