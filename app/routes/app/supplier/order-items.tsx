import { OpenLinesTable, ReportQuery } from '../../../modules/orders/index'
import { listOpenOrderLines } from '../../../modules/orders/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/order-items'

/** The report's query from the URL; a bad parameter falls back to the first page of everything. */
function reportQueryFrom(params: URLSearchParams): ReportQuery {
  const parsed = ReportQuery.safeParse({ q: params.get('q') ?? undefined, offset: params.get('offset') ?? undefined })
  return parsed.success ? parsed.data : ReportQuery.parse({})
}

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const query = reportQueryFrom(new URL(request.url).searchParams)
  const page = await withRouteErrors(() => listOpenOrderLines(ctx, query))
  const today = new Date().toISOString().slice(0, 10)
  return {
    ...pageData(ctx.locale, 'fulfilment', 'openLines.metaTitle'),
    base: localizePath(ctx.locale, '/app/supplier/purchase/orderItem'),
    q: query.q ?? '',
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    rows: page.items.map((line) => ({
      lineId: line.lineId,
      orderNumber: line.orderNumber,
      orderHref: localizePath(ctx.locale, `/app/supplier/purchase/order/${line.orderId}`),
      buyer: line.buyerName,
      sku: line.sku,
      description: line.description,
      unit: line.unit,
      quantity: line.quantity,
      shipped: line.shipped,
      remaining: line.remaining,
      requestedDeliveryDate: line.requestedDeliveryDate,
      overdue: line.requestedDeliveryDate !== null && line.requestedDeliveryDate < today,
    })),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function OpenOrderLinesPage({ loaderData: data }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'purchase_order')
  const { t } = useTranslation('fulfilment')
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('openLines.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('openLines.description')}</p>
      </div>
      <OpenLinesTable base={data.base} q={data.q} rows={data.rows} total={data.total} offset={data.offset} limit={data.limit} />
    </div>
  )
}
