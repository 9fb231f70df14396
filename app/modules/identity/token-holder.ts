/** §9: the browser's bearer session holder checks every 30 s and refreshes with 90 s or less to go. */
export const TOKEN_CHECK_INTERVAL_MS = 30_000
export const TOKEN_REFRESH_MARGIN_SECONDS = 90
export const REFRESH_RETRY_START_MS = 200
export const REFRESH_RETRY_BUDGET_MS = 30_000

export type HeldSession = { access_token: string; refresh_token: string; expires_at: number }

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
  /** POST /api/auth/token?grant_type=…; resolves with the HTTP status and JSON body. */
  request: (grant: 'session' | 'refresh_token', body?: unknown) => Promise<{ status: number; body: unknown }>
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  setInterval?: (fn: () => void, ms: number) => unknown
  clearInterval?: (handle: unknown) => void
  onRefreshed?: (session: HeldSession) => void
  onEnded?: (reason: string) => void
}

/**
 * Holds the bearer session of the signed-in browser tab for API clients and the realtime connection,
 * and keeps it fresh. Network errors and 502/503/504 are retried with back-off; any other failure ends it.
 */
export class TokenHolder {
  private session: HeldSession | null = null
  private timer: unknown = null
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
    this.session = await this.call('session')
    const schedule = this.deps.setInterval ?? ((fn, ms) => setInterval(fn, ms))
    this.timer = schedule(() => void this.tick(), TOKEN_CHECK_INTERVAL_MS)
  }

  stop(): void {
    if (this.timer !== null) (this.deps.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>)))(this.timer)
    this.timer = null
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
    const current = this.session
    if (!current) return
    try {
      this.session = await this.call('refresh_token', { refresh_token: current.refresh_token })
      this.deps.onRefreshed?.(this.session)
    } catch (error) {
      this.stop()
      this.deps.onEnded?.(error instanceof Error ? error.message : 'refresh failed')
    }
  }

  private async call(grant: 'session' | 'refresh_token', body?: unknown): Promise<HeldSession> {
    const delays = refreshRetryDelays()
    for (let attempt = 0; ; attempt++) {
      const result = await this.deps.request(grant, body).then(
        (response) => response,
        () => ({ status: 0, body: null }),
      )
      if (result.status === 200) return result.body as HeldSession
      const retryable = result.status === 0 || isRetryableStatus(result.status)
      const delay = delays[attempt]
      if (!retryable || delay === undefined) throw new RefreshFailure(result.status, `token ${grant} failed with status ${result.status}`)
      await this.sleep(delay)
    }
  }
}
