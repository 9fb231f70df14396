import { type ReactNode, use, useState } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import sprite from './components/ui/sprite-icons.svg?no-inline'
import { ColorModeProvider, htmlColorClass } from './components/color-mode'
import { ErrorPage, NewVersionPage } from './components/error-page'
import { PageLayout } from './components/layouts/page-layout'
import { NavigationProgress } from './components/ui/navigation-progress'
import { HydrationProvider } from './components/use-hydrated'
import { ToastHost } from './components/ui/toast'
import { SpriteUrlProvider } from './components/ui/sprite-icon'
import { AuthEventsProvider } from './modules/identity/index'
import { clientSessionContext, PreferencesProvider } from './modules/identity/index'
import { authMiddleware, viewerPreferences } from './modules/identity/index.server'
import { companiesContext } from './modules/companies/index'
import { companiesMiddleware, requireActor } from './modules/companies/index.server'
import { rateTable } from './platform/fx/fx.service.server'
import { requestInfoContext } from './platform/request-info'
import { rejectedInputMiddleware } from './platform/input-middleware.server'
import { isChunkLoadError, isReloading } from './platform/reload-guard'
import { readCookie } from './platform/http/cookies'
import type { LocaleResources } from './platform/i18n/i18n'
import { I18nProvider } from './platform/i18n/react'
import { DEFAULT_LOCALE, isLocale, type Locale, LOCALE_ENTRIES, splitLocalePath } from './platform/i18n/locales'
import { loadSharedCatalogs, sharedCatalogs } from './platform/i18n/shared-catalogs'
import { INTERFACE_LOCALE_COOKIE, INTERFACE_LOCALE_ENTRIES, viewerInterfaceLocale } from './platform/i18n/interface-locales'
import type { InterfaceEntry } from './platform/i18n/interface-fallback'
import { COLOR_MODE_COOKIE, colorPreferenceFromCookie } from './platform/ui/color-mode'
import { selectLayout } from './platform/ui/layout-selection'
import { pageSettings } from './platform/ui/route-handle'
import { collapsedGroupsFromCookie, NAV_GROUPS_COOKIE, SIDEBAR_COOKIE, sidebarCollapsedFromCookie } from './platform/ui/sidebar'
import { isGuidePage } from './workflows/guide/guide-steps'
import { sidebarGuideProgress } from './workflows/guide/guide.server'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // With a precedence React sends the stylesheet first in the head, ahead of the page's module preloads (ADR 031).
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
]

export const middleware: Route.MiddlewareFunction[] = [rejectedInputMiddleware, authMiddleware, companiesMiddleware]

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const locale = isLocale(params.lang) ? params.lang : DEFAULT_LOCALE
  const cookies = request.headers.get('cookie')
  const session = context.get(clientSessionContext)
  const companies = context.get(companiesContext)
  // The sidebar's guide figure: nothing read once the guide is finished or dismissed, a minute's cache until then. The
  // guide page brings its own, read fresh.
  const guideState = isGuidePage(splitLocalePath(new URL(request.url).pathname).rest) ? undefined : companies?.active?.guide
  // The reference rates (cached in memory) let every page show amounts in the viewer's currency (ADR 021).
  const [preferences, fx, guide] = await Promise.all([
    viewerPreferences(session, { locale, requestId: context.get(requestInfoContext).requestId }),
    rateTable(),
    session && guideState ? sidebarGuideProgress(requireActor(context, params), guideState) : null,
  ])
  // Issue 26: the signed-in user's choice, else a visitor's (cookie), else none (the product locale's own applies). Its
  // tag and direction travel with it, so that the list of languages stays out of every page's JavaScript.
  const interfaceLocale = viewerInterfaceLocale(preferences.interface_locale, session !== null, readCookie(cookies, INTERFACE_LOCALE_COOKIE))
  const interfaceEntry: InterfaceEntry | null = interfaceLocale
    ? { tag: INTERFACE_LOCALE_ENTRIES[interfaceLocale].tag, dir: INTERFACE_LOCALE_ENTRIES[interfaceLocale].dir }
    : null
  return {
    locale,
    interfaceLocale,
    interfaceEntry,
    session,
    companies,
    preferences,
    fx,
    colorPreference: colorPreferenceFromCookie(readCookie(cookies, COLOR_MODE_COOKIE)),
    sidebarCollapsed: sidebarCollapsedFromCookie(readCookie(cookies, SIDEBAR_COOKIE)),
    collapsedNavGroups: collapsedGroupsFromCookie(readCookie(cookies, NAV_GROUPS_COOKIE)),
    guide,
  }
}

/** Leaving the guide page reads the sidebar's figure again: the page has just stored a fresh one (cached reads only otherwise). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || (isGuidePage(splitLocalePath(currentUrl.pathname).rest) && !isGuidePage(splitLocalePath(nextUrl.pathname).rest))

/**
 * The page's locale from its address, for a render without the root loader's data: a request refused before any loader
 * ran (rejectedInputMiddleware) still gets its error page in the language of its URL.
 */
function urlLocale(matches: ReturnType<typeof useMatches>): Locale {
  const lang = matches[0]?.params.lang
  return isLocale(lang) ? lang : DEFAULT_LOCALE
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const matches = useMatches()
  const locale = data?.locale ?? urlLocale(matches)
  // <html lang> is the interface language's BCP 47 tag when one is chosen (issue 26), else the product locale's code;
  // data-locale and data-interface-locale tell the client entry which catalogs to load before hydrating.
  const chosen = data?.interfaceEntry ?? null
  const entry = LOCALE_ENTRIES[locale]
  const colorClass = htmlColorClass(data?.colorPreference ?? 'system', pageSettings(matches).colorMode)
  return (
    // The client may change the colour class before hydration finishes; that difference is expected.
    <html
      lang={chosen?.tag ?? entry.code}
      dir={chosen?.dir ?? entry.dir}
      data-locale={locale}
      data-interface-locale={data?.interfaceLocale ?? undefined}
      className={colorClass}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <SpriteUrlProvider value={sprite}>{children}</SpriteUrlProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

/** Merged catalogs by signature, on the server: the same locale and groups always merge to the same texts, so every request of a page shares one. */
const mergedCatalogs = /* @__PURE__ */ new Map<string, LocaleResources>()
const MERGED_CATALOGS = 500

/**
 * The shared catalogs (common, ui) plus those the matched pages brought in their loader data (`i18n`), merged group by
 * group: a page may bring only some groups of a catalog (`pickedMessages`), and two pages of one screen different ones.
 * Catalogs are fixed per locale, so a merge is made once per locale and set of groups, and kept.
 */
function usePageResources(locale: string, sharedResources: LocaleResources): LocaleResources {
  const matches = useMatches()
  const catalogs = [sharedResources, ...matches.map((match) => (match.loaderData as { i18n?: LocaleResources } | undefined)?.i18n)].filter(
    (c): c is LocaleResources => Boolean(c),
  )
  const signature = `${locale}|${catalogs
    .flatMap((c) => Object.entries(c).map(([namespace, groups]) => `${namespace}:${Object.keys(groups).join('+')}`))
    .sort()
    .join(',')}`
  const merge = () => {
    let resources = import.meta.env.SSR ? mergedCatalogs.get(signature) : undefined
    if (!resources) {
      const merged: Record<string, Record<string, unknown>> = {}
      for (const catalog of catalogs) for (const [namespace, groups] of Object.entries(catalog)) merged[namespace] = { ...merged[namespace], ...groups }
      resources = merged as LocaleResources
      if (import.meta.env.SSR) {
        if (mergedCatalogs.size >= MERGED_CATALOGS) mergedCatalogs.clear()
        mergedCatalogs.set(signature, resources)
      }
    }
    return { signature, resources }
  }
  const [entry, setEntry] = useState(merge)
  if (entry.signature === signature) return entry.resources
  const next = merge()
  setEntry(next)
  return next.resources
}

function Providers({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const matches = useMatches()
  const locale = data?.locale ?? urlLocale(matches)
  const interfaceLocale = data?.interfaceLocale ?? null
  // Loaded before the first render (entry.server, entry.client); a navigation to another language waits for its own.
  const resources = usePageResources(
    `${locale}|${interfaceLocale ?? ''}`,
    sharedCatalogs(locale, interfaceLocale) ?? use(loadSharedCatalogs(locale, interfaceLocale)),
  )
  return (
    <I18nProvider locale={locale} interfaceLocale={interfaceLocale} interfaceEntry={data?.interfaceEntry ?? null} resources={resources}>
      <ColorModeProvider initialPreference={data?.colorPreference ?? 'system'} forced={pageSettings(matches).colorMode}>
        <PreferencesProvider initial={data?.preferences}>
          <AuthEventsProvider session={data?.session ?? null}>
            <HydrationProvider>{children}</HydrationProvider>
          </AuthEventsProvider>
        </PreferencesProvider>
      </ColorModeProvider>
    </I18nProvider>
  )
}

export default function App() {
  const matches = useMatches()
  const location = useLocation()
  const layout = selectLayout(splitLocalePath(location.pathname).rest, pageSettings(matches).layout)
  return (
    <Providers>
      <NavigationProgress />
      <PageLayout name={layout}>
        <Outlet />
      </PageLayout>
      <ToastHost />
    </Providers>
  )
}

/**
 * A refusal (4xx) renders inside the page's own layout when the root loader ran, so navigation stays; anything
 * unexpected, or an error before the root loader, renders on its own (the layout itself may be what failed). A code
 * chunk that could not be loaded (a new deploy) says so, with a reload button (the reload guard, §9).
 */
export function ErrorBoundary() {
  const error = useRouteError()
  const matches = useMatches()
  const location = useLocation()
  const rootData = useRouteLoaderData<typeof loader>('root')
  if (isChunkLoadError(error) || isReloading()) {
    return (
      <Providers>
        <NewVersionPage />
      </Providers>
    )
  }
  const status = isRouteErrorResponse(error) ? error.status : 500
  const detail = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined
  const layout = selectLayout(splitLocalePath(location.pathname).rest, pageSettings(matches).layout)
  const inLayout = Boolean(rootData) && status < 500 && layout !== 'none' && layout !== 'anno'
  const page = <ErrorPage status={status} detail={status < 500 ? detail : undefined} inLayout={inLayout} />
  return <Providers>{inLayout ? <PageLayout name={layout}>{page}</PageLayout> : page}</Providers>
}
