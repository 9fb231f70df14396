import { lazy } from 'react'
import { ChartFigure, FigureTable } from '../../../components/charts/chart-figure'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import type { BudgetFigure, ProjectBudget } from '../project-budget.service.server'

// The charts' library arrives after the page (see components/charts/charts.tsx).
const GroupedBars = lazy(() => import('../../../components/charts/charts').then((charts) => ({ default: charts.GroupedBars })))

/** Requirements the drawing shows at most (the first by position); the table lists them all. */
const MAX_DRAWN = 12
/** The drawing's height for so many requirements: three bars each, a legend and an axis (classes written out for Tailwind). */
const HEIGHTS = [
  { upTo: 3, className: 'h-60', pixels: 240 },
  { upTo: 5, className: 'h-80', pixels: 320 },
  { upTo: 8, className: 'h-[28rem]', pixels: 448 },
  { upTo: MAX_DRAWN, className: 'h-[40rem]', pixels: 640 },
] as const

/** The chart's series, in drawing order (their names are messages budgetChart.series.* and budgetChart.none.*). */
export const BUDGET_SERIES = ['budget', 'quoted', 'awarded'] as const
const SERIES = BUDGET_SERIES
type Series = (typeof SERIES)[number]
// The theme's tokens (as the charts' own series colours), so the bars hold in light and dark mode.
const COLOURS: Record<Series, string> = { budget: 'var(--primary)', quoted: 'var(--status-pending)', awarded: 'var(--status-accept)' }

/** Budget, lowest quote and award per requirement of a project, as grouped bars with the exact figures as a table. */
export function ProjectBudgetChart({ budget }: { budget: ProjectBudget }) {
  const { t } = useTranslation('projects')
  const format = useFormatter()
  const { currency, requirements } = budget
  const text = (figure: BudgetFigure, series: Series) => {
    if (figure.kind === 'amount') return format.money(figure.amount, currency)
    if (figure.kind === 'no_rate') return t('budgetChart.noRate', { currency: figure.currency })
    return t(`budgetChart.none.${series}`)
  }
  // Numbers only for drawing; the table and tooltips show the exact decimal amounts.
  const value = (figure: BudgetFigure) => (figure.kind === 'amount' ? Number(figure.amount) : null)
  const drawable = requirements.some((row) => SERIES.some((series) => row[series].kind === 'amount'))
  const drawn = requirements.slice(0, MAX_DRAWN)
  const height = HEIGHTS.find((entry) => drawn.length <= entry.upTo) ?? HEIGHTS[HEIGHTS.length - 1]!
  const compact = (amount: number) => format.number(amount, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 })
  const title = t('budgetChart.title')
  // Sentences as lines of their own: no joining of sentences across languages.
  const description = (
    <>
      <span className="block">{t('budgetChart.description', { currency })}</span>
      {budget.ratesAsOf ? <span className="block">{t('budgetChart.ratesAsOf', { date: format.date(`${budget.ratesAsOf}T12:00:00Z`) })}</span> : null}
      {requirements.length > MAX_DRAWN ? <span className="block">{t('budgetChart.firstOnly', { shown: MAX_DRAWN, total: requirements.length })}</span> : null}
    </>
  )
  return (
    <ChartFigure
      id="project-budget-chart"
      title={title}
      description={requirements.length > 0 && drawable ? description : undefined}
      empty={!drawable}
      emptyText={requirements.length === 0 ? t('budgetChart.noRequirements') : t('budgetChart.noFigures')}
      height={height.className}
      table={
        <FigureTable
          caption={title}
          columns={[
            { label: t('budgetChart.columns.requirement') },
            { label: t('budgetChart.series.budget'), numeric: true },
            { label: t('budgetChart.series.quoted'), numeric: true },
            { label: t('budgetChart.columns.quotes'), numeric: true },
            { label: t('budgetChart.series.awarded'), numeric: true },
          ]}
          rows={requirements.map((row) => [
            row.title,
            text(row.budget, 'budget'),
            text(row.quoted, 'quoted'),
            format.number(row.quotes),
            text(row.awarded, 'awarded'),
          ])}
        />
      }
    >
      <GroupedBars
        data={drawn.map((row) => ({ label: row.title, values: SERIES.map((series) => ({ value: value(row[series]), text: text(row[series], series) })) }))}
        series={SERIES.map((series) => ({ name: t(`budgetChart.series.${series}`), colour: COLOURS[series] }))}
        format={compact}
        height={height.pixels}
      />
    </ChartFigure>
  )
}
