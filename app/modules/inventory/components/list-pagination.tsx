import { Link } from 'react-router'
import { buttonClasses } from '../../../components/ui/button'
import { Pagination } from '../../../components/ui/pagination'
import { numberFormatOf } from '../../../platform/format/formatter'
import { useTranslation } from '../../../platform/i18n/react'

type ListPaginationProps = {
  total: number
  /** More than `total` match: the server stopped counting there, and a next page always follows. */
  totalIsCapped: boolean
  offset: number
  limit: number
  hrefFor: (offset: number) => string
}

/** The shared pagination while the count is exact; past the count's cap the range reads "of more than N", never a guess. */
export function ListPagination({ total, totalIsCapped, offset, limit, hrefFor }: ListPaginationProps) {
  const { t, i18n } = useTranslation('inventory')
  const ui = useTranslation('ui').t
  if (!totalIsCapped) return <Pagination total={total} offset={offset} limit={limit} hrefFor={hrefFor} />
  const number = numberFormatOf(i18n.language)
  // A capped count covers at least this page and one row past it: the page is full.
  const range = { from: number.format(offset + 1), to: number.format(offset + limit), total: number.format(total) }
  return (
    <nav aria-label={ui('pagination.label')} className="mt-4 flex items-center justify-between gap-2 text-sm text-foreground">
      <p>{t('pagination.rangeCapped', range)}</p>
      <div className="flex gap-2">
        {offset > 0 ? (
          <Link to={hrefFor(Math.max(0, offset - limit))} className={buttonClasses('secondary')} rel="prev">
            {ui('pagination.previous')}
          </Link>
        ) : null}
        <Link to={hrefFor(offset + limit)} className={buttonClasses('secondary')} rel="next">
          {ui('pagination.next')}
        </Link>
      </div>
    </nav>
  )
}
