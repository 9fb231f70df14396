import { createContext, type ReactNode, useEffect, useRef, useState } from 'react'
import { RealtimeClient } from './realtime-client'

/** The tab's realtime client; null outside RealtimeProvider (public pages, tests rendering a page alone). */
export const RealtimeContext = createContext<RealtimeClient | null>(null)

/** Anything holding the current bearer access token (the identity module's TokenHolder refreshes it in place). */
export type AccessTokenSource = { readonly accessToken: string | null }

/**
 * Opens the one Socket.IO connection of the tab for the signed-in pages below it (AppLayout mounts it with the
 * holder from `useBearerSession(session)`). The client library is imported after mount, so server rendering and
 * pages outside the app never load it. The token is read from `tokens` on every (re)connect.
 */
export function RealtimeProvider({ tokens, locale, children }: { tokens: AccessTokenSource | null; locale: string; children: ReactNode }) {
  const [client] = useState(() => new RealtimeClient({ locale }))
  const source = useRef(tokens)
  useEffect(() => {
    source.current = tokens
    client.setTokenSource(tokens ? () => source.current?.accessToken ?? null : null)
    if (tokens) void client.start()
  }, [client, tokens])
  useEffect(() => () => client.stop(), [client])
  useEffect(() => {
    const onVisibility = () => client.setHidden(document.visibilityState === 'hidden')
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [client])
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>
}
