import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { emitAuthEvent } from '../auth-events'
import type { ClientSession } from '../auth-context'
import { TokenHolder } from '../token-holder'
import { browserTokenStore } from '../token-store'

async function requestSessionGrant() {
  const response = await fetch('/api/auth/token?grant_type=session', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  return { status: response.status, body: await response.json().catch(() => null) }
}

/** The session a stored token must belong to: a new session, a second factor or a change to the user needs a new one. */
export function tokenSessionKey(session: ClientSession): string {
  return `${session.sessionId}:${session.aal}:${session.user.updatedAt}`
}

/** An access token for the signed-in tab (for the realtime connection and API calls), shared with the other tabs and kept fresh. */
export function useBearerSession(session: ClientSession | null): TokenHolder | null {
  const [holder, setHolder] = useState<TokenHolder | null>(null)
  const latest = useRef(session)
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  useEffect(() => {
    latest.current = session
    revalidate.current = revalidator.revalidate
  })
  const sessionId = session?.sessionId
  useEffect(() => {
    if (!sessionId || !latest.current) return
    const tokens = new TokenHolder({
      request: requestSessionGrant,
      sessionKey: tokenSessionKey(latest.current),
      store: browserTokenStore(),
      onRefreshed: () => emitAuthEvent('TOKEN_REFRESHED', latest.current),
      // The bearer session ended for good: reload the page's session, which signs out if it is gone too.
      onEnded: () => {
        setHolder(null)
        void revalidate.current()
      },
    })
    let cancelled = false
    tokens.start().then(
      () => !cancelled && setHolder(tokens),
      () => !cancelled && setHolder(null),
    )
    return () => {
      cancelled = true
      tokens.stop()
    }
  }, [sessionId])
  return holder
}
