// The dashboard's building blocks shared by its sections: a key figure's tile and the charts' period and money labels.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '../../../components/ui/cn'
import { SpriteIcon } from '../../../components/ui/sprite-icon'
import type { SpriteIconName } from '../../../components/ui/sprite-icons'
import { dateTimeFormat, numberFormatOf } from '../../../platform/format/formatter'
import type { Locale } from '../../../platform/i18n/locales'

/** "2026-11" → "Nov 2026", "2026-11-25" → "Nov 25", in the page's language. */
export function useBucketLabel(locale: Locale, bucket: 'day' | 'month') {
  const format = dateTimeFormat(
    locale,
    bucket === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' },
  )
  return (key: string) => format.format(new Date(`${bucket === 'month' ? `${key}-01` : key}T00:00:00Z`))
}

/** A compact axis label for money ("12K", "1.2M"): charts read at a glance; tables and tiles give the exact figures. */
export function useCompactMoney(locale: Locale, currency: string) {
  const format = numberFormatOf(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 })
  return (value: number) => format.format(value)
}

/** A key figure: label, value, a line of context, and the list behind it. */
export function Tile({
  label,
  value,
  hint,
  to,
  icon,
  tone,
}: {
  label: string
  value: string
  hint?: ReactNode
  to?: string
  icon?: SpriteIconName
  tone?: 'good' | 'bad'
}) {
  const body = (
    <>
      <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        {label}
        {icon ? <SpriteIcon name={icon} /> : null}
      </span>
      <span className={cn('text-2xl font-semibold tabular-nums break-words', tone === 'good' && 'text-status-accept', tone === 'bad' && 'text-status-reject')}>
        {value}
      </span>
      {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
    </>
  )
  const className = 'flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-card p-4 shadow-sm'
  return to ? (
    <Link to={to} className={cn(className, 'transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring')}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  )
}
