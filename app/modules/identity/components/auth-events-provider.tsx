import { type ReactNode, useEffect, useRef } from 'react'
import { useRevalidator } from 'react-router'
import type { ClientSession } from '../auth-context'
import { AUTH_CHANNEL, type AuthChannelMessage, deriveAuthEvent, emitAuthEvent } from '../auth-events'
import { browserTokenStore } from '../token-store'

/**
 * Turns session changes seen by the pages into §4 auth events, and keeps the tabs of one browser in
 * step: a sign-out (or sign-in) in one tab makes the others reload their session.
 */
export function AuthEventsProvider({ session, children }: { session: ClientSession | null; children: ReactNode }) {
  const previous = useRef<ClientSession | null | undefined>(undefined)
  const channel = useRef<BroadcastChannel | null>(null)
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  useEffect(() => {
    revalidate.current = revalidator.revalidate
  })

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return
    const bc = new BroadcastChannel(AUTH_CHANNEL)
    channel.current = bc
    bc.onmessage = () => void revalidate.current()
    return () => {
      bc.close()
      channel.current = null
    }
  }, [])

  useEffect(() => {
    const event = deriveAuthEvent(previous.current, session)
    previous.current = session
    if (!event) return
    emitAuthEvent(event, session)
    document.documentElement.dataset.authEvent = event
    // The shared access token dies with the session (the server refuses it anyway): no tab may reuse it.
    if (event === 'SIGNED_OUT') browserTokenStore().clear()
    if (event === 'SIGNED_IN' || event === 'SIGNED_OUT') {
      const message: AuthChannelMessage = { event, userId: session?.user.id ?? null }
      channel.current?.postMessage(message)
    }
  }, [session])

  return children
}
