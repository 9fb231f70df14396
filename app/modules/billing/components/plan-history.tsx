import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import type { PlanChangeKind } from '../billing.constants'

export type PlanHistoryEntry = { id: string; kind: PlanChangeKind; from: string | null; to: string; effectiveAt: string; createdAt: string }

/** The company's plan changes, newest first: what changed and from when it applies. */
export function PlanHistory({ entries }: { entries: PlanHistoryEntry[] }) {
  const { t } = useTranslation('billing')
  const format = useFormatter()
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
  return (
    <div className="overflow-x-auto">
      <Table stackOnPhone>
        <TableHeader>
          <TableRow>
            <TableHead>{t('history.date')}</TableHead>
            <TableHead>{t('history.change')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell label={t('history.date')} className="whitespace-nowrap tabular-nums">
                {format.date(entry.effectiveAt)}
              </TableCell>
              <TableCell label={t('history.change')}>{t(`history.kinds.${entry.kind}`, { from: entry.from ?? '', to: entry.to })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
