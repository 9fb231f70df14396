import { Badge } from '../../../components/ui/badge'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import type { ApplicationStatus, SupplierType } from '../companies.constants'

export type ApplicationHistoryItem = {
  id: string
  status: ApplicationStatus
  supplierType: SupplierType
  submittedAt: string
  submittedByName?: string | null
  reviewedAt: string | null
  reviewNote: string | null
  reviewedByName?: string | null
}

/** Earlier applications, newest first: when, as what, the decision and the reviewer's note. */
export function SupplierApplicationHistory({ items, headingId }: { items: ApplicationHistoryItem[]; headingId: string }) {
  const { t } = useTranslation('suppliers')
  const format = useFormatter()
  return (
    <ol aria-labelledby={headingId} className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.id} className="rounded-md border border-border p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={item.status} />
            <span className="font-medium">{t(`types.${item.supplierType}.label`)}</span>
            <span className="text-muted-foreground">
              {item.submittedByName
                ? t('history.submittedBy', { date: format.dateTime(item.submittedAt), name: item.submittedByName })
                : t('history.submitted', { date: format.dateTime(item.submittedAt) })}
            </span>
          </div>
          {item.reviewedAt ? (
            <p className="mt-1 text-muted-foreground">
              {item.reviewedByName
                ? t('history.reviewedBy', { date: format.dateTime(item.reviewedAt), name: item.reviewedByName })
                : t('history.reviewed', { date: format.dateTime(item.reviewedAt) })}
            </p>
          ) : null}
          {item.reviewNote ? (
            <blockquote className="mt-2 border-s-2 border-border ps-3 whitespace-pre-wrap">
              <span className="sr-only">{t('history.note')} </span>
              {item.reviewNote}
            </blockquote>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
