import type { ReactNode } from 'react'
import type { ClientSession } from '../../modules/identity/index'
import type { Locale } from '../../platform/i18n/locales'
import { AppLayout } from './app/app-layout'

/** `admin-default`: signed-in pages that need the top bar but no sidebar. */
export default function AdminDefaultLayout(props: { locale: Locale; session: ClientSession; children: ReactNode }) {
  return <AppLayout {...props} />
}
