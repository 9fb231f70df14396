import type { ReactNode } from 'react'
import type { ClientSession } from '../../modules/identity/index'
import type { Locale } from '../../platform/i18n/locales'
import { AppLayout } from './app/app-layout'
import { APP_NAVIGATION } from './app/navigation'

/** `admin-dashboard`: the signed-in app with its sidebar grouped by area. */
export default function AdminDashboardLayout(props: { locale: Locale; session: ClientSession; sidebarCollapsed: boolean; children: ReactNode }) {
  return <AppLayout {...props} navigation={APP_NAVIGATION} />
}
