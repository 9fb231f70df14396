import type { ReactNode } from 'react'
import type { LayoutName } from '../../platform/ui/layout-selection'
import { useRootData } from '../use-root-data'
import { AnnoLayout } from './anno-layout'
import { AppLayout } from './app-layout'
import { PublicLayout } from './public-layout'

/** Renders the layout chosen for the page (§2); signed-in layouts need a session, which the guard ensures. */
export function PageLayout({ name, children }: { name: LayoutName; children: ReactNode }) {
  const { locale, session } = useRootData()
  switch (name) {
    case 'none':
      return children
    case 'anno':
      return <AnnoLayout locale={locale}>{children}</AnnoLayout>
    case 'admin-dashboard':
    case 'admin-default':
    case 'admin-onboarding':
    case 'supplier':
      return session ? (
        <AppLayout locale={locale} session={session}>
          {children}
        </AppLayout>
      ) : (
        children
      )
    case 'default':
      return (
        <PublicLayout locale={locale} session={session}>
          {children}
        </PublicLayout>
      )
  }
}
