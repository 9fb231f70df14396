import { Form, Link } from 'react-router'
import { Money } from '../../../components/money'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'

/** A warehouse as the list page sends it (the address as one line, in the viewer's language). */
export type WarehouseRow = {
  id: string
  code: string
  name: string
  address: string | null
  managerName: string | null
  itemCount: number
  stockValue: Array<{ currency: string; total: string }>
  /** Buyers see its available stock of the company's catalogue products. */
  publishAvailability: boolean
  archived: boolean
  detailHref: string
  editHref: string
}

type WarehouseTableProps = {
  rows: WarehouseRow[]
  label: string
  /** Edit, archive and restore buttons (admins and owners). */
  manage: boolean
  /** The warehouse whose archiving the server refused: its dialog opens again. */
  reopenArchiveOf?: string
}

/** The company's warehouses with what each holds and is worth (texts from `inventory`). */
export function WarehouseTable({ rows, label, manage, reopenArchiveOf }: WarehouseTableProps) {
  const { t } = useTranslation('inventory')
  const format = useFormatter()
  return (
    <Table aria-label={label} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('warehouses.columns.code')}</TableHead>
          <TableHead>{t('warehouses.columns.name')}</TableHead>
          <TableHead>{t('warehouses.columns.address')}</TableHead>
          <TableHead>{t('warehouses.columns.manager')}</TableHead>
          <TableHead className="text-end">{t('warehouses.columns.items')}</TableHead>
          <TableHead className="text-end">{t('warehouses.columns.value')}</TableHead>
          <TableHead>
            <span className="sr-only">{t('warehouses.columns.actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="font-medium whitespace-nowrap">
              <Link to={row.detailHref} className="underline-offset-4 hover:underline" aria-label={t('warehouses.openLabel', { code: row.code })}>
                {row.code}
              </Link>
              {row.archived ? (
                <Badge variant="secondary" className="ms-2">
                  {t('archive.badge')}
                </Badge>
              ) : row.publishAvailability ? (
                <Badge variant="outline" className="ms-2" title={t('warehouses.publishedLabel', { code: row.code })}>
                  {t('warehouses.published')}
                </Badge>
              ) : null}
            </TableCell>
            <TableCell label={t('warehouses.columns.name')}>{row.name}</TableCell>
            <TableCell label={t('warehouses.columns.address')} className="max-w-64 text-muted-foreground">
              {row.address ?? t('warehouses.none')}
            </TableCell>
            <TableCell label={t('warehouses.columns.manager')}>{row.managerName ?? t('warehouses.none')}</TableCell>
            <TableCell label={t('warehouses.columns.items')} className="text-end tabular-nums">
              {format.number(row.itemCount)}
            </TableCell>
            <TableCell label={t('warehouses.columns.value')} className="text-end whitespace-nowrap tabular-nums">
              {row.stockValue.length === 0 ? (
                t('warehouses.none')
              ) : (
                <ul>
                  {row.stockValue.map((value) => (
                    <li key={value.currency}>
                      <Money amount={value.total} currency={value.currency} />
                    </li>
                  ))}
                </ul>
              )}
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap justify-end gap-2">
                <Link to={row.detailHref} className={buttonClasses('secondary', undefined, 'sm')} aria-label={t('warehouses.openLabel', { code: row.code })}>
                  {t('warehouses.open')}
                </Link>
                {manage ? (
                  <Link to={row.editHref} className={buttonClasses('ghost', undefined, 'sm')} aria-label={t('warehouses.editLabel', { code: row.code })}>
                    {t('warehouses.edit')}
                  </Link>
                ) : null}
                {manage && !row.archived ? (
                  <ConfirmDialog
                    triggerLabel={t('archive.trigger')}
                    title={t('archive.title', { code: row.code })}
                    description={t('archive.description')}
                    confirmLabel={t('archive.confirm')}
                    open={reopenArchiveOf === row.id}
                  >
                    <input type="hidden" name="intent" value="archive" />
                    <input type="hidden" name="warehouseId" value={row.id} />
                  </ConfirmDialog>
                ) : null}
                {manage && row.archived ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="warehouseId" value={row.id} />
                    <Button type="submit" variant="secondary" size="sm">
                      {t('warehouses.restore')}
                    </Button>
                  </Form>
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
