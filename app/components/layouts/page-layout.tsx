import type { ReactNode } from 'react'
import type { LayoutName } from '../../platform/ui/layout-selection'
import { useRootData } from '../use-root-data'
import { AdminDashboardLayout } from './admin-dashboard-layout'
import { AdminDefaultLayout } from './admin-default-layout'
import { AdminOnboardingLayout } from './admin-onboarding-layout'
import { AnnoLayout } from './anno-layout'
import { DefaultLayout } from './default-layout'
import { SupplierLayout } from './supplier-layout'

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
