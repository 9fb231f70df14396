import { Link } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { buttonClasses } from '../../../components/ui/button'
import { OrderList, orderExportHref, type OrderSide } from '../../../modules/orders/index'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { useRootData } from '../../route-helpers'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { OrderListPageData } from './order-list-page.server'

/** What tells the all-orders page and the buyer's list apart. */
const PAGES = {
  all: { title: 'list.title', description: 'list.description', basePath: '/app/orders' },
  buyer: { title: 'list.buyerTitle', description: 'list.buyerDescription', basePath: '/app/orders/buyer' },
} as const satisfies Partial<Record<OrderSide, unknown>>

/** A list of the company's purchase orders with its filters, CSV export and "New order". */
export function OrderListPage({ data, side }: { data: OrderListPageData; side: keyof typeof PAGES }) {
  useLiveRevalidate((change) => change.entity === 'purchase_order')
  const { t } = useTranslation('orders')
  const { locale } = useRootData()
  const page = PAGES[side]
  return (
    <AppPage
      title={t(page.title)}
      description={t(page.description)}
      actions={
        <>
          <a href={orderExportHref(data.filters, side)} className={buttonClasses('secondary')} download>
            {t('list.exportCsv')}
          </a>
          <Link to={localizePath(locale, '/app/orders/new-order')} className={buttonClasses('primary')}>
            {t('list.newOrder')}
          </Link>
        </>
      }
    >
      {data.saved ? <Alert tone="success">{t('list.saved')}</Alert> : null}
      <OrderList
        locale={locale}
        basePath={page.basePath}
        filters={data.filters}
        counterparts={data.counterparts}
        rows={data.rows}
        total={data.total}
        offset={data.offset}
        limit={data.limit}
        showSide={side === 'all'}
      />
    </AppPage>
  )
}
