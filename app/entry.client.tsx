import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadSignedInLayouts } from './components/layouts/page-layout'

// A signed-in page hydrates with its layout already loaded: had it to wait for the chunk, React would hold the page
// unhydrated, and an update reaching it meanwhile would make React throw the server's markup away and render it again.
if (document.querySelector('[data-app-layout]')) await loadSignedInLayouts()

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
