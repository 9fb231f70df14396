import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import type { QuotationRevisionEntry } from '../quotation.types'

/** The rounds of a quotation, newest first, each with what changed against the round before. */
export function QuotationHistory({ entries }: { entries: QuotationRevisionEntry[] }) {
  const { t } = useTranslation('quotations')
  const format = useFormatter()
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
  const value = (text: string | null) => text ?? t('history.empty_value')
  return (
    <ol className="flex flex-col gap-4" aria-label={t('history.caption')}>
      {entries.map((entry) => (
        <li key={entry.revision} className="rounded-md border p-3">
          <h3 className="text-sm font-semibold">{t('history.revision', { revision: entry.revision })}</h3>
          <p className="text-xs text-muted-foreground">
            {entry.submittedByName
              ? t('history.submittedBy', { when: format.dateTime(entry.submittedAt), name: entry.submittedByName })
              : t('history.submittedAt', { when: format.dateTime(entry.submittedAt) })}
          </p>
          {entry.revision === 1 ? (
            <p className="mt-1 text-sm">{t('history.initial')}</p>
          ) : entry.changes.length === 0 ? (
            <p className="mt-1 text-sm">{t('history.noChanges')}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {entry.changes.map((change, index) => (
                <li key={`${change.field}-${change.rfqLineId ?? ''}-${index}`}>
                  <span className="font-medium">
                    {change.lineTitle
                      ? t('history.lineChange', { line: change.lineTitle, field: t(`history.field.${change.field}`) })
                      : t(`history.field.${change.field}`)}
                  </span>{' '}
                  <span className="tabular-nums">{t('history.change', { before: value(change.before), after: value(change.after) })}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  )
}
