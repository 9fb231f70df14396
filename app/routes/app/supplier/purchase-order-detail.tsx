import type { ShouldRevalidateFunction } from 'react-router'
import { OrderDetail } from '../../../modules/orders/index'
import { requireActor } from '../../../modules/companies/index.server'
import { OpenConversation } from '../../../modules/messaging/index'
import { messagesFor } from '../../../platform/i18n/translate.server'
import { useRootData } from '../../route-helpers'
import { threadEntry } from '../inbox/entry-points.server'
import { loadOrderDetail, orderDetailAction } from '../orders/order-detail.server'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { Route } from './+types/purchase-order-detail'

export async function loader(args: Route.LoaderArgs) {
  const page = await loadOrderDetail(args)
  const ctx = requireActor(args.context, args.params)
  return { ...page, i18n: { ...page.i18n, ...messagesFor(ctx.locale, 'chat') }, orderThread: await threadEntry(ctx, { kind: 'order', orderId: page.order.id }) }
}
export const action = (args: Route.ActionArgs) => orderDetailAction(args)

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.order.number} · ${loaderData.title}` : undefined }]

// A refused step (409: someone else moved the order) must show the order as it is now.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate

export default function SupplierOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'purchase_order' && change.id === loaderData.order.id)
  const { locale } = useRootData()
  const thread = loaderData.orderThread
  return (
    <div className="flex flex-col gap-4">
      {thread ? (
        <div className="flex justify-end">
          <OpenConversation locale={locale} target={thread.target} existingId={thread.existingId} labelKey="entry.conversation" />
        </div>
      ) : null}
      <OrderDetail order={loaderData.order} locale={locale} result={actionData} saved={loaderData.saved} backHref={'/app/supplier/purchase-order'} />
    </div>
  )
}
