import { data, Outlet } from 'react-router'
import { requestInfoContext } from '../platform/request-info'
import { isLocale } from '../platform/i18n/locales'
import type { Route } from './+types/locale-layout'

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isLocale(params.lang)) throw data(`Page not found: /${params.lang}`, { status: 404 })
  // Test-only fault injection (FAULT_INJECTION=on) so the error page for a thrown error can be exercised.
  if (context.get(requestInfoContext).faultInjection === 'loader') throw new Error('Injected fault for testing')
  return null
}

export default function LocaleLayout() {
  return <Outlet />
}
