import { Form, Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { useUnitName } from '../../catalog/index'
import { calendarDay } from './calendar-day'

/** One open order line as the loader sends it; `overdue` is decided by the server so both renders agree. */
export type OpenLineRow = {
  lineId: string
  orderNumber: string
  orderHref: string
  buyer: string
  sku: string
  description: string
  unit: string
  quantity: number
  shipped: number
  remaining: number
  requestedDeliveryDate: string | null
  overdue: boolean
}

type OpenLinesTableProps = {
  /** The page's localized path: the search form and paging links go there. */
  base: string
  q: string
  rows: OpenLineRow[]
  total: number
  offset: number
  limit: number
}

/** The search and paging links of a report page (open lines, customers). */
export function reportHref(base: string, q: string, offset: number): string {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (offset > 0) params.set('offset', String(offset))
  const search = params.toString()
  return search ? `${base}?${search}` : base
}

/** Every line still to ship across the supplier's confirmed orders, the most urgent first (texts from `fulfilment`). */
export function OpenLinesTable({ base, q, rows, total, offset, limit }: OpenLinesTableProps) {
  const { t } = useTranslation('fulfilment')
  const format = useFormatter()
  const unitName = useUnitName()
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" action={base} role="search" aria-label={t('openLines.searchLabel')} className="flex flex-wrap items-end gap-3">
        <FormField label={t('openLines.search')} className="min-w-64 flex-1">
          {(control) => <Input type="search" name="q" defaultValue={q} maxLength={100} placeholder={t('openLines.searchHint')} {...control} />}
        </FormField>
        <Button type="submit" variant="secondary">
          {t('openLines.apply')}
        </Button>
        {q ? (
          <Link to={base} className={buttonClasses('ghost')}>
            {t('openLines.clear')}
          </Link>
        ) : null}
      </Form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('openLines.resultCount', { count: format.number(total) })}
      </p>
      {rows.length === 0 ? (
        <EmptyState
          title={q ? t('openLines.emptyFiltered') : t('openLines.empty')}
          description={q ? undefined : t('openLines.emptyDescription')}
          action={
            q ? (
              <Link to={base} className={buttonClasses('secondary')}>
                {t('openLines.clear')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <Table aria-label={t('openLines.tableLabel')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('openLines.columns.order')}</TableHead>
              <TableHead>{t('openLines.columns.buyer')}</TableHead>
              <TableHead>{t('openLines.columns.sku')}</TableHead>
              <TableHead>{t('openLines.columns.description')}</TableHead>
              <TableHead className="text-end">{t('openLines.columns.ordered')}</TableHead>
              <TableHead className="text-end">{t('openLines.columns.shipped')}</TableHead>
              <TableHead className="text-end">{t('openLines.columns.remaining')}</TableHead>
              <TableHead>{t('openLines.columns.unit')}</TableHead>
              <TableHead>{t('openLines.columns.delivery')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.lineId}>
                <TableCell className="font-mono text-xs font-medium">
                  <Link to={row.orderHref} className="underline-offset-4 hover:underline">
                    {row.orderNumber}
                  </Link>
                </TableCell>
                <TableCell label={t('openLines.columns.buyer')}>{row.buyer}</TableCell>
                <TableCell label={t('openLines.columns.sku')} className="font-mono text-xs">
                  {row.sku || '—'}
                </TableCell>
                <TableCell label={t('openLines.columns.description')}>{row.description}</TableCell>
                <TableCell label={t('openLines.columns.ordered')} className="text-end">
                  {format.number(row.quantity)}
                </TableCell>
                <TableCell label={t('openLines.columns.shipped')} className="text-end">
                  {format.number(row.shipped)}
                </TableCell>
                <TableCell label={t('openLines.columns.remaining')} className="text-end font-medium">
                  {format.number(row.remaining)}
                </TableCell>
                <TableCell label={t('openLines.columns.unit')}>{unitName(row.unit, row.remaining)}</TableCell>
                <TableCell label={t('openLines.columns.delivery')} className="whitespace-nowrap">
                  <span className="flex flex-wrap items-center gap-1">
                    {row.requestedDeliveryDate ? format.date(calendarDay(row.requestedDeliveryDate)) : t('openLines.noDate')}
                    {row.overdue ? <Badge variant="reject">{t('openLines.overdue')}</Badge> : null}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination total={total} offset={offset} limit={limit} hrefFor={(next) => reportHref(base, q, next)} />
    </div>
  )
}
