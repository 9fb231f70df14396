import { useRealtimeConnection } from './hooks'
import { ACK_TIMEOUT_MS } from './realtime-core'

/** §9 timings; the schedule is applied per attempt by the tab's connection (realtime-client.ts). */
export { RECONNECT_DELAYS_MS, reconnectDelay } from './realtime-core'
export const REALTIME_TIMEOUT_MS = ACK_TIMEOUT_MS

export type RealtimeStatus = { state: 'connecting' | 'connected' | 'offline'; latencyMs: number | null }

/** The state and health-ping round trip of the tab's shared realtime connection (RealtimeProvider). */
export function useRealtimeStatus(): RealtimeStatus {
  const { state, latencyMs } = useRealtimeConnection()
  return { state, latencyMs }
}
