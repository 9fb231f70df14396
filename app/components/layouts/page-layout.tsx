import { lazy, type ReactNode, Suspense } from 'react'
import type { LayoutName } from '../../platform/ui/layout-selection'
import { useRootData } from '../use-root-data'
import { AnnoLayout } from './anno-layout'
import { DefaultLayout } from './default-layout'

// The signed-in layouts (sidebar, drawer, tooltips) load with the first signed-in page, so public pages stay light.
const AdminDashboardLayout = lazy(() => import('./admin-dashboard-layout'))
const AdminDefaultLayout = lazy(() => import('./admin-default-layout'))
const AdminOnboardingLayout = lazy(() => import('./admin-onboarding-layout'))
const SupplierLayout = lazy(() => import('./supplier-layout'))

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
  const shared = { locale, session, children }
  return <Suspense fallback={null}>{signedInLayout(name, shared, sidebarCollapsed)}</Suspense>
}

function signedInLayout(name: Exclude<LayoutName, 'none' | 'anno' | 'default'>, shared: Parameters<typeof AdminDefaultLayout>[0], sidebarCollapsed: boolean) {
  switch (name) {
    case 'admin-dashboard':
      return <AdminDashboardLayout {...shared} sidebarCollapsed={sidebarCollapsed} />
    case 'admin-default':
      return <AdminDefaultLayout {...shared} />
    case 'admin-onboarding':
      return <AdminOnboardingLayout {...shared} />
    case 'supplier':
      return <SupplierLayout {...shared} sidebarCollapsed={sidebarCollapsed} />
  }
}
