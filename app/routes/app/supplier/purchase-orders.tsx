import { Link } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { buttonClasses } from '../../../components/ui/button'
import { OrderList, orderExportHref, orderListFilters, orderListQueryFrom, toOrderListRow } from '../../../modules/orders/index'
import { listPurchaseOrders, orderCounterparts } from '../../../modules/orders/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { messagesFor } from '../../../platform/i18n/translate.server'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/purchase-orders'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const query = orderListQueryFrom(new URL(request.url).searchParams, 'supplier')
  const [page, counterparts] = await withRouteErrors(() => Promise.all([listPurchaseOrders(ctx, query), orderCounterparts(ctx)]))
  return {
    ...pageData(ctx.locale, 'fulfilment', 'received.metaTitle'),
    // The list, its filters and status names speak the `orders` catalog.
    i18n: messagesFor(ctx.locale, 'fulfilment', 'orders'),
    filters: orderListFilters(query),
    counterparts,
    rows: page.items.map(toOrderListRow),
    total: page.total,
    offset: query.offset,
    limit: query.limit,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ReceivedOrdersPage({ loaderData: data }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'purchase_order')
  const { t } = useTranslation('fulfilment')
  const { locale } = useRootData()
  return (
    <AppPage
      title={t('received.title')}
      description={t('received.description')}
      actions={
        <>
          <a href={orderExportHref(data.filters, 'supplier')} className={buttonClasses('secondary')} download>
            {t('received.exportCsv')}
          </a>
          <Link to={localizePath(locale, '/app/orders/fulfillment')} className={buttonClasses('secondary')}>
            {t('received.board')}
          </Link>
          <Link to={localizePath(locale, '/app/supplier/purchase/orderItem')} className={buttonClasses('secondary')}>
            {t('received.openLines')}
          </Link>
        </>
      }
    >
      <OrderList
        locale={locale}
        basePath="/app/supplier/purchase-order"
        filters={data.filters}
        counterparts={data.counterparts}
        rows={data.rows}
        total={data.total}
        offset={data.offset}
        limit={data.limit}
        showSide={false}
        hrefOf={(row) => `/app/supplier/purchase/order/${row.id}`}
      />
    </AppPage>
  )
}
