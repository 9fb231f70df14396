import { Link } from 'react-router'
import { Money } from '../../../components/money'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { PipelineStage } from '../pipeline.service.server'

export type PipelineCardView = {
  id: string
  number: string
  name: string
  currency: string
  budget: string | null
  deadline: string | null
  requirementCount: number
  rfqCount: number
  quotationCount: number
}
export type PipelineColumnView = { stage: PipelineStage; total: number; cards: PipelineCardView[] }

/** The projects by stage as read-only columns; each card opens the project (where it moves on). */
export function PipelineBoard({ locale, columns }: { locale: Locale; columns: PipelineColumnView[] }) {
  const { t } = useTranslation('sourcing')
  const format = useFormatter()
  return (
    <div className="grid gap-4 md:grid-cols-3 xl:grid-cols-5">
      {columns.map((column) => (
        <section key={column.stage} aria-labelledby={`stage-${column.stage}`} className="flex flex-col gap-2 rounded-md bg-muted/50 p-3">
          <h2 id={`stage-${column.stage}`} className="flex items-center justify-between text-sm font-semibold">
            <span>{t(`pipeline.stage.${column.stage}`)}</span>
            <span className="rounded-full bg-background px-2 text-xs font-medium">{t('pipeline.count', { count: format.number(column.total) })}</span>
          </h2>
          {column.cards.length === 0 ? <p className="text-sm text-muted-foreground">{t('pipeline.emptyStage')}</p> : null}
          <ul className="flex flex-col gap-2">
            {column.cards.map((card) => (
              <li key={card.id}>
                <Link
                  to={localizePath(locale, `/app/purchase/projects/view/${card.id}`)}
                  className="flex flex-col gap-1 rounded-md border border-border bg-background p-3 text-sm shadow-sm hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className="font-mono text-xs text-muted-foreground">{card.number}</span>
                  <span className="font-medium">{card.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {t('pipeline.counts', {
                      requirements: format.number(card.requirementCount),
                      rfqs: format.number(card.rfqCount),
                      quotes: format.number(card.quotationCount),
                    })}
                  </span>
                  {card.budget ? (
                    <Money amount={card.budget} currency={card.currency} className="text-xs">
                      {(amount) => t('pipeline.budget', { amount })}
                    </Money>
                  ) : null}
                  {card.deadline ? <span className="text-xs">{t('pipeline.deadline', { date: format.date(`${card.deadline}T12:00:00Z`) })}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
          {column.total > column.cards.length ? (
            <p className="text-xs text-muted-foreground">{t('pipeline.more', { count: format.number(column.total - column.cards.length) })}</p>
          ) : null}
        </section>
      ))}
    </div>
  )
}
