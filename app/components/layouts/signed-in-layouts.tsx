import type { ReactNode } from 'react'
import type { ClientSession } from '../../modules/identity/index'
import type { Locale } from '../../platform/i18n/locales'
import AdminDashboardLayout from './admin-dashboard-layout'
import AdminDefaultLayout from './admin-default-layout'
import AdminOnboardingLayout from './admin-onboarding-layout'
import SupplierLayout from './supplier-layout'

export type SignedInLayoutProps = { locale: Locale; session: ClientSession; sidebarCollapsed: boolean; children: ReactNode }

/** The signed-in layouts (sidebar, drawer, tooltips): one chunk, loaded by page-layout.tsx only where a page needs one. */
export const SIGNED_IN_LAYOUTS: Record<'admin-dashboard' | 'admin-default' | 'admin-onboarding' | 'supplier', (props: SignedInLayoutProps) => ReactNode> = {
  'admin-dashboard': AdminDashboardLayout,
  'admin-default': AdminDefaultLayout,
  'admin-onboarding': AdminOnboardingLayout,
  supplier: SupplierLayout,
}
