import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react'

// Outside a HydrationProvider (tests, client-only roots): false on the server, true in a browser.
const HydratedContext = createContext(typeof document !== 'undefined')

/**
 * Tells the page when hydration is over. The flag turns true in a transition, so the components that read it render
 * again in short, interruptible slices. (A `useSyncExternalStore` per component made React re-render all of them in one
 * synchronous task right after hydration: on the marketplace a 100 ms main-thread block on a mid-range phone.)
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => startTransition(() => setHydrated(true)), [])
  return <HydratedContext value={hydrated}>{children}</HydratedContext>
}

/** False on the server and while hydrating, true afterwards: for values only the browser knows. */
export function useHydrated(): boolean {
  return useContext(HydratedContext)
}
