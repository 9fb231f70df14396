import { useId } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { FormError, type FormErrorData, useFieldErrors } from '../../../components/form-error'
import { Money } from '../../../components/money'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { MAX_CUSTOMER_NOTE_LENGTH } from '../order-reports.inputs'
import { reportHref } from './open-lines-table'

/** One customer as the loader sends it (dates as ISO text, volumes as exact decimal text per currency). */
export type CustomerRow = {
  id: string
  name: string
  orderCount: number
  volume: Array<{ currency: string; total: string }>
  lastOrderAt: string
  note: string
  ordersHref: string
}

/** What the note action answers, for the row it was about. */
export type CustomerNoteResult =
  { ok: true; customerId: string } | { ok: false; customerId?: string; fieldErrors: Record<string, string[]>; formError?: FormErrorData }

type CustomerTableProps = {
  base: string
  q: string
  rows: CustomerRow[]
  total: number
  offset: number
  limit: number
  /** The answer of a plain form post (no JavaScript). */
  pageResult: CustomerNoteResult | undefined
}

/** The companies that ordered from us, with a private note per customer kept in place (texts from `fulfilment`). */
export function CustomerTable({ base, q, rows, total, offset, limit, pageResult }: CustomerTableProps) {
  const { t } = useTranslation('fulfilment')
  const format = useFormatter()
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" action={base} role="search" aria-label={t('customers.searchLabel')} className="flex flex-wrap items-end gap-3">
        <FormField label={t('customers.search')} className="min-w-64 flex-1">
          {(control) => <Input type="search" name="q" defaultValue={q} maxLength={100} {...control} />}
        </FormField>
        <Button type="submit" variant="secondary">
          {t('customers.apply')}
        </Button>
        {q ? (
          <Link to={base} className={buttonClasses('ghost')}>
            {t('customers.clear')}
          </Link>
        ) : null}
      </Form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('customers.resultCount', { count: format.number(total) })}
      </p>
      {rows.length === 0 ? (
        <EmptyState
          title={q ? t('customers.emptyFiltered') : t('customers.empty')}
          description={q ? undefined : t('customers.emptyDescription')}
          action={
            q ? (
              <Link to={base} className={buttonClasses('secondary')}>
                {t('customers.clear')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <Table aria-label={t('customers.tableLabel')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('customers.columns.name')}</TableHead>
              <TableHead className="text-end">{t('customers.columns.orders')}</TableHead>
              <TableHead className="text-end">{t('customers.columns.volume')}</TableHead>
              <TableHead>{t('customers.columns.lastOrder')}</TableHead>
              <TableHead className="w-96">{t('customers.columns.note')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="font-medium">
                  <Link to={row.ordersHref} className="underline-offset-4 hover:underline" aria-label={t('customers.viewOrders', { name: row.name })}>
                    {row.name}
                  </Link>
                </TableCell>
                <TableCell label={t('customers.columns.orders')} className="text-end">
                  {format.number(row.orderCount)}
                </TableCell>
                <TableCell label={t('customers.columns.volume')} className="text-end whitespace-nowrap">
                  {row.volume.length === 0 ? (
                    '—'
                  ) : (
                    <ul>
                      {row.volume.map((volume) => (
                        <li key={volume.currency}>
                          <Money amount={volume.total} currency={volume.currency} />
                        </li>
                      ))}
                    </ul>
                  )}
                </TableCell>
                <TableCell label={t('customers.columns.lastOrder')} className="whitespace-nowrap">
                  {format.date(row.lastOrderAt)}
                </TableCell>
                <TableCell label={t('customers.columns.note')}>
                  <CustomerNoteForm customer={row} pageResult={pageResult?.customerId === row.id ? pageResult : undefined} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination total={total} offset={offset} limit={limit} hrefFor={(next) => reportHref(base, q, next)} />
    </div>
  )
}

function CustomerNoteForm({ customer, pageResult }: { customer: CustomerRow; pageResult: CustomerNoteResult | undefined }) {
  const { t } = useTranslation('fulfilment')
  const fetcher = useFetcher<CustomerNoteResult>({ key: `customer-note-${customer.id}` })
  const statusId = useId()
  const result = fetcher.state === 'idle' && fetcher.data ? fetcher.data : pageResult
  const failure = result && !result.ok ? result : undefined
  const fieldError = useFieldErrors(failure?.fieldErrors, 'fulfilment')
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="customerId" value={customer.id} />
      <FormField label={t('customers.noteLabel', { name: customer.name })} errors={fieldError('note')} className="[&>label]:sr-only">
        {(control) => <Textarea name="note" rows={2} defaultValue={customer.note} maxLength={MAX_CUSTOMER_NOTE_LENGTH} {...control} />}
      </FormField>
      <FormError error={failure?.formError} />
      <div className="flex items-center gap-2">
        <Button type="submit" name="intent" value="note" size="sm" variant="secondary" disabled={busy} aria-describedby={statusId}>
          {t('customers.saveNote')}
        </Button>
        <span id={statusId} role="status" className="text-xs text-muted-foreground">
          {busy ? t('customers.saving') : result?.ok ? t('customers.saved') : null}
        </span>
      </div>
    </fetcher.Form>
  )
}
