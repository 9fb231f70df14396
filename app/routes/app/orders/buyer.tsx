import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { buttonClasses } from '../../../components/ui/button'
import { OrderList, orderExportHref, orderListFilters, orderListQueryFrom, toOrderListRow } from '../../../modules/orders/index'
import { listPurchaseOrders, orderCounterparts } from '../../../modules/orders/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/buyer'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const query = orderListQueryFrom(url.searchParams, 'buyer')
  const [page, counterparts] = await withRouteErrors(() => Promise.all([listPurchaseOrders(ctx, query), orderCounterparts(ctx)]))
  return {
    ...pageData(ctx.locale, 'orders', 'list.buyerMetaTitle'),
    filters: orderListFilters(query),
    counterparts,
    rows: page.items.map(toOrderListRow),
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    saved: url.searchParams.get('saved') === '1',
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function BuyerOrdersPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  const { locale } = useRootData()
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t('list.buyerTitle')}</h1>
          <p className="text-sm text-muted-foreground">{t('list.buyerDescription')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={orderExportHref(data.filters, 'buyer')} className={buttonClasses('secondary')} download>
            {t('list.exportCsv')}
          </a>
          <Link to={localizePath(locale, '/app/orders/new-order')} className={buttonClasses('primary')}>
            {t('list.newOrder')}
          </Link>
        </div>
      </div>
      {data.saved ? <Alert tone="success">{t('list.saved')}</Alert> : null}
      <OrderList locale={locale} basePath="/app/orders/buyer" filters={data.filters} counterparts={data.counterparts} rows={data.rows} total={data.total} offset={data.offset} limit={data.limit} showSide={false} />
    </div>
  )
}
