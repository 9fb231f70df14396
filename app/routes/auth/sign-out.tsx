import { redirect } from 'react-router'
import { redirectCookie, signOut } from '../../modules/identity/index.server'
import { localizePath } from '../../platform/i18n/locales'
import { cookieHeaders, routeLocale } from '../route-helpers'
import type { Route } from './+types/sign-out'

/** Sign-out is a POST (a link must not sign anyone out); it always ends on the sign-in page. */
export async function action({ request, params }: Route.ActionArgs) {
  const { setCookies } = await signOut(request.headers)
  return redirect(localizePath(routeLocale(params), '/login'), { headers: cookieHeaders(setCookies, [redirectCookie('', 0)]) })
}

export async function loader({ params }: Route.LoaderArgs) {
  return redirect(localizePath(routeLocale(params), '/app/dashboard'))
}
