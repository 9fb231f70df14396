import { Link } from 'react-router'
import { Money } from '../../../components/money'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { MyQuotationSummary } from '../quotation.types'
import { QuotationStatusBadge } from './quotation-status-badge'

/** The supplier's quotations: RFQ, buyer, status, revision, total and validity, each linking to its RFQ page. */
export function QuotationTable({ rows, caption, locale }: { rows: MyQuotationSummary[]; caption: string; locale: Locale }) {
  const { t } = useTranslation('quotations')
  const format = useFormatter()
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('list.empty')}</p>
  return (
    <Table stackOnPhone>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('list.rfq')}</TableHead>
          <TableHead>{t('list.buyer')}</TableHead>
          <TableHead>{t('list.status')}</TableHead>
          <TableHead>{t('list.revision')}</TableHead>
          <TableHead className="text-end">{t('list.total')}</TableHead>
          <TableHead>{t('list.validUntil')}</TableHead>
          <TableHead>{t('list.updated')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              <Link
                to={localizePath(locale, `/app/supplier/portal/rfq/${row.rfqId}`)}
                className="font-medium underline-offset-4 hover:underline"
                aria-label={t('list.open', { number: row.rfqNumber })}
              >
                {row.rfqNumber}
              </Link>
              <div className="text-xs text-muted-foreground">{row.rfqTitle}</div>
            </TableCell>
            <TableCell label={t('list.buyer')}>{row.buyerName ?? t('portal.publicRequest')}</TableCell>
            <TableCell label={t('list.status')}>
              <QuotationStatusBadge status={row.status} />
            </TableCell>
            <TableCell label={t('list.revision')}>{row.revision > 0 ? t('list.revisionValue', { revision: row.revision }) : '—'}</TableCell>
            <TableCell label={t('list.total')} className="text-end tabular-nums">
              <Money amount={row.total} currency={row.currency} />
            </TableCell>
            <TableCell label={t('list.validUntil')}>{format.date(`${row.validUntil}T12:00:00Z`)}</TableCell>
            <TableCell label={t('list.updated')}>{format.dateTime(row.updatedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
