import { Form, Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
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
import type { RfqSummary } from '../rfq.types'
import { RFQ_STATUSES } from '../sourcing.constants'
import { RfqStatusBadge } from './rfq-status-badge'

export type RfqListFilters = { status: string; q: string }

type RfqListProps = {
  locale: Locale
  /** The list page's path without locale; the filter form and paging links go there. */
  basePath: string
  filters: RfqListFilters
  rows: RfqSummary[]
  total: number
  offset: number
  limit: number
  /** Where a row links (without locale). */
  hrefOf: (row: RfqSummary) => string
  emptyAction?: React.ReactNode
}

function listHref(base: string, filters: RfqListFilters, offset: number): string {
  const params = new URLSearchParams()
  if (filters.status) params.set('status', filters.status)
  if (filters.q) params.set('q', filters.q)
  if (offset > 0) params.set('offset', String(offset))
  const query = params.toString()
  return query ? `${base}?${query}` : base
}

/** Filters, table, empty states and pagination of the buyer's RFQs (texts from `rfqs`). */
export function RfqList({ locale, basePath, filters, rows, total, offset, limit, hrefOf, emptyAction }: RfqListProps) {
  const { t } = useTranslation('rfqs')
  const format = useFormatter()
  const base = localizePath(locale, basePath)
  const filtered = Boolean(filters.status || filters.q)
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" action={base} role="search" aria-label={t('list.filtersLabel')} className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <FormField label={t('list.q')}>
          {(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={100} placeholder={t('list.qHint')} {...control} />}
        </FormField>
        <FormField label={t('list.status')}>
          {(control) => (
            <NativeSelect name="status" defaultValue={filters.status} {...control}>
              <option value="">{t('list.anyStatus')}</option>
              {RFQ_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            {t('list.apply')}
          </Button>
          {filtered ? (
            <Link to={base} className={buttonClasses('ghost')}>
              {t('list.clear')}
            </Link>
          ) : null}
        </div>
      </Form>
      <section aria-labelledby="rfq-results-title" className="flex flex-col gap-3">
        <h2 id="rfq-results-title" className="sr-only">
          {t('list.tableLabel')}
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('list.resultCount', { count: format.number(total) })}
        </p>
        {rows.length === 0 ? (
          <EmptyState
            title={filtered ? t('list.emptyFiltered') : t('list.empty')}
            description={filtered ? undefined : t('list.emptyDescription')}
            action={filtered ? undefined : emptyAction}
          />
        ) : (
          <Table aria-label={t('list.tableLabel')} stackOnPhone>
            <TableHeader>
              <TableRow>
                <TableHead>{t('list.columns.number')}</TableHead>
                <TableHead>{t('list.columns.title')}</TableHead>
                <TableHead>{t('list.columns.project')}</TableHead>
                <TableHead>{t('list.columns.status')}</TableHead>
                <TableHead>{t('list.columns.deadline')}</TableHead>
                <TableHead className="text-end">{t('list.columns.lines')}</TableHead>
                <TableHead className="text-end">{t('list.columns.invitees')}</TableHead>
                <TableHead className="text-end">{t('list.columns.quotations')}</TableHead>
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
                  <TableCell label={t('list.columns.title')}>
                    <span className="flex flex-wrap items-center gap-2">
                      {row.title}
                      {row.sealed ? <Badge variant="outline">{t('list.sealed')}</Badge> : null}
                      {row.visibility === 'public' ? <Badge variant="outline">{t('list.public')}</Badge> : null}
                    </span>
                  </TableCell>
                  <TableCell label={t('list.columns.project')}>{row.projectName ?? '—'}</TableCell>
                  <TableCell label={t('list.columns.status')}>
                    <RfqStatusBadge status={row.status} />
                  </TableCell>
                  <TableCell label={t('list.columns.deadline')} className="whitespace-nowrap">
                    {format.dateTime(row.quoteDeadline)}
                  </TableCell>
                  <TableCell label={t('list.columns.lines')} className="text-end">
                    {format.number(row.lineCount)}
                  </TableCell>
                  <TableCell label={t('list.columns.invitees')} className="text-end">
                    {format.number(row.inviteeCount)}
                  </TableCell>
                  <TableCell label={t('list.columns.quotations')} className="text-end">
                    {format.number(row.quotationCount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Pagination total={total} offset={offset} limit={limit} hrefFor={(next) => listHref(base, filters, next)} />
      </section>
    </div>
  )
}
