import { type ClientSession, clientSessionContext } from '../modules/identity/index'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../platform/i18n/locales'

export { useRootData } from '../components/use-root-data'

export function routeLocale(params: { lang?: string }): Locale {
  return isLocale(params.lang) ? params.lang : DEFAULT_LOCALE
}

/** The signed-in session of a guarded page; the guard has already sent everyone else to sign in. */
export function requireSession(context: { get: (key: typeof clientSessionContext) => ClientSession | null }): ClientSession {
  const session = context.get(clientSessionContext)
  if (!session) throw new Response('Auth session missing!', { status: 401 })
  return session
}

/** Response headers that carry the cookies an auth call set. */
export function cookieHeaders(setCookies: string[], extra: string[] = []): Headers {
  const headers = new Headers()
  for (const cookie of [...setCookies, ...extra]) headers.append('set-cookie', cookie)
  return headers
}
