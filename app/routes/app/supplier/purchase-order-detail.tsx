import type { ShouldRevalidateFunction } from 'react-router'
import { loadOrderDetail, orderDetailAction } from '../orders/order-detail.server'
import { OrderPage } from '../orders/order-page'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/purchase-order-detail'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export const loader = (args: Route.LoaderArgs) => loadOrderDetail(args)
export const action = (args: Route.ActionArgs) => orderDetailAction(args)

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.order.number} · ${loaderData.title}` : undefined }]

// A refused step (409: someone else moved the order) must show the order as it is now.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate

export default function SupplierOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderPage loaderData={loaderData} actionData={actionData} backHref="/app/supplier/purchase-order" />
}
