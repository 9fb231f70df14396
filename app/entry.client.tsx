import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadSignedInLayouts } from './components/layouts/page-layout'
import { loadSharedCatalogs } from './platform/i18n/shared-catalogs'
import { DEFAULT_LOCALE, isLocale } from './platform/i18n/locales'
import { handlePreloadError } from './platform/reload-guard'
import { withoutServerOnlyFlags } from './platform/route-matching'

// A lazy import that fails (a chunk gone with a new deploy) reloads the page once, never again within 10 s (§9). Listening
// before anything is imported: the catalogs and the layouts below are lazy imports too.
window.addEventListener('vite:preloadError', handlePreloadError)

// A signed-in page hydrates with its layout already loaded: had it to wait for the chunk, React would hold the page
// unhydrated, and an update reaching it meanwhile would make React throw the server's markup away and render it again.
// Likewise the page's texts: the shared catalogs of its language (<html lang>) are a module of their own.
const { locale, interfaceLocale } = document.documentElement.dataset
await Promise.all([
  loadSharedCatalogs(isLocale(locale) ? locale : DEFAULT_LOCALE, interfaceLocale ?? null),
  document.querySelector('[data-app-layout]') ? loadSignedInLayouts() : undefined,
])

// The server matches routes with a matcher the browser does not load (ADR 062): the router here keeps its default one.
withoutServerOnlyFlags((window as { __reactRouterContext?: { future?: Record<string, unknown> } }).__reactRouterContext)

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
