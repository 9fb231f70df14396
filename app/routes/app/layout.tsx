import { Outlet } from 'react-router'
import { AppLayout } from '../../components/layouts/app-layout'
import { useRootData } from '../route-helpers'

/** The signed-in area; the auth guard has already sent anonymous visitors to sign in. */
export default function AppArea() {
  const { locale, session } = useRootData()
  if (!session) return null
  return (
    <AppLayout locale={locale} session={session}>
      <Outlet />
    </AppLayout>
  )
}
