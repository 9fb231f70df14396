import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadSignedInLayouts } from './components/layouts/page-layout'
import { loadSharedCatalogs } from './platform/i18n/shared-catalogs'
import { DEFAULT_LOCALE, isLocale } from './platform/i18n/locales'

// A signed-in page hydrates with its layout already loaded: had it to wait for the chunk, React would hold the page
// unhydrated, and an update reaching it meanwhile would make React throw the server's markup away and render it again.
// Likewise the page's texts: the shared catalogs of its language (<html lang>) are a module of their own.
const lang = document.documentElement.lang
await Promise.all([loadSharedCatalogs(isLocale(lang) ? lang : DEFAULT_LOCALE), document.querySelector('[data-app-layout]') ? loadSignedInLayouts() : undefined])

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
