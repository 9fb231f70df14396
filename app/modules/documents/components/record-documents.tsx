import { useEffect, useId } from 'react'
import { Link, useFetcher } from 'react-router'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { useFormatter } from '../../../components/use-formatter'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { DocumentSource, DocumentStatus, DocumentType } from '../documents.constants'
import { DocumentStatusBadge } from './document-status-badge'

/** A document of the record, as the record page's loader sends it. */
export type RecordDocumentRow = { id: string; number: string; type: DocumentType; status: DocumentStatus; createdAt: Date | string }

/** How far the zip of a record's documents got (the documents service's batch progress). */
export type DocumentBatchView = {
  id: string
  status: 'queued' | 'running' | 'done' | 'failed'
  total: number
  done: number
  sizeBytes: number | null
}

type RecordDocumentsProps = {
  locale: Locale
  source: { kind: DocumentSource; id: string }
  documents: RecordDocumentRow[]
  /** The company may make documents from the record now (it writes for its side, and the record is not a draft). */
  canCreate: boolean
  /** The record's documents as one zip (shipments): its latest batch, or null before the first; absent where none is offered. */
  batch?: DocumentBatchView | null
}

/** Where the create page opens with the record chosen. */
export const createDocumentHref = (source: { kind: DocumentSource; id: string }) =>
  `/app/documents/create?source_kind=${source.kind}&source_id=${encodeURIComponent(source.id)}`

/**
 * The documents made from a record (order, shipment, quotation) on its page: number, type and status, the way to make
 * another, and on a shipment the zip of them all (texts from `documents`).
 */
export function RecordDocuments({ locale, source, documents, canCreate, batch }: RecordDocumentsProps) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  const titleId = useId()
  return (
    <Card className="flex flex-col gap-3" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle id={titleId}>{t('record.title')}</CardTitle>
          <CardDescription>{t('record.description')}</CardDescription>
        </div>
        {canCreate ? (
          <Link to={localizePath(locale, createDocumentHref(source))} className={buttonClasses('secondary', undefined, 'sm')}>
            {t('record.create')}
          </Link>
        ) : null}
      </div>
      {documents.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('record.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={t('record.listLabel')}>
          {documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
              <Link
                to={localizePath(locale, `/app/documents/edit/${encodeURIComponent(document.id)}`)}
                className="font-mono text-xs font-medium underline-offset-4 hover:underline"
              >
                {document.number}
              </Link>
              <span>{t(`types.${document.type}`)}</span>
              <DocumentStatusBadge status={document.status} />
              <span className="text-muted-foreground">{t('record.created', { date: format.date(document.createdAt) })}</span>
            </li>
          ))}
        </ul>
      )}
      {batch !== undefined && documents.some((document) => document.status !== 'void') ? (
        <DocumentBatch key={`${source.kind}:${source.id}`} locale={locale} source={source} batch={batch} />
      ) : null}
    </Card>
  )
}

const POLL_INTERVAL_MS = 1000

type BatchResult = { ok: true; batch: DocumentBatchView } | { ok: false; fieldErrors: Record<string, string[]>; formError?: FormErrorData }

/** "Download all documents (zip)": starts the batch, polls its progress every second while it runs, then links the zip. */
function DocumentBatch({ locale, source, batch: loaded }: { locale: Locale; source: { kind: DocumentSource; id: string }; batch: DocumentBatchView | null }) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  const starter = useFetcher<BatchResult>()
  const poller = useFetcher<{ batch: DocumentBatchView }>()
  const started = starter.data?.ok ? starter.data.batch : null
  const polled = poller.data?.batch
  // The freshest news of the batch this card follows: the poll of the one just started, or the page's latest.
  const batch = polled && polled.id === (started ?? loaded)?.id ? polled : (started ?? loaded)
  const running = batch !== null && (batch.status === 'queued' || batch.status === 'running')
  const batchesPath = localizePath(locale, '/app/documents/batches')
  const { load } = poller
  const batchId = batch?.id

  useEffect(() => {
    if (!running || !batchId) return
    const timer = setInterval(() => void load(`${batchesPath}?id=${encodeURIComponent(batchId)}`), POLL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [running, batchId, batchesPath, load])

  const failed = starter.data && !starter.data.ok ? starter.data : null
  const startErrors = failed?.fieldErrors.sourceId?.map((key) => t(key))
  const startForm = (label: string) => (
    <starter.Form method="post" action={batchesPath} className="inline-flex">
      <input type="hidden" name="sourceKind" value={source.kind} />
      <input type="hidden" name="sourceId" value={source.id} />
      <Button type="submit" variant="secondary" size="sm" disabled={starter.state !== 'idle'}>
        {label}
      </Button>
    </starter.Form>
  )

  return (
    <div className="flex flex-col gap-2 border-t border-border pt-3 text-sm">
      {failed?.formError ? <FormError error={failed.formError} /> : null}
      {startErrors?.length ? (
        <p className="text-xs text-destructive" role="alert">
          {startErrors.join(' ')}
        </p>
      ) : null}
      {batch === null ? (
        <div className="flex flex-col items-start gap-1">
          {startForm(t('batch.start'))}
          <p className="text-xs text-muted-foreground">{t('batch.startHint')}</p>
        </div>
      ) : null}
      {running ? (
        <div className="flex flex-col gap-1">
          <label className="flex flex-col gap-1">
            {t('batch.progressLabel')}
            <progress
              className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
              value={batch.done}
              max={Math.max(batch.total, 1)}
            />
          </label>
          <p aria-live="polite" className="text-xs text-muted-foreground">
            {batch.status === 'queued' ? t('batch.queued') : t('batch.progress', { done: format.number(batch.done), total: format.number(batch.total) })}
          </p>
        </div>
      ) : null}
      {batch?.status === 'done' ? (
        <div className="flex flex-col gap-2">
          <p aria-live="polite">{t('batch.ready', { count: format.number(batch.total), size: fileSize(format, batch.sizeBytes ?? 0) })}</p>
          <div className="flex flex-wrap items-center gap-2">
            <a href={`${batchesPath}/${encodeURIComponent(batch.id)}/zip`} className={buttonClasses('primary', undefined, 'sm')} download>
              {t('batch.download')}
            </a>
            {startForm(t('batch.again'))}
          </div>
        </div>
      ) : null}
      {batch?.status === 'failed' ? (
        <div className="flex flex-col gap-2">
          <p className="text-destructive" role="alert">
            {t('batch.failed')}
          </p>
          <div>{startForm(t('batch.again'))}</div>
        </div>
      ) : null}
    </div>
  )
}

/** A zip's size in the reader's language: kilobytes below a megabyte, megabytes above. */
function fileSize(format: ReturnType<typeof useFormatter>, bytes: number): string {
  const megabytes = bytes >= 1_000_000
  return format.number(megabytes ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)), {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  })
}
