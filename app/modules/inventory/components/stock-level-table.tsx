import { Form, Link } from 'react-router'
import { FormError, type FormErrorData, useFieldErrors } from '../../../components/form-error'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { MAX_MOVEMENT_QUANTITY } from '../stock.inputs'
import { ListPagination } from './list-pagination'

/** A level as the detail page sends it (unit cost as exact decimal text). */
export type StockLevelRow = {
  id: string
  itemKey: string
  sku: string
  description: string
  unit: string
  onHand: number
  reserved: number
  available: number
  lowStockThreshold: number | null
  low: boolean
  unitCost: string | null
  currency: string | null
  moveHref: string
}

/** What a refused threshold post sent back, for its row. */
export type ThresholdFailure = { levelId: string; fieldErrors: Record<string, string[]>; formError?: FormErrorData }

type StockLevelTableProps = {
  /** The page's path with the warehouse, for the search form and the pagination links. */
  base: string
  warehouseId: string
  q: string
  lowOnly: boolean
  rows: StockLevelRow[]
  total: number
  /** More than `total` levels match (the count stopped there). */
  totalIsCapped: boolean
  lowCount: number
  offset: number
  limit: number
  hrefFor: (offset: number) => string
  /** Units on their way per item key (from logistics); the column shows "—" without it. */
  incoming?: Map<string, number>
  /** Threshold and move actions (members, in a warehouse that is not archived for moves). */
  canEdit: boolean
  canMove: boolean
  thresholdFailure?: ThresholdFailure
}

/** A warehouse's stock: search, the low-only filter, each level with its threshold kept in place (texts from `inventory`). */
export function StockLevelTable(props: StockLevelTableProps) {
  const { base, warehouseId, q, lowOnly, rows, total, totalIsCapped, lowCount, offset, limit, hrefFor, incoming, canEdit, canMove, thresholdFailure } = props
  const { t } = useTranslation('inventory')
  const format = useFormatter()
  const filtered = Boolean(q) || lowOnly
  const itemName = (row: StockLevelRow) => (row.sku ? `${row.sku} · ${row.description}` : row.description)
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" action={base} role="search" aria-label={t('stock.searchLabel')} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="id" value={warehouseId} />
        <FormField label={t('stock.search')} className="min-w-48 flex-1">
          {(control) => <Input type="search" name="q" defaultValue={q} maxLength={100} {...control} />}
        </FormField>
        <label className="flex h-9 items-center gap-2 text-sm">
          <input type="checkbox" name="low" value="1" defaultChecked={lowOnly} className="size-4 accent-primary" />
          {t('stock.lowOnly')}
        </label>
        <Button type="submit" variant="secondary">
          {t('stock.apply')}
        </Button>
        {filtered ? (
          <Link to={`${base}?id=${encodeURIComponent(warehouseId)}`} className={buttonClasses('ghost')}>
            {t('stock.clear')}
          </Link>
        ) : null}
      </Form>
      <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground" aria-live="polite">
        <span>{t(totalIsCapped ? 'stock.resultCountCapped' : 'stock.resultCount', { count: format.number(total) })}</span>
        {lowCount > 0 ? <span className="text-status-pending">{t('stock.lowCount', { count: format.number(lowCount) })}</span> : null}
      </p>
      {rows.length === 0 ? (
        <EmptyState
          icon="package"
          title={filtered ? t('stock.emptyFiltered') : t('stock.empty')}
          description={filtered ? undefined : t('stock.emptyDescription')}
        />
      ) : (
        <Table aria-label={t('stock.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('stock.columns.item')}</TableHead>
              <TableHead className="text-end">{t('stock.columns.onHand')}</TableHead>
              <TableHead className="text-end">{t('stock.columns.reserved')}</TableHead>
              <TableHead className="text-end">{t('stock.columns.available')}</TableHead>
              <TableHead className="text-end">{t('stock.columns.incoming')}</TableHead>
              <TableHead>{t('stock.columns.threshold')}</TableHead>
              <TableHead className="text-end">{t('stock.columns.unitCost')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('stock.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const incomingUnits = incoming?.get(row.itemKey)
              return (
                <TableRow key={row.id}>
                  <TableCell className="min-w-48">
                    <span className="font-medium">{row.description}</span>
                    {row.sku ? <span className="block text-xs text-muted-foreground">{row.sku}</span> : null}
                    {row.low ? (
                      <Badge variant="pending" className="mt-1">
                        {t('stock.low')}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-end whitespace-nowrap tabular-nums">
                    {format.number(row.onHand)} {row.unit}
                  </TableCell>
                  <TableCell className="text-end tabular-nums">{format.number(row.reserved)}</TableCell>
                  <TableCell className="text-end font-medium tabular-nums">{format.number(row.available)}</TableCell>
                  <TableCell className="text-end tabular-nums">{incomingUnits === undefined ? t('stock.none') : format.number(incomingUnits)}</TableCell>
                  <TableCell>
                    {canEdit ? (
                      <ThresholdForm row={row} itemName={itemName(row)} failure={thresholdFailure?.levelId === row.id ? thresholdFailure : undefined} />
                    ) : row.lowStockThreshold === null ? (
                      t('stock.none')
                    ) : (
                      format.number(row.lowStockThreshold)
                    )}
                  </TableCell>
                  <TableCell className="text-end whitespace-nowrap tabular-nums">
                    {row.unitCost && row.currency ? format.unitPrice(row.unitCost, row.currency) : t('stock.none')}
                  </TableCell>
                  <TableCell>
                    {canMove ? (
                      <Link
                        to={row.moveHref}
                        className={buttonClasses('secondary', undefined, 'sm')}
                        aria-label={t('stock.moveLabel', { item: itemName(row) })}
                      >
                        {t('stock.move')}
                      </Link>
                    ) : null}
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      )}
      <ListPagination total={total} totalIsCapped={totalIsCapped} offset={offset} limit={limit} hrefFor={hrefFor} />
    </div>
  )
}

function ThresholdForm({ row, itemName, failure }: { row: StockLevelRow; itemName: string; failure: ThresholdFailure | undefined }) {
  const { t } = useTranslation('inventory')
  const fieldError = useFieldErrors(failure?.fieldErrors, 'inventory')
  return (
    <Form method="post" className="flex min-w-36 flex-col gap-1">
      <input type="hidden" name="intent" value="threshold" />
      <input type="hidden" name="levelId" value={row.id} />
      <div className="flex items-start gap-2">
        <FormField label={t('stock.thresholdLabel', { item: itemName })} errors={fieldError('lowStockThreshold')} className="w-20 [&>label]:sr-only">
          {(control) => (
            <Input
              type="number"
              name="lowStockThreshold"
              min={0}
              max={MAX_MOVEMENT_QUANTITY}
              step={1}
              defaultValue={row.lowStockThreshold ?? ''}
              className="h-8 px-2 py-1"
              {...control}
            />
          )}
        </FormField>
        <Button type="submit" variant="ghost" size="sm" aria-label={t('stock.saveThresholdLabel', { item: itemName })}>
          {t('stock.saveThreshold')}
        </Button>
      </div>
      <FormError error={failure?.formError} />
    </Form>
  )
}
