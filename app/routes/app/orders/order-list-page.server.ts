import { orderListFilters, orderListQueryFrom, toOrderListRow } from '../../../modules/orders/index'
import { listPurchaseOrders, orderCounterparts } from '../../../modules/orders/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { withRouteErrors } from '../../../platform/forms.server'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'

/** The loader data of an order list page: the filters from the URL, one page of orders and the trading partners. */
export async function loadOrderListPage(ctx: ServiceContext, request: Request, side: 'all' | 'buyer') {
  const url = new URL(request.url)
  const query = orderListQueryFrom(url.searchParams, side)
  const [page, counterparts] = await withRouteErrors(() => Promise.all([listPurchaseOrders(ctx, query), orderCounterparts(ctx)]))
  return {
    ...pageData(ctx.locale, 'orders', side === 'buyer' ? 'list.buyerMetaTitle' : 'list.metaTitle', PAGE_MESSAGES.orderList),
    filters: orderListFilters(query),
    counterparts,
    rows: page.items.map(toOrderListRow),
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    saved: url.searchParams.get('saved') === '1',
  }
}

export type OrderListPageData = Awaited<ReturnType<typeof loadOrderListPage>>
