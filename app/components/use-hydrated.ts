import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False on the server and while hydrating, true afterwards: for values only the browser knows. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
