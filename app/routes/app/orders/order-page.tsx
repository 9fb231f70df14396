import { OpenConversation } from '../../../modules/messaging/index'
import { OrderDetail, type OrderActionResult } from '../../../modules/orders/index'
import { OrderShipments } from '../../../modules/logistics/index'
import { RecordDocuments } from '../../../modules/documents/index'
import { OrderPaymentsPanel } from '../../../modules/finance/index'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import { useRootData } from '../../route-helpers'
import type { loadOrderDetail } from './order-detail.server'

type OrderPageProps = {
  loaderData: Awaited<ReturnType<typeof loadOrderDetail>>
  actionData: OrderActionResult
  backHref: string
}

/**
 * One purchase order as either party sees it (buyer: /app/orders/{id}/view, supplier: /app/supplier/purchase/order/{id}):
 * the detail with its actions, the entry to the order's conversation, and a live refresh when the other party acts.
 */
export function OrderPage({ loaderData, actionData, backHref }: OrderPageProps) {
  useLiveRevalidate((change) => (change.entity === 'purchase_order' && change.id === loaderData.order.id) || change.entity === 'shipment')
  const { locale } = useRootData()
  const thread = loaderData.orderThread
  return (
    <div className="flex flex-col gap-4">
      {thread ? (
        <div className="flex justify-end">
          <OpenConversation locale={locale} target={thread.target} existingId={thread.existingId} labelKey="entry.conversation" />
        </div>
      ) : null}
      <OrderDetail order={loaderData.order} locale={locale} result={actionData} saved={loaderData.saved} backHref={backHref} />
      {loaderData.payments ? <OrderPaymentsPanel locale={locale} payments={loaderData.payments} idempotencyKey={loaderData.paymentKey} /> : null}
      <OrderShipments locale={locale} shipments={loaderData.shipments} />
      <RecordDocuments
        locale={locale}
        source={{ kind: 'purchase_order', id: loaderData.order.id }}
        documents={loaderData.documents}
        canCreate={loaderData.order.status !== 'draft'}
      />
    </div>
  )
}
