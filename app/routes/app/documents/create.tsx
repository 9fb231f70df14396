import { randomUUID } from 'node:crypto'
import { useId } from 'react'
import { Form, Link, redirect, useNavigation, useSubmit } from 'react-router'
import { FormError } from '../../../components/form-error'
import { AppPage } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useUnitName } from '../../../modules/catalog/index'
import { requireActor } from '../../../modules/companies/index.server'
import {
  CreateDocumentInput,
  DOCUMENT_LANGUAGES,
  DOCUMENT_SOURCES,
  type DocumentContent,
  type DocumentLanguage,
  type DocumentSource,
  typesFor,
} from '../../../modules/documents/index'
import { ShipmentListQuery, SHIPMENT_LIST_MAX_LIMIT } from '../../../modules/logistics/index'
import { listShipments } from '../../../modules/logistics/index.server'
import { listPurchaseOrders } from '../../../modules/orders/index.server'
import { MyQuotationsQuery } from '../../../modules/sourcing/index'
import { listMyQuotations } from '../../../modules/sourcing/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { isAppError } from '../../../platform/errors'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { translator } from '../../../platform/i18n/translate.server'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { fieldErrorsOf } from '../../../platform/validation'
import { createDocumentFromRecord, previewDocumentFromRecord } from '../../../workflows/create-document.server'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/create'

/** How many of the company's newest records of a kind the record choice offers (older ones open from their page). */
const RECORD_CHOICES = 100

/**
 * Who writes each type: the buyer its purchase order, the seller its invoices, lists and quotations, either a contract.
 * The documents service refuses the others (`validation.typeForSide`); the page offers only these.
 */
const RecordSource = CreateDocumentInput.pick({ sourceKind: true, sourceId: true })

type RecordOption = { id: string; number: string; company: string }

/** The company's records of a kind that documents are made from: placed orders, shipments it sends, quotations it submitted. */
async function recordChoices(ctx: ServiceContext, kind: DocumentSource): Promise<RecordOption[]> {
  if (kind === 'purchase_order') {
    const page = await listPurchaseOrders(ctx, { side: 'all', limit: RECORD_CHOICES, offset: 0 })
    return page.items.filter((order) => order.status !== 'draft').map((order) => ({ id: order.id, number: order.number, company: order.counterpart.name }))
  }
  if (kind === 'shipment') {
    const page = await listShipments(ctx, ShipmentListQuery.parse({ role: 'shipper', limit: SHIPMENT_LIST_MAX_LIMIT }))
    return page.items.map((shipment) => ({ id: shipment.id, number: shipment.number, company: shipment.buyerName }))
  }
  const page = await listMyQuotations(ctx, MyQuotationsQuery.parse({ limit: RECORD_CHOICES }))
  return page.items
    .filter((quotation) => quotation.status === 'submitted' || quotation.status === 'accepted')
    .map((quotation) => ({ id: quotation.id, number: `${quotation.rfqNumber}/${quotation.revision}`, company: quotation.buyerName ?? quotation.rfqTitle }))
}

/** A record the company may not make documents from, as the record field's error (catalog keys); null for other failures. */
function recordErrors(error: unknown): Record<string, string[]> | null {
  if (!isAppError(error)) return null
  if (error.code === 'not_found') return { sourceId: ['validation.source'] }
  if (error.code === 'forbidden') return { sourceId: ['create.onlyWriter'] }
  if (error.code === 'validation_failed' && error.details?.fields) return error.details.fields as Record<string, string[]>
  return null
}

/** The record's snapshot as a draft would take it, or why the company cannot make documents from it. */
async function previewOf(ctx: ServiceContext, source: { sourceKind: DocumentSource; sourceId: string }) {
  try {
    return { snapshot: await previewDocumentFromRecord(ctx, source), fieldErrors: {} }
  } catch (error) {
    const fieldErrors = recordErrors(error)
    if (!fieldErrors) throw error
    return { snapshot: null, fieldErrors }
  }
}

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | null => allowed.find((candidate) => candidate === value) ?? null

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const asked = pick(url.searchParams.get('source_kind'), DOCUMENT_SOURCES)
  const sourceId = url.searchParams.get('source_id') ?? ''
  // A buying company makes documents from its orders; shipments and quotations are the supplying side's.
  const kinds = DOCUMENT_SOURCES.filter((candidate) => ctx.actor.companyKind !== 'buyer' || candidate === 'purchase_order' || candidate === asked)
  const kind = asked ?? (kinds.length === 1 ? kinds[0]! : null)
  const parsed = kind && sourceId ? RecordSource.safeParse({ sourceKind: kind, sourceId }) : null
  const [records, preview] = await withRouteErrors(() =>
    Promise.all([
      kind ? recordChoices(ctx, kind) : [],
      parsed === null
        ? { snapshot: null, fieldErrors: {} }
        : parsed.success
          ? previewOf(ctx, parsed.data)
          : { snapshot: null, fieldErrors: fieldErrorsOf(parsed.error) },
    ]),
  )
  const snapshot = preview.snapshot
  // A record opened from its page may be older than the newest choices: it is offered all the same.
  const choices =
    snapshot && !records.some((record) => record.id === sourceId)
      ? [{ id: sourceId, number: snapshot.content.source.number, company: snapshot.counterparty.name }, ...records]
      : records
  const types = kind && snapshot ? typesFor(kind, snapshot.side) : []
  return {
    ...pageData(ctx.locale, 'documents', 'create.metaTitle', PAGE_MESSAGES.documentCreate),
    kinds,
    kind,
    sourceId,
    records: choices,
    fieldErrors: preview.fieldErrors as Record<string, string[]>,
    preview: snapshot
      ? {
          content: snapshot.content,
          counterparty: snapshot.counterparty.name,
          // Terms are a code on orders and quotations (free text elsewhere): read as the PDF will print them.
          paymentTerms: snapshot.content.paymentTerms
            ? translator(ctx.locale, 'orders')(`paymentTerms.${snapshot.content.paymentTerms}`, { defaultValue: snapshot.content.paymentTerms })
            : '',
        }
      : null,
    types,
    type: pick(url.searchParams.get('type'), types) ?? types[0] ?? null,
    language: pick(url.searchParams.get('language'), DOCUMENT_LANGUAGES) ?? ctx.locale,
    idempotencyKey: randomUUID(),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const parsed = parseForm(CreateDocumentInput, form)
  if (!parsed.ok) return failure(parsed, 422)
  try {
    const id = await createDocumentFromRecord(ctx, parsed.data, idempotencyOfForm(form))
    return redirect(localizePath(ctx.locale, `/app/documents/edit/${encodeURIComponent(id)}`))
  } catch (error) {
    const fieldErrors = recordErrors(error)
    if (fieldErrors) return failure({ ok: false, fieldErrors }, 422)
    return failureFromError(error)
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function CreateDocumentPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('documents')
  const { locale } = useRootData()
  const navigation = useNavigation()
  const failed = actionData && !actionData.ok ? actionData : undefined
  const fieldErrors: Record<string, string[]> = { ...data.fieldErrors, ...failed?.fieldErrors }
  const errors = (name: string) => fieldErrors[name]?.map((key) => t(key))
  const detailsId = useId()
  return (
    <div className="flex flex-col gap-2">
      <Link to={localizePath(locale, '/app/documents')} className="self-start text-sm underline-offset-4 hover:underline">
        {t('create.back')}
      </Link>
      <AppPage title={t('create.title')} description={t('create.description')}>
        {failed?.formError ? <FormError error={failed.formError} /> : null}
        <RecordChoice
          kinds={data.kinds}
          kind={data.kind}
          sourceId={data.sourceId}
          records={data.records}
          errors={{ sourceKind: errors('sourceKind'), sourceId: errors('sourceId') }}
        />
        {data.preview && data.kind ? (
          <Form method="post" className="flex flex-col gap-6">
            <input type="hidden" name="sourceKind" value={data.kind} />
            <input type="hidden" name="sourceId" value={data.sourceId} />
            <IdempotencyField value={data.idempotencyKey} />
            <Card aria-labelledby={detailsId}>
              <CardHeader>
                <CardTitle id={detailsId}>{t('create.detailsTitle')}</CardTitle>
              </CardHeader>
              {data.types.length === 0 ? (
                <Alert tone="warning">{t('create.noTypes')}</Alert>
              ) : (
                <div className="grid gap-3 sm:grid-cols-2">
                  <FormField label={t('create.type')} hint={t('create.typeHint')} errors={errors('type')}>
                    {(control) => (
                      <NativeSelect name="type" defaultValue={data.type ?? undefined} required {...control}>
                        {data.types.map((type) => (
                          <option key={type} value={type}>
                            {t(`types.${type}`)}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </FormField>
                  <FormField label={t('create.language')} errors={errors('language')}>
                    {(control) => (
                      <NativeSelect name="language" defaultValue={data.language} required {...control}>
                        {DOCUMENT_LANGUAGES.map((language: DocumentLanguage) => (
                          <option key={language} value={language}>
                            {t(`languages.${language}`)}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </FormField>
                </div>
              )}
            </Card>
            <DocumentPreview content={data.preview.content} counterparty={data.preview.counterparty} paymentTerms={data.preview.paymentTerms} />
            {data.types.length > 0 ? (
              <div>
                <Button type="submit" disabled={navigation.state === 'submitting'}>
                  {t('create.submit')}
                </Button>
              </div>
            ) : null}
          </Form>
        ) : null}
      </AppPage>
    </div>
  )
}

type RecordChoiceProps = {
  kinds: DocumentSource[]
  kind: DocumentSource | null
  sourceId: string
  records: RecordOption[]
  errors: { sourceKind: string[] | undefined; sourceId: string[] | undefined }
}

/** The record to make the document from: its kind, then one of the company's records of that kind (the URL keeps both). */
function RecordChoice({ kinds, kind, sourceId, records, errors }: RecordChoiceProps) {
  const { t } = useTranslation('documents')
  const submit = useSubmit()
  const titleId = useId()
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t('create.recordTitle')}</CardTitle>
        <CardDescription>{t('create.recordDescription')}</CardDescription>
      </CardHeader>
      <Form method="get" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] lg:items-end">
        <FormField label={t('create.sourceKind')} errors={errors.sourceKind}>
          {(control) => (
            <NativeSelect
              name="source_kind"
              defaultValue={kind ?? ''}
              onChange={(event) => submit({ source_kind: event.currentTarget.value }, { method: 'get', preventScrollReset: true })}
              {...control}
            >
              <option value="">{t('create.chooseKind')}</option>
              {kinds.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {t(`sources.${candidate}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('create.sourceId')} errors={errors.sourceId} hint={kind && records.length === 0 ? t('create.noRecords') : undefined}>
          {(control) => (
            <NativeSelect
              key={kind ?? ''}
              name="source_id"
              defaultValue={sourceId}
              disabled={!kind}
              onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
              {...control}
            >
              <option value="">{t('create.chooseRecord')}</option>
              {records.map((record) => (
                <option key={record.id} value={record.id}>
                  {t('create.recordOption', { number: record.number, company: record.company })}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div>
          <Button type="submit" variant="secondary">
            {t('create.showPreview')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}

/** What the draft will copy from the record: parties, terms, transport, lines and totals, in the record's currency. */
function DocumentPreview({ content, counterparty, paymentTerms }: { content: DocumentContent; counterparty: string; paymentTerms: string }) {
  const { t } = useTranslation('documents')
  const unitName = useUnitName()
  const format = useFormatter()
  const titleId = useId()
  const money = (amount: string) => (content.currency && amount ? format.money(amount, content.currency) : amount || '—')
  const notStated = t('create.preview.notStated')
  const transport = content.transport
  const parties = [
    { label: t('create.preview.seller'), party: content.seller },
    { label: t('create.preview.buyer'), party: content.buyer },
  ]
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-6">
      <CardHeader className="mb-0">
        <CardTitle id={titleId}>{t('create.preview.title')}</CardTitle>
        <CardDescription>
          {t('create.preview.description')} {counterparty ? t('create.preview.for', { company: counterparty }) : null}
        </CardDescription>
      </CardHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        {parties.map(({ label, party }) => (
          <div key={label} className="flex flex-col gap-1 text-sm">
            <h3 className="font-medium text-muted-foreground">{label}</h3>
            <p className="font-medium">{party.name || notStated}</p>
            {party.address.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {party.country ? <p>{party.country}</p> : null}
          </div>
        ))}
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <PreviewFact label={t('create.preview.currency')} value={content.currency || notStated} />
        <PreviewFact label={t('create.preview.incoterm')} value={[content.incoterm, content.incotermPlace].filter(Boolean).join(' ') || notStated} />
        <PreviewFact label={t('create.preview.paymentTerms')} value={paymentTerms || notStated} />
        {content.relatedNumbers.length > 0 ? <PreviewFact label={t('create.preview.related')} value={content.relatedNumbers.join(', ')} /> : null}
        {transport ? (
          <>
            <PreviewFact label={t('create.preview.carrier')} value={transport.carrier || notStated} />
            <PreviewFact label={t('create.preview.trackingNumber')} value={transport.trackingNumber || notStated} />
            <PreviewFact label={t('create.preview.etd')} value={transport.etd ? format.date(`${transport.etd}T12:00:00Z`) : notStated} />
            <PreviewFact label={t('create.preview.eta')} value={transport.eta ? format.date(`${transport.eta}T12:00:00Z`) : notStated} />
          </>
        ) : null}
      </dl>
      {content.lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('create.preview.noLines')}</p>
      ) : (
        <Table stackOnPhone>
          <TableCaption className="sr-only">{t('create.preview.linesCaption')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead className="w-12">{t('create.preview.position')}</TableHead>
              <TableHead>{t('create.preview.item')}</TableHead>
              <TableHead className="text-end">{t('create.preview.quantity')}</TableHead>
              <TableHead className="text-end">{t('create.preview.unitPrice')}</TableHead>
              <TableHead className="text-end">{t('create.preview.amount')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {content.lines.map((line) => (
              <TableRow key={line.position}>
                <TableCell label={t('create.preview.position')} className="tabular-nums">
                  {format.number(line.position)}
                </TableCell>
                <TableCell>
                  <span className="font-medium">{line.description}</span>
                  {line.sku ? <span className="block font-mono text-xs text-muted-foreground">{line.sku}</span> : null}
                </TableCell>
                <TableCell label={t('create.preview.quantity')} className="text-end tabular-nums whitespace-nowrap">
                  {format.number(line.quantity)} {unitName(line.unit, line.quantity)}
                </TableCell>
                <TableCell label={t('create.preview.unitPrice')} className="text-end tabular-nums whitespace-nowrap">
                  {line.unitPrice && content.currency ? format.unitPrice(line.unitPrice, content.currency) : '—'}
                </TableCell>
                <TableCell label={t('create.preview.amount')} className="text-end tabular-nums whitespace-nowrap">
                  {money(line.amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <dl className="ms-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('create.preview.totalQuantity')}</dt>
        <dd className="text-end tabular-nums">{format.number(content.totals.quantity)}</dd>
        <dt className="text-muted-foreground">{t('create.preview.subtotal')}</dt>
        <dd className="text-end tabular-nums">{money(content.totals.subtotal)}</dd>
        {Number(content.totals.freight) !== 0 ? (
          <>
            <dt className="text-muted-foreground">{t('create.preview.freight')}</dt>
            <dd className="text-end tabular-nums">{money(content.totals.freight)}</dd>
          </>
        ) : null}
        {Number(content.totals.insurance) !== 0 ? (
          <>
            <dt className="text-muted-foreground">{t('create.preview.insurance')}</dt>
            <dd className="text-end tabular-nums">{money(content.totals.insurance)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{t('create.preview.total')}</dt>
        <dd className="text-end font-semibold tabular-nums">{money(content.totals.total)}</dd>
      </dl>
    </Card>
  )
}

function PreviewFact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
