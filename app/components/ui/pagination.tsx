import { numberFormatOf } from '../../platform/format/formatter'
import { useTranslation } from '../../platform/i18n/react'
import { Link } from 'react-router'
import { buttonClasses } from './button'
import { paginationRange } from './pagination-range'

/** Offset pagination with previous/next links and the visible range; `maxOffset` is the deepest offset the list serves. */
export function Pagination({
  total,
  offset,
  limit,
  maxOffset,
  hrefFor,
}: {
  total: number
  offset: number
  limit: number
  maxOffset?: number
  hrefFor: (offset: number) => string
}) {
  const { t, i18n } = useTranslation('ui')
  if (total <= limit && offset === 0) return null
  const number = numberFormatOf(i18n.language)
  const { from, to } = paginationRange({ offset, limit, total })
  const hasPrevious = offset > 0
  const hasNext = offset + limit < total && (maxOffset === undefined || offset + limit <= maxOffset)
  return (
    <nav aria-label={t('pagination.label')} className="mt-4 flex items-center justify-between gap-2 text-sm text-foreground">
      <p>{t('pagination.range', { from: number.format(from), to: number.format(to), total: number.format(total) })}</p>
      <div className="flex gap-2">
        {hasPrevious ? (
          <Link to={hrefFor(Math.max(0, offset - limit))} className={buttonClasses('secondary')} rel="prev">
            {t('pagination.previous')}
          </Link>
        ) : null}
        {hasNext ? (
          <Link to={hrefFor(offset + limit)} className={buttonClasses('secondary')} rel="next">
            {t('pagination.next')}
          </Link>
        ) : null}
      </div>
    </nav>
  )
}
