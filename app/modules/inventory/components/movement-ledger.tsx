import { Form, Link } from 'react-router'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { MOVEMENT_KINDS, type MovementKind } from '../inventory.constants'
import { ListPagination } from './list-pagination'

/** A movement as the detail page sends it (dates as ISO text). */
export type MovementRow = {
  id: string
  kind: MovementKind
  sku: string
  description: string
  unit: string
  quantity: number
  balanceAfter: number
  reason: string
  reference: string
  note: string
  createdByName: string | null
  createdAt: string
}

export type MovementFilterValues = { kind: string; q: string; from: string; to: string }

type MovementLedgerProps = {
  base: string
  warehouseId: string
  filters: MovementFilterValues
  rows: MovementRow[]
  total: number
  /** More than `total` movements match (the count stopped there). */
  totalIsCapped: boolean
  offset: number
  limit: number
  hrefFor: (offset: number) => string
  /** The CSV file of the same filters. */
  exportHref: string
}

/** The warehouse's ledger, newest first, with its filters and the CSV export (texts from `inventory`). */
export function MovementLedger({ base, warehouseId, filters, rows, total, totalIsCapped, offset, limit, hrefFor, exportHref }: MovementLedgerProps) {
  const { t } = useTranslation('inventory')
  const format = useFormatter()
  const filtered = Object.values(filters).some(Boolean)
  return (
    <div className="flex flex-col gap-4">
      <Form
        method="get"
        action={base}
        role="search"
        aria-label={t('movements.filtersLabel')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
      >
        <input type="hidden" name="id" value={warehouseId} />
        <input type="hidden" name="tab" value="movements" />
        <FormField label={t('movements.kind')}>
          {(control) => (
            <NativeSelect name="kind" defaultValue={filters.kind} {...control}>
              <option value="">{t('movements.allKinds')}</option>
              {MOVEMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('movements.search')}>
          {(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={100} {...control} />}
        </FormField>
        <FormField label={t('movements.from')}>{(control) => <Input type="date" name="from" defaultValue={filters.from} {...control} />}</FormField>
        <FormField label={t('movements.to')}>{(control) => <Input type="date" name="to" defaultValue={filters.to} {...control} />}</FormField>
        <div className="flex items-end gap-2">
          <Button type="submit" variant="secondary">
            {t('movements.apply')}
          </Button>
          {filtered ? (
            <Link to={`${base}?id=${encodeURIComponent(warehouseId)}&tab=movements`} className={buttonClasses('ghost')}>
              {t('movements.clear')}
            </Link>
          ) : null}
        </div>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t(totalIsCapped ? 'movements.resultCountCapped' : 'movements.resultCount', { count: format.number(total) })}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-muted-foreground">{t('movements.exportHint')}</span>
          <a href={exportHref} className={buttonClasses('secondary', undefined, 'sm')} download>
            {t('movements.export')}
          </a>
        </div>
      </div>
      {rows.length === 0 ? (
        <EmptyState
          icon="list-checks"
          title={filtered ? t('movements.emptyFiltered') : t('movements.empty')}
          description={filtered ? undefined : t('movements.emptyDescription')}
        />
      ) : (
        <Table aria-label={t('movements.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('movements.columns.date')}</TableHead>
              <TableHead>{t('movements.columns.kind')}</TableHead>
              <TableHead>{t('movements.columns.item')}</TableHead>
              <TableHead className="text-end">{t('movements.columns.quantity')}</TableHead>
              <TableHead className="text-end">{t('movements.columns.balance')}</TableHead>
              <TableHead>{t('movements.columns.reason')}</TableHead>
              <TableHead>{t('movements.columns.reference')}</TableHead>
              <TableHead>{t('movements.columns.note')}</TableHead>
              <TableHead>{t('movements.columns.by')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="whitespace-nowrap">{format.dateTime(row.createdAt)}</TableCell>
                <TableCell className="whitespace-nowrap">{t(`kinds.${row.kind}`)}</TableCell>
                <TableCell className="min-w-40">
                  {row.description}
                  {row.sku ? <span className="block text-xs text-muted-foreground">{row.sku}</span> : null}
                </TableCell>
                <TableCell className={row.quantity < 0 ? 'text-end text-destructive tabular-nums' : 'text-end text-status-accept tabular-nums'}>
                  {row.quantity > 0 ? '+' : ''}
                  {format.number(row.quantity)}
                </TableCell>
                <TableCell className="text-end tabular-nums">{format.number(row.balanceAfter)}</TableCell>
                <TableCell>{row.reason ? t(`reasons.${row.reason}`) : t('movements.none')}</TableCell>
                <TableCell className="whitespace-nowrap">{row.reference || t('movements.none')}</TableCell>
                <TableCell className="max-w-48 break-words">{row.note || t('movements.none')}</TableCell>
                <TableCell className="whitespace-nowrap">{row.createdByName ?? t('movements.none')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ListPagination total={total} totalIsCapped={totalIsCapped} offset={offset} limit={limit} hrefFor={hrefFor} />
    </div>
  )
}
