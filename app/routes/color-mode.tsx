import { data, redirect } from 'react-router'
import { safeRedirectTarget } from '../platform/auth-guard'
import { env } from '../platform/env.server'
import { serverCookie } from '../platform/http/cookies'
import { localizePath } from '../platform/i18n/locales'
import { COLOR_MODE_COOKIE, COLOR_MODE_COOKIE_MAX_AGE_SECONDS, isColorPreference } from '../platform/ui/color-mode'
import { routeLocale } from './route-helpers'
import type { Route } from './+types/color-mode'

/**
 * The colour-mode switch posts here: it stores the preference in a cookie (so the server renders the
 * right mode with no flash) and returns to the page. Script-enabled pages apply the change at once.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const preference = form.get('preference')
  if (!isColorPreference(preference)) return data({ ok: false }, { status: 400 })
  const cookie = serverCookie(COLOR_MODE_COOKIE, preference, { maxAge: COLOR_MODE_COOKIE_MAX_AGE_SECONDS, secure: env().isHttps })
  const back = safeRedirectTarget(String(form.get('redirectTo') ?? ''))
  if (back) return redirect(back, { headers: { 'set-cookie': cookie } })
  return data({ ok: true }, { headers: { 'set-cookie': cookie } })
}

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(localizePath(routeLocale(params), '/'))
}
