import { describe, expect, it } from 'vitest'
import { isRetryableStatus, refreshRetryDelays, shouldRefresh, TokenHolder, TOKEN_CHECK_INTERVAL_MS, type HeldSession } from './token-holder'

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

const session = (expiresAt: number, tag: string): HeldSession => ({ access_token: `a-${tag}`, refresh_token: `r-${tag}`, expires_at: expiresAt })

function harness(responses: Array<{ status: number; body?: unknown } | 'network'>, now = 0) {
  const calls: string[] = []
  const sleeps: number[] = []
  let ended: string | null = null
  let refreshed = 0
  const holder = new TokenHolder({
    request: async (grant) => {
      calls.push(grant)
      const next = responses.shift()
      if (!next || next === 'network') throw new Error('network down')
      return { status: next.status, body: next.body ?? null }
    },
    now: () => now,
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
  return { holder, calls, sleeps, ended: () => ended, refreshed: () => refreshed }
}

describe('TokenHolder', () => {
  it('does nothing on a tick while the token has more than 90 s left', async () => {
    const h = harness([{ status: 200, body: session(1000, 'one') }], 0)
    await h.holder.start()
    await h.holder.tick()
    expect(h.calls).toEqual(['session'])
  })

  it('refreshes close to expiry and rotates the refresh token', async () => {
    const h = harness([{ status: 200, body: session(60, 'one') }, { status: 200, body: session(960, 'two') }], 0)
    await h.holder.start()
    await h.holder.tick()
    expect(h.calls).toEqual(['session', 'refresh_token'])
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

  it('ends the session on any other failure', async () => {
    const h = harness([{ status: 200, body: session(60, 'one') }, { status: 401 }], 0)
    await h.holder.start()
    await h.holder.tick()
    expect(h.ended()).toMatch(/401/)
    expect(h.holder.accessToken).toBeNull()
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
