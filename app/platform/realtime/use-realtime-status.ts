import { useEffect, useState } from 'react'

/** §9: reconnect after 1, 2, 5, 10 s, then every 10 s; joins and calls time out after 10 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000]
export const REALTIME_TIMEOUT_MS = 10_000

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000
}

export type RealtimeStatus = { state: 'connecting' | 'connected' | 'offline'; latencyMs: number | null }

type TokenSource = { accessToken: string | null } | null

/**
 * Opens the authenticated Socket.IO connection (loaded on demand, so pages without live data do not
 * ship it) and reports its state and the round trip of a health ping.
 */
export function useRealtimeStatus(tokens: TokenSource): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>({ state: 'connecting', latencyMs: null })
  useEffect(() => {
    if (!tokens?.accessToken) return
    let closed = false
    let disconnect: (() => void) | undefined
    void import('socket.io-client').then(({ io }) => {
      if (closed) return
      let attempt = 0
      const socket = io({
        path: '/socket.io',
        transports: ['websocket', 'polling'],
        auth: (cb) => cb({ token: tokens.accessToken }),
        reconnectionDelay: reconnectDelay(0),
        reconnectionDelayMax: RECONNECT_DELAYS_MS.at(-1),
        randomizationFactor: 0,
        timeout: REALTIME_TIMEOUT_MS,
      })
      const ping = () => {
        const started = performance.now()
        socket.timeout(REALTIME_TIMEOUT_MS).emit('health:ping', (error: Error | null) => {
          if (!error && !closed) setStatus({ state: 'connected', latencyMs: Math.round(performance.now() - started) })
        })
      }
      socket.on('connect', () => {
        attempt = 0
        setStatus({ state: 'connected', latencyMs: null })
        ping()
      })
      socket.on('disconnect', () => setStatus({ state: 'offline', latencyMs: null }))
      socket.on('connect_error', () => {
        setStatus({ state: 'offline', latencyMs: null })
        socket.io.reconnectionDelay(reconnectDelay(++attempt))
      })
      disconnect = () => socket.disconnect()
    })
    return () => {
      closed = true
      disconnect?.()
    }
  }, [tokens])
  return status
}
