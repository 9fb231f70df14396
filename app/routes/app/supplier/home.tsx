import { requireActor } from '../../../modules/companies/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { SupplierHomePage } from '../../../workflows/supplier-home/components/supplier-home-page'
import { loadSupplierHome } from '../../../workflows/supplier-home/supplier-home.server'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/home'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const home = await withRouteErrors(() => loadSupplierHome(ctx))
  return { ...pageData(ctx.locale, 'supplierHome', 'meta.title', PAGE_MESSAGES.supplierHome), home }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function SupplierHome({ loaderData }: Route.ComponentProps) {
  useLiveRevalidate((change) => ['rfq', 'quotation', 'purchase_order', 'service_order'].includes(change.entity))
  const { locale, companies } = useRootData()
  return <SupplierHomePage home={loaderData.home} locale={locale} company={companies?.active?.name ?? ''} />
}
