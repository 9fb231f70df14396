import { Form, Link } from 'react-router'
import { Money } from '../../../components/money'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../orders.constants'
import type { PurchaseOrderSummary } from '../purchase-order.types'
import { type OrderListFilters, orderListHref, orderListSearch } from '../order-list-params'
import { calendarDay } from './calendar-day'
import { OrderStatusBadge } from './order-status-badge'

/** One row of an order list, as loaders send it (dates as ISO text). */
export type OrderListRow = {
  id: string
  number: string
  status: PurchaseOrderStatus
  side: 'buyer' | 'supplier'
  counterpart: string
  currency: string
  total: string
  lineCount: number
  requestedDeliveryDate: string | null
  createdAt: string
}

type OrderListProps = {
  locale: Locale
  /** The list page's path without locale, e.g. `/app/orders`; the filter form and paging links go there. */
  basePath: string
  filters: OrderListFilters
  counterparts: Array<{ id: string; name: string }>
  rows: OrderListRow[]
  total: number
  offset: number
  limit: number
  /** Shows the side column (lists of both sides). */
  showSide: boolean
  /** Where a row links: the buyer's or the supplier's order page. */
  hrefOf?: (row: OrderListRow) => string
}

/** A summary as a list row (plain JSON for the loader). */
export function toOrderListRow(order: PurchaseOrderSummary): OrderListRow {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    side: order.side,
    counterpart: order.counterpart.name,
    currency: order.currency,
    total: order.total,
    lineCount: order.lineCount,
    requestedDeliveryDate: order.requestedDeliveryDate,
    createdAt: order.createdAt.toISOString(),
  }
}

const defaultHref = (row: OrderListRow) => (row.side === 'supplier' ? `/app/supplier/purchase/order/${row.id}` : `/app/orders/${row.id}/view`)

/** The CSV export of the same filters (one endpoint for every list). */
export const orderExportHref = (filters: OrderListFilters, side: 'all' | 'buyer' | 'supplier') => {
  const search = orderListSearch(filters)
  const sideParam = side === 'all' ? '' : `side=${side}`
  const query = [sideParam, search].filter(Boolean).join('&')
  return `/api/v1/orders/export.csv${query ? `?${query}` : ''}`
}

/** Filters, table, empty states and pagination of purchase orders (texts from `orders`). */
export function OrderList({ locale, basePath, filters, counterparts, rows, total, offset, limit, showSide, hrefOf = defaultHref }: OrderListProps) {
  const { t } = useTranslation('orders')
  const format = useFormatter()
  const base = localizePath(locale, basePath)
  const filtered = Boolean(filters.status || filters.counterpart || filters.from || filters.to || filters.q)
  return (
    <div className="flex flex-col gap-4">
      <Form
        method="get"
        action={base}
        role="search"
        aria-label={t('list.filters.label')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1.5fr_1fr_1fr_auto] lg:items-end"
      >
        <FormField label={t('list.filters.q')}>
          {(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={100} placeholder={t('list.filters.qHint')} {...control} />}
        </FormField>
        <FormField label={t('list.filters.status')}>
          {(control) => (
            <NativeSelect name="status" defaultValue={filters.status} {...control}>
              <option value="">{t('list.filters.anyStatus')}</option>
              {PURCHASE_ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('list.filters.counterpart')}>
          {(control) => (
            <NativeSelect name="counterpart" defaultValue={filters.counterpart} {...control}>
              <option value="">{t('list.filters.anyCounterpart')}</option>
              {counterparts.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('list.filters.from')}>{(control) => <Input type="date" name="from" defaultValue={filters.from} {...control} />}</FormField>
        <FormField label={t('list.filters.to')}>{(control) => <Input type="date" name="to" defaultValue={filters.to} {...control} />}</FormField>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            {t('list.filters.apply')}
          </Button>
          {filtered ? (
            <Link to={base} className={buttonClasses('ghost')}>
              {t('list.filters.clear')}
            </Link>
          ) : null}
        </div>
      </Form>

      <section aria-labelledby="orders-results-title" className="flex flex-col gap-3">
        <h2 id="orders-results-title" className="sr-only">
          {t('list.tableLabel')}
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('list.resultCount', { count: format.number(total) })}
        </p>
        {rows.length === 0 ? (
          <EmptyState
            title={filtered ? t('list.emptyFiltered') : t('list.empty')}
            description={filtered ? undefined : t('list.emptyDescription')}
            action={
              filtered ? (
                <Link to={base} className={buttonClasses('secondary')}>
                  {t('list.filters.clear')}
                </Link>
              ) : undefined
            }
          />
        ) : (
          <Table aria-label={t('list.tableLabel')} stackOnPhone>
            <TableHeader>
              <TableRow>
                <TableHead>{t('list.columns.number')}</TableHead>
                {showSide ? <TableHead>{t('list.columns.side')}</TableHead> : null}
                <TableHead>{t('list.columns.counterpart')}</TableHead>
                <TableHead>{t('list.columns.status')}</TableHead>
                <TableHead className="text-end">{t('list.columns.lines')}</TableHead>
                <TableHead className="text-end">{t('list.columns.total')}</TableHead>
                <TableHead>{t('list.columns.delivery')}</TableHead>
                <TableHead>{t('list.columns.created')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="font-mono text-xs font-medium">
                    <Link to={localizePath(locale, hrefOf(row))} className="underline-offset-4 hover:underline">
                      {row.number}
                    </Link>
                  </TableCell>
                  {showSide ? <TableCell label={t('list.columns.side')}>{t(`side.${row.side}`)}</TableCell> : null}
                  <TableCell label={t('list.columns.counterpart')}>{row.counterpart}</TableCell>
                  <TableCell label={t('list.columns.status')}>
                    <OrderStatusBadge status={row.status} />
                  </TableCell>
                  <TableCell label={t('list.columns.lines')} className="text-end">
                    {format.number(row.lineCount)}
                  </TableCell>
                  <TableCell label={t('list.columns.total')} className="text-end whitespace-nowrap">
                    <Money amount={row.total} currency={row.currency} />
                  </TableCell>
                  <TableCell label={t('list.columns.delivery')} className="whitespace-nowrap">
                    {row.requestedDeliveryDate ? format.date(calendarDay(row.requestedDeliveryDate)) : '—'}
                  </TableCell>
                  <TableCell label={t('list.columns.created')} className="whitespace-nowrap">
                    {format.date(row.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Pagination total={total} offset={offset} limit={limit} hrefFor={(next) => orderListHref(base, filters, next)} />
      </section>
    </div>
  )
}
