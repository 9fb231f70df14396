import { requireActor } from '../../../modules/companies/index.server'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/buyer'
import { OrderListPage } from './order-list-page'
import { loadOrderListPage } from './order-list-page.server'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadOrderListPage(requireActor(context, params), request, 'buyer')
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function BuyerOrdersPage({ loaderData }: Route.ComponentProps) {
  return <OrderListPage data={loaderData} side="buyer" />
}
