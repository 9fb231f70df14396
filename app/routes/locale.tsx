import { redirect } from 'react-router'
import { actorFromClientSession, clientSessionContext } from '../modules/identity/index'
import { setLanguagePreference } from '../modules/identity/index.server'
import { safeRedirectTarget } from '../platform/auth-guard'
import { env } from '../platform/env.server'
import { serverCookie } from '../platform/http/cookies'
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, localizePath, splitLocalePath } from '../platform/i18n/locales'
import { routeLocale } from './route-helpers'
import type { Route } from './+types/locale'

/**
 * The language switcher posts here: it remembers the choice in the i18n_redirected cookie (365 days)
 * and, when signed in, as the `language` preference; then it returns to the same page in that locale.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData()
  const chosen = form.get('locale')
  const current = routeLocale(params)
  const locale = isLocale(chosen) ? chosen : current
  const target = safeRedirectTarget(String(form.get('redirectTo') ?? '')) ?? '/'
  const { rest } = splitLocalePath(target.split('?')[0] ?? '/')
  const search = target.includes('?') ? target.slice(target.indexOf('?')) : ''
  const session = context.get(clientSessionContext)
  if (session && isLocale(chosen)) await setLanguagePreference({ actor: actorFromClientSession(session), locale, requestId: '' }, locale)
  const cookie = serverCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS, secure: env().isHttps })
  return redirect(`${localizePath(locale, rest)}${search}`, { headers: { 'set-cookie': cookie } })
}

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(localizePath(routeLocale(params), '/'))
}
