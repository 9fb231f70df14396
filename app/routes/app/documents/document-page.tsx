// A document as its writer (fields, issue, void, versions, shares) or its counterparty (the issued version, accept or
// reject) sees it, at /app/documents/edit/:id. Texts from the `documents` catalog.
import { type ComponentProps, type RefObject, useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { useUnitName } from '../../../modules/catalog/index'
import { DOCUMENT_LANGUAGES, type DocumentChange, type DocumentContent } from '../../../modules/documents/index'
import type { DocumentDetail } from '../../../modules/documents/index.server'
import { countryName } from '../../../platform/countries'
import { useTranslation } from '../../../platform/i18n/react'
import { DocumentStatusBadge, Fingerprint, PdfFrame } from '../../document-parts'
import type { DocumentIntent, loadDocumentPage } from './document-page.server'
import { SharePanel, type ShareResult } from './document-shares'

type PageData = Awaited<ReturnType<typeof loadDocumentPage>>

/** The document's own fields, in the order the form shows them. */
const FIELD_NAMES = [
  'marksAndNumbers',
  'bankDetails',
  'remarks',
  'signatory',
  'portOfLoading',
  'portOfDischarge',
  'vesselOrFlight',
] as const satisfies ReadonlyArray<keyof DocumentContent['fields']>

/** What the page's action answered: the intent done (a new link's address once), or the errors of one form. */
export type DocumentActionResult =
  | { ok: true; intent: DocumentIntent; share?: ShareResult }
  | { ok: false; intent?: string; decision?: string; fieldErrors: Record<string, string[]>; formError?: FormErrorData }
  | undefined

/** Refusals that mean the page shows an older state than the document's: reload before trying again. */
const CONFLICTS = ['stale_version', 'invalid_transition']

/** Errors of the form that posted `intent` (and `decision`, for the two answers), translated from `documents` keys. */
function useFormErrors(result: DocumentActionResult, intent: DocumentIntent, decision?: string) {
  const { t } = useTranslation('documents')
  const mine = result && !result.ok && result.intent === intent && (decision === undefined || result.decision === decision) ? result : undefined
  const field = (name: string) => mine?.fieldErrors[name]?.map((key) => t(key))
  return { field, any: mine ? Object.keys(mine.fieldErrors).length > 0 : false }
}

export function DocumentPage({ data, result }: { data: PageData; result: DocumentActionResult }) {
  const { t } = useTranslation('documents')
  const { document } = data
  const headingRef = useRef<HTMLHeadingElement>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const writer = document.side === 'writer'
  const editable = writer && document.status !== 'void'
  const conflict = result && !result.ok && CONFLICTS.includes(result.formError?.code ?? '')
  const shareErrors = useFormErrors(result, 'share')

  // After every answer, move focus to what changed: the announcement (success or refusal) or the heading.
  useEffect(() => {
    if (result) (statusRef.current ?? headingRef.current)?.focus()
  }, [result])

  const pdfSrc = `${data.pdfHref}?version=${document.currentVersion}`
  return (
    <div className="flex flex-col gap-6">
      <DocumentHeader data={data} headingRef={headingRef} />

      <div ref={statusRef} tabIndex={-1} className="flex flex-col gap-3 outline-none empty:hidden">
        {result?.ok && result.intent !== 'share' ? <Alert tone="success">{t(`edit.done.${result.intent}`)}</Alert> : null}
        {conflict ? (
          <Alert tone="error" title={result.formError?.message}>
            <p>{t('edit.conflict')}</p>
            <a href="" className="font-medium text-primary underline underline-offset-4">
              {t('edit.reload')}
            </a>
          </Alert>
        ) : null}
        {result && !result.ok && !conflict && result.formError ? <FormError error={result.formError} /> : null}
      </div>

      <StateNotice document={document} />
      <DocumentActions document={document} result={result} />
      {document.decision ? <DecisionCard document={document} /> : null}

      <div className="grid gap-6 xl:grid-cols-2">
        {editable ? <FieldsForm document={document} result={result} /> : <ContentCard document={document} labels={data.labels} showFields />}
        <Card as="section" aria-labelledby="pdf-title" className="flex flex-col gap-3">
          <CardTitle id="pdf-title">{t('edit.pdfTitle', { version: document.currentVersion })}</CardTitle>
          {document.status === 'draft' && writer ? <CardDescription>{t('edit.pdfDraftHint')}</CardDescription> : null}
          <PdfFrame
            // A new version or a save changes the paper: a new address makes the frame load it again.
            key={`${document.currentVersion}-${document.version}`}
            src={pdfSrc}
            title={t('edit.pdfFrameTitle', { number: document.number, version: document.currentVersion })}
            downloadLabel={t('edit.downloadPdf')}
            openLabel={t('edit.openPdf')}
          />
        </Card>
      </div>

      {editable ? <ContentCard document={document} labels={data.labels} showFields={false} /> : null}
      <VersionsCard data={data} />
      {writer ? <SharePanel document={document} shares={data.shares} created={result?.ok ? result.share : undefined} errors={shareErrors} /> : null}
      <ActivityCard events={document.events} />
    </div>
  )
}

/** The counterparty's view of who wrote the document: the party of the content that is not the counterparty. */
const writerName = (document: DocumentDetail) =>
  document.counterparty.id !== null && document.content.buyer.companyId === document.counterparty.id
    ? document.content.seller.name
    : document.content.buyer.name

function DocumentHeader({ data, headingRef }: { data: PageData; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation('documents')
  const { document } = data
  const writer = document.side === 'writer'
  const record = t('edit.recordLine', { source: t(`sources.${document.source.kind}`), number: document.source.number })
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm text-muted-foreground">{t(`types.${document.type}`)}</p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold break-all outline-none">
            {document.number}
          </h1>
          <DocumentStatusBadge status={document.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {writer ? t('edit.to', { name: document.counterparty.name }) : t('edit.from', { name: writerName(document) })} ·{' '}
          {data.recordHref ? (
            <Link to={data.recordHref} className="text-primary underline underline-offset-4">
              {record}
            </Link>
          ) : (
            record
          )}{' '}
          · {t('edit.version', { version: document.currentVersion })} · {t(`languages.${document.language}`)}
        </p>
      </div>
      <Link to={data.listHref} className={buttonClasses('ghost')}>
        {t('edit.backToList')}
      </Link>
    </div>
  )
}

/** What the state means for this side, in one sentence: void, a draft no one else sees, a new version under way. */
function StateNotice({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation('documents')
  if (document.status === 'void')
    return (
      <Alert tone="error" title={t('edit.voidTitle')}>
        {document.voidReason ? t('edit.voidReason', { reason: document.voidReason }) : null}
      </Alert>
    )
  if (document.side === 'counterparty') {
    if (document.canAnswer) return <Alert tone="info">{t('edit.counterpartyAnswer', { version: document.currentVersion })}</Alert>
    if (document.status === 'issued') return <Alert tone="info">{t('edit.counterpartyRevising')}</Alert>
    return null
  }
  if (document.status === 'draft') {
    const issued = document.versions.filter((version) => version.issuedAt !== null).at(-1)
    return (
      <Alert tone="info" title={t('edit.draftTitle')}>
        {issued
          ? t('edit.draftNewVersion', { version: document.currentVersion, issued: issued.number, name: document.counterparty.name })
          : t('edit.draftNeverIssued', { name: document.counterparty.name })}
      </Alert>
    )
  }
  return (
    <Alert tone="warning" title={t('edit.issuedTitle', { version: document.currentVersion })}>
      {t(document.status === 'issued' ? 'edit.issuedNewVersion' : 'edit.answeredNewVersion', { next: document.currentVersion + 1 })}
    </Alert>
  )
}

function VersionField({ document }: { document: DocumentDetail }) {
  return <input type="hidden" name="version" value={document.version} />
}

function ReasonField({ errors, required }: { errors: string[] | undefined; required: boolean }) {
  const { t } = useTranslation('documents')
  return (
    <FormField label={required ? t('edit.reason') : t('edit.reasonOptional')} errors={errors}>
      {(control) => <Textarea name="reason" rows={3} maxLength={500} required={required} minLength={required ? 2 : undefined} {...control} />}
    </FormField>
  )
}

/** The steps this side may take now: the writer issues a draft or voids an issued one; the counterparty answers. */
function DocumentActions({ document, result }: { document: DocumentDetail; result: DocumentActionResult }) {
  const { t } = useTranslation('documents')
  const voidErrors = useFormErrors(result, 'void')
  const acceptErrors = useFormErrors(result, 'decide', 'accept')
  const rejectErrors = useFormErrors(result, 'decide', 'reject')
  const writer = document.side === 'writer'
  const answerable = document.canAnswer
  const voidable = writer && ['issued', 'accepted', 'rejected'].includes(document.status)
  if (!answerable && !voidable && !(writer && document.status === 'draft')) return null
  return (
    <div className="flex flex-wrap items-start gap-2">
      {writer && document.status === 'draft' ? (
        <ConfirmDialog
          triggerLabel={t('edit.issue')}
          triggerVariant="primary"
          title={t('edit.issueTitle', { number: document.number, version: document.currentVersion })}
          description={t('edit.issueHelp', { name: document.counterparty.name })}
          confirmLabel={t('edit.issueConfirm')}
          confirmVariant="primary"
        >
          <input type="hidden" name="intent" value="issue" />
          <VersionField document={document} />
        </ConfirmDialog>
      ) : null}
      {voidable ? (
        <ConfirmDialog
          triggerLabel={t('edit.void')}
          title={t('edit.voidDialogTitle', { number: document.number })}
          description={t('edit.voidHelp', { name: document.counterparty.name })}
          confirmLabel={t('edit.voidConfirm')}
          open={voidErrors.any}
        >
          <input type="hidden" name="intent" value="void" />
          <VersionField document={document} />
          <ReasonField required errors={voidErrors.field('reason')} />
        </ConfirmDialog>
      ) : null}
      {answerable ? (
        <>
          <ConfirmDialog
            triggerLabel={t('edit.accept')}
            triggerVariant="primary"
            title={t('edit.acceptTitle', { number: document.number, version: document.currentVersion })}
            description={t('edit.acceptHelp')}
            confirmLabel={t('edit.acceptConfirm')}
            confirmVariant="primary"
            open={acceptErrors.any}
          >
            <input type="hidden" name="intent" value="decide" />
            <input type="hidden" name="decision" value="accept" />
            <VersionField document={document} />
            <ReasonField required={false} errors={acceptErrors.field('reason')} />
          </ConfirmDialog>
          <ConfirmDialog
            triggerLabel={t('edit.reject')}
            title={t('edit.rejectTitle', { number: document.number, version: document.currentVersion })}
            description={t('edit.rejectHelp')}
            confirmLabel={t('edit.rejectConfirm')}
            open={rejectErrors.any}
          >
            <input type="hidden" name="intent" value="decide" />
            <input type="hidden" name="decision" value="reject" />
            <VersionField document={document} />
            <ReasonField required errors={rejectErrors.field('reason')} />
          </ConfirmDialog>
        </>
      ) : null}
    </div>
  )
}

/** The counterparty's answer: who, when, why, and the fingerprint of the PDF they answered. */
function DecisionCard({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  const decision = document.decision!
  // A voided document keeps its answer: the latest answer event says which it was.
  const accepted = document.events.find((event) => event.type === 'accepted' || event.type === 'rejected')?.type === 'accepted'
  return (
    <Card as="section" aria-labelledby="decision-title" className="flex flex-col gap-2">
      <CardTitle id="decision-title">{t('edit.decisionTitle')}</CardTitle>
      <p className="text-sm">
        {t(accepted ? 'edit.decisionAccepted' : 'edit.decisionRejected', { name: decision.byName || t('edit.someone'), date: format.dateTime(decision.at) })}
      </p>
      {decision.reason ? <p className="text-sm whitespace-pre-wrap">{t('edit.decisionReason', { reason: decision.reason })}</p> : null}
      {document.decisionSha256 ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t('edit.decisionSha')}</span>
          <Fingerprint sha256={document.decisionSha256} copyLabel={t('edit.copy')} copiedLabel={t('edit.copied')} />
        </p>
      ) : null}
    </Card>
  )
}

const MULTILINE_FIELDS = new Set<string>(['marksAndNumbers', 'bankDetails', 'remarks'])

/** The writer's form: the document's own fields and language, and each line's HS code and origin, saved with the lock. */
function FieldsForm({ document, result }: { document: DocumentDetail; result: DocumentActionResult }) {
  const { t } = useTranslation('documents')
  const errors = useFormErrors(result, 'save')
  const { content } = document
  return (
    <Card as="section" aria-labelledby="fields-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle id="fields-title">{t('edit.fieldsTitle')}</CardTitle>
        <CardDescription>{t(document.status === 'draft' ? 'edit.fieldsHelpDraft' : 'edit.fieldsHelpNewVersion')}</CardDescription>
      </div>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="save" />
        <VersionField document={document} />
        <FormField label={t('edit.language')} hint={t('edit.languageHint')} errors={errors.field('language')}>
          {(control) => (
            <NativeSelect name="language" defaultValue={document.language} {...control}>
              {DOCUMENT_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`languages.${language}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELD_NAMES.filter((name) => !MULTILINE_FIELDS.has(name)).map((name) => (
            <FormField key={name} label={t(`fields.${name}`)} errors={errors.field(`fields.${name}`)}>
              {(control) => <Input name={`fields.${name}`} defaultValue={content.fields[name]} maxLength={200} {...control} />}
            </FormField>
          ))}
        </div>
        {FIELD_NAMES.filter((name) => MULTILINE_FIELDS.has(name)).map((name) => (
          <FormField key={name} label={t(`fields.${name}`)} errors={errors.field(`fields.${name}`)}>
            {(control) => <Textarea name={`fields.${name}`} defaultValue={content.fields[name]} rows={3} maxLength={2000} {...control} />}
          </FormField>
        ))}
        <LineFields content={content} field={errors.field} />
        <Button type="submit" className="self-start">
          {document.status === 'draft' ? t('edit.saveDraft') : t('edit.saveNewVersion', { version: document.currentVersion + 1 })}
        </Button>
      </Form>
    </Card>
  )
}

/** Per line, the HS code and country of origin, as inputs named by the line's row (`lines.<i>.*`). */
function LineFields({ content, field }: { content: DocumentContent; field: (name: string) => string[] | undefined }) {
  const { t } = useTranslation('documents')
  if (content.lines.length === 0) return null
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-medium">{t('edit.lineFields')}</legend>
      {field('lines')?.length ? <p className="text-xs text-destructive">{field('lines')?.join(' ')}</p> : null}
      <Table aria-label={t('edit.lineFields')} stackOnPhone>
        <TableHeader>
          <TableRow>
            <TableHead>{t('edit.columns.position')}</TableHead>
            <TableHead>{t('edit.columns.description')}</TableHead>
            <TableHead>{t('fields.hsCode')}</TableHead>
            <TableHead>{t('fields.originCountry')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {content.lines.map((line, index) => {
            const hsErrors = [...(field(`lines.${index}.hsCode`) ?? []), ...(field(`lines.${line.position}`) ?? [])]
            const originErrors = field(`lines.${index}.originCountry`) ?? []
            return (
              <TableRow key={line.position}>
                <TableCell label={t('edit.columns.position')}>
                  {line.position}
                  <input type="hidden" name={`lines.${index}.position`} value={line.position} />
                </TableCell>
                <TableCell className="font-medium sm:font-normal">{line.description || line.sku}</TableCell>
                <TableCell label={t('fields.hsCode')}>
                  <LineInput
                    name={`lines.${index}.hsCode`}
                    defaultValue={line.hsCode}
                    label={t('edit.lineField', { field: t('fields.hsCode'), position: line.position })}
                    errors={hsErrors}
                    inputMode="decimal"
                    maxLength={13}
                    placeholder="9617.00"
                  />
                </TableCell>
                <TableCell label={t('fields.originCountry')}>
                  <LineInput
                    name={`lines.${index}.originCountry`}
                    defaultValue={line.originCountry}
                    label={t('edit.lineField', { field: t('fields.originCountry'), position: line.position })}
                    errors={originErrors}
                    maxLength={2}
                    className="w-20 uppercase"
                  />
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </fieldset>
  )
}

type LineInputProps = ComponentProps<'input'> & { name: string; label: string; errors: string[] }

function LineInput({ name, label, errors, className, ...input }: LineInputProps) {
  const errorId = `${name}-error`
  return (
    <div className="flex flex-col gap-1">
      <Input
        name={name}
        aria-label={label}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? errorId : undefined}
        className={className ?? 'w-32'}
        {...input}
      />
      {errors.length > 0 ? (
        <p id={errorId} className="text-xs text-destructive">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/** What the version says: parties, terms, transport, lines and totals (and its own fields, when no form shows them). */
function ContentCard({ document, labels, showFields }: { document: DocumentDetail; labels: PageData['labels']; showFields: boolean }) {
  const { t, i18n } = useTranslation('documents')
  const format = useFormatter()
  const unitName = useUnitName()
  const { content } = document
  const money = (amount: string) => (amount ? format.money(amount, content.currency) : '—')
  const country = (code: string) => (code ? countryName(code, i18n.language) : '')
  const party = (who: DocumentContent['seller']) => [who.name, ...who.address, country(who.country)].filter(Boolean)
  const transport = content.transport
  const facts: Array<[string, string]> = [
    [t('compare.paths.currency'), content.currency],
    [t('compare.paths.incoterm'), [content.incoterm, content.incotermPlace].filter(Boolean).join(' ')],
    [t('compare.paths.paymentTerms'), labels.paymentTerms],
    [t('compare.paths.relatedNumbers'), content.relatedNumbers.join(', ')],
  ]
  if (transport)
    facts.push(
      [t('compare.paths.mode'), labels.transportMode],
      [t('compare.paths.carrier'), transport.carrier],
      [t('compare.paths.trackingNumber'), transport.trackingNumber],
      [t('compare.paths.billOfLading'), transport.billOfLading],
      [t('compare.paths.airWaybill'), transport.airWaybill],
      [t('compare.paths.containerNumbers'), transport.containerNumbers.join(', ')],
      [t('compare.paths.etd'), transport.etd ?? ''],
      [t('compare.paths.eta'), transport.eta ?? ''],
      [t('compare.paths.packageCount'), transport.packageCount === null ? '' : format.number(transport.packageCount)],
      [t('compare.paths.grossWeightKg'), transport.grossWeightKg ?? ''],
      [t('compare.paths.netWeightKg'), transport.netWeightKg ?? ''],
      [t('compare.paths.volumeM3'), transport.volumeM3 ?? ''],
    )
  if (showFields) facts.push(...FIELD_NAMES.map((name): [string, string] => [t(`fields.${name}`), content.fields[name]]))
  const shown = facts.filter(([, value]) => value !== '')
  return (
    <Card as="section" aria-labelledby="content-title" className="flex flex-col gap-4">
      <CardTitle id="content-title">{t('edit.contentTitle', { version: document.currentVersion })}</CardTitle>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['seller', 'buyer'] as const).map((side) => (
          <div key={side} className="flex flex-col gap-1 text-sm">
            <p className="text-muted-foreground">{t(`compare.paths.${side}`)}</p>
            {party(content[side]).map((line, index) => (
              <p key={index} className={index === 0 ? 'font-medium' : undefined}>
                {line}
              </p>
            ))}
          </div>
        ))}
      </div>
      {shown.length > 0 ? (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {shown.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="mb-2 break-words whitespace-pre-wrap sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Table aria-label={t('edit.linesLabel')} stackOnPhone>
        <TableHeader>
          <TableRow>
            <TableHead>{t('edit.columns.position')}</TableHead>
            <TableHead>{t('edit.columns.description')}</TableHead>
            <TableHead className="text-end">{t('edit.columns.quantity')}</TableHead>
            <TableHead className="text-end">{t('edit.columns.unitPrice')}</TableHead>
            <TableHead className="text-end">{t('edit.columns.amount')}</TableHead>
            <TableHead>{t('fields.hsCode')}</TableHead>
            <TableHead>{t('fields.originCountry')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {content.lines.map((line) => (
            <TableRow key={line.position}>
              <TableCell label={t('edit.columns.position')}>{line.position}</TableCell>
              <TableCell className="font-medium sm:font-normal">
                {line.description}
                {line.sku ? <span className="block font-mono text-xs text-muted-foreground">{line.sku}</span> : null}
              </TableCell>
              <TableCell label={t('edit.columns.quantity')} className="text-end whitespace-nowrap">
                {format.number(line.quantity)} {unitName(line.unit, line.quantity)}
              </TableCell>
              <TableCell label={t('edit.columns.unitPrice')} className="text-end whitespace-nowrap">
                {money(line.unitPrice)}
              </TableCell>
              <TableCell label={t('edit.columns.amount')} className="text-end whitespace-nowrap">
                {money(line.amount)}
              </TableCell>
              <TableCell label={t('fields.hsCode')}>{line.hsCode || '—'}</TableCell>
              <TableCell label={t('fields.originCountry')}>{line.originCountry ? country(line.originCountry) : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          {(['subtotal', 'freight', 'insurance', 'total'] as const)
            .filter((key) => key === 'total' || key === 'subtotal' || Number(content.totals[key]) !== 0)
            .map((key) => (
              <TableRow key={key}>
                <TableHead scope="row" colSpan={4} className="text-end">
                  {t(`compare.totals.${key}`)}
                </TableHead>
                <TableCell className={key === 'total' ? 'text-end font-semibold whitespace-nowrap' : 'text-end whitespace-nowrap'}>
                  {money(content.totals[key])}
                </TableCell>
                <TableCell colSpan={2} />
              </TableRow>
            ))}
        </TableFooter>
      </Table>
    </Card>
  )
}

/** Every version with its issue time and fingerprint, and the form that compares two of them. */
function VersionsCard({ data }: { data: PageData }) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  const { document, comparison } = data
  const versions = [...document.versions].reverse()
  return (
    <Card as="section" aria-labelledby="versions-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle id="versions-title">{t('edit.versionsTitle')}</CardTitle>
        {data.verifyHref ? (
          <CardDescription>
            {t('edit.verifyHelp')}{' '}
            <a href={data.verifyHref} target="_blank" rel="noopener" className="text-primary underline underline-offset-4">
              {t('edit.verifyLink')}
            </a>
          </CardDescription>
        ) : null}
      </div>
      <Table aria-label={t('edit.versionsTitle')} stackOnPhone>
        <TableHeader>
          <TableRow>
            <TableHead>{t('edit.columns.version')}</TableHead>
            <TableHead>{t('edit.columns.issuedAt')}</TableHead>
            <TableHead>{t('edit.columns.sha256')}</TableHead>
            <TableHead>{t('edit.columns.pdf')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {versions.map((version) => (
            <TableRow key={version.number}>
              <TableCell className="font-medium">{t('edit.version', { version: version.number })}</TableCell>
              <TableCell label={t('edit.columns.issuedAt')}>
                {version.issuedAt ? format.dateTime(version.issuedAt) : t('edit.notIssued', { date: format.dateTime(version.createdAt) })}
              </TableCell>
              <TableCell label={t('edit.columns.sha256')}>
                {version.pdfSha256 ? <Fingerprint sha256={version.pdfSha256} copyLabel={t('edit.copy')} copiedLabel={t('edit.copied')} /> : '—'}
              </TableCell>
              <TableCell label={t('edit.columns.pdf')}>
                <a
                  href={`${data.pdfHref}?version=${version.number}&download=1`}
                  download
                  className="text-primary underline underline-offset-4"
                  aria-label={t('edit.downloadVersion', { version: version.number })}
                >
                  {t('edit.downloadPdf')}
                </a>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {document.versions.length > 1 ? <CompareForm data={data} /> : <p className="text-sm text-muted-foreground">{t('compare.single')}</p>}
      {comparison?.changes ? <ChangesTable from={comparison.from} to={comparison.to} changes={comparison.changes} /> : null}
    </Card>
  )
}

/** Two versions to compare, chosen by GET so the comparison has an address. */
function CompareForm({ data }: { data: PageData }) {
  const { t } = useTranslation('documents')
  const { document, comparison } = data
  const numbers = document.versions.map((version) => version.number)
  const errors = (name: string) => comparison?.fieldErrors[name]?.map((key) => t(key))
  const from = comparison?.from || String(numbers.at(-2) ?? '')
  const to = comparison?.to || String(numbers.at(-1) ?? '')
  return (
    <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-3" aria-label={t('compare.title')}>
      {(['from', 'to'] as const).map((name) => (
        <FormField key={name} label={t(`compare.${name}`)} errors={errors(name)}>
          {(control) => (
            <NativeSelect name={name} defaultValue={name === 'from' ? from : to} className="w-40" {...control}>
              {numbers.map((number) => (
                <option key={number} value={number}>
                  {t('edit.version', { version: number })}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ))}
      <Button type="submit" variant="secondary">
        {t('compare.submit')}
      </Button>
    </Form>
  )
}

/** A change's place in words: "Line 2 · HS code", "Remarks", "Seller · Address"; the raw path when unknown. */
function useChangeLabel() {
  const { t } = useTranslation('documents')
  const leaf = (key: string) => (key === 'hsCode' || key === 'originCountry' ? t(`fields.${key}`) : t(`compare.paths.${key}`, { defaultValue: key }))
  return (path: string) => {
    const [head = '', second = '', third = ''] = path.split('.')
    if (head === 'fields') return t(`fields.${second}`, { defaultValue: path })
    if (head === 'lines') return t('compare.line', { position: second, field: leaf(third || 'position') })
    if (head === 'totals') return t(`compare.totals.${second}`, { defaultValue: path })
    if (head === 'transport') return leaf(second)
    if (head === 'seller' || head === 'buyer') return t('compare.party', { party: t(`compare.paths.${head}`), field: leaf(second) })
    return leaf(head)
  }
}

function ChangesTable({ from, to, changes }: { from: string; to: string; changes: DocumentChange[] }) {
  const { t } = useTranslation('documents')
  const label = useChangeLabel()
  const title = t('compare.resultTitle', { from, to })
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">{t('compare.none', { from, to })}</p>
  return (
    <Table aria-label={title} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('compare.field')}</TableHead>
          <TableHead>{t('compare.before', { version: from })}</TableHead>
          <TableHead>{t('compare.after', { version: to })}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.path}>
            <TableHead scope="row" title={change.path}>
              {label(change.path)}
            </TableHead>
            <TableCell label={t('compare.before', { version: from })} className="break-words whitespace-pre-wrap">
              {change.before || '—'}
            </TableCell>
            <TableCell label={t('compare.after', { version: to })} className="break-words whitespace-pre-wrap">
              {change.after || '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

const RECENT_EVENTS = 20

/** What happened to the document, newest first; the older part folds away. */
function ActivityCard({ events }: { events: DocumentDetail['events'] }) {
  const { t } = useTranslation('documents')
  const recent = events.slice(0, RECENT_EVENTS)
  const older = events.slice(RECENT_EVENTS)
  return (
    <Card as="section" aria-labelledby="activity-title" className="flex flex-col gap-4">
      <CardTitle id="activity-title">{t('edit.activityTitle')}</CardTitle>
      {events.length === 0 ? <p className="text-sm text-muted-foreground">{t('edit.noActivity')}</p> : <EventList events={recent} />}
      {older.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium">{t('edit.olderActivity', { count: older.length })}</summary>
          <div className="mt-3">
            <EventList events={older} />
          </div>
        </details>
      ) : null}
    </Card>
  )
}

function EventList({ events }: { events: DocumentDetail['events'] }) {
  const { t } = useTranslation('documents')
  const format = useFormatter()
  return (
    <ol className="flex flex-col gap-3 border-s border-border ps-4">
      {events.map((event, index) => (
        <li key={`${event.type}-${new Date(event.createdAt).getTime()}-${index}`} className="flex flex-col gap-0.5 text-sm">
          <p className="font-medium">
            {t(`events.${event.type}`, { defaultValue: event.type })}
            {event.versionNumber ? <span className="font-normal text-muted-foreground"> · {t('edit.version', { version: event.versionNumber })}</span> : null}
          </p>
          <p className="text-muted-foreground">
            {event.actorName ? `${event.actorName} · ` : ''}
            <time dateTime={new Date(event.createdAt).toISOString()}>{format.dateTime(event.createdAt)}</time>
          </p>
          {event.note ? <p className="whitespace-pre-wrap">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  )
}
