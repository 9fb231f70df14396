import { Form, Link, useNavigation } from 'react-router'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { countryName } from '../../../platform/countries'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { VerifiedBadge } from '../../companies/index'
import { APPROVAL_STATUSES, type ApprovalStatus } from '../sourcing.constants'
import { ApprovedStatusBadge } from './approved-status-badge'
import { SupplierSelector } from './supplier-selector'

export type ApprovedDocument = { id: string; name: string }
export type ApprovedRow = {
  supplierId: string
  name: string
  country: string
  verified: boolean
  status: ApprovalStatus
  note: string
  documents: ApprovedDocument[]
  updatedByName: string | null
  updatedAt: string
}
export type ApprovedFilters = { status: string; q: string }
/** Field errors of the last failed form, and which form (`add`, or the supplier id of an edit). */
export type ApprovedFormErrors = { form: string; fields: Record<string, string[]> } | null

const BASE = '/app/supplier/management'

export function approvedListHref(locale: Locale, filters: ApprovedFilters, offset = 0): string {
  const params = new URLSearchParams()
  if (filters.status) params.set('status', filters.status)
  if (filters.q) params.set('q', filters.q)
  if (offset > 0) params.set('offset', String(offset))
  const search = params.toString()
  return localizePath(locale, search ? `${BASE}?${search}` : BASE)
}

function StatusSelect({ defaultValue, errors, label }: { defaultValue: ApprovalStatus; errors?: string[] | undefined; label: string }) {
  const { t } = useTranslation('sourcing')
  return (
    <FormField label={label} errors={errors}>
      {(control) => (
        <NativeSelect name="status" defaultValue={defaultValue} {...control}>
          {APPROVAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`approval.${status}`)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  )
}

/** Checkboxes of the company's files that may back a decision, and a file chooser to upload new ones. */
function DocumentsField({
  choices,
  chosen,
  errors,
  idPrefix,
}: {
  choices: ApprovedDocument[]
  chosen: string[]
  errors?: string[] | undefined
  idPrefix: string
}) {
  const { t } = useTranslation('sourcing')
  const uploadId = `${idPrefix}-upload`
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{t('management.documents')}</legend>
      {choices.length > 0 ? (
        <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto">
          {choices.map((file) => (
            <li key={file.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="documentFileIds" value={file.id} defaultChecked={chosen.includes(file.id)} className="size-4" />
                {file.name}
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">{t('management.noDocuments')}</p>
      )}
      <label htmlFor={uploadId} className="text-sm">
        {t('management.upload')}
      </label>
      <Input id={uploadId} type="file" name="upload" multiple accept=".pdf,.png,.jpg,.jpeg,.webp,.docx,.xlsx" aria-describedby={`${uploadId}-hint`} />
      <p id={`${uploadId}-hint`} className="text-xs text-muted-foreground">
        {t('management.uploadHint')}
      </p>
      {errors?.length ? (
        <p role="alert" className="text-xs text-destructive">
          {errors.join(' ')}
        </p>
      ) : null}
    </fieldset>
  )
}

const messagesOf = (errors: ApprovedFormErrors, form: string, name: string, t: (key: string) => string) =>
  errors?.form === form
    ? Object.entries(errors.fields)
        .filter(([field]) => field === name || field.startsWith(`${name}.`))
        .flatMap(([, keys]) => keys.map((key) => t(key)))
    : undefined

/** Puts a supplier on the list: the selector (blocked ones allowed), a status, a note and documents. */
export function ApprovedSupplierAddForm({ listedIds, documents, errors }: { listedIds: string[]; documents: ApprovedDocument[]; errors: ApprovedFormErrors }) {
  const { t } = useTranslation('sourcing')
  const navigation = useNavigation()
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="grid gap-3 rounded-md border border-border p-4 md:grid-cols-2"
      aria-labelledby="approved-add-title"
    >
      <h2 id="approved-add-title" className="text-lg font-medium md:col-span-2">
        {t('management.addTitle')}
      </h2>
      <input type="hidden" name="intent" value="add" />
      <div className="md:col-span-2">
        <SupplierSelector
          name="supplierCompanyId"
          label={t('management.supplier')}
          single
          allowBlocked
          excludeIds={listedIds}
          errors={messagesOf(errors, 'add', 'supplierCompanyId', t)}
        />
      </div>
      <StatusSelect label={t('management.status')} defaultValue="approved" errors={messagesOf(errors, 'add', 'status', t)} />
      <FormField label={t('management.note')} errors={messagesOf(errors, 'add', 'note', t)}>
        {(control) => <Textarea name="note" rows={2} maxLength={2000} {...control} />}
      </FormField>
      <div className="md:col-span-2">
        <DocumentsField choices={documents} chosen={[]} errors={messagesOf(errors, 'add', 'documentFileIds', t)} idPrefix="add" />
      </div>
      <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
        {t('management.add')}
      </Button>
    </Form>
  )
}

type ApprovedSupplierListProps = {
  locale: Locale
  filters: ApprovedFilters
  counts: Record<ApprovalStatus, number>
  rows: ApprovedRow[]
  total: number
  offset: number
  limit: number
  documents: ApprovedDocument[]
  errors: ApprovedFormErrors
}

/** The approved-supplier list: filters with counts, and per supplier its status, note, documents, edit and remove. */
export function ApprovedSupplierList({ locale, filters, counts, rows, total, offset, limit, documents, errors }: ApprovedSupplierListProps) {
  const { t } = useTranslation('sourcing')
  const format = useFormatter()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const filtered = Boolean(filters.status || filters.q)
  return (
    <div className="flex flex-col gap-4">
      <Form
        method="get"
        action={localizePath(locale, BASE)}
        role="search"
        aria-label={t('management.filters.label')}
        className="flex flex-wrap items-end gap-3"
      >
        <FormField label={t('management.filters.q')}>
          {(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={100} {...control} />}
        </FormField>
        <FormField label={t('management.filters.status')}>
          {(control) => (
            <NativeSelect name="status" defaultValue={filters.status} {...control}>
              <option value="">{t('management.filters.anyStatus')}</option>
              {APPROVAL_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t('management.filters.statusCount', { status: t(`approval.${status}`), count: format.number(counts[status]) })}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" variant="secondary">
          {t('management.filters.apply')}
        </Button>
        {filtered ? (
          <Link to={localizePath(locale, BASE)} className={buttonClasses('ghost')}>
            {t('management.filters.clear')}
          </Link>
        ) : null}
      </Form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('management.resultCount', { count: format.number(total) })}
      </p>
      {rows.length === 0 ? (
        <EmptyState
          title={filtered ? t('management.emptyFiltered') : t('management.empty')}
          description={filtered ? undefined : t('management.emptyDescription')}
        />
      ) : (
        <Table aria-label={t('management.tableLabel')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('management.columns.supplier')}</TableHead>
              <TableHead>{t('management.columns.status')}</TableHead>
              <TableHead>{t('management.columns.note')}</TableHead>
              <TableHead>{t('management.columns.documents')}</TableHead>
              <TableHead>{t('management.columns.updated')}</TableHead>
              <TableHead>{t('management.columns.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.supplierId}>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-1 font-medium">
                    {row.name}
                    <VerifiedBadge status={row.verified ? 'accept' : 'unverified'} compact />
                  </div>
                  <div className="text-xs text-muted-foreground">{row.country ? countryName(row.country, locale) : ''}</div>
                </TableCell>
                <TableCell label={t('management.columns.status')}>
                  <ApprovedStatusBadge status={row.status} />
                </TableCell>
                <TableCell label={t('management.columns.note')} className="max-w-64 text-sm whitespace-pre-wrap">
                  {row.note || '—'}
                </TableCell>
                <TableCell label={t('management.columns.documents')}>
                  {row.documents.length > 0 ? (
                    <ul className="flex flex-col gap-1 text-sm">
                      {row.documents.map((file) => (
                        <li key={file.id}>
                          <a href={`/api/v1/files/${file.id}/content`} className="underline underline-offset-4">
                            {file.name}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell label={t('management.columns.updated')} className="text-sm whitespace-nowrap">
                  {format.date(row.updatedAt)}
                  {row.updatedByName ? <div className="text-xs text-muted-foreground">{row.updatedByName}</div> : null}
                </TableCell>
                <TableCell>
                  <details open={errors?.form === row.supplierId || undefined}>
                    <summary className="cursor-pointer text-sm underline underline-offset-4">{t('management.edit')}</summary>
                    <Form
                      method="post"
                      encType="multipart/form-data"
                      className="mt-2 flex min-w-64 flex-col gap-2"
                      aria-label={t('management.editFor', { name: row.name })}
                    >
                      <input type="hidden" name="intent" value="update" />
                      <input type="hidden" name="supplierId" value={row.supplierId} />
                      <StatusSelect label={t('management.status')} defaultValue={row.status} errors={messagesOf(errors, row.supplierId, 'status', t)} />
                      <FormField label={t('management.note')} errors={messagesOf(errors, row.supplierId, 'note', t)}>
                        {(control) => <Textarea name="note" rows={2} maxLength={2000} defaultValue={row.note} {...control} />}
                      </FormField>
                      <DocumentsField
                        choices={documents}
                        chosen={row.documents.map((file) => file.id)}
                        errors={messagesOf(errors, row.supplierId, 'documentFileIds', t)}
                        idPrefix={`edit-${row.supplierId}`}
                      />
                      <Button type="submit" size="sm" disabled={busy} className="self-start">
                        {t('management.save')}
                      </Button>
                    </Form>
                  </details>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="supplierId" value={row.supplierId} />
                    <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={t('management.removeFor', { name: row.name })}>
                      {t('management.remove')}
                    </Button>
                  </Form>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination total={total} offset={offset} limit={limit} hrefFor={(next) => approvedListHref(locale, filters, next)} />
    </div>
  )
}
