import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client'
import type { Ack, PresenceStatus } from './events'
import { ACK_TIMEOUT_MS, AWAY_AFTER_HIDDEN_MS, effectivePresence, reconnectDelay, timeoutAck, withAckTimeout } from './realtime-core'

/** The states of the tab's realtime connection. */
export const CONNECTION_STATES = ['connecting', 'connected', 'offline'] as const
export type ConnectionState = (typeof CONNECTION_STATES)[number]

/** What `useRealtimeConnection()` reports. */
export type RealtimeConnection = {
  state: ConnectionState
  /** Round trip of the last `health:ping`, while connected. */
  latencyMs: number | null
  /** The signed-in user as the server knows them (from `health:ping`), while connected. */
  userId: string | null
  /** Successful connections after the first one (pages re-read what they may have missed on each). */
  reconnects: number
}

type Listener = (payload: unknown) => void
/** `url` is for tests and tools; the browser connects to its own origin. */
type Options = { locale: string; path?: string; url?: string }

/** Re-measures latency this often while connected. */
const PING_INTERVAL_MS = 30_000

/**
 * The tab's single Socket.IO connection. Created once by RealtimeProvider; pages subscribe to events and the
 * connection state before the socket exists (the library is imported on start, in the browser only).
 * The bearer token is read from `token()` on every (re)connect, so a refreshed token is always used.
 */
export class RealtimeClient {
  private socket: Socket | null = null
  private token: () => string | null = () => null
  private loading = false
  private stopped = false
  private connections = 0
  private manualAttempt = 0
  private manualTimer: ReturnType<typeof setTimeout> | null = null
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly attached = new Set<string>()
  private readonly stateListeners = new Set<() => void>()
  private snapshot: RealtimeConnection = { state: 'connecting', latencyMs: null, userId: null, reconnects: 0 }
  private chosenStatus: PresenceStatus = 'online'
  private hiddenAway = false
  private awayTimer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly options: Options) {}

  /** The current connection state (a stable object until something changes, for useSyncExternalStore). */
  getSnapshot = (): RealtimeConnection => this.snapshot

  /** Calls `listener` whenever the connection state or the presence status changes. */
  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener)
    return () => this.stateListeners.delete(listener)
  }

  /** The status others see: the chosen one, or `away` while the tab has been hidden for AWAY_AFTER_HIDDEN_MS. */
  getPresenceStatus = (): PresenceStatus => effectivePresence(this.chosenStatus, this.hiddenAway)

  /** The token source; `null` (no bearer session) closes an open connection until a new source arrives. */
  setTokenSource(token: (() => string | null) | null): void {
    if (!token) {
      this.token = () => null
      // Before the first token (the bearer session is still being fetched) we are still connecting.
      if (!this.socket) return
      this.closeSocket()
      this.setState({ state: 'offline', latencyMs: null, userId: null })
      return
    }
    this.token = token
    if (!this.stopped && this.socket && !this.socket.connected && !this.socket.active) this.socket.connect()
  }

  /** Loads socket.io-client and connects; after stop() it reconnects the same socket (idempotent). */
  async start(): Promise<void> {
    this.stopped = false
    if (this.socket) {
      if (!this.socket.connected && !this.socket.active && this.token()) this.socket.connect()
      return
    }
    if (this.loading) return
    this.loading = true
    const { io } = await import('socket.io-client')
    this.loading = false
    if (this.stopped || this.socket) return
    const options: Partial<ManagerOptions & SocketOptions> = {
      path: this.options.path ?? '/socket.io',
      transports: ['websocket', 'polling'],
      auth: (cb) => cb({ token: this.token() ?? '', locale: this.options.locale }),
      timeout: ACK_TIMEOUT_MS,
      reconnectionDelay: reconnectDelay(0),
      reconnectionDelayMax: reconnectDelay(0),
      randomizationFactor: 0,
    }
    const socket = this.options.url ? io(this.options.url, options) : io(options)
    this.socket = socket
    // §9: the Manager's backoff doubles its delay; pinning min = max to the schedule's entry before every
    // scheduling gives exactly 1, 2, 5, 10 s and then 10 s.
    const schedule = (attempt: number) => {
      const delay = reconnectDelay(attempt)
      socket.io.reconnectionDelay(delay)
      socket.io.reconnectionDelayMax(delay)
    }
    socket.io.on('reconnect_attempt', (attempt) => schedule(attempt))
    socket.io.on('open', () => schedule(0))
    socket.on('connect', () => this.onConnect())
    socket.on('disconnect', (reason) => this.onDisconnect(reason))
    socket.on('connect_error', () => {
      this.setState({ state: 'offline', latencyMs: null })
      this.retryInactive()
    })
    for (const event of this.listeners.keys()) this.attach(event)
  }

  /** Closes the connection (the provider unmounted); subscriptions stay, so start() can resume. */
  stop(): void {
    this.stopped = true
    this.closeSocket()
    if (this.awayTimer) clearTimeout(this.awayTimer)
    this.awayTimer = null
    this.setState({ state: 'offline', latencyMs: null })
  }

  /** Subscribes to a server event; returns the unsubscribe function. */
  on(event: string, listener: Listener): () => void {
    let set = this.listeners.get(event)
    if (!set) {
      set = new Set()
      this.listeners.set(event, set)
    }
    set.add(listener)
    this.attach(event)
    return () => {
      this.listeners.get(event)?.delete(listener)
    }
  }

  /** Sends a request and resolves with its acknowledgement; offline or unanswered within 10 s → `timeout`. */
  request = <T extends object>(event: string, payload: unknown): Promise<Ack<T>> => {
    const socket = this.socket
    if (!socket?.connected) return Promise.resolve(timeoutAck('Not connected'))
    return withAckTimeout<T>((reply) => socket.emit(event, payload, reply), ACK_TIMEOUT_MS)
  }

  /** The user's chosen presence status; sent now and again after every reconnect. */
  setPresenceStatus(status: PresenceStatus): void {
    this.chosenStatus = status
    this.sendPresence()
  }

  /** Tab visibility: hidden for AWAY_AFTER_HIDDEN_MS reports `away`; visible again restores the chosen status. */
  setHidden(hidden: boolean): void {
    if (this.awayTimer) clearTimeout(this.awayTimer)
    this.awayTimer = null
    if (hidden) {
      this.awayTimer = setTimeout(() => {
        this.hiddenAway = true
        this.sendPresence()
      }, AWAY_AFTER_HIDDEN_MS)
    } else if (this.hiddenAway) {
      this.hiddenAway = false
      this.sendPresence()
    }
  }

  private sendPresence(): void {
    this.notify()
    void this.request('presence:status', { status: this.getPresenceStatus() })
  }

  private attach(event: string): void {
    if (!this.socket || this.attached.has(event)) return
    this.attached.add(event)
    this.socket.on(event, (payload: unknown) => {
      for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload)
    })
  }

  private onConnect(): void {
    this.manualAttempt = 0
    const reconnects = this.connections > 0 ? this.snapshot.reconnects + 1 : 0
    this.connections += 1
    this.setState({ state: 'connected', latencyMs: null, reconnects })
    this.ping()
    if (this.pingTimer) clearInterval(this.pingTimer)
    this.pingTimer = setInterval(() => this.ping(), PING_INTERVAL_MS)
    if (this.getPresenceStatus() !== 'online') void this.request('presence:status', { status: this.getPresenceStatus() })
  }

  private onDisconnect(reason: string): void {
    if (this.pingTimer) clearInterval(this.pingTimer)
    this.pingTimer = null
    this.setState({ state: 'offline', latencyMs: null })
    // The server closed this socket (e.g. the session ended): the Manager does not retry that by itself.
    if (reason === 'io server disconnect') this.retryInactive()
  }

  /**
   * The Manager retries transport failures itself; a refusal by the server's auth middleware or a server-side
   * disconnect leaves the socket inactive, so we retry on the same schedule (the token may have been refreshed).
   */
  private retryInactive(): void {
    const socket = this.socket
    if (!socket || socket.active || this.manualTimer) return
    const delay = reconnectDelay(this.manualAttempt++)
    this.manualTimer = setTimeout(() => {
      this.manualTimer = null
      if (!this.stopped && this.socket === socket && !socket.connected && this.token()) socket.connect()
    }, delay)
  }

  private ping(): void {
    const started = performance.now()
    void this.request<{ userId: string }>('health:ping', {}).then((ack) => {
      if (!ack.ok || this.snapshot.state !== 'connected') return
      this.setState({ latencyMs: Math.round(performance.now() - started), userId: ack.userId ?? this.snapshot.userId })
    })
  }

  private closeSocket(): void {
    if (this.manualTimer) clearTimeout(this.manualTimer)
    this.manualTimer = null
    if (this.pingTimer) clearInterval(this.pingTimer)
    this.pingTimer = null
    this.socket?.disconnect()
  }

  private setState(patch: Partial<RealtimeConnection>): void {
    const next = { ...this.snapshot, ...patch }
    if ((Object.keys(next) as Array<keyof RealtimeConnection>).every((key) => next[key] === this.snapshot[key])) return
    this.snapshot = next
    this.notify()
  }

  private notify(): void {
    for (const listener of [...this.stateListeners]) listener()
  }
}
