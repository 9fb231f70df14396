import type { ReactNode } from 'react'
import { usePreferences } from '../modules/identity/index'
import type { ConvertedMoney, Formatter, MoneyOptions } from '../platform/format'
import type { RateTable } from '../platform/fx/convert'
import type { TFunction } from '../platform/i18n/i18n'
import { useTranslation } from '../platform/i18n/react'
import { cn } from './ui/cn'
import { useFormatter } from './use-formatter'
import { useRootData } from './use-root-data'

/** An amount as the viewer's currency shows it, with the sentence that says where a converted figure comes from. */
export type MoneyView = ConvertedMoney & { note: string | null }

/** The sentence beside a converted or unconverted amount: original, cross rate and its day; or why it is not converted. */
function moneyNote(view: ConvertedMoney, format: Formatter, t: TFunction): string | null {
  if (view.kind === 'same') return null
  if (view.kind === 'no_rate') return t('money.noRate', { currency: view.to })
  return view.day
    ? t('money.convertedOn', { original: view.original, rate: view.rate, date: format.date(`${view.day}T12:00:00Z`) })
    : t('money.converted', { original: view.original, rate: view.rate })
}

/** Views an amount in `to` with `rates`: the one conversion the lists, cards and previews share. */
export function viewMoney(format: Formatter, t: TFunction, rates: RateTable, to: string, amount: string, currency: string, options?: MoneyOptions): MoneyView {
  const view = format.convertMoney(amount, currency, { to, rates }, options)
  return { ...view, note: moneyNote(view, format, t) }
}

type MoneyProps = MoneyOptions & {
  amount: string
  currency: string
  className?: string
  /** Wraps the main figure in its sentence ("From ≈ €1.23 / piece"); the figure alone by default. */
  children?: (text: string) => ReactNode
}

/**
 * An amount shown in the viewer's preferred currency: converted ones as "≈ €1,234.00" with the original below and the
 * rate and its day in the title (hover) and in text for screen readers; amounts without a rate stay as they are, noted.
 */
export function Money({ amount, currency, unitPrice, className, children }: MoneyProps) {
  const format = useFormatter()
  const { t } = useTranslation('common')
  const { fx } = useRootData()
  const { preferences } = usePreferences()
  const view = viewMoney(format, t, fx, preferences.currency, amount, currency, { unitPrice })
  return <MoneyFigure view={view} className={className} render={children} />
}

/** Renders a MoneyView (also for previews that view money with other preferences than the viewer's). */
export function MoneyFigure({ view, className, render = (text) => text }: { view: MoneyView; className?: string; render?: (text: string) => ReactNode }) {
  if (view.kind === 'same') return <span className={className}>{render(view.text)}</span>
  return (
    <span className={cn('inline-flex flex-col', className)} title={view.note ?? undefined} data-money={view.kind}>
      <span>{render(view.text)}</span>
      <span className="text-xs font-normal text-muted-foreground" aria-hidden="true">
        {view.kind === 'converted' ? view.original : view.note}
      </span>
      <span className="sr-only">{view.note}</span>
    </span>
  )
}
