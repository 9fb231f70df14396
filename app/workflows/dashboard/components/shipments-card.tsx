import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card, CardHeader, CardTitle } from '../../../components/ui/card'
import { cn } from '../../../components/ui/cn'
import { EmptyState } from '../../../components/ui/empty-state'
import { SpriteIcon } from '../../../components/ui/sprite-icon'
import type { SpriteIconName } from '../../../components/ui/sprite-icons'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { dateTimeFormat } from '../../../platform/format/formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { ShipmentStatusBadge } from '../../../modules/logistics/index'
import type { DashboardShipments } from '../dashboard.server'

type Side = 'buyer' | 'supplier'
type Underway = NonNullable<DashboardShipments[Side]>
type Mention = Underway['inTransit']['items'][number]

const TRACKING = '/app/shipments/tracking'

/** The tracking list filtered to one side of the company's shipments and the figure's condition. */
const trackingHref = (locale: Locale, side: Side, filters: Record<string, string>) =>
  `${localizePath(locale, TRACKING)}?${new URLSearchParams({ ...filters, role: side === 'buyer' ? 'buyer' : 'shipper' })}`

/** ETAs are calendar days: shown as written, not shifted by a time zone. */
function useDay(locale: Locale) {
  const day = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  return (value: string) => day.format(new Date(`${value}T00:00:00Z`))
}

/** One figure: its count linking to the list behind it, a line on what it counts, and its next few shipments. */
function Figure(props: {
  id: string
  label: string
  hint: string
  count: number
  items: Mention[]
  href: string
  icon: SpriteIconName
  tone?: 'bad'
  locale: Locale
}) {
  const { id, label, hint, count, items, href, icon, tone, locale } = props
  const format = useFormatter()
  const dayOf = useDay(locale)
  const { t } = useTranslation('dashboard')
  return (
    <div className="flex min-w-0 flex-col gap-3" data-shipment-figure={id}>
      <Link
        to={href}
        className="flex flex-col gap-1 rounded-lg border border-border bg-background p-3 transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          {label}
          <SpriteIcon name={icon} />
        </span>
        <span className={cn('text-2xl font-semibold tabular-nums', tone === 'bad' && count > 0 && 'text-status-reject')}>{format.number(count)}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </Link>
      {items.length > 0 ? (
        <ul className="flex flex-col divide-y divide-border text-sm" aria-label={t('shipments.next', { figure: label })}>
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-1 py-2 first:pt-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`${localizePath(locale, TRACKING)}?id=${item.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {item.number}
                </Link>
                <ShipmentStatusBadge status={item.status} />
              </div>
              <span className="text-xs break-words text-muted-foreground">
                {item.counterpart} · <span className="whitespace-nowrap">{t('shipments.eta', { date: dayOf(item.eta) })}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** A side's shipments on their way: in transit, delayed and arriving this week, each linking to the tracking list. */
export function ShipmentsCard({ side, figures, week, locale }: { side: Side; figures: Underway; week: DashboardShipments['week']; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const format = useFormatter()
  const dayOf = useDay(locale)
  const titleId = `${side}-shipments-title`
  const onTime = 'onTime' in figures ? figures.onTime : null
  return (
    <Card aria-labelledby={titleId} className="p-4 sm:p-6" data-testid={`${side}-shipments`}>
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2">
        <CardTitle as="h3" id={titleId} className="flex items-center gap-2 text-base">
          <SpriteIcon name="ship" className="text-primary" />
          {t('shipments.title')}
        </CardTitle>
        <Link to={trackingHref(locale, side, {})} className="text-sm text-primary underline-offset-4 hover:underline">
          {t('shipments.viewAll')}
        </Link>
      </CardHeader>
      {figures.inTransit.count === 0 ? (
        <EmptyState
          icon="ship"
          className="py-6"
          title={t('shipments.emptyTitle')}
          description={side === 'buyer' ? t('shipments.buyerEmpty') : t('shipments.supplierEmpty')}
          action={
            side === 'supplier' ? (
              <Button asChild>
                <Link to={localizePath(locale, '/app/shipments/shipping')}>{t('shipments.book')}</Link>
              </Button>
            ) : null
          }
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <Figure
            id="inTransit"
            label={t('shipments.inTransit')}
            hint={t('shipments.inTransitHint')}
            count={figures.inTransit.count}
            items={figures.inTransit.items}
            href={trackingHref(locale, side, { status: 'live' })}
            icon="ship"
            locale={locale}
          />
          <Figure
            id="delayed"
            label={t('shipments.delayed')}
            hint={t('shipments.delayedHint')}
            count={figures.delayed.count}
            items={figures.delayed.items}
            href={trackingHref(locale, side, { delayed: 'true' })}
            icon="triangle-exclamation-point"
            tone="bad"
            locale={locale}
          />
          <Figure
            id="arrivingThisWeek"
            label={t('shipments.arrivingThisWeek')}
            hint={t('shipments.arrivingHint', { from: dayOf(week.from), to: dayOf(week.to) })}
            count={figures.arrivingThisWeek.count}
            items={figures.arrivingThisWeek.items}
            href={trackingHref(locale, side, { status: 'live', etaFrom: week.from, etaTo: week.to })}
            icon="calendar-clock"
            locale={locale}
          />
        </div>
      )}
      {onTime ? (
        <p className="mt-4 text-sm text-muted-foreground">
          <Link to={trackingHref(locale, side, { status: 'delivered' })} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('shipments.onTime')}
          </Link>{' '}
          {onTime.rate === null
            ? t('shipments.noDeliveries')
            : t('shipments.onTimeShare', {
                rate: format.percent(onTime.rate),
                onTime: format.number(onTime.onTime),
                delivered: format.number(onTime.delivered),
              })}
        </p>
      ) : null}
    </Card>
  )
}

/** The buyer's suppliers with the most deliveries in twelve months, and how many of their shipments arrived on time. */
export function OnTimeBySupplier({ figures, locale }: { figures: NonNullable<DashboardShipments['buyer']>; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const format = useFormatter()
  const rows = figures.bySupplier
  const columns = {
    supplier: t('shipments.bySupplier.supplier'),
    delivered: t('shipments.bySupplier.delivered'),
    onTime: t('shipments.bySupplier.onTime'),
    rate: t('shipments.bySupplier.rate'),
  }
  return (
    <Card aria-labelledby="on-time-by-supplier-title" className="p-4 sm:p-6" data-testid="on-time-by-supplier">
      <CardHeader>
        <CardTitle as="h3" id="on-time-by-supplier-title" className="text-base">
          {t('shipments.bySupplier.title')}
        </CardTitle>
        <p className="text-xs text-muted-foreground">{t('shipments.bySupplier.description')}</p>
      </CardHeader>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('shipments.bySupplier.empty')}</p>
      ) : (
        <>
          <Table aria-labelledby="on-time-by-supplier-title" stackOnPhone>
            <TableHeader>
              <TableRow>
                <TableHead>{columns.supplier}</TableHead>
                <TableHead className="text-end">{columns.delivered}</TableHead>
                <TableHead className="text-end">{columns.onTime}</TableHead>
                <TableHead className="text-end">{columns.rate}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.companyId ?? `name:${row.name}`}>
                  <TableCell className="break-words">
                    {row.companyId ? (
                      <Link
                        to={trackingHref(locale, 'buyer', { status: 'delivered', counterpart: row.companyId })}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {row.name}
                      </Link>
                    ) : (
                      row.name
                    )}
                  </TableCell>
                  <TableCell label={columns.delivered} className="text-end tabular-nums">
                    {format.number(row.delivered)}
                  </TableCell>
                  <TableCell label={columns.onTime} className="text-end tabular-nums">
                    {format.number(row.onTime)}
                  </TableCell>
                  <TableCell label={columns.rate} className="text-end tabular-nums">
                    {format.percent(row.rate)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {figures.suppliers > rows.length ? (
            <p className="mt-2 text-xs text-muted-foreground">
              {t('shipments.bySupplier.more', { count: figures.suppliers - rows.length })}{' '}
              <Link to={trackingHref(locale, 'buyer', { status: 'delivered' })} className="text-primary underline-offset-4 hover:underline">
                {t('shipments.bySupplier.allDelivered')}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </Card>
  )
}
