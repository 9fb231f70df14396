import { type MiddlewareFunction, redirect } from 'react-router'
import { GUARD_CONFIG, guardDecision, REDIRECT_COOKIE, REDIRECT_COOKIE_MAX_AGE_SECONDS } from '../../platform/auth-guard'
import { env } from '../../platform/env.server'
import { serverCookie } from '../../platform/http/cookies'
import { DEFAULT_LOCALE, isLocale, localizePath, splitLocalePath } from '../../platform/i18n/locales'
import { clientSessionContext, type ClientSession } from './auth-context'
import { sessionFromCookies, type AuthState } from './session.server'

export function toClientSession(state: AuthState): ClientSession {
  return { sessionId: state.sessionId, aal: state.aal, user: state.user }
}

export function redirectCookie(value: string, maxAge = REDIRECT_COOKIE_MAX_AGE_SECONDS): string {
  return serverCookie(REDIRECT_COOKIE, value, { maxAge, secure: env().isHttps })
}

/**
 * Root middleware of every page: resolves the session (cookie cache, no database round-trip while fresh),
 * forwards refreshed session cookies, and applies the auth guard (§2). Unmatched routes (`/*`) are left
 * to the 404 page for everyone.
 */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context, url, pattern, params }, next) => {
  const { state, setCookies } = await sessionFromCookies(request.headers)
  context.set(clientSessionContext, state ? toClientSession(state) : null)
  const locale = isLocale(params.lang) ? params.lang : DEFAULT_LOCALE
  const { rest } = splitLocalePath(url.pathname)
  const unmatched = pattern.endsWith('*')
  const decision = unmatched ? { action: 'allow' as const } : guardDecision(rest, state !== null, GUARD_CONFIG)
  if (decision.action === 'login') {
    const headers = new Headers()
    for (const cookie of setCookies) headers.append('set-cookie', cookie)
    if (decision.saveRedirect) headers.append('set-cookie', redirectCookie(`${url.pathname}${url.search}`))
    throw redirect(localizePath(locale, GUARD_CONFIG.loginPath), { headers })
  }
  const response = await next()
  for (const cookie of setCookies) response.headers.append('set-cookie', cookie)
  return response
}
