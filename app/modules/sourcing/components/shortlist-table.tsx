import { Form, useNavigation } from 'react-router'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { countryName } from '../../../platform/countries'
import { useTranslation } from '../../../platform/i18n/react'
import { VerifiedBadge } from '../../companies/index'
import type { ApprovalStatus } from '../sourcing.constants'
import { ApprovedStatusBadge } from './approved-status-badge'

export type ShortlistRow = {
  supplierId: string
  name: string
  country: string
  verified: boolean
  mainProducts: string[]
  approval: ApprovalStatus | null
  note: string
  addedByName: string | null
  createdAt: string
}

type ShortlistTableProps = {
  rows: ShortlistRow[]
  editable: boolean
  /** Where the note and remove forms post (the page with its project). */
  action: string
  /** Field errors of the last note save, for the supplier it was about. */
  noteErrors?: { supplierId: string; errors: string[] } | undefined
}

/** A project's shortlist: supplier, status, the buyer's note (edited in place) and a remove button per row. */
export function ShortlistTable({ rows, editable, action, noteErrors }: ShortlistTableProps) {
  const { t, i18n } = useTranslation('sourcing')
  const format = useFormatter()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  if (rows.length === 0) return <EmptyState title={t('selected.empty')} description={t('selected.emptyDescription')} />
  return (
    <Table aria-label={t('selected.tableLabel')} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('selected.columns.supplier')}</TableHead>
          <TableHead>{t('selected.columns.status')}</TableHead>
          <TableHead className="min-w-72">{t('selected.columns.note')}</TableHead>
          <TableHead>{t('selected.columns.added')}</TableHead>
          {editable ? <TableHead>{t('selected.columns.actions')}</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const noteId = `note-${row.supplierId}`
          const errors = noteErrors?.supplierId === row.supplierId ? noteErrors.errors : []
          return (
            <TableRow key={row.supplierId}>
              <TableCell>
                <div className="font-medium">{row.name}</div>
                <div className="text-xs text-muted-foreground">{row.country ? countryName(row.country, i18n.language) : ''}</div>
                {row.mainProducts.length > 0 ? <div className="text-xs text-muted-foreground">{row.mainProducts.slice(0, 4).join(', ')}</div> : null}
              </TableCell>
              <TableCell label={t('selected.columns.status')}>
                <div className="flex flex-col gap-1">
                  <VerifiedBadge status={row.verified ? 'accept' : 'unverified'} />
                  <ApprovedStatusBadge status={row.approval} />
                </div>
              </TableCell>
              <TableCell label={t('selected.columns.note')}>
                {editable ? (
                  <Form method="post" action={action} className="flex flex-col gap-1">
                    <input type="hidden" name="intent" value="note" />
                    <input type="hidden" name="supplierId" value={row.supplierId} />
                    <label htmlFor={noteId} className="sr-only">
                      {t('selected.noteFor', { name: row.name })}
                    </label>
                    <Textarea
                      id={noteId}
                      name="note"
                      rows={2}
                      maxLength={1000}
                      defaultValue={row.note}
                      aria-invalid={errors.length > 0 || undefined}
                      aria-describedby={errors.length > 0 ? `${noteId}-error` : undefined}
                    />
                    {errors.length > 0 ? (
                      <p id={`${noteId}-error`} role="alert" className="text-xs text-destructive">
                        {errors.join(' ')}
                      </p>
                    ) : null}
                    <Button
                      type="submit"
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      className="self-start"
                      aria-label={t('selected.saveNoteFor', { name: row.name })}
                    >
                      {t('selected.saveNote')}
                    </Button>
                  </Form>
                ) : (
                  <p className="text-sm whitespace-pre-wrap">{row.note || '—'}</p>
                )}
              </TableCell>
              <TableCell label={t('selected.columns.added')} className="text-sm whitespace-nowrap">
                {format.date(row.createdAt)}
                {row.addedByName ? <div className="text-xs text-muted-foreground">{row.addedByName}</div> : null}
              </TableCell>
              {editable ? (
                <TableCell>
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="supplierId" value={row.supplierId} />
                    <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={t('selected.removeFrom', { name: row.name })}>
                      {t('selected.remove')}
                    </Button>
                  </Form>
                </TableCell>
              ) : null}
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
