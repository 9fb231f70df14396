import { lazy, type ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { cn } from '../../../components/ui/cn'
import { SpriteIcon } from '../../../components/ui/sprite-icon'
import type { SpriteIconName } from '../../../components/ui/sprite-icons'
import { useFormatter } from '../../../components/use-formatter'
import { dateTimeFormat } from '../../../platform/format/formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { BuyerFigures, Converted, Dashboard, DashboardShipments, MoneyPoint, PartyShare, PlatformFigures, SupplierFigures } from '../dashboard.server'
import { RANGE_PRESETS, rangeQuery } from '../dashboard-range'
import { ChartFigure, FigureTable } from '../../../components/charts/chart-figure'

// The charts' library arrives after the page (see components/charts/charts.tsx).
const PeriodBars = lazy(() => import('../../../components/charts/charts').then((charts) => ({ default: charts.PeriodBars })))
const PartyBars = lazy(() => import('../../../components/charts/charts').then((charts) => ({ default: charts.PartyBars })))
const CountLines = lazy(() => import('../../../components/charts/charts').then((charts) => ({ default: charts.CountLines })))
import { Tile, useBucketLabel, useCompactMoney } from './figure-parts'
import { BuyerMoneyCard, hasMoney, PlatformMoneyCard, SupplierMoneyCard } from './money-card'
import { OnTimeBySupplier, ShipmentsCard } from './shipments-card'
import { TaskList } from './task-list'

type Props = { data: Dashboard; locale: Locale; name: string; company: string | null }

function RangePicker({ data, locale }: { data: Dashboard; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const { range } = data
  return (
    <div className="flex flex-col gap-2">
      <nav aria-label={t('range.label')} className="flex flex-wrap items-center gap-1">
        {RANGE_PRESETS.map((preset) => (
          <Link
            key={preset}
            to={`${localizePath(locale, '/app/dashboard')}?${rangeQuery({ preset, from: '', to: '' })}`}
            aria-current={range.preset === preset ? 'page' : undefined}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm',
              range.preset === preset ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
            )}
          >
            {t(`range.presets.${preset}`)}
          </Link>
        ))}
      </nav>
      <details className="text-sm" open={range.preset === 'custom'}>
        <summary className="w-fit cursor-pointer text-primary underline-offset-4 hover:underline">{t('range.presets.custom')}</summary>
        <Form method="get" className="mt-2 flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <Label htmlFor="range-from">{t('range.from')}</Label>
            <Input id="range-from" name="from" type="date" defaultValue={range.from} required className="w-40" />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="range-to">{t('range.to')}</Label>
            <Input id="range-to" name="to" type="date" defaultValue={range.to} required className="w-40" />
          </div>
          <Button type="submit" variant="secondary">
            {t('range.apply')}
          </Button>
        </Form>
      </details>
    </div>
  )
}

function UnconvertedNote({ converted, currency }: { converted: Pick<Converted, 'unconverted'>; currency: string }) {
  const { t } = useTranslation('dashboard')
  if (converted.unconverted.length === 0) return null
  return <p className="text-xs text-status-pending">{t('unconverted', { currency, currencies: converted.unconverted.join(', ') })}</p>
}

function Section({ id, title, icon, children }: { id: string; title: string; icon: SpriteIconName; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <SpriteIcon name={icon} className="size-5 text-primary" />
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A side's money over the period and per trading partner: two charts, each with its table. */
function MoneyCharts(props: {
  id: string
  locale: Locale
  data: Dashboard
  series: MoneyPoint[]
  parties: PartyShare[]
  seriesTitle: string
  partiesTitle: string
  name: string
  empty: boolean
}) {
  const { id, locale, data, series, parties, seriesTitle, partiesTitle, name, empty } = props
  const { t } = useTranslation('dashboard')
  const format = useFormatter()
  const { currency } = data
  const label = useBucketLabel(locale, data.range.bucket)
  const compact = useCompactMoney(locale, currency)
  const amount = { label: t('chart.amount', { currency }), numeric: true }
  const orders = { label: t('chart.orders'), numeric: true }
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ChartFigure
        id={`${id}-period-chart`}
        title={seriesTitle}
        empty={empty}
        table={
          <FigureTable
            caption={seriesTitle}
            columns={[{ label: t('chart.period') }, amount, orders]}
            rows={series.map((point) => [label(point.bucket), format.money(point.amount, currency), format.number(point.orders)])}
          />
        }
      >
        <PeriodBars data={series.map((point) => ({ label: label(point.bucket), value: Number(point.amount) }))} format={compact} name={name} />
      </ChartFigure>
      <ChartFigure
        id={`${id}-party-chart`}
        title={partiesTitle}
        empty={parties.length === 0}
        table={
          <FigureTable
            caption={partiesTitle}
            columns={[{ label: t('chart.name') }, amount, orders]}
            rows={parties.map((party) => [party.name, format.money(party.amount, currency), format.number(party.orders)])}
          />
        }
      >
        <PartyBars data={parties.map((party) => ({ label: party.name, value: Number(party.amount) }))} format={compact} name={name} />
      </ChartFigure>
    </div>
  )
}

/** The buyer's shipments on their way, then its suppliers' punctuality. */
function BuyerShipments({ figures, week, locale }: { figures: NonNullable<DashboardShipments['buyer']>; week: DashboardShipments['week']; locale: Locale }) {
  return (
    <>
      <ShipmentsCard side="buyer" figures={figures} week={week} locale={locale} />
      <OnTimeBySupplier figures={figures} locale={locale} />
    </>
  )
}

const percent = (part: number, whole: number) => (whole === 0 ? null : part / whole)

function BuyerSection({ figures, data, locale }: { figures: BuyerFigures; data: Dashboard; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const format = useFormatter()
  const { currency, range } = data
  const period = `from=${range.from}&to=${range.to}`
  const orders = localizePath(locale, '/app/orders/buyer')
  const onTime = percent(figures.punctuality.onTime, figures.punctuality.delivered)
  const vsFirst = figures.savings.vsFirstQuote
  const vsTarget = figures.savings.vsTarget
  const week = data.shipments?.week
  const shipments = data.shipments?.buyer
  if (figures.orders === 0 && figures.savings.lines === 0 && figures.punctuality.delivered === 0) {
    return (
      <Section id="buyer-title" title={t('buyer.title')} icon="shopping-bag">
        <EmptyState
          icon="shopping-bag"
          title={t('buyer.emptyTitle')}
          description={t('buyer.emptyHint')}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to={localizePath(locale, '/app/purchase/projects/create')}>{t('buyer.emptyAction')}</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={localizePath(locale, '/b2b/market')}>{t('buyer.browseMarket')}</Link>
              </Button>
            </div>
          }
        />
        {week && shipments && (shipments.inTransit.count > 0 || shipments.suppliers > 0) ? (
          <BuyerShipments figures={shipments} week={week} locale={locale} />
        ) : null}
        {hasMoney(figures.money) ? <BuyerMoneyCard money={figures.money} data={data} locale={locale} /> : null}
      </Section>
    )
  }
  return (
    <Section id="buyer-title" title={t('buyer.title')} icon="shopping-bag">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Tile
          label={t('buyer.spend')}
          value={format.money(figures.total.amount, currency)}
          hint={t('buyer.spendHint', { count: figures.orders })}
          to={`${orders}?${period}`}
        />
        <Tile
          label={t('buyer.savings')}
          value={figures.savings.lines === 0 ? '—' : format.money(vsFirst, currency)}
          tone={figures.savings.lines === 0 || vsFirst === '0' ? undefined : vsFirst.startsWith('-') ? 'bad' : 'good'}
          hint={
            figures.savings.lines === 0
              ? t('buyer.noAwards')
              : t('buyer.savingsHint', { count: figures.savings.lines, awarded: format.money(figures.savings.awarded, currency) })
          }
          to={localizePath(locale, '/app/sourcing/rfq?status=awarded')}
        />
        <Tile
          label={t('buyer.vsTarget')}
          value={figures.savings.targetLines ? format.money(vsTarget, currency) : '—'}
          tone={!figures.savings.targetLines ? undefined : vsTarget.startsWith('-') ? 'bad' : 'good'}
          hint={figures.savings.targetLines ? t('buyer.vsTargetHint') : figures.savings.lines === 0 ? t('buyer.noAwards') : t('buyer.noTargets')}
          to={localizePath(locale, '/app/sourcing/rfq?status=awarded')}
        />
        <Tile
          label={t('buyer.onTime')}
          value={onTime === null ? '—' : format.percent(onTime)}
          hint={
            onTime === null ? t('buyer.noDeliveries') : t('buyer.onTimeHint', { onTime: figures.punctuality.onTime, delivered: figures.punctuality.delivered })
          }
          to={`${orders}?status=delivered`}
        />
      </div>
      <UnconvertedNote converted={{ unconverted: [...figures.total.unconverted, ...figures.savings.unconverted] }} currency={currency} />
      {week && shipments ? <BuyerShipments figures={shipments} week={week} locale={locale} /> : null}
      <MoneyCharts
        id="buyer"
        locale={locale}
        data={data}
        series={figures.spend}
        parties={figures.bySupplier}
        seriesTitle={t('buyer.spendByMonth')}
        partiesTitle={t('buyer.bySupplier')}
        name={t('buyer.spend')}
        empty={figures.orders === 0}
      />
      {figures.bySupplier.length > 0 ? (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label={t('buyer.bySupplier')}>
          {figures.bySupplier.map((party) =>
            party.companyId ? (
              <li key={party.companyId}>
                <Link
                  to={`${orders}?counterpart=${party.companyId}&${period}`}
                  className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 hover:bg-muted"
                >
                  {party.name}
                  <SpriteIcon name="arrow-right" className="size-3 rtl:-scale-x-100" />
                </Link>
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      {hasMoney(figures.money) ? <BuyerMoneyCard money={figures.money} data={data} locale={locale} /> : null}
    </Section>
  )
}

function SupplierSection({ figures, data, locale }: { figures: SupplierFigures; data: Dashboard; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const format = useFormatter()
  const { currency, range } = data
  const period = `from=${range.from}&to=${range.to}`
  const orders = localizePath(locale, '/app/supplier/purchase-order')
  const winRate = percent(figures.quoting.won, figures.quoting.decided)
  const hours = figures.quoting.medianResponseHours
  const emptyPeriod = figures.orders === 0 && figures.quoting.responses === 0 && figures.open === 0
  return (
    <Section id="supplier-title" title={t('supplier.title')} icon="store">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Tile
          label={t('supplier.revenue')}
          value={format.money(figures.total.amount, currency)}
          hint={t('supplier.revenueHint', { count: figures.orders })}
          to={`${orders}?${period}`}
          icon="trending-up"
        />
        <Tile
          label={t('supplier.winRate')}
          value={winRate === null ? '—' : format.percent(winRate)}
          hint={winRate === null ? t('supplier.noDecisions') : t('supplier.winRateHint', { won: figures.quoting.won, decided: figures.quoting.decided })}
          to={localizePath(locale, '/app/orders/reply')}
        />
        <Tile
          label={t('supplier.responseTime')}
          value={hours === null ? '—' : t('supplier.responseHours', { hours: format.number(hours, { maximumFractionDigits: 1 }) })}
          hint={hours === null ? t('supplier.noResponses') : t('supplier.responseHint', { count: figures.quoting.responses })}
          to={localizePath(locale, '/app/supplier/portal')}
        />
        <Tile
          label={t('supplier.openOrders')}
          value={format.number(figures.open)}
          tone={figures.overdue > 0 ? 'bad' : undefined}
          hint={figures.overdue > 0 ? t('supplier.overdueOrders', { count: figures.overdue }) : t('supplier.noneOverdue')}
          to={localizePath(locale, '/app/orders/fulfillment')}
        />
      </div>
      <UnconvertedNote converted={figures.total} currency={currency} />
      {data.shipments?.supplier ? <ShipmentsCard side="supplier" figures={data.shipments.supplier} week={data.shipments.week} locale={locale} /> : null}
      {emptyPeriod ? (
        <EmptyState
          icon="package"
          title={t('supplier.emptyTitle')}
          description={t('supplier.emptyHint')}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to={localizePath(locale, '/app/products')}>{t('supplier.emptyAction')}</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={localizePath(locale, '/app/supplier/portal')}>{t('supplier.answerRfqs')}</Link>
              </Button>
            </div>
          }
        />
      ) : (
        <MoneyCharts
          id="supplier"
          locale={locale}
          data={data}
          series={figures.revenue}
          parties={figures.byCustomer}
          seriesTitle={t('supplier.revenueByMonth')}
          partiesTitle={t('supplier.byCustomer')}
          name={t('supplier.revenue')}
          empty={figures.orders === 0}
        />
      )}
      {hasMoney(figures.money) ? <SupplierMoneyCard money={figures.money} data={data} locale={locale} /> : null}
    </Section>
  )
}

function PlatformSection({ figures, data, locale }: { figures: PlatformFigures; data: Dashboard; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const format = useFormatter()
  const { currency, range } = data
  const label = useBucketLabel(locale, range.bucket)
  const newCompanies = figures.growth.reduce((total, point) => total + point.companies, 0)
  const newUsers = figures.growth.reduce((total, point) => total + point.users, 0)
  const gmvOrders = figures.gmv.reduce((total, row) => total + row.orders, 0)
  const activityEmpty = figures.activity.every((point) => point.rfqs + point.quotations + point.orders === 0)
  return (
    <Section id="platform-title" title={t('platform.title')} icon="trending-up">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Tile
          label={t('platform.companies')}
          value={format.number(newCompanies)}
          hint={`${t('platform.newInPeriod')} · ${t('platform.totalHint', { count: figures.totals.companies })}`}
        />
        <Tile
          label={t('platform.users')}
          value={format.number(newUsers)}
          hint={`${t('platform.newInPeriod')} · ${t('platform.totalHint', { count: figures.totals.users })}`}
          to={localizePath(locale, '/app/users')}
        />
        <Tile
          label={t('platform.gmv')}
          value={format.money(figures.gmvTotal.amount, currency)}
          hint={gmvOrders === 0 ? t('platform.noGmv') : t('platform.gmvOrders', { count: gmvOrders })}
        />
      </div>
      <UnconvertedNote converted={figures.gmvTotal} currency={currency} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ChartFigure
          id="platform-growth-chart"
          title={t('platform.growth')}
          empty={newCompanies + newUsers === 0}
          table={
            <FigureTable
              caption={t('platform.growth')}
              columns={[{ label: t('chart.period') }, { label: t('platform.companies'), numeric: true }, { label: t('platform.users'), numeric: true }]}
              rows={figures.growth.map((point) => [label(point.bucket), format.number(point.companies), format.number(point.users)])}
            />
          }
        >
          <CountLines
            data={figures.growth.map((point) => ({ label: label(point.bucket), companies: point.companies, users: point.users }))}
            series={[
              { key: 'companies', name: t('platform.companies') },
              { key: 'users', name: t('platform.users') },
            ]}
          />
        </ChartFigure>
        <ChartFigure
          id="platform-activity-chart"
          title={t('platform.activity')}
          empty={activityEmpty}
          table={
            <FigureTable
              caption={t('platform.activity')}
              columns={[
                { label: t('chart.period') },
                { label: t('platform.rfqs'), numeric: true },
                { label: t('platform.quotations'), numeric: true },
                { label: t('platform.orders'), numeric: true },
              ]}
              rows={figures.activity.map((point) => [
                label(point.bucket),
                format.number(point.rfqs),
                format.number(point.quotations),
                format.number(point.orders),
              ])}
            />
          }
        >
          <CountLines
            data={figures.activity.map((point) => ({ label: label(point.bucket), rfqs: point.rfqs, quotations: point.quotations, orders: point.orders }))}
            series={[
              { key: 'rfqs', name: t('platform.rfqs') },
              { key: 'quotations', name: t('platform.quotations') },
              { key: 'orders', name: t('platform.orders') },
            ]}
          />
        </ChartFigure>
      </div>
      <div className="rounded-lg border border-border bg-card p-4 shadow-sm">
        <h3 className="mb-2 text-sm font-semibold">{t('platform.gmvByCurrency')}</h3>
        {figures.gmv.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('platform.noGmv')}</p>
        ) : (
          <FigureTable
            caption={t('platform.gmvByCurrency')}
            columns={[{ label: t('chart.currency') }, { label: t('platform.gmvShort'), numeric: true }, { label: t('chart.orders'), numeric: true }]}
            rows={figures.gmv.map((row) => [row.currency, format.money(row.amount, row.currency), format.number(row.orders)])}
          />
        )}
      </div>
      <PlatformMoneyCard money={figures.money} data={data} locale={locale} />
    </Section>
  )
}

/** The signed-in home: a greeting, the period, what needs the person now, then each side's figures. */
export function DashboardPage({ data, locale, name, company }: Props) {
  const { t } = useTranslation('dashboard')
  const { range } = data
  const day = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const dayOf = (value: string) => day.format(new Date(`${value}T00:00:00Z`))
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words">{t('title', { name })}</h1>
          <p className="text-sm text-muted-foreground">
            {company ? t('companyLine', { company }) : t('subtitle')}
            {company ? (
              <>
                {' · '}
                <Link to={localizePath(locale, '/app/guide')} className="text-primary underline underline-offset-4">
                  {t('guide')}
                </Link>
              </>
            ) : null}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            {t('range.showing', { from: dayOf(range.from), to: dayOf(range.to) })} · {t('currencyNote', { currency: data.currency })}{' '}
            <Link to={localizePath(locale, '/app/user/preference')} className="text-primary underline underline-offset-4">
              {t('changeCurrency')}
            </Link>
          </p>
        </div>
        <div className="shrink-0">
          <RangePicker data={data} locale={locale} />
        </div>
      </header>
      {range.problem ? <Alert tone="warning">{t(`range.${range.problem}`)}</Alert> : null}
      <TaskList tasks={data.tasks} locale={locale} />
      {data.supplier ? <SupplierSection figures={data.supplier} data={data} locale={locale} /> : null}
      {data.buyer ? <BuyerSection figures={data.buyer} data={data} locale={locale} /> : null}
      {data.platform ? <PlatformSection figures={data.platform} data={data} locale={locale} /> : null}
    </div>
  )
}
