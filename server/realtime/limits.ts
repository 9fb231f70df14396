/**
 * Flood control for socket events, per user (all of a user's sockets on this instance share one budget), on top of
 * the message service's own send limit. Fixed windows: cheap, and good enough to stop a runaway client; the socket
 * and other users are never affected, the event is refused with `rate_limited`.
 */
export type FloodLimit = { max: number; windowMs: number }

type Window = { startedAt: number; count: number }

export class FloodGate {
  private readonly windows = new Map<string, Window>()
  private readonly sweeper: NodeJS.Timeout

  constructor(private readonly now: () => number = Date.now) {
    // Forget windows that ended, so users who left do not pile up.
    this.sweeper = setInterval(() => this.sweep(), 60_000)
    this.sweeper.unref()
  }

  /**
   * Counts one event of `bucket` for `userId`. Returns 0 when allowed, otherwise the seconds until the window ends
   * (the `retryAfterSeconds` of the refusal).
   */
  take(bucket: string, userId: string, limit: FloodLimit): number {
    const key = `${bucket}:${userId}`
    const at = this.now()
    let window = this.windows.get(key)
    if (!window || at - window.startedAt >= limit.windowMs) {
      window = { startedAt: at, count: 0 }
      this.windows.set(key, window)
    }
    if (window.count >= limit.max) return Math.max(1, Math.ceil((window.startedAt + limit.windowMs - at) / 1000))
    window.count++
    return 0
  }

  private sweep(): void {
    const at = this.now()
    // The longest window in use is far below this horizon, so an entry this old has ended.
    for (const [key, window] of this.windows) if (at - window.startedAt > 10 * 60_000) this.windows.delete(key)
  }

  close(): void {
    clearInterval(this.sweeper)
    this.windows.clear()
  }
}
