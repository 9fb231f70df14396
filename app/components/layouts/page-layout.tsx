import { type ReactNode, Suspense, use } from 'react'
import type { LayoutName } from '../../platform/ui/layout-selection'
import { useRootData } from '../use-root-data'
import { AnnoLayout } from './anno-layout'
import { DefaultLayout } from './default-layout'
import type { SIGNED_IN_LAYOUTS, SignedInLayoutProps } from './signed-in-layouts'

type SignedInLayouts = typeof SIGNED_IN_LAYOUTS
type SignedInLayoutName = keyof SignedInLayouts

let loaded: SignedInLayouts | undefined
let loading: Promise<SignedInLayouts> | undefined

/**
 * Loads the signed-in layouts' chunk once (public pages never ship it). The server loads it at start and the browser before
 * it hydrates a signed-in page (entry.client.tsx), so neither render suspends: a page whose layout suspended was streamed
 * in a boundary React revealed only ~300 ms after first paint, and updates reaching it while it waited to hydrate made
 * React render it again beside the server's copy (two forms on the page for a moment).
 */
export function loadSignedInLayouts(): Promise<SignedInLayouts> {
  loading ??= import('./signed-in-layouts').then((module) => (loaded = module.SIGNED_IN_LAYOUTS))
  return loading
}

/** A signed-in layout: at once when the chunk is loaded, otherwise after it loads (a first navigation from a public page). */
function SignedInLayout({ name, ...props }: SignedInLayoutProps & { name: SignedInLayoutName }) {
  const Layout = (loaded ?? use(loadSignedInLayouts()))[name]
  return <Layout {...props} />
}

/** Renders the layout chosen for the page (§2); signed-in layouts need a session, which the guard ensures. */
export function PageLayout({ name, children }: { name: LayoutName; children: ReactNode }) {
  const { locale, session, sidebarCollapsed } = useRootData()
  if (name === 'none') return children
  if (name === 'anno') return <AnnoLayout locale={locale}>{children}</AnnoLayout>
  if (name === 'default' || !session) {
    return (
      <DefaultLayout locale={locale} session={session}>
        {children}
      </DefaultLayout>
    )
  }
  return (
    <Suspense fallback={null}>
      <SignedInLayout name={name} locale={locale} session={session} sidebarCollapsed={sidebarCollapsed}>
        {children}
      </SignedInLayout>
    </Suspense>
  )
}
