// What the public share page (/view?token=…) and its PDF need of a request: the visit the documents service admits —
// the token, a password typed now or the proof of one typed before (a cookie), and who is visiting.
import type { RouterContextProvider } from 'react-router'
import { SHARE_PROOF_MAX_AGE_SECONDS, shareProofCookieName, type ShareVisit } from '../modules/documents/index.server'
import { env } from '../platform/env.server'
import { readCookie, serverCookie } from '../platform/http/cookies'
import { requestInfoContext } from '../platform/request-info'

/** How long a right password holds in this browser. */
const PROOF_MAX_AGE_SECONDS = SHARE_PROOF_MAX_AGE_SECONDS

/** One cookie per link, named by a digest of its token: the page knows the token before the service names the link. */
const proofCookieName = shareProofCookieName

/** The visit of this request: the token of its address, the proof cookie, the visitor's address and browser. */
export function shareVisit(request: Request, context: Readonly<RouterContextProvider>, password: string | null = null): ShareVisit {
  const token = new URL(request.url).searchParams.get('token')
  return {
    token,
    password,
    proof: token ? (readCookie(request.headers.get('cookie'), proofCookieName(token)) ?? null) : null,
    visitor: { ip: context.get(requestInfoContext).clientIp, userAgent: request.headers.get('user-agent') ?? '' },
  }
}

/** The cookie that spares a visitor the password for an hour (HttpOnly, SameSite=Lax, Secure over HTTPS). */
export const proofCookie = (token: string, proof: string) =>
  serverCookie(proofCookieName(token), proof, { maxAge: PROOF_MAX_AGE_SECONDS, secure: env().isHttps })
