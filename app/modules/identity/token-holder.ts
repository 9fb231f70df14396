import type { StoredToken, TokenStore } from './token-store'

/** §9: the browser's bearer session holder checks every 30 s and refreshes with 90 s or less to go. */
export const TOKEN_CHECK_INTERVAL_MS = 30_000
export const TOKEN_REFRESH_MARGIN_SECONDS = 90
export const REFRESH_RETRY_START_MS = 200
export const REFRESH_RETRY_BUDGET_MS = 30_000

/** The part of a bearer session the browser keeps: the access token and when it expires. */
export type HeldSession = { access_token: string; expires_at: number }

export function shouldRefresh(expiresAtSeconds: number, nowMs: number, marginSeconds = TOKEN_REFRESH_MARGIN_SECONDS): boolean {
  return expiresAtSeconds - nowMs / 1000 <= marginSeconds
}

/** Back-off delays: 200 ms doubling, as long as the waits together stay within the 30 s budget. */
export function refreshRetryDelays(startMs = REFRESH_RETRY_START_MS, budgetMs = REFRESH_RETRY_BUDGET_MS): number[] {
  const delays: number[] = []
  let total = 0
  for (let delay = startMs; total + delay <= budgetMs; delay *= 2) {
    delays.push(delay)
    total += delay
  }
  return delays
}

/** Gateway failures are worth retrying; any other failure ends the session. */
export function isRetryableStatus(status: number): boolean {
  return status === 502 || status === 503 || status === 504
}

export class RefreshFailure extends Error {
  override name = 'RefreshFailure'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

type Deps = {
  /** POST /api/auth/token?grant_type=session; resolves with the HTTP status and JSON body. */
  request: () => Promise<{ status: number; body: unknown }>
  /** Which session (and version of it) the tab is signed in with: a stored token of another one is not reused. */
  sessionKey: string
  store: TokenStore
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  setInterval?: (fn: () => void, ms: number) => unknown
  clearInterval?: (handle: unknown) => void
  onRefreshed?: (session: HeldSession) => void
  onEnded?: (reason: string) => void
}

/**
 * Holds the access token of the signed-in browser for API clients and the realtime connection, and keeps it
 * fresh (ADR 017). The tabs share one token through `store`: a page load or a new tab reuses it until it nears
 * expiry, and then one tab renews it from the session cookie for all. Network errors and 502/503/504 are
 * retried with back-off; any other failure ends it.
 */
export class TokenHolder {
  private session: HeldSession | null = null
  private timer: unknown = null
  private unsubscribe: (() => void) | null = null
  private refreshing: Promise<void> | null = null
  private readonly now: () => number
  private readonly sleep: (ms: number) => Promise<void>

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? Date.now
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
  }

  get accessToken(): string | null {
    return this.session?.access_token ?? null
  }

  get current(): HeldSession | null {
    return this.session
  }

  async start(): Promise<void> {
    this.session = this.reusable(this.deps.store.read()) ?? (await this.renew())
    this.unsubscribe = this.deps.store.subscribe((token) => {
      if (!this.session || token?.session_key !== this.deps.sessionKey) return
      this.session = { access_token: token.access_token, expires_at: token.expires_at }
      this.deps.onRefreshed?.(this.session)
    })
    const schedule = this.deps.setInterval ?? ((fn, ms) => setInterval(fn, ms))
    this.timer = schedule(() => void this.tick(), TOKEN_CHECK_INTERVAL_MS)
  }

  stop(): void {
    if (this.timer !== null) (this.deps.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>)))(this.timer)
    this.timer = null
    this.unsubscribe?.()
    this.unsubscribe = null
    this.session = null
  }

  /** One check of the schedule: refresh when the access token is close to expiry. */
  async tick(): Promise<void> {
    if (!this.session || !shouldRefresh(this.session.expires_at, this.now())) return
    await this.refresh()
  }

  refresh(): Promise<void> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  private async doRefresh(): Promise<void> {
    if (!this.session) return
    try {
      this.session = await this.renew()
      this.deps.onRefreshed?.(this.session)
    } catch (error) {
      this.stop()
      this.deps.store.clear()
      this.deps.onEnded?.(error instanceof Error ? error.message : 'refresh failed')
    }
  }

  /** A stored token of this session with more than the refresh margin left. */
  private reusable(token: StoredToken | null): HeldSession | null {
    if (!token || token.session_key !== this.deps.sessionKey || shouldRefresh(token.expires_at, this.now())) return null
    return { access_token: token.access_token, expires_at: token.expires_at }
  }

  /** A fresh token for every tab: whoever waited for the lock takes the one the tab before it just stored. */
  private renew(): Promise<HeldSession> {
    return this.deps.store.exclusive(async () => {
      const shared = this.reusable(this.deps.store.read())
      if (shared) return shared
      const granted = await this.grant()
      this.deps.store.write({ ...granted, session_key: this.deps.sessionKey })
      return granted
    })
  }

  private async grant(): Promise<HeldSession> {
    const delays = refreshRetryDelays()
    for (let attempt = 0; ; attempt++) {
      const result = await this.deps.request().then(
        (response) => response,
        () => ({ status: 0, body: null }),
      )
      if (result.status === 200) {
        const body = result.body as HeldSession
        return { access_token: body.access_token, expires_at: body.expires_at }
      }
      const retryable = result.status === 0 || isRetryableStatus(result.status)
      const delay = delays[attempt]
      if (!retryable || delay === undefined) throw new RefreshFailure(result.status, `token session grant failed with status ${result.status}`)
      await this.sleep(delay)
    }
  }
}
