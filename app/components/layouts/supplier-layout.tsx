import type { ReactNode } from 'react'
import type { ClientSession } from '../../modules/identity/index'
import type { Locale } from '../../platform/i18n/locales'
import { AppLayout } from './app/app-layout'
import { SUPPLIER_NAVIGATION } from './app/navigation'

/** `supplier`: the supplier area with its own sidebar. */
export default function SupplierLayout(props: { locale: Locale; session: ClientSession; sidebarCollapsed: boolean; children: ReactNode }) {
  return <AppLayout {...props} navigation={SUPPLIER_NAVIGATION} />
}
