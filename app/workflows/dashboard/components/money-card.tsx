// The money of each side on the dashboard (issue 21): what escrow holds, what is due, released and paid out, as tiles
// with the exact amounts per currency, and one chart over the period in the viewer's currency with its table.
import { lazy } from 'react'
import { ChartFigure, FigureTable } from '../../../components/charts/chart-figure'
import { SpriteIcon } from '../../../components/ui/sprite-icon'
import { useFormatter } from '../../../components/use-formatter'
import { FINANCE_PAGES } from '../../../modules/finance/index'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { BuyerMoney, Dashboard, MoneyFlow, PlatformMoney, SupplierMoney } from '../dashboard.server'
import { Tile, useBucketLabel, useCompactMoney } from './figure-parts'

// The charts' library arrives after the page (see components/charts/charts.tsx).
const PeriodBars = lazy(() => import('../../../components/charts/charts').then((charts) => ({ default: charts.PeriodBars })))

type Amounts = ReadonlyArray<{ currency: string; amount: string }>

/** Amounts in several currencies, each exact in its own: "US$1,611.20 · €30.00"; nothing is a dash. */
function useAmounts() {
  const format = useFormatter()
  return (amounts: Amounts) => (amounts.length === 0 ? '—' : amounts.map((row) => format.money(row.amount, row.currency)).join(' · '))
}

type Series = { label: string; flow: MoneyFlow }

/** One chart of the first series over the period, with a table of every series (amounts in the viewer's currency). */
function FlowChart({ id, title, series, data, locale }: { id: string; title: string; series: Series[]; data: Dashboard; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const format = useFormatter()
  const label = useBucketLabel(locale, data.range.bucket)
  const compact = useCompactMoney(locale, data.currency)
  const [first] = series
  if (!first) return null
  return (
    <ChartFigure
      id={id}
      title={title}
      empty={series.every((entry) => entry.flow.count === 0)}
      table={
        <FigureTable
          caption={title}
          columns={[{ label: t('chart.period') }, ...series.map((entry) => ({ label: `${entry.label} (${data.currency})`, numeric: true }))]}
          rows={first.flow.points.map((point, index) => [
            label(point.bucket),
            ...series.map((entry) => format.money(entry.flow.points[index]?.amount ?? '0', data.currency)),
          ])}
        />
      }
    >
      <PeriodBars data={first.flow.points.map((point) => ({ label: label(point.bucket), value: Number(point.amount) }))} format={compact} name={first.label} />
    </ChartFigure>
  )
}

function UnconvertedFlows({ flows, currency }: { flows: MoneyFlow[]; currency: string }) {
  const { t } = useTranslation('dashboard')
  const currencies = [...new Set(flows.flatMap((flow) => flow.total.unconverted))].sort()
  if (currencies.length === 0) return null
  return <p className="text-xs text-status-pending">{t('unconverted', { currency, currencies: currencies.join(', ') })}</p>
}

function MoneyHeading({ id }: { id: string }) {
  const { t } = useTranslation('dashboard')
  return (
    <h3 id={id} className="flex items-center gap-2 text-base font-semibold">
      <SpriteIcon name="landmark" className="text-primary" />
      {t('money.title')}
    </h3>
  )
}

export function BuyerMoneyCard({ money, data, locale }: { money: BuyerMoney; data: Dashboard; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const amounts = useAmounts()
  const instalments = money.due.reduce((total, row) => total + row.instalments, 0)
  return (
    <section aria-labelledby="buyer-money-title" className="flex flex-col gap-3">
      <MoneyHeading id="buyer-money-title" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Tile label={t('money.inEscrow')} value={amounts(money.inEscrow)} hint={t('money.buyerEscrowHint')} to={localizePath(locale, FINANCE_PAGES.account)} />
        <Tile
          label={t('money.due')}
          value={amounts(money.due)}
          tone={instalments > 0 ? 'bad' : undefined}
          hint={instalments === 0 ? t('money.noDue') : `${t('money.dueHint', { count: instalments })}${money.dueMore ? ` · ${t('money.dueMore')}` : ''}`}
          to={localizePath(locale, '/app/orders/buyer')}
        />
        <Tile
          label={t('money.paid')}
          value={amounts(money.paid.byCurrency)}
          hint={t('money.paidHint', { count: money.paid.count })}
          to={localizePath(locale, FINANCE_PAGES.payments)}
        />
      </div>
      <UnconvertedFlows flows={[money.paid]} currency={data.currency} />
      <FlowChart id="buyer-money-chart" title={t('money.paidByPeriod')} series={[{ label: t('money.paid'), flow: money.paid }]} data={data} locale={locale} />
    </section>
  )
}

export function SupplierMoneyCard({ money, data, locale }: { money: SupplierMoney; data: Dashboard; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const amounts = useAmounts()
  return (
    <section aria-labelledby="supplier-money-title" className="flex flex-col gap-3">
      <MoneyHeading id="supplier-money-title" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Tile
          label={t('money.inEscrow')}
          value={amounts(money.inEscrow)}
          hint={t('money.supplierEscrowHint')}
          to={localizePath(locale, FINANCE_PAGES.payments)}
        />
        <Tile label={t('money.available')} value={amounts(money.available)} hint={t('money.availableHint')} to={localizePath(locale, FINANCE_PAGES.payouts)} />
        <Tile
          label={t('money.released')}
          value={amounts(money.released.byCurrency)}
          hint={t('money.releasedHint')}
          to={localizePath(locale, FINANCE_PAGES.account)}
        />
        <Tile
          label={t('money.paidOut')}
          value={amounts(money.paidOut.byCurrency)}
          hint={t('money.paidOutHint')}
          to={localizePath(locale, FINANCE_PAGES.payouts)}
        />
      </div>
      <UnconvertedFlows flows={[money.released, money.paidOut]} currency={data.currency} />
      <FlowChart
        id="supplier-money-chart"
        title={t('money.releasedByPeriod')}
        series={[
          { label: t('money.released'), flow: money.released },
          { label: t('money.paidOut'), flow: money.paidOut },
        ]}
        data={data}
        locale={locale}
      />
    </section>
  )
}

export function PlatformMoneyCard({ money, data, locale }: { money: PlatformMoney; data: Dashboard; locale: Locale }) {
  const { t } = useTranslation('dashboard')
  const format = useFormatter()
  const amounts = useAmounts()
  return (
    <section aria-labelledby="platform-money-title" className="flex flex-col gap-3">
      <MoneyHeading id="platform-money-title" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Tile
          label={t('money.inEscrow')}
          value={amounts(money.inEscrow)}
          hint={t('money.platformEscrowHint')}
          to={localizePath(locale, FINANCE_PAGES.payments)}
        />
        <Tile label={t('money.released')} value={amounts(money.released.byCurrency)} hint={t('money.platformReleasedHint')} />
        <Tile label={t('money.paidOut')} value={amounts(money.paidOut.byCurrency)} hint={t('money.platformPaidOutHint')} />
        <Tile label={t('money.fees')} value={amounts(money.fees.byCurrency)} hint={t('money.feesHint')} />
        <Tile
          label={t('money.pendingPayouts')}
          value={format.number(money.pendingPayouts)}
          tone={money.pendingPayouts > 0 ? 'bad' : undefined}
          hint={t('money.pendingPayoutsHint')}
          to={localizePath(locale, FINANCE_PAGES.payouts)}
        />
        <Tile
          label={t('money.unmatchedLines')}
          value={format.number(money.unmatchedLines)}
          tone={money.unmatchedLines > 0 ? 'bad' : undefined}
          hint={t('money.unmatchedLinesHint')}
          to={localizePath(locale, FINANCE_PAGES.payments)}
        />
      </div>
      <UnconvertedFlows flows={[money.released, money.paidOut, money.fees]} currency={data.currency} />
      <FlowChart
        id="platform-money-chart"
        title={t('money.platformByPeriod')}
        series={[
          { label: t('money.released'), flow: money.released },
          { label: t('money.paidOut'), flow: money.paidOut },
          { label: t('money.fees'), flow: money.fees },
        ]}
        data={data}
        locale={locale}
      />
    </section>
  )
}

/** Whether a side has any money to show: a company that never paid or was paid sees no money section. */
export function hasMoney(money: BuyerMoney | SupplierMoney | PlatformMoney): boolean {
  if ('due' in money) return money.inEscrow.length > 0 || money.due.length > 0 || money.paid.count > 0
  if ('available' in money) return money.inEscrow.length > 0 || money.available.length > 0 || money.released.count > 0 || money.paidOut.count > 0
  return true
}
