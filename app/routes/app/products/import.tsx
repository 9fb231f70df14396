import { useEffect, useRef } from 'react'
import { Form, Link, redirect, useNavigation, useRevalidator } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { AppPage } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Stepper } from '../../../components/ui/stepper'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { IMPORT_COLUMNS, type ImportColumn, type ImportJobStatus, MAX_IMPORT_ROWS, REQUIRED_IMPORT_COLUMNS } from '../../../modules/catalog/index'
import {
  dryRunImport,
  getImport,
  importHeaders,
  listImports,
  previewImport,
  setImportMapping,
  startImport,
  uploadImport,
  type ImportJob,
} from '../../../modules/catalog/index.server'
import { FILE_ACCEPT } from '../../../modules/kernel/index'
import { requireActor } from '../../../modules/companies/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { uploadFromForm } from '../../../platform/files/upload-form.server'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/import'

const POLL_INTERVAL_MS = 1000
/** Row errors listed on the page; the report holds them all. */
const LISTED_ERRORS = 50
const STATUS_BADGE: Record<ImportJobStatus, BadgeVariant> = { uploaded: 'secondary', running: 'outline', completed: 'accept', failed: 'reject' }

const jobSummary = (job: ImportJob) => ({
  id: job.id,
  fileName: job.fileName,
  status: job.status,
  totalRows: job.totalRows,
  processedRows: job.processedRows,
  createdCount: job.createdCount,
  updatedCount: job.updatedCount,
  errorCount: job.errorCount,
  failureReason: job.failureReason,
  createdAt: job.createdAt.toISOString(),
})

/** The upload, mapping and preview of the job being prepared; progress or outcome of a started one. */
async function jobStep(ctx: ServiceContext, id: string) {
  const job = await getImport(ctx, id)
  if (job.status !== 'uploaded') return { job: jobSummary(job), mapping: job.mapping, headers: [], preview: null }
  const [headers, preview] = await Promise.all([importHeaders(ctx, id), previewImport(ctx, id)])
  return { job: jobSummary(job), mapping: job.mapping, headers, preview: { ...preview, errors: preview.errors.slice(0, LISTED_ERRORS) } }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const jobId = new URL(request.url).searchParams.get('job')
  const [recent, step] = await withRouteErrors(() => Promise.all([listImports(ctx, { limit: 10 }), jobId ? jobStep(ctx, jobId) : Promise.resolve(null)]))
  return { ...pageData(ctx.locale, 'productImport', 'metaTitle'), recent: recent.items.map(jobSummary), step }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const jobHref = (ctx: ServiceContext, id: string) => `${localizePath(ctx.locale, '/app/products/import')}?job=${encodeURIComponent(id)}`

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const jobId = new URL(request.url).searchParams.get('job') ?? ''
  try {
    if (intent === 'upload') {
      const upload = await uploadFromForm(form.get('file'))
      if (!upload) return failure({ ok: false, fieldErrors: { file: ['file.required'] } }, 422, { intent })
      return redirect(jobHref(ctx, (await uploadImport(ctx, upload)).id))
    }
    if (intent === 'mapping') {
      const mapping = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, String(form.get(`map.${column}`) ?? '')]))
      await setImportMapping(ctx, jobId, mapping)
      return { ok: true as const, intent }
    }
    if (intent === 'dryRun') return { ok: true as const, intent, dryRun: await dryRunImport(ctx, jobId) }
    if (intent === 'start') {
      await startImport(ctx, jobId)
      return redirect(jobHref(ctx, jobId))
    }
    return failure({ ok: false, fieldErrors: {} }, 400, { intent })
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

type LoaderData = Route.ComponentProps['loaderData']
type Step = NonNullable<LoaderData['step']>
type JobSummary = Step['job']
type ActionData = Route.ComponentProps['actionData']

/** The action's answer when it was to `intent` (every answer carries the intent it handled). */
const answerTo = (actionData: ActionData, intent: string) => (actionData && 'intent' in actionData && actionData.intent === intent ? actionData : undefined)

const fieldErrorsOf = (answer: ActionData) => (answer && 'fieldErrors' in answer ? answer.fieldErrors : undefined)
const formErrorOf = (answer: ActionData) => (answer && 'formError' in answer ? answer.formError : undefined)

const STEP_INDEX: Record<ImportJobStatus, number> = { uploaded: 1, running: 3, completed: 4, failed: 4 }

function UploadStep({ actionData }: { actionData: ActionData }) {
  const { t } = useTranslation('productImport')
  const format = useFormatter()
  const fieldError = useFieldErrors(fieldErrorsOf(answerTo(actionData, 'upload')), 'productImport')
  const busy = useNavigation().formData?.get('intent') === 'upload'
  return (
    <Card className="flex flex-col gap-4 p-6">
      <CardTitle>{t('upload.title')}</CardTitle>
      <CardDescription>{t('upload.description', { rows: format.number(MAX_IMPORT_ROWS) })}</CardDescription>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
        <FormField label={t('upload.file')} hint={t('upload.hint')} errors={fieldError('file')}>
          {(control) => <Input type="file" name="file" accept={FILE_ACCEPT.product_import} required {...control} />}
        </FormField>
        <div>
          <Button type="submit" name="intent" value="upload" disabled={busy}>
            {busy ? t('upload.uploading') : t('upload.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}

function MappingStep({ step, actionData }: { step: Step; actionData: ActionData }) {
  const { t } = useTranslation('productImport')
  const fieldError = useFieldErrors(fieldErrorsOf(answerTo(actionData, 'mapping')), 'productImport')
  const required = new Set<ImportColumn>(REQUIRED_IMPORT_COLUMNS)
  return (
    <Card className="flex flex-col gap-4 p-6">
      <CardTitle>{t('mapping.title')}</CardTitle>
      <CardDescription>{t('mapping.description')}</CardDescription>
      {answerTo(actionData, 'mapping')?.ok ? <Alert tone="success">{t('mapping.saved')}</Alert> : null}
      <Form method="post" className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {IMPORT_COLUMNS.map((column) => (
            <FormField
              key={column}
              label={required.has(column) ? t('mapping.requiredLabel', { column: t(`columns.${column}`) }) : t(`columns.${column}`)}
              errors={fieldError(column)}
            >
              {(control) => (
                <NativeSelect name={`map.${column}`} defaultValue={step.mapping[column] ?? ''} {...control}>
                  <option value="">{t('mapping.notInFile')}</option>
                  {step.headers.map((header) => (
                    <option key={header} value={header}>
                      {header}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ))}
        </div>
        <p className="text-sm text-muted-foreground">{t('mapping.replaceNote')}</p>
        <div>
          <Button type="submit" name="intent" value="mapping" variant="secondary">
            {t('mapping.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}

function ErrorTable({ errors, caption }: { errors: Array<{ row: number; field: string; message: string; value?: string }>; caption: string }) {
  const { t } = useTranslation('productImport')
  const format = useFormatter()
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('report.row')}</TableHead>
          <TableHead>{t('report.column')}</TableHead>
          <TableHead>{t('report.value')}</TableHead>
          <TableHead>{t('report.message')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {errors.map((error, index) => (
          <TableRow key={`${error.row}-${error.field}-${index}`}>
            <TableCell>{format.number(error.row)}</TableCell>
            <TableCell>{t(`columns.${error.field}`)}</TableCell>
            <TableCell className="max-w-48 truncate font-mono text-xs">{error.value}</TableCell>
            <TableCell>{t(error.message)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

const errorReportHref = (jobId: string) => `/api/v1/product-imports/${encodeURIComponent(jobId)}/errors.csv`

function PreviewStep({ step, actionData }: { step: Step; actionData: ActionData }) {
  const { t } = useTranslation('productImport')
  const format = useFormatter()
  const { locale } = useRootData()
  const busy = useNavigation().state === 'submitting'
  const preview = step.preview
  if (!preview) return null
  const columns = IMPORT_COLUMNS.filter((column) => step.mapping[column])
  const dryRun = actionData && 'dryRun' in actionData ? actionData.dryRun : undefined
  const startFailed = formErrorOf(answerTo(actionData, 'start'))
  return (
    <Card className="flex flex-col gap-4 p-6">
      <CardTitle>{t('preview.title')}</CardTitle>
      <CardDescription>{t('preview.description', { shown: format.number(preview.rows.length), total: format.number(preview.totalRows) })}</CardDescription>
      {/* A wide preview scrolls here rather than in the table's own wrapper: this region takes focus, so keyboards can scroll it. */}
      <div role="region" aria-label={t('preview.tableLabel')} tabIndex={0} className="overflow-x-auto [&>div]:overflow-visible">
        <Table>
          <caption className="sr-only">{t('preview.tableLabel')}</caption>
          <TableHeader>
            <TableRow>
              <TableHead>{t('report.row')}</TableHead>
              {columns.map((column) => (
                <TableHead key={column}>{t(`columns.${column}`)}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.rows.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{format.number(row.row)}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column} className="max-w-48 truncate">
                    {row.cells[column]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <section aria-labelledby="import-errors-title" className="flex flex-col gap-3">
        <h3 id="import-errors-title" className="font-medium">
          {t('preview.errorsTitle')}
        </h3>
        {preview.errorCount === 0 ? (
          <Alert tone="success">{t('preview.noErrors')}</Alert>
        ) : (
          <>
            <Alert tone="error">{t('preview.errorCount', { count: format.number(preview.errorCount) })}</Alert>
            <ErrorTable errors={preview.errors} caption={t('preview.errorsTitle')} />
            {preview.errorCount > preview.errors.length ? (
              <p className="text-sm text-muted-foreground">{t('preview.moreErrors', { shown: format.number(preview.errors.length) })}</p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <a href={errorReportHref(step.job.id)} className={buttonClasses('secondary')} download>
                {t('report.download')}
              </a>
              <Link to={localizePath(locale, '/app/products/import')} className={buttonClasses('secondary')}>
                {t('upload.again')}
              </Link>
            </div>
          </>
        )}
      </section>
      <div aria-live="polite">
        {dryRun ? (
          <Alert tone={dryRun.errorCount === 0 ? 'success' : 'warning'} title={t('dryRun.title')}>
            {t('dryRun.result', { created: format.number(dryRun.created), updated: format.number(dryRun.updated), errors: format.number(dryRun.errorCount) })}
          </Alert>
        ) : null}
        <FormError error={startFailed} />
      </div>
      <Form method="post" className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="dryRun" variant="secondary" disabled={busy}>
          {t('dryRun.submit')}
        </Button>
        <Button type="submit" name="intent" value="start" disabled={busy || preview.errorCount > 0}>
          {t('start.submit')}
        </Button>
      </Form>
    </Card>
  )
}

/** Reloads the job every second while it runs; the live text tells screen readers how far it got. */
function RunningStep({ job }: { job: JobSummary }) {
  const { t } = useTranslation('productImport')
  const format = useFormatter()
  const { revalidate } = useRevalidator()
  useEffect(() => {
    const timer = setInterval(() => void revalidate(), POLL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [revalidate])
  return (
    <Card className="flex flex-col gap-4 p-6">
      <CardTitle>{t('running.title')}</CardTitle>
      <label className="flex flex-col gap-2 text-sm">
        {t('running.progressLabel')}
        <progress className="h-3 w-full" value={job.processedRows} max={Math.max(job.totalRows, 1)} />
      </label>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {t('running.progress', { processed: format.number(job.processedRows), total: format.number(job.totalRows) })}
      </p>
    </Card>
  )
}

function DoneStep({ job }: { job: JobSummary }) {
  const { t } = useTranslation('productImport')
  const format = useFormatter()
  const { locale } = useRootData()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <Card className="flex flex-col gap-4 p-6">
      <CardTitle ref={heading} tabIndex={-1}>
        {job.status === 'completed' ? t('done.completedTitle') : t('done.failedTitle')}
      </CardTitle>
      {job.status === 'completed' ? (
        <Alert tone="success">{t('done.counts', { created: format.number(job.createdCount), updated: format.number(job.updatedCount) })}</Alert>
      ) : (
        <Alert tone="error">{t(job.failureReason ?? 'failure.unexpected')}</Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {job.errorCount > 0 ? (
          <a href={errorReportHref(job.id)} className={buttonClasses('secondary')} download>
            {t('report.download')}
          </a>
        ) : null}
        <Link to={localizePath(locale, '/app/products')} className={buttonClasses('primary')}>
          {t('done.toProducts')}
        </Link>
        <Link to={localizePath(locale, '/app/products/import')} className={buttonClasses('secondary')}>
          {t('done.another')}
        </Link>
      </div>
    </Card>
  )
}

function RecentImports({ jobs }: { jobs: JobSummary[] }) {
  const { t } = useTranslation('productImport')
  const format = useFormatter()
  const { locale } = useRootData()
  return (
    <section aria-labelledby="recent-imports-title" className="flex flex-col gap-3">
      <h2 id="recent-imports-title" className="text-lg font-semibold">
        {t('recent.title')}
      </h2>
      {jobs.length === 0 ? (
        <EmptyState title={t('recent.empty')} description={t('recent.emptyDescription')} />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('recent.file')}</TableHead>
              <TableHead>{t('recent.status')}</TableHead>
              <TableHead>{t('recent.rows')}</TableHead>
              <TableHead>{t('recent.result')}</TableHead>
              <TableHead>{t('recent.started')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {jobs.map((job) => (
              <TableRow key={job.id}>
                <TableCell className="font-medium">
                  <Link to={`${localizePath(locale, '/app/products/import')}?job=${encodeURIComponent(job.id)}`} className="underline-offset-4 hover:underline">
                    {job.fileName}
                  </Link>
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS_BADGE[job.status]}>{t(`statuses.${job.status}`)}</Badge>
                </TableCell>
                <TableCell>{format.number(job.totalRows)}</TableCell>
                <TableCell>
                  {job.status === 'completed'
                    ? t('recent.counts', { created: format.number(job.createdCount), updated: format.number(job.updatedCount) })
                    : job.errorCount > 0
                      ? t('recent.errors', { count: format.number(job.errorCount) })
                      : ''}
                </TableCell>
                <TableCell className="whitespace-nowrap">{format.dateTime(job.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  )
}

export default function ProductImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('productImport')
  const format = useFormatter()
  const { step, recent } = loaderData
  const formError = formErrorOf(answerTo(actionData, 'upload') ?? answerTo(actionData, 'mapping') ?? answerTo(actionData, 'dryRun'))
  const steps = [
    { id: 'upload', label: t('steps.upload') },
    { id: 'mapping', label: t('steps.mapping') },
    { id: 'preview', label: t('steps.preview') },
    { id: 'import', label: t('steps.import') },
  ]
  return (
    <AppPage
      title={t('title')}
      description={t('description')}
      actions={
        <>
          <a href="/api/v1/product-export?format=csv" className={buttonClasses('secondary')} download>
            {t('export.csv')}
          </a>
          <a href="/api/v1/product-export?format=xlsx" className={buttonClasses('secondary')} download>
            {t('export.xlsx')}
          </a>
        </>
      }
    >
      <Stepper steps={steps} current={step ? STEP_INDEX[step.job.status] : 0} label={t('steps.label')} />
      <FormError error={formError} />
      {!step ? <UploadStep actionData={actionData} /> : null}
      {step?.job.status === 'uploaded' ? (
        <>
          <p className="text-sm">{t('fileSummary', { name: step.job.fileName, rows: format.number(step.job.totalRows) })}</p>
          <MappingStep step={step} actionData={actionData} />
          <PreviewStep step={step} actionData={actionData} />
        </>
      ) : null}
      {step?.job.status === 'running' ? <RunningStep job={step.job} /> : null}
      {step?.job.status === 'completed' || step?.job.status === 'failed' ? <DoneStep job={step.job} /> : null}
      <RecentImports jobs={recent} />
    </AppPage>
  )
}
