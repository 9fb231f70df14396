import { Form, Link } from 'react-router'
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
import { SHIPMENT_MODES, SHIPMENT_STATUSES, type ShipmentMode, type ShipmentStatus } from '../logistics.constants'
import { SHIPMENT_ROLES, type ShipmentRole } from '../shipment.inputs'
import { ShipmentStatusBadge } from './shipment-status-badge'

/** One row of the tracking list, as the loader sends it. */
export type ShipmentListRow = {
  id: string
  number: string
  role: ShipmentRole
  status: ShipmentStatus
  mode: ShipmentMode
  counterpart: string
  route: string
  eta: string
  delayDays: number
  late: boolean
  orderNumbers: string[]
  lastLocation: string
}

export type ShipmentListFilters = {
  status: string
  mode: string
  role: string
  counterpart: string
  q: string
  etaFrom: string
  etaTo: string
  delayed: boolean
}

type ShipmentListProps = {
  locale: Locale
  filters: ShipmentListFilters
  /** The companies the company ships with (the counterpart filter's choices). */
  counterparts: Array<{ companyId: string; name: string }>
  rows: ShipmentListRow[]
  total: number
  offset: number
  limit: number
  /** Book a shipment (suppliers): the empty state's way forward. */
  bookHref: string | null
}

const search = (filters: ShipmentListFilters, offset: number) => {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value === true ? 'true' : String(value))
  if (offset > 0) params.set('offset', String(offset))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Every shipment the company is party to: filters, the table and paging (texts from `logistics`). */
export function ShipmentList({ locale, filters, counterparts, rows, total, offset, limit, bookHref }: ShipmentListProps) {
  const { t } = useTranslation('logistics')
  const format = useFormatter()
  const base = localizePath(locale, '/app/shipments/tracking')
  const filtered = Boolean(
    filters.status || filters.mode || filters.role || filters.counterpart || filters.q || filters.etaFrom || filters.etaTo || filters.delayed,
  )
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" action={base} role="search" aria-label={t('list.filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <FormField label={t('list.filters.q')} className="lg:col-span-2">
          {(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={100} placeholder={t('list.filters.qHint')} {...control} />}
        </FormField>
        <FormField label={t('list.filters.status')}>
          {(control) => (
            <NativeSelect name="status" defaultValue={filters.status} {...control}>
              <option value="">{t('list.filters.anyStatus')}</option>
              <option value="live">{t('list.filters.live')}</option>
              {SHIPMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('list.filters.mode')}>
          {(control) => (
            <NativeSelect name="mode" defaultValue={filters.mode} {...control}>
              <option value="">{t('list.filters.anyMode')}</option>
              {SHIPMENT_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`modes.${mode}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('list.filters.role')}>
          {(control) => (
            <NativeSelect name="role" defaultValue={filters.role} {...control}>
              <option value="">{t('list.filters.anyRole')}</option>
              {SHIPMENT_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {counterparts.length > 0 ? (
          <FormField label={t('list.filters.counterpart')}>
            {(control) => (
              <NativeSelect name="counterpart" defaultValue={filters.counterpart} {...control}>
                <option value="">{t('list.filters.anyCounterpart')}</option>
                {counterparts.map((company) => (
                  <option key={company.companyId} value={company.companyId}>
                    {company.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        ) : null}
        <FormField label={t('list.filters.etaFrom')}>{(control) => <Input type="date" name="etaFrom" defaultValue={filters.etaFrom} {...control} />}</FormField>
        <FormField label={t('list.filters.etaTo')}>{(control) => <Input type="date" name="etaTo" defaultValue={filters.etaTo} {...control} />}</FormField>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="delayed" value="true" defaultChecked={filters.delayed} className="size-4 accent-primary" />
            {t('list.filters.delayed')}
          </label>
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
      <section aria-labelledby="shipments-title" className="flex flex-col gap-3">
        <h2 id="shipments-title" className="sr-only">
          {t('list.tableLabel')}
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('list.resultCount', { count: total })}
        </p>
        {rows.length === 0 ? (
          <EmptyState
            icon="truck"
            title={filtered ? t('list.emptyFiltered') : t('list.empty')}
            description={filtered ? undefined : bookHref ? t('list.emptyShipper') : t('list.emptyBuyer')}
            action={
              filtered ? (
                <Link to={base} className={buttonClasses('secondary')}>
                  {t('list.filters.clear')}
                </Link>
              ) : bookHref ? (
                <Link to={bookHref} className={buttonClasses('primary')}>
                  {t('list.book')}
                </Link>
              ) : undefined
            }
          />
        ) : (
          <Table aria-label={t('list.tableLabel')} stackOnPhone>
            <TableHeader>
              <TableRow>
                <TableHead>{t('list.columns.number')}</TableHead>
                <TableHead>{t('list.columns.status')}</TableHead>
                <TableHead>{t('list.columns.counterpart')}</TableHead>
                <TableHead>{t('list.columns.route')}</TableHead>
                <TableHead>{t('list.columns.mode')}</TableHead>
                <TableHead>{t('list.columns.eta')}</TableHead>
                <TableHead>{t('list.columns.orders')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="font-mono text-xs font-medium">
                    <Link to={`${base}?id=${encodeURIComponent(row.id)}`} className="underline-offset-4 hover:underline">
                      {row.number}
                    </Link>
                  </TableCell>
                  <TableCell label={t('list.columns.status')}>
                    <ShipmentStatusBadge status={row.status} />
                  </TableCell>
                  <TableCell label={t('list.columns.counterpart')}>
                    {row.counterpart}
                    <span className="block text-xs text-muted-foreground">{t(`roles.${row.role}`)}</span>
                  </TableCell>
                  <TableCell label={t('list.columns.route')}>
                    {row.route}
                    {row.lastLocation ? <span className="block text-xs text-muted-foreground">{t('list.lastSeen', { place: row.lastLocation })}</span> : null}
                  </TableCell>
                  <TableCell label={t('list.columns.mode')}>{t(`modes.${row.mode}`)}</TableCell>
                  <TableCell label={t('list.columns.eta')} className="whitespace-nowrap">
                    {format.date(`${row.eta}T12:00:00Z`)}
                    {row.late ? <span className="block text-xs font-medium text-destructive">{t('list.late', { count: row.delayDays })}</span> : null}
                  </TableCell>
                  <TableCell label={t('list.columns.orders')} className="font-mono text-xs">
                    {row.orderNumbers.join(', ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Pagination total={total} offset={offset} limit={limit} hrefFor={(next) => `${base}${search(filters, next)}`} />
      </section>
    </div>
  )
}
