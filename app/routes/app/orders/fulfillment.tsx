import { redirect, type ShouldRevalidateFunctionArgs } from 'react-router'
import { BOARD_COLUMNS, type BoardColumn, boardIntentAction, FulfilmentBoard, isBoardIntent } from '../../../modules/orders/index'
import { listPurchaseOrders, transitionPurchaseOrder } from '../../../modules/orders/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/fulfillment'

/** Cards per open column; the rest are a link away in the received-orders list. */
const COLUMN_LIMIT = 50
/** Delivered orders are shown for reference only: the most recent few. */
const DELIVERED_LIMIT = 10

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const pages = await withRouteErrors(() =>
    Promise.all(
      BOARD_COLUMNS.map((status) =>
        listPurchaseOrders(ctx, { side: 'supplier', status, limit: status === 'delivered' ? DELIVERED_LIMIT : COLUMN_LIMIT, offset: 0 }),
      ),
    ),
  )
  const today = new Date().toISOString().slice(0, 10)
  const listHref = localizePath(ctx.locale, '/app/supplier/purchase-order')
  return {
    ...pageData(ctx.locale, 'fulfilment', 'board.metaTitle'),
    boardHref: localizePath(ctx.locale, '/app/orders/fulfillment'),
    confirmShipId: url.searchParams.get('ship'),
    columns: BOARD_COLUMNS.map((status, index) => {
      const page = pages[index]!
      return {
        status,
        total: page.total,
        moreHref: `${listHref}?status=${status}`,
        cards: page.items.map((order) => ({
          id: order.id,
          number: order.number,
          status: order.status as BoardColumn,
          buyer: order.buyer.name,
          buyerHref: order.buyer.id ? `${listHref}?counterpart=${encodeURIComponent(order.buyer.id)}` : null,
          total: order.total,
          currency: order.currency,
          requestedDeliveryDate: order.requestedDeliveryDate,
          overdue: status !== 'delivered' && order.requestedDeliveryDate !== null && order.requestedDeliveryDate < today,
          seen: String(order.version),
          href: localizePath(ctx.locale, `/app/supplier/purchase/order/${order.id}`),
        })),
      }
    }),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** A refused move leaves the board showing what it was; reload it so the card shows where the order really is. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const orderId = String(form.get('orderId') ?? '')
  const seen = String(form.get('seen') ?? '')
  if (!isBoardIntent(intent) || !orderId) return failure({ ok: false, fieldErrors: {} }, 400)
  // Goods leave on a shipment: moving a card to "shipped" opens the booking form with everything left on the order.
  if (intent === 'ship_all') return redirect(localizePath(ctx.locale, `/app/shipments/shipping?order=${encodeURIComponent(orderId)}`))
  try {
    // The card's version: a move on a stale card is refused by the service (409 stale_version).
    const moved = await transitionPurchaseOrder(ctx, orderId, {
      action: boardIntentAction(intent) as 'confirm' | 'start_production',
      version: Number(seen) || 0,
      reason: '',
    })
    return { ok: true as const, intent, number: moved.number }
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

export default function FulfilmentPage({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'purchase_order')
  const { t } = useTranslation('fulfilment')
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('board.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('board.description')}</p>
      </div>
      <FulfilmentBoard columns={loaderData.columns} confirmShipId={loaderData.confirmShipId} boardHref={loaderData.boardHref} pageResult={actionData} />
    </div>
  )
}
