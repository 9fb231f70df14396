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
import { PROJECT_STATUSES, type ProjectStatus } from '../sourcing.constants'
import { ProjectStatusBadge } from './project-status-badge'

export type ProjectListRow = {
  id: string
  number: string
  name: string
  status: ProjectStatus
  currency: string
  budget: string | null
  deadline: string | null
  requirementCount: number
  awardedCount: number
}
export type ProjectListFilters = { status: string; q: string }

const hrefOf = (base: string, filters: ProjectListFilters, offset: number) => {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.status) params.set('status', filters.status)
  if (offset > 0) params.set('offset', String(offset))
  return params.size ? `${base}?${params}` : base
}

/** Filters, table and paging of purchase projects (texts from `projects`). */
export function ProjectList({
  locale,
  filters,
  rows,
  total,
  offset,
  limit,
}: {
  locale: Locale
  filters: ProjectListFilters
  rows: ProjectListRow[]
  total: number
  offset: number
  limit: number
}) {
  const { t } = useTranslation('projects')
  const format = useFormatter()
  const base = localizePath(locale, '/app/purchase/projects')
  const filtered = Boolean(filters.status || filters.q)
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" action={base} role="search" aria-label={t('list.filters.label')} className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <FormField label={t('list.filters.q')}>{(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={100} {...control} />}</FormField>
        <FormField label={t('list.filters.status')}>
          {(control) => (
            <NativeSelect name="status" defaultValue={filters.status} {...control}>
              <option value="">{t('list.filters.anyStatus')}</option>
              {PROJECT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
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
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('list.resultCount', { count: format.number(total) })}
      </p>
      {rows.length === 0 ? (
        <EmptyState title={filtered ? t('list.emptyFiltered') : t('list.empty')} description={filtered ? undefined : t('list.emptyDescription')} />
      ) : (
        <Table aria-label={t('list.tableLabel')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('list.columns.number')}</TableHead>
              <TableHead>{t('list.columns.name')}</TableHead>
              <TableHead>{t('list.columns.status')}</TableHead>
              <TableHead className="text-end">{t('list.columns.budget')}</TableHead>
              <TableHead>{t('list.columns.deadline')}</TableHead>
              <TableHead>{t('list.columns.progress')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="font-mono text-xs font-medium">
                  <Link to={localizePath(locale, `/app/purchase/projects/view/${row.id}`)} className="underline-offset-4 hover:underline">
                    {row.number}
                  </Link>
                </TableCell>
                <TableCell label={t('list.columns.name')}>{row.name}</TableCell>
                <TableCell label={t('list.columns.status')}>
                  <ProjectStatusBadge status={row.status} />
                </TableCell>
                <TableCell label={t('list.columns.budget')} className="text-end whitespace-nowrap">
                  {row.budget ? <Money amount={row.budget} currency={row.currency} /> : '—'}
                </TableCell>
                <TableCell label={t('list.columns.deadline')} className="whitespace-nowrap">
                  {row.deadline ? format.date(`${row.deadline}T12:00:00Z`) : '—'}
                </TableCell>
                <TableCell label={t('list.columns.progress')}>
                  <ProgressMeter
                    done={row.awardedCount}
                    total={row.requirementCount}
                    label={t('list.progress', { done: format.number(row.awardedCount), total: format.number(row.requirementCount) })}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination total={total} offset={offset} limit={limit} hrefFor={(next) => hrefOf(base, filters, next)} />
    </div>
  )
}

/** A small bar with its text: the text carries the value, the bar repeats it. */
export function ProgressMeter({ done, total, label }: { done: number; total: number; label: string }) {
  const ratio = total > 0 ? Math.min(1, done / total) : 0
  return (
    <div className="flex min-w-32 items-center gap-2">
      <div className="h-2 flex-1 overflow-hidden rounded bg-muted" aria-hidden="true">
        <div className="h-full bg-primary" style={{ width: `${Math.round(ratio * 100)}%` }} />
      </div>
      <span className="text-xs whitespace-nowrap">{label}</span>
    </div>
  )
}
