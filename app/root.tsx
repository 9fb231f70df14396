import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { ErrorPage } from './components/error-page'
import { AuthEventsProvider } from './modules/identity/components/auth-events-provider'
import { clientSessionContext } from './modules/identity/index'
import { authMiddleware } from './modules/identity/index.server'
import { useI18nInstance } from './platform/i18n/use-i18n-instance'
import { DEFAULT_LOCALE, isLocale, LOCALE_ENTRIES } from './platform/i18n/locales'
import { resourcesFor } from './platform/i18n/translate.server'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: stylesheet },
]

export const middleware: Route.MiddlewareFunction[] = [authMiddleware]

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = isLocale(params.lang) ? params.lang : DEFAULT_LOCALE
  return { locale, resources: resourcesFor(locale), session: context.get(clientSessionContext) }
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const entry = LOCALE_ENTRIES[data?.locale ?? DEFAULT_LOCALE]
  return (
    <html lang={entry.code} dir={entry.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

function Providers({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const i18n = useI18nInstance(data?.locale ?? DEFAULT_LOCALE, data?.resources)
  return (
    <I18nextProvider i18n={i18n}>
      <AuthEventsProvider session={data?.session ?? null}>{children}</AuthEventsProvider>
    </I18nextProvider>
  )
}

export default function App() {
  return (
    <Providers>
      <Outlet />
    </Providers>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const detail = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined
  return (
    <Providers>
      <ErrorPage status={status} detail={status < 500 ? detail : undefined} />
    </Providers>
  )
}
