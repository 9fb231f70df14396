import { lazy } from 'react'
import { ChartFigure, FigureTable } from '../../../components/charts/chart-figure'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'

const PeriodBars = lazy(() => import('../../../components/charts/charts').then((charts) => ({ default: charts.PeriodBars })))

export type UsageDayView = { day: string; requests: number; tokens: number; errors: number }

/** Tokens per day over the last 30 days, with the same figures (and replies and errors) as a table. */
export function UsageChart({ days }: { days: UsageDayView[] }) {
  const { t } = useTranslation('assistant')
  const format = useFormatter()
  const label = (day: string) => format.date(`${day}T00:00:00Z`)
  return (
    <ChartFigure
      id="assistant-usage-chart"
      title={t('config.chartLabel')}
      empty={days.every((day) => day.requests === 0)}
      emptyText={t('config.noUsage')}
      table={
        <FigureTable
          caption={t('config.chartLabel')}
          columns={[
            { label: t('config.day') },
            { label: t('config.requests'), numeric: true },
            { label: t('config.tokens'), numeric: true },
            { label: t('config.errors'), numeric: true },
          ]}
          rows={days
            .filter((day) => day.requests > 0)
            .map((day) => [label(day.day), format.number(day.requests), format.number(day.tokens), format.number(day.errors)])}
        />
      }
    >
      <PeriodBars data={days.map((day) => ({ label: label(day.day), value: day.tokens }))} format={(value) => format.number(value)} name={t('config.tokens')} />
    </ChartFigure>
  )
}
