import { describe, expect, it } from 'vitest'
import { isRetryableStatus, refreshRetryDelays, shouldRefresh, TokenHolder, TOKEN_CHECK_INTERVAL_MS, type HeldSession } from './token-holder'
import { memoryTokenStore, type TokenStore } from './token-store'

describe('token refresh timing (§9)', () => {
  it('refreshes when 90 seconds or less remain', () => {
    const now = 1_000_000_000
    expect(shouldRefresh(now / 1000 + 91, now)).toBe(false)
    expect(shouldRefresh(now / 1000 + 90, now)).toBe(true)
    expect(shouldRefresh(now / 1000 - 5, now)).toBe(true)
  })

  it('checks every 30 seconds', () => {
    expect(TOKEN_CHECK_INTERVAL_MS).toBe(30_000)
  })

  it('backs off from 200 ms, doubling, within 30 seconds', () => {
    const delays = refreshRetryDelays()
    expect(delays.slice(0, 4)).toEqual([200, 400, 800, 1600])
    expect(delays.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(30_000)
    expect(delays.at(-1)).toBe(12_800)
  })

  it('retries only gateway failures', () => {
    expect([502, 503, 504].every(isRetryableStatus)).toBe(true)
    expect([400, 401, 403, 500].some(isRetryableStatus)).toBe(false)
  })
})

const session = (expiresAt: number, tag: string): HeldSession => ({ access_token: `a-${tag}`, expires_at: expiresAt })

function harness(
  responses: Array<{ status: number; body?: unknown } | 'network'>,
  now: number | (() => number) = 0,
  options: { store?: TokenStore; sessionKey?: string } = {},
) {
  const calls: string[] = []
  const sleeps: number[] = []
  let ended: string | null = null
  let refreshed = 0
  const store = options.store ?? memoryTokenStore()
  const holder = new TokenHolder({
    request: async () => {
      calls.push('session')
      const next = responses.shift()
      if (!next || next === 'network') throw new Error('network down')
      return { status: next.status, body: next.body ?? null }
    },
    sessionKey: options.sessionKey ?? 'session-1',
    store,
    now: typeof now === 'function' ? now : () => now,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    setInterval: () => 1,
    clearInterval: () => {},
    onRefreshed: () => {
      refreshed += 1
    },
    onEnded: (reason) => {
      ended = reason
    },
  })
  return { holder, store, calls, sleeps, ended: () => ended, refreshed: () => refreshed }
}

describe('TokenHolder', () => {
  it('does nothing on a tick while the token has more than 90 s left', async () => {
    const h = harness([{ status: 200, body: session(1000, 'one') }], 0)
    await h.holder.start()
    await h.holder.tick()
    expect(h.calls).toEqual(['session'])
  })

  it('renews from the session close to expiry', async () => {
    const h = harness(
      [
        { status: 200, body: session(60, 'one') },
        { status: 200, body: session(960, 'two') },
      ],
      0,
    )
    await h.holder.start()
    await h.holder.tick()
    expect(h.calls).toEqual(['session', 'session'])
    expect(h.holder.accessToken).toBe('a-two')
    expect(h.refreshed()).toBe(1)
  })

  it('retries 503 and network errors with back-off, then succeeds', async () => {
    const h = harness([{ status: 200, body: session(60, 'one') }, { status: 503 }, 'network', { status: 200, body: session(960, 'two') }], 0)
    await h.holder.start()
    await h.holder.tick()
    expect(h.sleeps).toEqual([200, 400])
    expect(h.holder.accessToken).toBe('a-two')
    expect(h.ended()).toBeNull()
  })

  it('ends the session on any other failure, and forgets the shared token', async () => {
    const h = harness([{ status: 200, body: session(60, 'one') }, { status: 401 }], 0)
    await h.holder.start()
    await h.holder.tick()
    expect(h.ended()).toMatch(/401/)
    expect(h.holder.accessToken).toBeNull()
    expect(h.store.read()).toBeNull()
  })

  it('gives up when gateway errors last beyond the 30 s budget', async () => {
    const failures = Array.from({ length: 20 }, () => ({ status: 502 }))
    const h = harness([{ status: 200, body: session(60, 'one') }, ...failures], 0)
    await h.holder.start()
    await h.holder.tick()
    expect(h.ended()).toMatch(/502/)
    expect(h.sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(30_000)
  })
})

describe('TokenHolder across page loads and tabs (ADR 017)', () => {
  it('reuses the stored token of the same session on the next page load and in other tabs, without a grant', async () => {
    const store = memoryTokenStore()
    const first = harness([{ status: 200, body: session(900, 'one') }], 0, { store })
    await first.holder.start()
    first.holder.stop()
    for (let page = 0; page < 12; page++) {
      const next = harness([], 10_000 * page, { store })
      await next.holder.start()
      expect(next.holder.accessToken).toBe('a-one')
      expect(next.calls).toEqual([])
    }
    expect(first.calls).toEqual(['session'])
  })

  it('does not reuse a token of another session, or one about to expire', async () => {
    const store = memoryTokenStore()
    store.write({ access_token: 'a-old', expires_at: 900, session_key: 'session-0' })
    const other = harness([{ status: 200, body: session(900, 'new') }], 0, { store })
    await other.holder.start()
    expect(other.calls).toEqual(['session'])
    store.write({ access_token: 'a-late', expires_at: 60, session_key: 'session-1' })
    const late = harness([{ status: 200, body: session(960, 'fresh') }], 0, { store })
    await late.holder.start()
    expect(late.holder.accessToken).toBe('a-fresh')
    expect(store.read()).toMatchObject({ access_token: 'a-fresh', session_key: 'session-1' })
  })

  it('renews once for all tabs: a tab that waited for the lock takes the token just stored', async () => {
    const store = memoryTokenStore()
    let now = 0
    const a = harness(
      [
        { status: 200, body: session(900, 'one') },
        { status: 200, body: session(1800, 'two') },
      ],
      () => now,
      { store },
    )
    const b = harness([{ status: 200, body: session(1800, 'unwanted') }], () => now, { store })
    await a.holder.start()
    await b.holder.start()
    expect(b.holder.accessToken).toBe('a-one')
    now = 850_000
    await Promise.all([a.holder.tick(), b.holder.tick()])
    expect(a.calls).toEqual(['session', 'session'])
    expect(b.calls).toEqual([])
    expect(b.holder.accessToken).toBe('a-two')
  })
})
