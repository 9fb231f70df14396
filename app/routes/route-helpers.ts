import { useRouteLoaderData } from 'react-router'
import { type ClientSession, clientSessionContext } from '../modules/identity/index'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../platform/i18n/locales'

type RootData = { locale: Locale; session: ClientSession | null }

/** The locale and session every page shares, from the root loader. */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined
  return { locale: data?.locale ?? DEFAULT_LOCALE, session: data?.session ?? null }
}

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
