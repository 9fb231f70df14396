import { requireActor } from '../../modules/companies/index.server'
import { withRouteErrors } from '../../platform/forms.server'
import { DashboardPage } from '../../workflows/dashboard/components/dashboard-page'
import { dashboardMessages } from '../../workflows/dashboard/dashboard-messages.server'
import { loadDashboard } from '../../workflows/dashboard/dashboard.server'
import { pageData } from '../page-data.server'
import { PAGE_MESSAGES } from '../page-messages'
import { useRootData } from '../route-helpers'
import type { Route } from './+types/dashboard'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const dashboard = await withRouteErrors(() => loadDashboard(ctx, new URL(request.url).searchParams))
  const page = pageData(ctx.locale, 'dashboard', 'metaTitle', PAGE_MESSAGES.dashboard)
  return { ...page, i18n: { ...page.i18n, dashboard: dashboardMessages(ctx.locale, dashboard) }, dashboard }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { locale, session, companies } = useRootData()
  return <DashboardPage data={loaderData.dashboard} locale={locale} name={session?.user.name ?? ''} company={companies?.active?.name ?? null} />
}
