import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { emitAuthEvent } from '../auth-events'
import type { ClientSession } from '../auth-context'
import { TokenHolder } from '../token-holder'

async function requestToken(grant: 'session' | 'refresh_token', body?: unknown) {
  const response = await fetch(`/api/auth/token?grant_type=${grant}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  })
  return { status: response.status, body: await response.json().catch(() => null) }
}

/** A bearer session for the signed-in tab (for the realtime connection and API calls), kept fresh. */
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
    if (!sessionId) return
    const tokens = new TokenHolder({
      request: requestToken,
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
