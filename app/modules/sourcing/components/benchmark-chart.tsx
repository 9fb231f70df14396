import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'

export type BenchmarkStats = { count: number; min: string | null; median: string | null; max: string | null }
export type BenchmarkTrendPoint = { month: string; quotations: BenchmarkStats; catalogue: BenchmarkStats }

const WIDTH = 640
const HEIGHT = 240
const PAD = { top: 16, right: 16, bottom: 32, left: 64 }
const SERIES = [
  { key: 'quotations', className: 'text-primary', dash: undefined },
  { key: 'catalogue', className: 'text-status-pending', dash: '6 4' },
] as const

const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`)

/** Where benchmark prices come from: submitted quotations, catalogue listings, or both together. */
export const BENCHMARK_SOURCES = ['quotations', 'catalogue', 'combined'] as const
export type BenchmarkSource = (typeof BENCHMARK_SOURCES)[number]

/** Min, median and max per source (and both together), as a table. */
export function BenchmarkStatsTable({ currency, rows }: { currency: string; rows: Array<{ source: BenchmarkSource; stats: BenchmarkStats }> }) {
  const { t } = useTranslation('sourcing')
  const format = useFormatter()
  const money = (value: string | null) => (value === null ? '—' : format.money(value, currency))
  return (
    <Table aria-label={t('research.statsLabel', { currency })} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('research.columns.source')}</TableHead>
          <TableHead className="text-right">{t('research.columns.count')}</TableHead>
          <TableHead className="text-right">{t('research.columns.min')}</TableHead>
          <TableHead className="text-right">{t('research.columns.median')}</TableHead>
          <TableHead className="text-right">{t('research.columns.max')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ source, stats }) => (
          <TableRow key={source}>
            <TableCell className="font-medium">{t(`research.source.${source}`)}</TableCell>
            <TableCell label={t('research.columns.count')} className="text-right">
              {format.number(stats.count)}
            </TableCell>
            <TableCell label={t('research.columns.min')} className="text-right whitespace-nowrap">
              {money(stats.min)}
            </TableCell>
            <TableCell label={t('research.columns.median')} className="text-right whitespace-nowrap">
              {money(stats.median)}
            </TableCell>
            <TableCell label={t('research.columns.max')} className="text-right whitespace-nowrap">
              {money(stats.max)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/**
 * The median unit price per month of each source as an inline SVG line chart (solid: quotations, dashed: catalogue),
 * followed by the same figures as a table for screen readers and exact reading.
 */
export function BenchmarkTrendChart({ currency, trend }: { currency: string; trend: BenchmarkTrendPoint[] }) {
  const { t, i18n } = useTranslation('sourcing')
  const format = useFormatter()
  const months = new Intl.DateTimeFormat(i18n.language, { year: '2-digit', month: 'short', timeZone: 'UTC' })
  const monthLabel = (month: string) => months.format(monthDate(month))
  const medians = trend.flatMap((point) => SERIES.flatMap((series) => (point[series.key].median === null ? [] : [Number(point[series.key].median)])))
  const top = medians.length > 0 ? Math.max(...medians) * 1.1 : 1
  const innerWidth = WIDTH - PAD.left - PAD.right
  const innerHeight = HEIGHT - PAD.top - PAD.bottom
  const x = (index: number) => PAD.left + (trend.length <= 1 ? innerWidth / 2 : (index / (trend.length - 1)) * innerWidth)
  const y = (value: number) => PAD.top + innerHeight - (value / top) * innerHeight
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * top)
  const money = (value: string | null) => (value === null ? '—' : format.money(value, currency))
  return (
    <div className="flex flex-col gap-4">
      <figure className="flex flex-col gap-2">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="benchmark-chart-title benchmark-chart-desc" className="h-auto w-full max-w-3xl text-muted-foreground">
          <title id="benchmark-chart-title">{t('research.chartTitle', { currency })}</title>
          <desc id="benchmark-chart-desc">{t('research.chartDescription')}</desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.2} />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={10} fill="currentColor">
                {format.number(Math.round(tick * 100) / 100)}
              </text>
            </g>
          ))}
          {trend.map((point, index) => (
            <text key={point.month} x={x(index)} y={HEIGHT - 10} textAnchor="middle" fontSize={10} fill="currentColor">
              {monthLabel(point.month)}
            </text>
          ))}
          {SERIES.map((series) => {
            const points = trend.flatMap((point, index) => (point[series.key].median === null ? [] : [{ x: x(index), y: y(Number(point[series.key].median)) }]))
            return (
              <g key={series.key} className={series.className}>
                {points.length > 1 ? <polyline points={points.map((point) => `${point.x},${point.y}`).join(' ')} fill="none" stroke="currentColor" strokeWidth={2} strokeDasharray={series.dash} /> : null}
                {points.map((point) => (
                  <circle key={`${point.x}`} cx={point.x} cy={point.y} r={series.key === 'quotations' ? 4 : 3.5} fill={series.key === 'quotations' ? 'currentColor' : 'white'} stroke="currentColor" strokeWidth={2} />
                ))}
              </g>
            )
          })}
        </svg>
        <figcaption className="flex flex-wrap gap-4 text-sm">
          <span className="inline-flex items-center gap-2 text-primary">
            <svg width="24" height="8" aria-hidden="true">
              <line x1="0" x2="24" y1="4" y2="4" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="text-foreground">{t('research.source.quotations')}</span>
          </span>
          <span className="inline-flex items-center gap-2 text-status-pending">
            <svg width="24" height="8" aria-hidden="true">
              <line x1="0" x2="24" y1="4" y2="4" stroke="currentColor" strokeWidth="2" strokeDasharray="6 4" />
            </svg>
            <span className="text-foreground">{t('research.source.catalogue')}</span>
          </span>
        </figcaption>
      </figure>
      <Table aria-label={t('research.trendTableLabel', { currency })} stackOnPhone>
        <TableHeader>
          <TableRow>
            <TableHead>{t('research.columns.month')}</TableHead>
            <TableHead className="text-right">{t('research.columns.quotes')}</TableHead>
            <TableHead className="text-right">{t('research.columns.quoteMedian')}</TableHead>
            <TableHead className="text-right">{t('research.columns.quoteRange')}</TableHead>
            <TableHead className="text-right">{t('research.columns.listings')}</TableHead>
            <TableHead className="text-right">{t('research.columns.catalogueMedian')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {trend.map((point) => (
            <TableRow key={point.month}>
              <TableCell>{monthLabel(point.month)}</TableCell>
              <TableCell label={t('research.columns.quotes')} className="text-right">
                {format.number(point.quotations.count)}
              </TableCell>
              <TableCell label={t('research.columns.quoteMedian')} className="text-right whitespace-nowrap">
                {money(point.quotations.median)}
              </TableCell>
              <TableCell label={t('research.columns.quoteRange')} className="text-right whitespace-nowrap">
                {point.quotations.count > 0 ? `${money(point.quotations.min)} – ${money(point.quotations.max)}` : '—'}
              </TableCell>
              <TableCell label={t('research.columns.listings')} className="text-right">
                {format.number(point.catalogue.count)}
              </TableCell>
              <TableCell label={t('research.columns.catalogueMedian')} className="text-right whitespace-nowrap">
                {money(point.catalogue.median)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
