import { dateTimeFormat, numberFormatOf } from '../../../platform/format/formatter'
import { lazy } from 'react'
import { ChartFigure, FigureTable } from '../../../components/charts/chart-figure'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'

// The charts' library arrives after the page (see components/charts/charts.tsx).
const PeriodQuartiles = lazy(() => import('../../../components/charts/charts').then((charts) => ({ default: charts.PeriodQuartiles })))

export type BenchmarkStats = { count: number; min: string | null; p25: string | null; median: string | null; p75: string | null; max: string | null }
export type BenchmarkTrendPoint = { month: string; quotations: BenchmarkStats; catalogue: BenchmarkStats; combined: BenchmarkStats }

/** Where benchmark prices come from: submitted quotations, catalogue listings, or both together. */
export const BENCHMARK_SOURCES = ['quotations', 'catalogue', 'combined'] as const
export type BenchmarkSource = (typeof BENCHMARK_SOURCES)[number]

/** The figures of a set of prices, lowest first, with their column titles. */
const STAT_COLUMNS = {
  min: 'research.columns.min',
  p25: 'research.columns.p25',
  median: 'research.columns.median',
  p75: 'research.columns.p75',
  max: 'research.columns.max',
} as const
const STATS = Object.keys(STAT_COLUMNS) as Array<keyof typeof STAT_COLUMNS>

/** Lowest, quartiles and highest per source (and both together), as a table. */
export function BenchmarkStatsTable({ currency, rows }: { currency: string; rows: Array<{ source: BenchmarkSource; stats: BenchmarkStats }> }) {
  const { t } = useTranslation('sourcing')
  const format = useFormatter()
  const money = (value: string | null) => (value === null ? '—' : format.money(value, currency))
  return (
    <Table aria-label={t('research.statsLabel', { currency })} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('research.columns.source')}</TableHead>
          <TableHead className="text-end">{t('research.columns.count')}</TableHead>
          {STATS.map((stat) => (
            <TableHead key={stat} className="text-end">
              {t(STAT_COLUMNS[stat])}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ source, stats }) => (
          <TableRow key={source}>
            <TableCell className="font-medium">{t(`research.source.${source}`)}</TableCell>
            <TableCell label={t('research.columns.count')} className="text-end">
              {format.number(stats.count)}
            </TableCell>
            {STATS.map((stat) => (
              <TableCell key={stat} label={t(STAT_COLUMNS[stat])} className="text-end whitespace-nowrap">
                {money(stats[stat])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** A number for drawing only: the table beside the chart keeps the exact decimals. */
const drawn = (value: string | null) => Number(value)

/**
 * All prices of each month (quotations and catalogue together) as box plots — lowest to highest, the middle half and
 * the median — with the same figures behind "Show as a table".
 */
export function BenchmarkTrendFigure({ currency, trend }: { currency: string; trend: BenchmarkTrendPoint[] }) {
  const { t, i18n } = useTranslation('sourcing')
  const format = useFormatter()
  const monthFormat = dateTimeFormat(i18n.language, { year: 'numeric', month: 'short', timeZone: 'UTC' })
  const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`))
  // Axis and tooltip read at a glance ("$2.35", "$1.2K"); the table gives the exact prices.
  const glance = numberFormatOf(i18n.language, { style: 'currency', currency, notation: 'compact', maximumSignificantDigits: 3 })
  const money = (value: string | null) => (value === null ? '—' : format.money(value, currency))
  const title = t('research.trendTitle', { currency })
  const priced = trend.filter((point) => point.combined.count > 0)
  const columns = [
    { label: t('research.columns.month') },
    ...['research.columns.quotes', 'research.columns.listings', ...STATS.map((stat) => STAT_COLUMNS[stat])].map((key) => ({ label: t(key), numeric: true })),
  ]
  return (
    <ChartFigure
      id="benchmark-trend"
      title={title}
      empty={priced.length === 0}
      emptyText={t('research.noRecentPrices')}
      table={
        <FigureTable
          caption={title}
          columns={columns}
          rows={priced.map((point) => [
            monthLabel(point.month),
            format.number(point.quotations.count),
            format.number(point.catalogue.count),
            ...STATS.map((stat) => money(point.combined[stat])),
          ])}
        />
      }
    >
      <PeriodQuartiles
        data={trend.map((point) => ({
          label: monthLabel(point.month),
          count: point.combined.count,
          quartiles:
            point.combined.count === 0
              ? null
              : {
                  min: drawn(point.combined.min),
                  p25: drawn(point.combined.p25),
                  median: drawn(point.combined.median),
                  p75: drawn(point.combined.p75),
                  max: drawn(point.combined.max),
                },
        }))}
        format={(value) => glance.format(value)}
        names={{
          count: t('research.columns.count'),
          min: t(STAT_COLUMNS.min),
          p25: t(STAT_COLUMNS.p25),
          median: t(STAT_COLUMNS.median),
          p75: t(STAT_COLUMNS.p75),
          max: t(STAT_COLUMNS.max),
          box: t('research.chart.box'),
          whisker: t('research.chart.whisker'),
        }}
      />
    </ChartFigure>
  )
}
