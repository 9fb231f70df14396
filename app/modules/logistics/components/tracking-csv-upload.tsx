import { Form } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Button } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useTranslation } from '../../../platform/i18n/react'
import { TRACKING_CSV_HEADER } from '../logistics.constants'

/** What the upload answered: the events stored, or why nothing was (row errors carry message keys). */
export type CsvUploadResult =
  | { ok: true; intent: 'importCsv'; stored: number; duplicates: number; shipments: number }
  | {
      ok: false
      intent: 'importCsv'
      fieldErrors: Record<string, string[]>
      formError?: FormErrorData
      rows?: Array<{ row: number; field: string; message: string }>
    }
  | undefined

/** The shipping side uploads carrier events of several shipments at once as CSV: all rows or none (texts from `logistics`). */
export function TrackingCsvUpload({ result }: { result: CsvUploadResult }) {
  const { t } = useTranslation('logistics')
  const failed = result && !result.ok ? result : undefined
  return (
    <Card className="flex flex-col gap-4 p-6">
      <div>
        <CardTitle>{t('csvUpload.title')}</CardTitle>
        <CardDescription>{t('csvUpload.hint')}</CardDescription>
      </div>
      <p className="overflow-x-auto rounded-md bg-muted p-2 font-mono text-xs whitespace-nowrap">{TRACKING_CSV_HEADER}</p>
      {result?.ok ? (
        <p role="status" className="rounded-md border border-success/50 bg-success/10 p-3 text-sm">
          {t('csvUpload.done', { stored: result.stored, duplicates: result.duplicates, shipments: result.shipments })}
        </p>
      ) : null}
      {failed?.formError ? <FormError error={failed.formError} /> : null}
      {failed?.rows?.length ? (
        <div className="flex flex-col gap-2" role="alert">
          <p className="text-sm font-medium text-destructive">{t('csvUpload.failed', { count: failed.rows.length })}</p>
          <Table aria-label={t('csvUpload.errorsLabel')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('csvUpload.row')}</TableHead>
                <TableHead>{t('csvUpload.field')}</TableHead>
                <TableHead>{t('csvUpload.problem')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {failed.rows.slice(0, 50).map((row, index) => (
                <TableRow key={index}>
                  <TableCell>{row.row}</TableCell>
                  <TableCell className="font-mono text-xs">{row.field}</TableCell>
                  <TableCell>{t(row.message)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3" aria-label={t('csvUpload.title')}>
        <input type="hidden" name="intent" value="importCsv" />
        <FormField label={t('csvUpload.file')} errors={failed?.fieldErrors.file?.map((key) => t(key))} className="min-w-64">
          {(control) => <Input type="file" name="file" accept=".csv,text/csv" required {...control} />}
        </FormField>
        <Button type="submit" variant="secondary">
          {t('csvUpload.submit')}
        </Button>
      </Form>
    </Card>
  )
}
