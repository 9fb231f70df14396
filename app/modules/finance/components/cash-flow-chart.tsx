import { lazy } from 'react'
import { ChartFigure, FigureTable } from '../../../components/charts/chart-figure'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'

// Recharts arrives after the page (its own chunk): balances and the statement show at once.
const CashFlowBars = lazy(() => import('./cash-flow-bars'))

export type CashFlowView = { currency: string; months: Array<{ month: string; moneyIn: string; moneyOut: string; held: string; refunded: string }> }

const SERIES = ['moneyIn', 'moneyOut', 'held', 'refunded'] as const
const COLOURS: Record<(typeof SERIES)[number], string> = {
  moneyIn: 'var(--status-accept)',
  moneyOut: 'var(--primary)',
  held: 'var(--status-pending)',
  refunded: 'var(--status-reject)',
}

/** Money in, out, held and refunded per month, drawn as bars, with the exact amounts as a table for everyone. */
export function CashFlowChart({ flow }: { flow: CashFlowView }) {
  const { t, i18n } = useTranslation('finance')
  const format = useFormatter()
  const months = new Intl.DateTimeFormat(i18n.tag, { month: 'short', year: '2-digit', timeZone: 'UTC' })
  const monthLabel = (month: string) => months.format(new Date(`${month}-15T12:00:00Z`))
  const compact = (amount: number) => format.number(amount, { style: 'currency', currency: flow.currency, notation: 'compact', maximumFractionDigits: 1 })
  const empty = flow.months.every((month) => SERIES.every((series) => Number(month[series]) === 0))
  const title = t('cashFlow.title', { currency: flow.currency })
  return (
    <ChartFigure
      id="cash-flow-chart"
      title={title}
      description={t('cashFlow.description')}
      empty={empty}
      emptyText={t('cashFlow.empty')}
      height="h-[260px]"
      table={
        <FigureTable
          caption={title}
          columns={[{ label: t('cashFlow.month') }, ...SERIES.map((series) => ({ label: t(`cashFlow.series.${series}`), numeric: true }))]}
          rows={flow.months.map((month) => [monthLabel(month.month), ...SERIES.map((series) => format.money(month[series], flow.currency))])}
        />
      }
    >
      <CashFlowBars
        data={flow.months.map((month) => ({ label: monthLabel(month.month), ...Object.fromEntries(SERIES.map((series) => [series, Number(month[series])])) }))}
        series={SERIES.map((series) => ({ key: series, name: t(`cashFlow.series.${series}`), colour: COLOURS[series] }))}
        format={compact}
      />
    </ChartFigure>
  )
}
