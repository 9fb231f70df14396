import type { ShouldRevalidateFunction } from 'react-router'
import { loadOrderDetail, orderDetailAction } from './order-detail.server'
import { OrderPage } from './order-page'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/view'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export const loader = (args: Route.LoaderArgs) => loadOrderDetail(args)
export const action = (args: Route.ActionArgs) => orderDetailAction(args)

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.order.number} · ${loaderData.title}` : undefined }]

// A refused step (409: someone else moved the order) must show the order as it is now.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate

export default function OrderViewPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderPage loaderData={loaderData} actionData={actionData} backHref={loaderData.order.side === 'buyer' ? '/app/orders/buyer' : '/app/orders'} />
}
